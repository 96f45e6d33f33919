package io.nous.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The behaviour signature tells apart what the router would do differently and nothing else: a
 * rewrite whose ceilings differ only in their last bits (so its fingerprint differs) decides alike,
 * a moved threshold does not.
 */
class BehaviourSignatureTest {
    private static final List<int[]> PRIORITIES = List.of(new int[] {0, -1});

    private static String limit(String sheddableCeiling) {
        return "import io.nous.sim.spi.UsageLimitPolicy;\n\npublic final class L implements UsageLimitPolicy {\n"
                + "    @Override\n    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {\n"
                + "        for (int i = 0; i < priorities.length; i++) {\n"
                + "            ceilings[i] = priorities[i] < 0 ? " + sheddableCeiling + " : 1.0;\n"
                + "        }\n    }\n}\n";
    }

    private static Candidate compiled(String source) {
        CheckResult r = Candidates.check(source, "L.java");
        assertThat(r.accepted()).as(String.join("; ", r.problems())).isTrue();
        return r.candidate();
    }

    @Test
    void aRewriteThatRoundsDifferentlyDecidesAlikeButAMovedThresholdDoesNot() {
        Candidate a = compiled(limit("Math.max(0.0, 0.9317 - 0.2 * saturation)"));
        Candidate rewritten = compiled(limit("Math.max(0.0, (0.9317 / 0.2 - saturation) * 0.2)"));
        Candidate moved = compiled(limit("Math.max(0.0, 0.8817 - 0.2 * saturation)"));
        assertThat(BehaviourProbe.fingerprint(a, PRIORITIES)).as("the ceilings differ in their last bits")
                .isNotEqualTo(BehaviourProbe.fingerprint(rewritten, PRIORITIES));
        double[] sa = BehaviourSignature.of(a, PRIORITIES);
        assertThat(BehaviourSignature.distance(sa, BehaviourSignature.of(rewritten, PRIORITIES))).isZero();
        // the gate moves from saturation 0.776 to 0.735: every hold between them changes from open to closed
        assertThat(BehaviourSignature.distance(sa, BehaviourSignature.of(moved, PRIORITIES))).isEqualTo(1.0);
        assertThat(BehaviourSignature.distance(sa, sa)).isZero();
    }

    @Test
    void signaturesOfDifferentShapesAreNeverNear() {
        double[] two = BehaviourSignature.of(compiled(limit("0.8")), PRIORITIES);
        double[] three = BehaviourSignature.of(compiled(limit("0.8")), List.of(new int[] {1, 0, -1}));
        assertThat(BehaviourSignature.distance(two, three)).isInfinite();
        assertThat(BehaviourSignature.distance(new double[] {Double.NaN}, new double[] {Double.NaN})).isInfinite();
    }

    @Test
    void anAdmitterIsReadAsTheShareItAdmitsAndARouterAsItsClampedScore() {
        String header = "import io.nous.sim.spi.AdmissionPolicy;\n\npublic final class A implements AdmissionPolicy {\n"
                + "    @Override\n    public boolean admit(int priority, double saturation, double u) {\n";
        Candidate ramp = compiled(header + "        return priority >= 0 || u >= (saturation - 0.5) / 0.3;\n    }\n}\n");
        Candidate nudged = compiled(header + "        return priority >= 0 || u >= (saturation - 0.501) / 0.3;\n    }\n}\n");
        Candidate steep = compiled(header + "        return priority >= 0 || u >= (saturation - 0.5) / 0.1;\n    }\n}\n");
        double[] r = BehaviourSignature.of(ramp, PRIORITIES);
        // 0.001 of saturation moves the admitted share by 0.001 / 0.3 of the draws: at most one draw in 100
        assertThat(BehaviourSignature.distance(r, BehaviourSignature.of(nudged, PRIORITIES))).isGreaterThan(0).isLessThan(0.011);
        assertThat(BehaviourSignature.distance(r, BehaviourSignature.of(steep, PRIORITIES))).isGreaterThan(0.3);

        String scorer = "import io.nous.sim.spi.RoutingScorer;\n\npublic final class R implements RoutingScorer {\n"
                + "    @Override\n    public double score(long promptTokens, double prefixMatch, long uncachedTokens, long inFlightTokens,"
                + " int inFlightRequests, int maxInFlightRequests, int waiting, int running, double kvUsage) {\n";
        double[] big = BehaviourSignature.of(compiled(scorer + "        return 5 + prefixMatch;\n    }\n}\n"), PRIORITIES);
        double[] one = BehaviourSignature.of(compiled(scorer + "        return 1.0;\n    }\n}\n"), PRIORITIES);
        assertThat(BehaviourSignature.distance(big, one)).as("both clamp to 1 everywhere").isZero();
    }
}
