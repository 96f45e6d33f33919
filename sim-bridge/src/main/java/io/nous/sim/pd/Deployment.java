package io.nous.sim.pd;

import java.util.List;

/**
 * A named shape of pool for comparing disaggregated serving with aggregated serving on the same GPUs:
 * how many pods, how many of them prefill, and the router config that serves them (the router's P/D
 * sample config, {@code pd}, for all four: on the aggregated pools its prefill profile finds no pod,
 * so the scorers are the same and only the split differs).
 *
 * @param name        what {@code --deployment} takes
 * @param pods        pods in all
 * @param prefillPods pods with the prefill role (0: aggregated)
 * @param eppConfig   the shipped router config it runs
 * @param description one line for listings
 */
public record Deployment(String name, int pods, int prefillPods, String eppConfig, String description) {
    public static final List<Deployment> PRESETS = List.of(
            new Deployment("pd-2p2d", 4, 2, "pd", "2 prefill + 2 decode pods, KV over the link"),
            new Deployment("aggregated-4", 4, 0, "pd", "4 pods each prefilling and decoding: pd-2p2d's GPUs, aggregated"),
            new Deployment("pd-4p4d", 8, 4, "pd", "4 prefill + 4 decode pods, KV over the link"),
            new Deployment("aggregated-8", 8, 0, "pd", "8 pods each prefilling and decoding: pd-4p4d's GPUs, aggregated"));

    public static Deployment byName(String name) {
        return PRESETS.stream().filter(d -> d.name.equals(name)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                "unknown deployment '" + name + "' (known: " + String.join(", ", names()) + ")"));
    }

    public static List<String> names() {
        return PRESETS.stream().map(Deployment::name).toList();
    }
}
