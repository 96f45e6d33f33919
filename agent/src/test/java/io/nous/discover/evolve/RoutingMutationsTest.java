package io.nous.discover.evolve;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.discover.evolve.RoutingGenome.Affinity;
import io.nous.discover.evolve.RoutingGenome.Gate;
import io.nous.discover.evolve.RoutingGenome.Load;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.PlugPoint;
import java.util.HashSet;
import java.util.Set;
import org.apache.commons.math3.random.Well19937c;
import org.junit.jupiter.api.Test;

/** The routing search's canonical form and its operators: what parses, what each operator changes, and that children compile. */
class RoutingMutationsTest {
    static final String TOKEN_LOAD_SEED = PolicyRegistry.builtin().source("lab-affinity-token-load");
    static final String DECODE_SEED = PolicyRegistry.builtin().source("lab-affinity-active-request");

    @Test
    void theSeedsAreInCanonicalFormAndRenderBackToTheSameGenome() {
        RoutingGenome a = RoutingGenome.parse(TOKEN_LOAD_SEED);
        assertThat(a).isEqualTo(new RoutingGenome(Affinity.STEP, 0.8, 2.0, Gate.NONE, Double.NaN, Load.TOKENS, 4194304.0, 1.0));
        RoutingGenome c = RoutingGenome.parse(DECODE_SEED);
        assertThat(c).isEqualTo(new RoutingGenome(Affinity.STEP, 0.8, 2.0, Gate.IN_FLIGHT_TOKENS, 4838.0, Load.REQUESTS, Double.NaN, 1.0));
        assertThat(RoutingGenome.parse(c.render("x.y", "Child"))).isEqualTo(c);
        assertThat(c.describe()).isEqualTo("Prefers an endpoint holding at least 80 % of the prompt while it has fewer than 4,838 uncached "
                + "prompt tokens in flight, weighted 2 to 1 against requests in flight against the busiest endpoint's.");
    }

    @Test
    void aScorerWrittenOtherwiseIsNotCanonicalAndOnlyHasALiteralVaried() {
        String other = """
                import io.nous.sim.spi.RoutingScorer;

                public final class Other implements RoutingScorer {
                    @Override
                    public double score(long promptTokens, double prefixMatch, long uncachedTokens, long inFlightTokens, int inFlightRequests,
                                        int maxInFlightRequests, int waiting, int running, double kvUsage) {
                        return (inFlightRequests < 4 ? prefixMatch : 0.0) + 0.2 * (1.0 - kvUsage);
                    }
                }
                """;
        assertThat(RoutingGenome.parse(other)).isNull();
        assertThat(RoutingGenome.parse(TOKEN_LOAD_SEED.replace("LOAD_WEIGHT * load)", "LOAD_WEIGHT * load * load)"))).isNull();
        Mutations.Result r = RoutingMutations.mutate(other, new Well19937c(1));
        assertThat(r.operator()).isEqualTo("perturb-constant");
        assertThat(r.source()).doesNotContain("0.2 *").contains("inFlightRequests < 4");
    }

    @Test
    void everyOperatorChangesWhatItNamesAndItsChildCompilesAsARouterScorer() {
        Set<String> operators = new HashSet<>();
        var rng = new Well19937c(3);
        for (int i = 0; i < 60; i++) {
            Mutations.Result r = RoutingMutations.mutate(i % 2 == 0 ? TOKEN_LOAD_SEED : DECODE_SEED, rng);
            if (r == null) {
                continue;
            }
            operators.add(r.operator());
            RoutingGenome child = RoutingGenome.parse(r.source());
            assertThat(child).as(r.operator() + ": " + r.change()).isNotNull();
            CheckResult check = Candidates.compileOnly(r.source(), "child.java");
            assertThat(check.problems()).as(r.source()).isEmpty();
            assertThat(check.kind()).isEqualTo(PlugPoint.ROUTING);
            assertThat(r.source()).contains("package io.nous.policy.templates;").contains("public final class LabAffinity");
        }
        assertThat(operators).containsExactlyInAnyOrder("regate", "reform-affinity", "reload", "reweight", "perturb-constant");
    }

    @Test
    void regateMovesTheGateToAnotherSignalAndReloadKeepsTheAffinity() {
        RoutingGenome c = RoutingGenome.parse(DECODE_SEED);
        var rng = new Well19937c(5);
        for (int i = 0; i < 20; i++) {
            RoutingGenome g = RoutingGenome.parse(RoutingMutations.regate(DECODE_SEED, c, rng).source());
            assertThat(g.gate()).isNotEqualTo(Gate.IN_FLIGHT_TOKENS);
            assertThat(g.load()).isEqualTo(Load.REQUESTS);
            if (g.gate() == Gate.KV_USAGE) {
                assertThat(g.gateLimit()).isBetween(0.05, 1.0);
            } else if (g.gate() != Gate.NONE) {
                assertThat(g.gateLimit()).isGreaterThanOrEqualTo(1).isEqualTo(Math.rint(g.gateLimit()));
            }
            RoutingGenome l = RoutingGenome.parse(RoutingMutations.reload(DECODE_SEED, c, rng).source());
            assertThat(l.load()).isNotEqualTo(Load.REQUESTS);
            assertThat(l.gate()).isEqualTo(c.gate());
            assertThat(l.gateLimit()).isEqualTo(c.gateLimit());
        }
    }

    @Test
    void aCrossJoinsOneParentsAffinityWithTheOthersLoad() {
        Mutations.Result r = RoutingMutations.cross(DECODE_SEED, TOKEN_LOAD_SEED);
        RoutingGenome g = RoutingGenome.parse(r.source());
        assertThat(g.gate()).isEqualTo(Gate.IN_FLIGHT_TOKENS);
        assertThat(g.load()).isEqualTo(Load.TOKENS);
        assertThat(g.loadScale()).isEqualTo(4194304.0);
        assertThat(RoutingMutations.cross(DECODE_SEED, DECODE_SEED)).as("nothing to cross").isNull();
    }

    @Test
    void theSameDrawsGiveTheSameChild() {
        assertThat(RoutingMutations.mutate(DECODE_SEED, new Well19937c(9)).source())
                .isEqualTo(RoutingMutations.mutate(DECODE_SEED, new Well19937c(9)).source());
    }
}
