package io.nous.codegen;

import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.RoutingScorer;
import io.nous.sim.spi.UsageLimitPolicy;

/** Which SPI a candidate implements. */
public enum CandidateKind {
    USAGE_LIMIT(UsageLimitPolicy.class),
    ADMISSION(AdmissionPolicy.class),
    ROUTING(RoutingScorer.class);

    private final Class<?> spi;

    CandidateKind(Class<?> spi) {
        this.spi = spi;
    }

    public Class<?> spi() {
        return spi;
    }

    /** The kind whose SPI has this simple or fully qualified name, or null. */
    public static CandidateKind byInterfaceName(String name) {
        for (CandidateKind k : values()) {
            if (k.spi.getSimpleName().equals(name) || k.spi.getName().equals(name)) {
                return k;
            }
        }
        return null;
    }
}
