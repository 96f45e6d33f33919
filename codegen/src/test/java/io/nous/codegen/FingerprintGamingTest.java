package io.nous.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The behaviour fingerprint and signature see what a simulation sees: candidates that decide alike on
 * the probe grid but not in a cluster (a gate between the grid's points, a scorer that recognises the
 * grid, a counter that changes its mind after the grid's calls) are told apart from the policy they
 * imitate, while a true rewrite keeps its twin's fingerprint.
 */
class FingerprintGamingTest {
    private static final List<int[]> PRIORITIES = List.of(new int[] {0, -1});

    private static Candidate compiled(String source) {
        CheckResult r = Candidates.check(source, "S.java");
        assertThat(r.accepted()).as(String.join("; ", r.problems())).isTrue();
        return r.candidate();
    }

    private static String scorer(String fields, String body) {
        return "import io.nous.sim.spi.RoutingScorer;\n\npublic final class S implements RoutingScorer {\n" + fields
                + "    @Override\n    public double score(long promptTokens, double prefixMatch, long uncachedTokens, long inFlightTokens,\n"
                + "            int inFlightRequests, int maxInFlightRequests, int waiting, int running, double kvUsage) {\n" + body + "    }\n}\n";
    }

    /** The router's active-request score, as the policy registry ships it. */
    private static final String ACTIVE_REQUEST = "        if (inFlightRequests <= 0) { return 1.0; }\n"
            + "        return (double) (maxInFlightRequests - inFlightRequests) / maxInFlightRequests;\n";

    private static String gate(int at) {
        return scorer("", "        return inFlightRequests >= " + at + " ? 0.0 : 1.0 - prefixMatch * 0.0 + prefixMatch;\n");
    }

    private static String fingerprint(String source) {
        return BehaviourProbe.fingerprint(compiled(source), PRIORITIES);
    }

    private static double distance(String a, String b) {
        return BehaviourSignature.distance(BehaviourSignature.of(compiled(a), PRIORITIES), BehaviourSignature.of(compiled(b), PRIORITIES));
    }

    @Test
    void aGateBetweenTheGridsPointsIsSeen() {
        // the old grid probed 0, 1, 2, 4, 8, 16 and 64 requests in flight: 3 and 4 answered alike everywhere
        assertThat(fingerprint(gate(3))).isNotEqualTo(fingerprint(gate(4)));
        assertThat(distance(gate(3), gate(4))).isGreaterThan(0.02);
    }

    @Test
    void aScorerThatRecognisesTheGridCannotPassForTheOneItImitates() {
        // on the old grid the inputs moved together (waiting = requests / 2, running = min(requests, 8)); here it answers as
        // active-request, anywhere else it routes on the prefix alone
        String detector = scorer("", "        boolean probe = waiting == inFlightRequests / 2 && running == Math.min(inFlightRequests, 8)\n"
                + "                && maxInFlightRequests == Math.max(inFlightRequests, 16);\n"
                + "        if (probe) {\n" + ACTIVE_REQUEST.replace("        ", "            ") + "        }\n"
                + "        return prefixMatch;\n");
        String active = scorer("", ACTIVE_REQUEST);
        assertThat(fingerprint(detector)).isNotEqualTo(fingerprint(active));
        assertThat(distance(detector, active)).isGreaterThan(0.02);
    }

    @Test
    void aCounterThatChangesItsMindAfterTheProbesCallsIsSeen() {
        // behaves as active-request for its first 3,000 calls (the old grid's were 3,087), then prefers busy endpoints
        String counter = scorer("    private long calls;\n", "        if (++calls > 3000) { return inFlightRequests / 64.0; }\n" + ACTIVE_REQUEST);
        assertThat(fingerprint(counter)).isNotEqualTo(fingerprint(scorer("", ACTIVE_REQUEST)));
        String limitCounter = "import io.nous.sim.spi.UsageLimitPolicy;\n\npublic final class L implements UsageLimitPolicy {\n"
                + "    private long calls;\n    @Override\n    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {\n"
                + "        boolean late = ++calls > 20000;\n"
                + "        for (int i = 0; i < priorities.length; i++) { ceilings[i] = late && priorities[i] < 0 ? 0.5 : 1.0; }\n    }\n}\n";
        String never = "import io.nous.sim.spi.UsageLimitPolicy;\n\npublic final class L implements UsageLimitPolicy {\n"
                + "    @Override\n    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {\n"
                + "        for (int i = 0; i < priorities.length; i++) { ceilings[i] = 1.0; }\n    }\n}\n";
        assertThat(fingerprint(limitCounter)).isNotEqualTo(fingerprint(never));
    }

    @Test
    void aRewriteThatDecidesAlikeKeepsItsTwinsFingerprint() {
        String rewritten = scorer("", "        if (inFlightRequests > 0) {\n"
                + "            return (double) (maxInFlightRequests - inFlightRequests) / maxInFlightRequests;\n        }\n        return 1.0;\n");
        assertThat(fingerprint(rewritten)).isEqualTo(fingerprint(scorer("", ACTIVE_REQUEST)));
        assertThat(distance(rewritten, scorer("", ACTIVE_REQUEST))).isZero();
    }
}
