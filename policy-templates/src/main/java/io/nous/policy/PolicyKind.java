package io.nous.policy;

import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.UsageLimitPolicy;

/** Which SPI a policy implements: the plug point it fills in the router. */
public enum PolicyKind {
    /** {@link UsageLimitPolicy}: per-band ceilings in the dispatch cycle. */
    USAGE_LIMIT,
    /** {@link AdmissionPolicy}: admit or reject before pod selection. */
    ADMISSION,
    /** {@link io.nous.sim.spi.RoutingScorer}: scores endpoints in the router's scheduling profile. */
    ROUTING
}
