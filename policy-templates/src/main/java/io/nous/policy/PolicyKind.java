package io.nous.policy;

/** Which SPI a policy implements: the plug point it fills in the router. */
public enum PolicyKind {
    /** {@link io.nous.sim.spi.UsageLimitPolicy}: per-band ceilings in the dispatch cycle. */
    USAGE_LIMIT,
    /** {@link io.nous.sim.spi.AdmissionPolicy}: admit or reject before pod selection. */
    ADMISSION
}
