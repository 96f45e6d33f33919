package io.nous.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.PlugPoint;
import org.junit.jupiter.api.Test;

class JointSourceTest {
    private static final String SMOOTH = """
            import io.nous.sim.spi.AdmissionPolicy;

            public final class Smooth implements AdmissionPolicy {
                private static final long WINDOW = 64;
                private static final double START = 0.3;
                private long smoothed;

                @Override
                public boolean admit(int priority, double saturation, double u) {
                    smoothed += ((long) (saturation * 1e6) - smoothed) / WINDOW;
                    if (priority >= 0) {
                        return true;
                    }
                    return u >= Math.min(1.0, Math.max(0.0, (smoothed / 1e6 - START) / 0.2));
                }
            }
            """;

    private static final String GATE = """
            import io.nous.sim.spi.UsageLimitPolicy;

            public final class Gate implements UsageLimitPolicy {
                private static final double START = 0.6;
                private long tick;

                @Override
                public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
                    tick++;
                    for (int i = 1; i < ceilings.length; i++) {
                        ceilings[i] = open(saturation) ? 1.0 : 0.0;
                    }
                }

                private boolean open(double s) {
                    return s < START || tick % 4 == 0;
                }
            }
            """;

    @Test
    void mergedHalvesSplitBackIntoClassesThatBehaveAsTheirSources() {
        String joint = JointSource.merge(GATE, SMOOTH, "Pair");
        assertThat(JointSource.problem(joint)).isNull();
        // the admitter's START clashes with the gate's: renamed in the admitter's half only
        assertThat(joint).contains("ADMIT_START").contains("implements UsageLimitPolicy, AdmissionPolicy");
        JointSource.Halves h = JointSource.split(joint);
        assertThat(h.usageLimit()).contains("computeLimit").contains("open(").contains("tick").doesNotContain("admit(")
                .doesNotContain("smoothed").doesNotContain("AdmissionPolicy");
        assertThat(h.admitter()).contains("admit(").contains("smoothed").contains("ADMIT_START").doesNotContain("computeLimit")
                .doesNotContain("tick").doesNotContain("UsageLimitPolicy");
        CheckResult limit = Candidates.check(h.usageLimit(), "limit.java");
        CheckResult admit = Candidates.check(h.admitter(), "admit.java");
        assertThat(limit.accepted()).as(String.join("\n", limit.problems())).isTrue();
        assertThat(admit.accepted()).as(String.join("\n", admit.problems())).isTrue();
        assertThat(limit.kind()).isEqualTo(PlugPoint.USAGE_LIMIT);
        assertThat(admit.kind()).isEqualTo(PlugPoint.ADMISSION);
        // same behaviour as the sources they came from: same canonical form
        assertThat(limit.canonicalHash()).isEqualTo(Candidates.check(GATE.replace("class Gate", "class Pair"), "g.java").canonicalHash());
        assertThat(admit.canonicalHash()).isEqualTo(Candidates.check(SMOOTH.replace("class Smooth", "class Pair")
                .replace("START", "ADMIT_START"), "s.java").canonicalHash());
    }

    @Test
    void theBuiltInPoliciesMergeAndNotJointSourcesAreNamed() {
        String joint = JointSource.merge(PolicyRegistry.builtin().source("soft-reflective-ceiling"),
                PolicyRegistry.builtin().source("probabilistic-admitter"), "Upstream");
        JointSource.Halves h = JointSource.split(joint);
        assertThat(Candidates.check(h.usageLimit(), "l.java").accepted()).isTrue();
        assertThat(Candidates.check(h.admitter(), "a.java").accepted()).isTrue();
        assertThat(JointSource.problem(GATE)).contains("implements both UsageLimitPolicy and AdmissionPolicy");
        assertThat(JointSource.problem("class {")).contains("does not parse");
        assertThatThrownBy(() -> JointSource.split(SMOOTH)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aUsageLimitPolicyAndADetectorMergeAndSplitIntoHalvesThatDecideAsTheirSources() {
        JointSource pair = JointSource.of(PlugPoint.USAGE_LIMIT, PlugPoint.SATURATION);
        String limit = PolicyRegistry.builtin().source("soft-reflective-ceiling");
        String detector = PolicyRegistry.builtin().source("lease-detector");
        String joint = pair.mergeOf(limit, detector, "Pair");
        assertThat(pair.problemOf(joint)).isNull();
        assertThat(JointSource.problem(joint)).contains("implements both UsageLimitPolicy and AdmissionPolicy");
        JointSource.Halves h = pair.splitOf(joint);
        CheckResult l = Candidates.check(h.first(), "Pair.limit.java");
        CheckResult d = Candidates.check(h.second(), "Pair.detector.java");
        assertThat(l.problems()).isEmpty();
        assertThat(d.problems()).isEmpty();
        assertThat(l.kind()).isSameAs(PlugPoint.USAGE_LIMIT);
        assertThat(d.kind()).isSameAs(PlugPoint.SATURATION);
        // the detector half reads as the built-in lease detector on a pool the scrape shows idle with work in flight
        var built = PolicyRegistry.builtin().create(PlugPoint.SATURATION, "lease-detector");
        var half = d.candidate().newInstance(PlugPoint.SATURATION);
        int[] zero = {0, 0};
        long[] age = {10_000, 10_000};
        assertThat(half.saturation(2, zero, zero, new double[] {0.1, 0.2}, age, new int[] {8, 3}, new long[] {40_000, 0}))
                .isEqualTo(built.saturation(2, zero, zero, new double[] {0.1, 0.2}, age, new int[] {8, 3}, new long[] {40_000, 0}));
        assertThat(pair.problemOf(limit)).contains("implements both UsageLimitPolicy and SaturationDetector");
    }

    @Test
    void aJointCandidateMayTakeTheTermsFormOfAdmit() {
        String terms = SMOOTH.replace("admit(int priority, double saturation, double u)", "admit(int priority, double saturation, double queue, double kv, double u)")
                .replace("(long) (saturation * 1e6)", "(long) (Math.max(queue, kv >= 0.6 ? kv : 0.0) * 1e6)");
        String joint = JointSource.merge(GATE, terms, "Pair");
        assertThat(JointSource.problem(joint)).isNull();
        JointSource.Halves h = JointSource.split(joint);
        assertThat(h.admitter()).contains("double queue, double kv");
        CheckResult admitter = Candidates.check(h.admitter(), "Pair.admitter.java");
        assertThat(admitter.problems()).isEmpty();
        var a = admitter.candidate().newAdmissionPolicy();
        // a pool whose KV cache alone is at 0.5 is no overload for it; one whose queues are is
        for (int i = 0; i < 2000; i++) {
            a.admit(0, 0.5, 0, 0.5, 0.5);
        }
        assertThat(a.admit(-1, 0.5, 0, 0.5, 0.01)).isTrue();
        var b = admitter.candidate().newAdmissionPolicy();
        for (int i = 0; i < 2000; i++) {
            b.admit(0, 0.8, 0.8, 0, 0.5);
        }
        assertThat(b.admit(-1, 0.8, 0.8, 0, 0.01)).isFalse();
    }
}
