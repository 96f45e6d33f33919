package io.nous.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.RoutingScorer;
import org.junit.jupiter.api.Test;

/** Routing scorers as candidates: verified, compiled in memory, guarded and exercised like the other SPIs. */
class RoutingCandidateTest {

    private static final String HEADER = "import io.nous.sim.spi.RoutingScorer;\n\npublic final class R implements RoutingScorer {\n"
            + "    @Override\n    public double score(long promptTokens, double prefixMatch, long uncachedTokens, long inFlightTokens, "
            + "int inFlightRequests,\n                        int maxInFlightRequests, int waiting, int running, double kvUsage) {\n";

    @Test
    void theCompiledTemplatesScoreExactlyAsJavacsClasses() {
        for (String ref : new String[] {"token-load", "active-request", "token-load:queueThresholdTokens=50000",
            "active-request:idleThreshold=2,maxBusyScore=0.5"}) {
            CheckResult r = Candidates.check(PolicyRegistry.builtin().source(ref), "T.java");
            assertThat(r.problems()).as(ref).isEmpty();
            assertThat(r.kind()).isEqualTo(PlugPoint.ROUTING);
            RoutingScorer compiled = r.candidate().newRoutingScorer();
            RoutingScorer javac = PolicyRegistry.builtin().routing(ref);
            for (double match : new double[] {0, 0.5, 1}) {
                for (int n = 0; n < 40; n += 3) {
                    for (long t : new long[] {0, 777, 60_000, 9_000_000}) {
                        assertThat(compiled.score(3830, match, 64, t, n, 40, n / 3, n % 5, n / 40.0))
                                .isEqualTo(javac.score(3830, match, 64, t, n, 40, n / 3, n % 5, n / 40.0));
                    }
                }
            }
        }
    }

    @Test
    void aScorerThatReturnsNanOrHasTheWrongSignatureIsRejected() {
        CheckResult nan = Candidates.check(HEADER + "        return inFlightRequests > 8 ? Double.NaN : 1.0;\n    }\n}\n", "R.java");
        assertThat(nan.accepted()).isFalse();
        assertThat(nan.problems()).anySatisfy(p -> assertThat(p).contains("NaN"));
        String wrong = "import io.nous.sim.spi.RoutingScorer;\n\npublic final class R implements RoutingScorer {\n"
                + "    public double score(long a, double b) {\n        return 1.0;\n    }\n}\n";
        assertThat(Candidates.check(wrong, "R.java").accepted()).isFalse();
    }

    @Test
    void aScorerOutsideTheTranslatorsSubsetIsRefusedUnderTheRouterContract() {
        String state = "import io.nous.sim.spi.RoutingScorer;\n\npublic final class R implements RoutingScorer {\n"
                + "    private final java.util.HashMap<Long, Double> seen = new java.util.HashMap<>();\n"
                + HEADER.substring(HEADER.indexOf("    @Override")) + "        return 1.0;\n    }\n}\n";
        assertThat(Candidates.check(state, "R.java").accepted()).isFalse();
        CheckResult ok = Candidates.check(HEADER + "        return 0.5 * prefixMatch + 0.5 / (1 + inFlightRequests);\n    }\n}\n", "R.java");
        assertThat(ok.problems()).isEmpty();
        // sticky by half a point, and a cached endpoint never scores below an idle cold one: it never lets go
        assertThat(BehaviourProbe.probe(ok.candidate())).containsExactly(0.5, 1.0);
        CheckResult busy = Candidates.check(HEADER + "        return 0.2 * prefixMatch + 1.0 - (double) inFlightRequests / Math.max(1, "
                + "maxInFlightRequests);\n    }\n}\n", "R.java");
        assertThat(busy.problems()).isEmpty();
        // a cached endpoint with one request in flight already scores below an idle cold one: 1 of 64
        assertThat(BehaviourProbe.probe(busy.candidate())).containsExactly(0.2, 0.02);
    }
}
