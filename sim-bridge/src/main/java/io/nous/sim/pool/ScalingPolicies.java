package io.nous.sim.pool;

import io.nous.sim.spi.ScalingPolicy;
import java.util.List;

/** The built-in scaling policies by name: the baselines a searched scaling policy is measured against. */
public final class ScalingPolicies {
    /** The names users type. */
    public static final List<String> NAMES = List.of("hpa-utilization", "saturation-analyzer", "fixed");

    private ScalingPolicies() {
    }

    /**
     * The policy named {@code name}: {@code hpa-utilization} (HPA on mean KV-cache use, {@code target}
     * its utilization target), {@code saturation-analyzer} (llm-d WVA's saturation analyzer),
     * {@code fixed} (never changes the pool: the special case of a fixed pool).
     */
    public static ScalingPolicy named(String name, double target) {
        return switch (name) {
            case "hpa-utilization" -> new HpaUtilization(target);
            case "saturation-analyzer" -> new SaturationAnalyzer();
            case "fixed" -> (now, ready, starting, saturation, kv, waiting, running, queued, state) -> ready + starting;
            default -> throw new IllegalArgumentException("unknown scaling policy '" + name + "'; choose one of " + String.join(", ", NAMES));
        };
    }
}
