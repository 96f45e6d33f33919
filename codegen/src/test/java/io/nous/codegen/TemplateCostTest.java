package io.nous.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.guard.CostLimit;
import io.nous.codegen.guard.GuardedUsageLimitPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The work the shipped usage-limit templates do per call stays within {@link CostLimit}'s model of
 * the soft-reflective template, so a candidate's allowance really is a multiple of what the
 * templates cost, and a template can never be "too slow".
 */
class TemplateCostTest {
    static final Path TEMPLATES = Path.of("..", "policy-templates", "src", "main", "java", "io", "nous", "policy", "templates");

    @ParameterizedTest
    @ValueSource(strings = {"SoftReflectiveCeilingPolicy", "StaticUsageLimitPolicy", "PriorityHoldbackPolicy"})
    void templatesCostNoMoreThanTheModelAtEveryBandCount(String name) throws IOException {
        CheckResult r = Candidates.check(Files.readString(TEMPLATES.resolve(name + ".java")), name + ".java");
        assertThat(r.problems()).isEmpty();
        double worstRatio = 0;
        for (int bands = 1; bands <= 6; bands++) {
            GuardedUsageLimitPolicy p = (GuardedUsageLimitPolicy) r.candidate().newUsageLimitPolicy();
            int[] priorities = new int[bands];
            double[] ceilings = new double[bands];
            for (int call = 0; call < 4000; call++) {
                Arrays.fill(ceilings, 1.0);
                p.computeLimit((call % 200) / 100.0, priorities, ceilings);
            }
            double perCall = (double) p.budget().spent() / p.budget().calls();
            assertThat(perCall).as(name + " at " + bands + " bands").isLessThanOrEqualTo(CostLimit.templateUnits(bands));
            worstRatio = Math.max(worstRatio, perCall / CostLimit.templateUnits(bands));
        }
        if (name.equals("SoftReflectiveCeilingPolicy")) {
            // the model is tight for the template it describes, not a loose upper bound
            assertThat(worstRatio).isGreaterThan(0.9);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ProbabilisticAdmitter", "LegacyThresholdAdmitter"})
    void admittersCostNoMoreThanTheModel(String name) throws IOException {
        CheckResult r = Candidates.check(Files.readString(TEMPLATES.resolve(name + ".java")), name + ".java");
        assertThat(r.problems()).isEmpty();
        io.nous.codegen.guard.GuardedAdmissionPolicy p = (io.nous.codegen.guard.GuardedAdmissionPolicy) r.candidate().newAdmissionPolicy();
        java.util.SplittableRandom random = new java.util.SplittableRandom(5);
        for (int call = 0; call < 4000; call++) {
            double s = random.nextDouble() * 1.2;
            // sheddable requests only: the ones an admitter does its work for
            p.admit(-1, s, s, s, random.nextDouble());
        }
        double perCall = (double) p.budget().spent() / p.budget().calls();
        System.out.printf("%s: %.1f work units per admission%n", name, perCall);
        assertThat(perCall).isLessThanOrEqualTo(CostLimit.ADMISSION_TEMPLATE);
        if (name.equals("ProbabilisticAdmitter")) {
            assertThat(perCall / CostLimit.ADMISSION_TEMPLATE).isGreaterThan(0.9);
        }
    }
}
