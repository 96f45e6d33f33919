package io.nous.codegen.plug;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.guard.CandidateFault;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.FairnessPolicy;
import io.nous.sim.spi.PlugPoint;
import org.junit.jupiter.api.Test;

/**
 * What the fairness plug point asks a policy before it meets the simulator: a pick outside the
 * band's flows is refused on the first run, the axes tell global-strict from a heaviest-flow-first
 * policy, and round-robin's fingerprint, which depends on the state it keeps, is the same on every
 * fresh instance and differs from global-strict's.
 */
class BandStatesTest {
    private static FairnessPolicy builtin(String ref) {
        return PolicyRegistry.builtin().create(PlugPoint.FAIRNESS, ref);
    }

    @Test
    void aPickOutsideTheFlowsIsRefusedOnTheFirstRun() {
        CandidateFault f = BandStates.exercise((n, ids, q, rank, e, b, slo, state) -> n);
        assertThat(f).isNotNull();
        assertThat(f.getMessage()).contains("a pick is an index in [0, ");
        assertThat(BandStates.exercise(builtin("round-robin"))).isNull();
    }

    @Test
    void theAxesSayHowOftenTheOrderingsFirstAndTheHeaviestFlowArePicked() {
        FairnessPolicy heaviest = (n, ids, q, rank, e, b, slo, state) -> {
            int best = 0;
            for (int i = 1; i < n; i++) {
                best = q[i] > q[best] ? i : best;
            }
            return best;
        };
        assertThat(BandStates.axes(builtin("global-strict"))[0]).isEqualTo(1.0);
        assertThat(BandStates.axes(heaviest)[1]).isEqualTo(1.0);
        assertThat(BandStates.axes(builtin("round-robin"))[0]).isLessThan(1.0);
    }

    @Test
    void theFingerprintFollowsTheStateAPolicyKeeps() {
        String robin = BandStates.fingerprint(() -> builtin("round-robin"));
        assertThat(BandStates.fingerprint(() -> builtin("round-robin"))).isEqualTo(robin);
        assertThat(BandStates.fingerprint(() -> builtin("global-strict"))).isNotEqualTo(robin);
    }
}
