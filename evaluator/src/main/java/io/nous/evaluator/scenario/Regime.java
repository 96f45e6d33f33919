package io.nous.evaluator.scenario;

import java.util.Locale;

/**
 * Where a scenario sits relative to the cluster's capacity (as the brief reports it for real
 * hardware). A policy must be a near no-op {@code UNDER} capacity; it is scored where traffic
 * contends ({@code NEAR}, {@code OVER}).
 */
public enum Regime {
    UNDER, NEAR, OVER;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean contended() {
        return this != UNDER;
    }
}
