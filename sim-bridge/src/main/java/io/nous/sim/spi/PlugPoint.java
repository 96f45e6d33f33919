package io.nous.sim.spi;

import java.util.Objects;

/**
 * A place in the router where a policy plugs in: its id, the Java interface a policy implements
 * here, and the router's Go interface that interface mirrors. Plug points are compared by identity;
 * the built-in ones are the constants below, and a new one is one more instance whose descriptor
 * (verification, guard, probe, Go layout) is registered with codegen's {@code PlugPoints}.
 *
 * @param <S> the Java interface a policy of this plug point implements
 */
public final class PlugPoint<S> {
    /** Per-band ceilings in the flow controller's dispatch cycle. */
    public static final PlugPoint<UsageLimitPolicy> USAGE_LIMIT = new PlugPoint<>("usage-limit", UsageLimitPolicy.class,
            "a usage-limit policy", "UsageLimitPolicy.ComputeLimit", "pkg/epp/framework/interface/flowcontrol/plugins.go");
    /** Admit or reject a request before an endpoint is picked. */
    public static final PlugPoint<AdmissionPolicy> ADMISSION = new PlugPoint<>("admission", AdmissionPolicy.class,
            "an admission policy", "Admitter.Admit", "pkg/epp/framework/interface/requestcontrol/plugins.go");
    /** Score the endpoints a request may go to, in the scheduling profile. */
    public static final PlugPoint<RoutingScorer> ROUTING = new PlugPoint<>("routing", RoutingScorer.class,
            "a routing scorer", "Scorer.Score", "pkg/epp/framework/interface/scheduling/plugins.go");

    /** The pool's saturation, which the flow controller compares with each band's ceiling. */
    public static final PlugPoint<SaturationDetector> SATURATION = new PlugPoint<>("saturation", SaturationDetector.class,
            "a saturation detector", "SaturationDetector.Saturation", "pkg/epp/framework/interface/flowcontrol/plugins.go");

    /** Which queued request of a band dispatches first: each flow's heap, and global-strict's choice between flows. */
    public static final PlugPoint<OrderingPolicy> ORDERING = new PlugPoint<>("ordering", OrderingPolicy.class,
            "an ordering policy", "OrderingPolicy.Less", "pkg/epp/framework/interface/flowcontrol/plugins.go");

    /** Which flow (tenant) of a band dispatches next, with per-band state. */
    public static final PlugPoint<FairnessPolicy> FAIRNESS = new PlugPoint<>("fairness", FairnessPolicy.class,
            "a fairness policy", "FairnessPolicy.Pick", "pkg/epp/framework/interface/flowcontrol/plugins.go");

    /** Which dispatched requests may be evicted when higher-priority work waits, and which go first. */
    public static final PlugPoint<EvictionPolicy> EVICTION = new PlugPoint<>("eviction", EvictionPolicy.class,
            "an eviction policy", "EvictionFilterPolicy.Accept + EvictionOrderingPolicy.Less",
            "pkg/epp/framework/interface/flowcontrol/eviction.go");

    /**
     * How many pods the pool should have, asked every scaling interval. Not the router's: the
     * autoscaler beside it (llm-d's workload-variant-autoscaler, or an HPA on its metrics).
     */
    public static final PlugPoint<ScalingPolicy> SCALING = new PlugPoint<>("scaling", ScalingPolicy.class,
            "a scaling policy", "the autoscaler's scaling decision (WVA analyzers, HPA replica calculator)",
            "outside the router: llm-d-workload-variant-autoscaler, or a HorizontalPodAutoscaler on its metrics");

    /** Whether a request's prompt is prefilled on a prefill pod (P/D), asked with the decode pod the router picked. */
    public static final PlugPoint<DisaggregationDecider> PD_DECIDER = new PlugPoint<>("pd-decider", DisaggregationDecider.class,
            "a P/D decider", "deciderPlugin.disaggregate", "pkg/epp/framework/plugins/scheduling/profilehandler/disagg/decider_plugin.go");

    private final String id;
    private final Class<S> spi;
    private final String noun;
    private final String routerMethod;
    private final String routerFile;

    /**
     * @param id           the name users type ({@code usage-limit}); lower case, words joined by '-'
     * @param spi          the Java interface a policy implements
     * @param noun         one policy of this plug point in a phrase ("a usage-limit policy")
     * @param routerMethod the router's Go interface and method this mirrors ({@code UsageLimitPolicy.ComputeLimit})
     * @param routerFile   where the router declares it
     */
    public PlugPoint(String id, Class<S> spi, String noun, String routerMethod, String routerFile) {
        if (id == null || !id.matches("[a-z][a-z0-9]*(-[a-z0-9]+)*")) {
            throw new IllegalArgumentException("a plug point's id is lower case words joined by '-', got '" + id + "'");
        }
        if (!Objects.requireNonNull(spi, "spi").isInterface()) {
            throw new IllegalArgumentException("plug point " + id + ": " + spi.getName() + " is not an interface");
        }
        this.id = id;
        this.spi = spi;
        this.noun = Objects.requireNonNull(noun, "noun");
        this.routerMethod = Objects.requireNonNull(routerMethod, "routerMethod");
        this.routerFile = Objects.requireNonNull(routerFile, "routerFile");
    }

    public String id() {
        return id;
    }

    public Class<S> spi() {
        return spi;
    }

    public String noun() {
        return noun;
    }

    public String routerMethod() {
        return routerMethod;
    }

    public String routerFile() {
        return routerFile;
    }

    /** Whether {@code name} is this plug point's interface, by simple or fully qualified name. */
    public boolean namedBy(String name) {
        return spi.getSimpleName().equals(name) || spi.getName().equals(name);
    }

    /** {@code policy} as this plug point's interface; refused when it implements another. */
    public S cast(Object policy) {
        if (!spi.isInstance(policy)) {
            throw new IllegalArgumentException(policy + " is not " + noun);
        }
        return spi.cast(policy);
    }

    @Override
    public String toString() {
        return id;
    }
}
