package io.nous.codegen.golang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.golang.plugin.DeciderPackage;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.proof.DeciderProof;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.plug.PlugPoints;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.DisaggregationDecider;
import io.nous.sim.spi.PlugPoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A P/D decider exported as a decider of the router's disagg profile handler, checked with the real Go
 * toolchain: its files join the disagg package beside a copy of the router's decider interface, vet
 * and pass their own tests, whose golden questions (through {@code disaggregate}, reading the token
 * count, the prefix match and the metrics as the router hands them over) and equivalence sequences the
 * Java answered; a Go decider that differs in one constant is refused with the question where they part.
 */
class DeciderExportTest {
    @TempDir
    Path dir;

    /** Long uncached prompts from busy decode pods, with the KV use deciding between: every parameter read, a helper, a constant. */
    static final String SIZE_AWARE = """
            import io.nous.sim.spi.DisaggregationDecider;

            /** Remote prefill for 1,024 or more uncached tokens, or 256 or more when the decode pod is busy or its KV cache over 70 %. */
            public final class SizeAware implements DisaggregationDecider {
                private static final int LONG = 1024;

                @Override
                public boolean disaggregate(int promptTokens, int cachedTokens, int decodeWaiting, int decodeRunning, double decodeKvUsage) {
                    int uncached = promptTokens - cachedTokens;
                    if (uncached >= LONG) {
                        return true;
                    }
                    return uncached >= LONG / 4 && (busy(decodeWaiting, decodeRunning) || decodeKvUsage > 0.7);
                }

                private static boolean busy(int waiting, int running) {
                    return waiting > 0 || running >= 32;
                }
            }
            """;

    private GoExport.Outcome export(String name, String source, Path out) {
        CheckResult r = Candidates.check(source, name + ".java");
        assertThat(r.problems()).isEmpty();
        return PlugPoints.of(PlugPoint.PD_DECIDER).export(r.candidate(), source, name, "A test export.", out,
                GoToolchain.find(System.getenv()));
    }

    @Test
    void theRoutersDecidersAndASizeAwareOneExportAndProveEquivalent() throws Exception {
        String[][] cases = {{"prefix-based", PolicyRegistry.builtin().source("prefix-based-pd")},
            {"always", PolicyRegistry.builtin().source("always-disagg")},
            {"light-local", PolicyRegistry.builtin().source("light-local-pd")}, {"size-aware", SIZE_AWARE}};
        for (String[] c : cases) {
            Path out = dir.resolve(c[0]);
            GoExport.Outcome outcome = export(c[0], c[1], out);
            DeciderPackage pkg = (DeciderPackage) outcome.plugin();
            assertThat(pkg.pluginType()).isEqualTo(c[0] + "-pd-decider");
            assertThat(pkg.goPackage()).isEqualTo("disagg");
            assertThat(pkg.joinsPackage()).isTrue();
            assertThat(pkg.standIns()).containsExactly("disagg/decider_plugin.go");
            String go = Files.readString(out.resolve("disagg/nous_pd_decider.go"));
            assertThat(go).contains("package disagg").contains("NousPDDeciderPluginType = \"" + c[0] + "-pd-decider\"")
                    .contains("func (p *NousPDDecider) disaggregate(_ context.Context, request *scheduling.InferenceRequest, endpoint scheduling.Endpoint) bool {")
                    .contains("func (p *NousPDDecider) decide(promptTokens, cachedTokens, decodeWaiting, decodeRunning int32, decodeKvUsage float64) bool {")
                    .doesNotContain("// Package");
            assertThat(Files.readString(out.resolve("disagg/epp-config.yaml"))).contains("        prefill: " + pkg.pluginType() + "\n");
            assertThat(outcome.proof().sequences()).isEqualTo(3);
            if (outcome.verdict().proved()) {
                assertThat(outcome.verdict().ran()).anyMatch(r -> r.startsWith("go test"));
            }
        }
        Assumptions.assumeTrue(GoToolchain.find(System.getenv()).isPresent(), "no Go toolchain");
        String test = GoExportTest.go(dir.resolve("size-aware"), "test", "-count=1", "-v", "./...");
        assertThat(test).contains("--- PASS: TestNousPDDeciderGoldenVectors").contains("--- PASS: TestNousPDDeciderRejectsParameters")
                .contains("--- PASS: TestJavaEquivalence/questions-3");
    }

    @Test
    void aGoDeciderThatDiffersInOneConstantIsRefusedWithTheQuestionWhereTheyPart() {
        Assumptions.assumeTrue(GoToolchain.find(System.getenv()).isPresent(), "no Go toolchain");
        CheckResult r = Candidates.check(SIZE_AWARE, "SizeAware.java");
        String other = SIZE_AWARE.replace("LONG = 1024", "LONG = 1000");
        GoTranslator.GoCode code = GoExport.translate(other, PlugPoint.PD_DECIDER);
        Supplier<DisaggregationDecider> fresh = () -> r.candidate().newInstance(PlugPoint.PD_DECIDER, EquivalenceProof.PROOF_LIMIT);
        EquivalenceProof.Proof proof = DeciderProof.record(fresh);
        DeciderPackage pkg = new DeciderPackage("tampered", other, code, DeciderProof.golden(fresh), proof, "A test export.");
        assertThatThrownBy(() -> GoExport.prove(pkg, 1, proof, r.candidate(), SIZE_AWARE, PlugPoint.PD_DECIDER, dir.resolve("tampered"),
                GoToolchain.find(System.getenv())))
                .isInstanceOf(GoExport.Refused.class)
                .hasMessageContaining("the Go does not decide as the Java: sequence ").hasMessageContaining("Nothing was written");
    }
}
