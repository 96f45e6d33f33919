package io.nous.codegen.golang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.plugin.ScalingPackage;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.golang.proof.ScalingProof;
import io.nous.codegen.plug.PlugPoints;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.ScalingPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scaling policy exported as a Go package for the autoscaler beside the router, checked with the real
 * Go toolchain: a documented {@code DesiredPods} keeping the policy's state, golden sequences with the
 * state after every decision, the equivalence proof, and the autoscaler settings it was simulated
 * under; a Go policy that differs in one constant is refused with the pool where they part.
 */
class ScalingExportTest {
    @TempDir
    Path dir;

    /** Grows after three decisions in a row with requests waiting, counted in its state; shrinks an idle pool. */
    static final String PATIENT = """
            import io.nous.sim.spi.ScalingPolicy;

            /** One pod more after three decisions in a row with more than 4 waiting per pod; one fewer when idle and light. */
            public final class Patient implements ScalingPolicy {
                private static final int STREAK = 3;

                @Override
                public int desiredPods(long nowUs, int readyPods, int startingPods, double saturation, double kvUsage, int waiting, int running,
                                       int queued, long[] state) {
                    long all = (long) waiting + queued;
                    state[0] = all > 4L * readyPods ? state[0] + 1 : 0;
                    state[1] = nowUs;
                    if (state[0] >= STREAK) {
                        state[0] = 0;
                        return readyPods + startingPods + 1;
                    }
                    return all == 0 && kvUsage < 0.3 && startingPods == 0 ? readyPods - 1 : readyPods + startingPods;
                }
            }
            """;

    private GoExport.Outcome export(String name, String source, Path out) {
        CheckResult r = Candidates.check(source, name + ".java");
        assertThat(r.problems()).isEmpty();
        return PlugPoints.of(PlugPoint.SCALING).export(r.candidate(), source, name, "A test export.", out, GoToolchain.find(System.getenv()));
    }

    @Test
    void theDeployedRulesAndAPatientPolicyExportAndProveEquivalent() throws Exception {
        String[][] cases = {{"hpa", PolicyRegistry.builtin().source("hpa-utilization")},
            {"analyzer", PolicyRegistry.builtin().source("saturation-analyzer")},
            {"target", PolicyRegistry.builtin().source("saturation-target")}, {"patient", PATIENT}};
        for (String[] c : cases) {
            Path out = dir.resolve(c[0]);
            GoExport.Outcome outcome = export(c[0], c[1], out);
            ScalingPackage pkg = (ScalingPackage) outcome.plugin();
            assertThat(pkg.pluginType()).isEqualTo(c[0] + "-scaling");
            assertThat(pkg.inRouter()).isFalse();
            String go = Files.readString(out.resolve(pkg.goPackage() + "/scaling.go"));
            assertThat(go).contains("func (p *Policy) DesiredPods(s Signals) int32 {").contains("const StateSize = 4");
            assertThat(Files.readString(out.resolve(pkg.goPackage() + "/autoscaler.yaml"))).contains("stabilizationWindowSeconds: 300")
                    .contains("avg(vllm:kv_cache_usage_perc)");
            assertThat(outcome.goldenCases()).isEqualTo(4 * ScalingProof.DECISIONS);
            if (outcome.verdict().proved()) {
                assertThat(outcome.verdict().ran()).anyMatch(r -> r.startsWith("go test"));
            }
        }
        Assumptions.assumeTrue(GoToolchain.find(System.getenv()).isPresent(), "no Go toolchain");
        String test = GoExportTest.go(dir.resolve("patient"), "test", "-count=1", "-v", "./...");
        assertThat(test).contains("--- PASS: TestGoldenSequences").contains("--- PASS: TestJavaEquivalence/pools-3");
    }

    @Test
    void aGoPolicyThatDiffersInOneConstantIsRefusedWithThePoolWhereTheyPart() {
        Assumptions.assumeTrue(GoToolchain.find(System.getenv()).isPresent(), "no Go toolchain");
        CheckResult r = Candidates.check(PATIENT, "Patient.java");
        String other = PATIENT.replace("STREAK = 3", "STREAK = 2");
        GoTranslator.GoCode code = GoExport.translate(other, PlugPoint.SCALING);
        Supplier<ScalingPolicy> fresh = () -> r.candidate().newInstance(PlugPoint.SCALING, EquivalenceProof.PROOF_LIMIT);
        EquivalenceProof.Proof proof = ScalingProof.record(fresh);
        ScalingPackage pkg = new ScalingPackage("tampered", other, code, ScalingProof.golden(fresh), proof, "A test export.");
        assertThatThrownBy(() -> GoExport.prove(pkg, 1, proof, r.candidate(), PATIENT, PlugPoint.SCALING, dir.resolve("tampered"),
                GoToolchain.find(System.getenv())))
                .isInstanceOf(GoExport.Refused.class)
                .hasMessageContaining("the Go does not decide as the Java: sequence ").hasMessageContaining("Nothing was written");
    }
}
