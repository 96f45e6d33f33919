package io.nous.discover;

import io.nous.discover.evolve.SearchSpaces;
import io.nous.evaluator.run.Deployment;
import io.nous.sim.spi.PlugPoint;
import java.util.List;

/**
 * The problem classes that search one of the flow controller's plug points beside the router's default
 * usage-limit policy (static-usage-limit, with the utilization detector), one {@link PlugPointProblem.Spec}
 * each.
 */
final class PlugPointProblems {
    private static final String USAGE_LIMIT = "static-usage-limit";

    private PlugPointProblems() {
    }

    /**
     * Queue ordering: which queued request of a priority band dispatches first, as the router's
     * {@code OrderingPolicy.Less} decides for each flow's heap and between the flows' heads, against its
     * default fcfs; edf and slo-deadline are the other orderings it ships.
     */
    static final PlugPointProblem.Spec ORDERING = new PlugPointProblem.Spec(Problems.ORDERING, PlugPoint.ORDERING, "ordering", USAGE_LIMIT,
            Deployment.FLOW_CONTROL, "ordering", "critical-ttft", List.of("slo-deadline", "weighted-deadline"),
            List.of("fcfs", "edf", "slo-deadline"), "an ordering policy",
            "the router's default ordering, fcfs (static-usage-limit and the utilization detector in both arms)",
            List.of("It orders every flow's queue as a heap: the router must run the priority-queue flow queue, as it does for "
                    + "its own edf and slo-deadline orderings.", "Requests it puts last wait until their TTL (60 s by default) when the "
                    + "band stays saturated: a starved request is evicted, not served late."),
            "ordering", SearchSpaces.ORDERING);

    /**
     * Fairness between tenants: which flow of a priority band dispatches next ({@code FairnessPolicy.Pick},
     * with a state per band), against the default global-strict; round-robin is the other one the router
     * ships. Scored by how the tenants fare against each other, the worst tenant's TTFT p99 by default.
     */
    static final PlugPointProblem.Spec FAIRNESS = new PlugPointProblem.Spec(Problems.FAIRNESS, PlugPoint.FAIRNESS, "fairness", USAGE_LIMIT,
            Deployment.FLOW_CONTROL, "fairness", "tenant-ttft-worst", List.of("round-robin", "weighted-fair"),
            List.of("global-strict", "round-robin"), "a fairness policy",
            "the router's default fairness, global-strict (static-usage-limit, the utilization detector and fcfs in both arms)",
            List.of("It decides which tenant a saturated band serves next: a tenant it keeps passing over waits until its TTL "
                    + "(60 s by default) and is evicted, so watch the evictions per flow as well as the latency.",
                    "Its per-band state lives in the router's band: it starts empty at every restart of the EPP."),
            "fairness", SearchSpaces.FAIRNESS);

    /**
     * In-flight eviction's victims: which dispatched requests the router may revoke when critical work
     * waits at a saturated band, and which go first, with eviction on in both arms, against the pair the
     * router wires (sheddable-only, priority-then-time). Every revoked request is a drop, so
     * no-added-drops and no-starvation keep critical latency from being bought with lost work.
     */
    static final PlugPointProblem.Spec EVICTION = new PlugPointProblem.Spec(Problems.EVICTION, PlugPoint.EVICTION, "eviction", USAGE_LIMIT,
            Deployment.FLOW_CONTROL_EVICTION, "eviction", "critical-ttft", List.of("priority-then-time", "weighted-eviction"),
            List.of("priority-then-time"), "an eviction policy",
            "the router's eviction pair, sheddable-only and priority-then-time (static-usage-limit, the utilization detector and "
                    + "in-flight eviction on in both arms)",
            List.of("It only matters with flowControl.enableEviction on, and the router wires its own filter and ordering in the "
                    + "runner: running another needs that wiring changed.", "Every request it revokes is lost work and a 429 to a client "
                    + "that may retry: watch the evictions, not only the critical latency."),
            "eviction", SearchSpaces.EVICTION);

    /**
     * The pool's size over a daily cycle: how many pods the autoscaler beside the router keeps, every
     * 15 s, against an HPA on mean KV-cache use; WVA's saturation analyzer is the other rule deployments
     * run. Scored by default by the price of a request served within its TTFT objective (GPU-seconds per
     * such request, attainment held): the HPA is cheap because it misses the objective for most requests
     * at a peak, which GPU-hours alone would reward. GPU-hours and attainment are the front's two sides.
     */
    static final PlugPointProblem.Spec AUTOSCALING = new PlugPointProblem.Spec(Problems.AUTOSCALING, PlugPoint.SCALING, "scaling",
            USAGE_LIMIT, Deployment.FLOW_CONTROL, "autoscaling", "slo-cost", List.of("hpa-utilization", "threshold-scaling",
            "saturation-target"),
            List.of("hpa-utilization", "saturation-analyzer"), "a scaling policy",
            "an HPA on the pods' mean KV-cache use (target 0.7) resizing the pool between 1 and 8 pods (static-usage-limit and the "
                    + "utilization detector in both arms)",
            List.of("It runs in the autoscaler beside the router (llm-d's workload-variant-autoscaler, or an HPA on its metrics), not "
                    + "in the router: deploying it means that autoscaler's configuration or code.", "New pods take their start-up "
                    + "time to serve (simulated around 120 s): a pool it lets shrink too far pays that time again at the next peak."),
            "autoscaling", SearchSpaces.AUTOSCALING, "the deployed autoscaler's", "autoscalers run");

    /**
     * Prefill/decode disaggregation: which prompts a P/D pool prefills on its prefill pods, asked per
     * request with the decode pod the router picked, against the router's prefix-based decider (its
     * sample config's threshold, 16 uncached tokens); always-disagg is the other one it ships. Scored
     * by critical TTFT with critical ITL held (pd-ttft), on 2+2 and 4+4 pools.
     */
    static final PlugPointProblem.Spec PD = new PlugPointProblem.Spec(Problems.PD, PlugPoint.PD_DECIDER, "pd-decider", USAGE_LIMIT,
            Deployment.FLOW_CONTROL, "pd", "pd-ttft", List.of("prefix-based-pd", "threshold-pd", "light-local-pd"),
            List.of("prefix-based-pd", "always-disagg"), "a P/D decider",
            "the router's prefix-based P/D decider at its sample config's threshold, 16 uncached tokens, on pools split into prefill "
                    + "and decode pods (static-usage-limit and the utilization detector in both arms)",
            List.of("It decides where each prompt's prefill runs: a prompt it keeps on its decode pod shares that pod's steps with "
                    + "its decodes, so watch the decode pods' ITL as well as the TTFT.", "The link between prefill and decode pods is a "
                    + "declared unknown (50 GB/s per GPU here): on a slower link, keeping prompts local is worth more."),
            "pd", SearchSpaces.PD);
}
