package io.nous.evaluator.run;

import io.nous.sim.Scenario;

/**
 * How the router is set up around the policies under test: the three deployments the studies ran.
 * Flow control on gates bands with the usage-limit policy (an admitter, if any, sheds before it); the
 * legacy path turns flow control off and sheds sheddable requests at saturation 1; direct turns it
 * off and leaves shedding to the admitter alone (the admission study's deployment).
 */
public enum Deployment {
    /** Flow control on, as the scenario has it: the usage-limit policy gates each band. */
    FLOW_CONTROL(true, false, null, "flow control on"),
    /** Flow control off; sheddable requests are refused while the pool's saturation is at least 1. */
    LEGACY_SHEDDING(false, true, "legacy", "flow control off, sheddable requests refused at saturation 1"),
    /** Flow control off, nothing shed but what the admitter refuses: requests go straight to a pod. */
    DIRECT(false, false, "direct", "flow control off, the admitter alone sheds");

    private final boolean flowControl;
    private final boolean legacyShedding;
    private final String marker;
    private final String description;

    Deployment(boolean flowControl, boolean legacyShedding, String marker, String description) {
        this.flowControl = flowControl;
        this.legacyShedding = legacyShedding;
        this.marker = marker;
        this.description = description;
    }

    /** Whether the flow-control layer (and so the usage-limit policy) is in the request path. */
    public boolean flowControl() {
        return flowControl;
    }

    /** How this deployment is named inside a policy identity, or null for the default (flow control on). */
    public String marker() {
        return marker;
    }

    /** The deployment in words, for people. */
    public String description() {
        return description;
    }

    /** The scenario as this deployment runs it; flow control on leaves the scenario as it was given. */
    public Scenario apply(Scenario s) {
        return this == FLOW_CONTROL ? s : s.toBuilder().flowControl(flowControl).legacyShedding(legacyShedding).build();
    }

    /** The deployment a scenario's two switches describe. */
    public static Deployment of(boolean flowControl, boolean legacyShedding) {
        if (flowControl && legacyShedding) {
            throw new IllegalArgumentException("the legacy shedding path runs only with flow control off");
        }
        return flowControl ? FLOW_CONTROL : legacyShedding ? LEGACY_SHEDDING : DIRECT;
    }
}
