package io.nous.policy.templates;

import io.nous.sim.spi.DisaggregationDecider;

/** The router's {@code always-disagg-pd-decider} (scheduling/profilehandler/disagg/always_disagg_pd_decider.go): every prompt prefills on a prefill pod. */
public final class AlwaysDisaggDecider implements DisaggregationDecider {
    @Override
    public boolean disaggregate(int promptTokens, int cachedTokens, int decodeWaiting, int decodeRunning, double decodeKvUsage) {
        return true;
    }
}
