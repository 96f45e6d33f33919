package io.nous.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.policy.PolicyRegistry;
import io.nous.policy.PolicyTemplate;
import io.nous.policy.templates.PriorityHoldbackPolicy;
import io.nous.policy.templates.ProbabilisticAdmitter;
import io.nous.policy.templates.SoftReflectiveCeilingPolicy;
import io.nous.policy.templates.StaticUsageLimitPolicy;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.UsageLimitPolicy;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The shipped template sources pass the sandbox and behave exactly like the javac-compiled classes. */
class TemplateEquivalenceTest {
    private static final double[] SATURATIONS = {0, 0.1, 0.3, 0.49, 0.5, 0.55, 0.6, 0.65, 0.7, 5.0 / 7, 0.75, 0.8, 0.85,
        0.9, 0.95, 0.99, 1.0, 1.3, 2.0};

    private static Candidate compile(String name) {
        PolicyTemplate t = PolicyRegistry.builtin().template(name);
        CheckResult r = Candidates.check(t.source(), t.implementation().getSimpleName() + ".java");
        assertThat(r.problems()).as(name).isEmpty();
        assertThat(r.accepted()).isTrue();
        return r.candidate();
    }

    @Test
    void everyTemplatePassesVerificationCompilationAndExercise() {
        for (PolicyTemplate t : PolicyRegistry.builtin().templates().values()) {
            compile(t.name());
        }
    }

    @Test
    void usageLimitTemplatesComputeTheSameCeilingsAsJavac() {
        Class<?>[] three = {double.class, double.class, boolean.class};
        assertSame(new SoftReflectiveCeilingPolicy(), compile("soft-reflective-ceiling").newUsageLimitPolicy());
        assertSame(new StaticUsageLimitPolicy(), compile("static-usage-limit").newUsageLimitPolicy());
        assertSame(new StaticUsageLimitPolicy(0.7), compile("static-usage-limit").newUsageLimitPolicy(new Class<?>[] {double.class}, 0.7));
        assertSame(new PriorityHoldbackPolicy(0.3, 0.9, false), compile("priority-holdback").newUsageLimitPolicy(three, 0.3, 0.9, false));
        assertSame(new PriorityHoldbackPolicy(0.2, 1.0, true), compile("priority-holdback").newUsageLimitPolicy(three, 0.2, 1.0, true));
    }

    @Test
    void aReferencesParametersBecomeTheSourcesDefaults() {
        PolicyRegistry registry = PolicyRegistry.builtin();
        for (String ref : new String[] {"static-usage-limit:threshold=0.85", "priority-holdback:minCeiling=0.7",
            "priority-holdback:minCeiling=0.25,maxCeiling=0.9,domain=value", "soft-reflective-ceiling", "static-usage-limit"}) {
            String source = registry.source(ref);
            CheckResult r = Candidates.check(source, "Ref.java");
            assertThat(r.problems()).as(ref).isEmpty();
            assertSame(registry.usageLimit(ref), r.candidate().newUsageLimitPolicy());
        }
        assertThat(registry.source("priority-holdback:minCeiling=0.7")).contains("this(0.7, 1.0, false);");
        String admitter = registry.source("probabilistic-admitter:k=100");
        AdmissionPolicy javac = registry.admission("probabilistic-admitter:k=100");
        AdmissionPolicy compiled = Candidates.check(admitter, "A.java").candidate().newAdmissionPolicy();
        for (double s = 0; s <= 1.2; s += 0.05) {
            for (double u = 0; u < 1; u += 0.01) {
                assertThat(compiled.admit(-1, s, u)).isEqualTo(javac.admit(-1, s, u));
            }
        }
    }

    private static void assertSame(UsageLimitPolicy javac, UsageLimitPolicy sandboxed) {
        // Long call sequences on one instance each, so stateful counters are compared too.
        for (int bands = 1; bands <= 5; bands++) {
            int[] priorities = new int[bands];
            for (int i = 0; i < bands; i++) {
                priorities[i] = 10 - 3 * i;
            }
            for (int round = 0; round < 12; round++) {
                for (double s : SATURATIONS) {
                    double[] a = new double[bands];
                    double[] b = new double[bands];
                    Arrays.fill(a, 1.0);
                    Arrays.fill(b, 1.0);
                    javac.computeLimit(s, priorities, a);
                    sandboxed.computeLimit(s, priorities, b);
                    assertThat(b).as("bands %d, s %s, round %d", bands, s, round).containsExactly(a);
                }
            }
        }
    }

    @Test
    void admitterDecidesLikeJavac() {
        AdmissionPolicy javac = new ProbabilisticAdmitter(4.0, 120.0);
        AdmissionPolicy sandboxed = compile("probabilistic-admitter").newAdmissionPolicy(new Class<?>[] {double.class, double.class}, 4.0, 120.0);
        for (int p = -3; p <= 2; p++) {
            for (double s : SATURATIONS) {
                for (double u = 0; u < 1; u += 0.01) {
                    assertThat(sandboxed.admit(p, s, u)).isEqualTo(javac.admit(p, s, u));
                }
            }
        }
    }
}
