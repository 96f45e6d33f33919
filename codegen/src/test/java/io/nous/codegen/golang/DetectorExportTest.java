package io.nous.codegen.golang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.golang.plugin.DetectorPackage;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.proof.DetectorProof;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.golang.proof.PoolDraws;
import io.nous.codegen.plug.PlugPoints;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.PlugPoint;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A saturation detector exported as a router flow-control {@code SaturationDetector}, checked with
 * the real Go toolchain: the package vets, lints clean and passes its own tests, whose golden pools
 * (through {@code Saturation}) and equivalence sequences the Java detector answered; a Go detector
 * that differs in one constant is refused with the pool state where the answers part.
 */
class DetectorExportTest {
    @TempDir
    Path dir;

    private static final String COUNTING = """
            import io.nous.sim.spi.SaturationDetector;

            /** Smooths the utilization formula over its last calls with a counter; reads past the pool when it is empty. */
            public final class Smoothed implements SaturationDetector {
                private long calls;

                @Override
                public double saturation(int endpoints, int[] waiting, int[] running, double[] kvUsage, long[] metricsAgeUs,
                                         int[] inFlightRequests, long[] inFlightTokens) {
                    calls++;
                    double sum = 0.0;
                    for (int i = 0; i < endpoints; i++) {
                        int len = metricsAgeUs[i] > 200000 ? 0 : Math.max(waiting[i], inFlightRequests[i] - running[i]);
                        sum += Math.max(len / 6.0, kvUsage[i] / 0.85) + (inFlightTokens[i] >> 20);
                    }
                    double s = endpoints == 0 ? 1.0 : sum / endpoints;
                    return calls % 7 == 0 ? s * 0.9 : s;
                }
            }
            """;

    private GoExport.Outcome export(String name, String source, Path out) {
        CheckResult r = Candidates.check(source, name + ".java");
        assertThat(r.problems()).isEmpty();
        return PlugPoints.of(PlugPoint.SATURATION).export(r.candidate(), source, name, "A test export.", out,
                GoToolchain.find(System.getenv()));
    }

    @Test
    void theRoutersDetectorsAndTheLeaseDetectorExportAndProveEquivalent() throws Exception {
        for (String ref : new String[] {"utilization-detector", "concurrency-detector:concurrencyMode=hybrid", "lease-detector"}) {
            String name = ref.replaceAll("[:=]", "-").toLowerCase(java.util.Locale.ROOT);
            Path out = dir.resolve(name);
            GoExport.Outcome outcome = export(name, PolicyRegistry.builtin().source(ref), out);
            DetectorPackage pkg = (DetectorPackage) outcome.plugin();
            assertThat(pkg.pluginType()).endsWith("-detector");
            String go = Files.readString(out.resolve(pkg.goPackage() + "/detector.go"));
            assertThat(go).contains("_ fwkfc.SaturationDetector = (*policy)(nil)")
                    .contains("func (p *policy) Saturation(_ context.Context, endpoints []fwkdl.Endpoint) float64 {")
                    .contains("func (p *policy) saturation(endpoints int32, waiting, running []int32, kvUsage []float64, metricsAgeUs []int64,");
            assertThat(Files.readString(out.resolve(pkg.goPackage() + "/epp-config.yaml")))
                    .contains("flowControl:\n  usageLimitPolicyPluginRef: soft-reflective-ceiling-policy\n  saturationDetector:\n    pluginRef: "
                            + pkg.pluginType() + "\n");
            assertThat(outcome.proof().sequences()).isEqualTo(9);
            if (outcome.verdict().proved()) {
                assertThat(outcome.verdict().ran()).anyMatch(c -> c.startsWith("go test"));
            }
        }
        Path out = dir.resolve("utilization-detector");
        String test = GoExportTest.go(out, "test", "-count=1", "-v", "./...");
        assertThat(test).contains("--- PASS: TestGoldenVectors").contains("--- PASS: TestSaturationReadsWhatTheEndpointsCarry")
                .contains("--- PASS: TestJavaEquivalence/hold-3").contains("--- PASS: TestFactory");
    }

    @Test
    void aDetectorWithACounterAndShiftsExportsWithItsCounterFollowed() throws Exception {
        Path out = dir.resolve("smoothed");
        GoExport.Outcome outcome = export("smoothed", COUNTING, out);
        assertThat(outcome.proof().horizon()).isGreaterThanOrEqualTo(1024);
        assertThat(Files.readString(out.resolve("smoothed/detector.go"))).contains("calls atomic.Int64");
        GoExportTest.go(out, "vet", "./...");
        GoExportTest.lint(out);
    }

    @Test
    void aGoDetectorThatDiffersInOneConstantIsRefusedWithThePoolWhereTheyPart() throws Exception {
        Assumptions.assumeTrue(GoToolchain.find(System.getenv()).isPresent(), "no Go toolchain");
        String source = PolicyRegistry.builtin().source("utilization-detector");
        CheckResult r = Candidates.check(source, "U.java");
        // the proof's Java side is the candidate; the Go is written from a source with another threshold
        Path out = dir.resolve("tampered");
        String other = source.replace("0.8", "0.80000001");
        assertThat(other).isNotEqualTo(source);
        GoTranslator.GoCode code = GoExport.translate(other, PlugPoint.SATURATION);
        var fresh = (java.util.function.Supplier<io.nous.sim.spi.SaturationDetector>) () -> r.candidate().newInstance(PlugPoint.SATURATION,
                EquivalenceProof.PROOF_LIMIT);
        EquivalenceProof.Proof proof = DetectorProof.record(fresh, 64, null);
        DetectorPackage pkg = new DetectorPackage("tampered", other, code,
                io.nous.codegen.golang.proof.DetectorVectors.record(fresh), proof, "A test export.");
        assertThatThrownBy(() -> GoExport.prove(pkg, 1, proof, r.candidate(), source, PlugPoint.SATURATION, out,
                GoToolchain.find(System.getenv())))
                .isInstanceOf(GoExport.Refused.class)
                .hasMessageContaining("the Go does not compute the saturation the Java computed: sequence ")
                .hasMessageContaining("endpoint").hasMessageContaining("Nothing was written");
    }

    @Test
    void theProofsPoolStatesAreTheSameOnEveryRun() {
        PoolDraws a = new PoolDraws(PoolDraws.Kind.SPECIAL, 7);
        PoolDraws b = new PoolDraws(PoolDraws.Kind.SPECIAL, 7);
        for (int i = 0; i < 200; i++) {
            assertThat(a.next()).isEqualTo(b.next());
        }
        assertThat(new PoolDraws(PoolDraws.Kind.GRID, 1).next().endpoints()).isEqualTo(2);
    }
}
