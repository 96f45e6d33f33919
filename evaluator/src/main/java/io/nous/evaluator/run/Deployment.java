package io.nous.evaluator.run;

import io.nous.sim.Scenario;
import io.nous.sim.epp.FlowControlConfig;

/**
 * How the router is set up around the policies under test: the three deployments the studies ran.
 * Flow control on gates bands with the usage-limit policy (an admitter, if any, sheds before it); the
 * legacy path turns flow control off and sheds sheddable requests at saturation 1; direct turns it
 * off and leaves shedding to the admitter alone (the admission study's deployment). Flow control with
 * in-flight eviction is the eviction problem class's: the router's default deployment with
 * {@code flowControl.enableEviction} on.
 */
public enum Deployment {
    /** Flow control on, as the scenario has it: the usage-limit policy gates each band. */
    FLOW_CONTROL(true, false, null, "flow control on"),
    /** Flow control off; sheddable requests are refused while the pool's saturation is at least 1. */
    LEGACY_SHEDDING(false, true, "legacy", "flow control off, sheddable requests refused at saturation 1"),
    /** Flow control off, nothing shed but what the admitter refuses: requests go straight to a pod. */
    DIRECT(false, false, "direct", "flow control off, the admitter alone sheds"),
    /** Flow control on and in-flight eviction on: sheddable requests on pods are revoked for waiting higher-priority ones. */
    FLOW_CONTROL_EVICTION(true, false, "eviction", "flow control on, in-flight eviction on");

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
        if (this == FLOW_CONTROL) {
            return s;
        }
        if (this == FLOW_CONTROL_EVICTION) {
            FlowControlConfig fc = s.flowControlConfig();
            return s.toBuilder().flowControl(true).legacyShedding(false).flowControlConfig(fc.withEviction(fc.eviction().withEnabled(true)))
                    .build();
        }
        return s.toBuilder().flowControl(flowControl).legacyShedding(legacyShedding).build();
    }

    /** The deployment a scenario's three switches describe: flow control, the legacy path, in-flight eviction. */
    public static Deployment of(boolean flowControl, boolean legacyShedding, boolean eviction) {
        if (flowControl && legacyShedding) {
            throw new IllegalArgumentException("the legacy shedding path runs only with flow control off");
        }
        if (eviction && !flowControl) {
            throw new IllegalArgumentException("in-flight eviction runs only with flow control on");
        }
        return eviction ? FLOW_CONTROL_EVICTION : flowControl ? FLOW_CONTROL : legacyShedding ? LEGACY_SHEDDING : DIRECT;
    }

    /** The deployment {@code s} runs in. */
    public static Deployment of(Scenario s) {
        return of(s.flowControl(), s.legacyShedding(), s.flowControlConfig().eviction().enabled());
    }
}
