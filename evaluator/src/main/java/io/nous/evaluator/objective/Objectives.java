package io.nous.evaluator.objective;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The registry of objectives by name. */
public final class Objectives {
    private static final Map<String, Objective> ALL = new LinkedHashMap<>();

    static {
        register(new LatencyQuantileObjective("critical-ttft", "critical TTFT p99 (lower is better)", "critical",
                Samples.Latency.TTFT, 0.99));
        register(new LatencyQuantileObjective("critical-e2e", "critical end-to-end latency p99 (lower is better)", "critical",
                Samples.Latency.E2E, 0.99));
        register(new LatencyQuantileObjective("critical-ttft-shed",
                "critical TTFT p99 (lower is better), shedding sheddable requests allowed within a budget (admission)", "critical",
                Samples.Latency.TTFT, 0.99, List.of(Constraints.NO_HARM, Constraints.SHED_BUDGET)));
        register(new LatencyQuantileObjective("pd-ttft", "critical TTFT p99 with critical ITL p99 held (lower is better; P/D)", "critical",
                Samples.Latency.TTFT, 0.99, java.util.stream.Stream.concat(Constraints.all().stream(),
                        java.util.stream.Stream.of(ItlHeld.INSTANCE)).toList()));
        register(new Goodput());
        register(new MsSavedPerShed());
        register(new SheddableShed());
        register(new RoutingTtftObjective());
        register(RoutingRunObjective.throughput());
        register(RoutingRunObjective.prefixHitRate());
        register(TenantTtftObjective.worst());
        register(TenantTtftObjective.spread());
        register(PoolObjective.gpuHours());
        register(PoolObjective.sloAttainment());
        register(PoolObjective.sloCost());
    }

    private Objectives() {
    }

    private static void register(Objective o) {
        ALL.put(o.name(), o);
    }

    public static Objective byName(String name) {
        Objective o = ALL.get(name);
        if (o == null) {
            throw new IllegalArgumentException("unknown objective '" + name + "'; known: " + String.join(", ", ALL.keySet()));
        }
        return o;
    }

    public static Map<String, Objective> all() {
        return java.util.Collections.unmodifiableMap(ALL);
    }
}
