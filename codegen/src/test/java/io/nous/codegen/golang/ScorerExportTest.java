package io.nous.codegen.golang;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.plugin.RoutingPackage;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.golang.proof.RoutingVectors;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.RoutingScorer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A routing candidate exported as a router scheduling {@code Scorer}, checked with the real Go
 * toolchain: the package vets, lints clean and passes its own tests, whose golden endpoint sets and
 * equivalence sequences were scored by the Java policy; a Go scorer that differs in one constant
 * fails both.
 */
class ScorerExportTest {
    @TempDir
    Path dir;

    private static final String KEYWORDS = """
            import io.nous.sim.spi.RoutingScorer;

            public final class StickyUntilBusy implements RoutingScorer {
                static final double BUSY = 0.75;

                @Override
                public double score(long promptTokens, double match, long func, long inFlightTokens, int type,
                                    int maxInFlightRequests, int in, int running, double s) {
                    double load = maxInFlightRequests > 0 ? (double) type / maxInFlightRequests : 0.0;
                    if (load >= BUSY) {
                        return 0.5 * (1.0 - load) + 0.1 * Math.sqrt(Math.max(0.0, match));
                    }
                    return cached(match, func, promptTokens) - 0.01 * in - 0.1 * s + running / 1e6;
                }

                private static double cached(double match, long func, long promptTokens) {
                    long p = Math.max(1L, promptTokens);
                    return 0.6 * match + 0.4 * (1.0 - Math.min(func, p) / (double) p) + inFlight(func);
                }

                // named as the Go scorer's own method: the export renames it
                private static double inFlight(long func) {
                    return func / 3 == 0 ? 0.05 : 0.0;
                }
            }
            """;

    private static RoutingPackage export(String name, String source) {
        CheckResult r = Candidates.check(source, name + ".java");
        assertThat(r.problems()).isEmpty();
        GoTranslator.GoCode code = GoTranslator.translateRouting(source);
        List<RoutingVectors.Case> vectors = RoutingVectors.record(() -> r.candidate().newRoutingScorer(EquivalenceProof.PROOF_LIMIT));
        EquivalenceProof.Proof proof = EquivalenceProof.routing(() -> r.candidate().newRoutingScorer(EquivalenceProof.PROOF_LIMIT), 64, null);
        return new RoutingPackage(name, source, code, vectors, proof, "A test export.");
    }

    @Test
    void theLabsAffinityScorerExportsAsARouterScorerThatScoresAsInJava() throws Exception {
        String source = PolicyRegistry.builtin().source("lab-affinity-token-load");
        CheckResult r = Candidates.check(source, "LabAffinityTokenLoadRouting.java");
        Path out = dir.resolve("scorer");
        GoExport.Outcome outcome = GoExport.scorer(r.candidate(), source, "sticky-token-load", "A test export.", out,
                GoToolchain.find(System.getenv()));
        RoutingPackage pkg = (RoutingPackage) outcome.plugin();
        assertThat(pkg.pluginType()).isEqualTo("sticky-token-load-scorer");
        assertThat(pkg.goPackage()).isEqualTo("stickytokenload");
        assertThat(outcome.proof().sequences()).isEqualTo(9);
        String scorer = Files.readString(out.resolve("stickytokenload/scorer.go"));
        assertThat(scorer).contains("func (p *policy) score(promptTokens int64, prefixMatch float64, uncachedTokens, inFlightTokens int64,")
                .contains("return fwksched.Balance").contains("const ScorerType = \"sticky-token-load-scorer\"");
        assertThat(Files.readString(out.resolve("stickytokenload/epp-config.yaml")))
                .contains("  - type: approx-prefix-cache-producer\n  - type: inflight-load-producer\n  - type: sticky-token-load-scorer")
                .contains("      - pluginRef: sticky-token-load-scorer\n      - pluginRef: max-score-picker");
        // the lab's sticky endpoint (58 of 64 blocks, 41,344 tokens of load) against an idle one without the prefix
        JsonNode golden = new ObjectMapper().readTree(pkg.goldenJson());
        JsonNode sticky = golden.get("cases").get(0).get("endpoints");
        RoutingScorer java = PolicyRegistry.builtin().routing("lab-affinity-token-load");
        double want = java.score(4096, 58 / 64.0, 384, 40960, 5, 24, 1, 5, 0.42);
        assertThat(Double.longBitsToDouble(Long.parseUnsignedLong(sticky.get(0).get("want").asText(), 16))).isEqualTo(want);
        assertThat(golden.get("cases").get(4).get("endpoints").get(0).get("want").asText()).isEqualTo("0000000000000000");
        if (outcome.verdict().proved()) {
            assertThat(outcome.verdict().ran()).anyMatch(c -> c.startsWith("go test"));
        }
        GoExportTest.go(out, "vet", "./...");
        String test = GoExportTest.go(out, "test", "-count=1", "-v", "./...");
        assertThat(test).contains("--- PASS: TestGoldenVectors").contains("--- PASS: TestScoreReadsWhatTheEndpointCarries")
                .contains("--- PASS: TestJavaEquivalence/special-2").contains("--- PASS: TestFactory");
        GoExportTest.lint(out);
    }

    @Test
    void aScorerWithHelpersCastsAndGoKeywordsAsNamesScoresAsInJava() throws Exception {
        RoutingPackage pkg = export("sticky-until-busy", KEYWORDS);
        Path out = dir.resolve("keywords");
        pkg.write(out);
        // Go keywords as parameters are renamed; a helper named like one of the plugin's methods is too
        assertThat(Files.readString(out.resolve("stickyuntilbusy/scorer.go"))).contains("func (p *policy) inFlight2(")
                .containsPattern("match float64, func\\d, inFlightTokens int64, type\\d, maxInFlightRequests, in, running int32, s float64\\) float64 \\{");
        GoExportTest.go(out, "vet", "./...");
        String test = GoExportTest.go(out, "test", "-count=1", "-v", "./...");
        assertThat(test).contains("--- PASS: TestGoldenVectors").contains("--- PASS: TestJavaEquivalence/grid");
        GoExportTest.lint(out);
    }

    @Test
    void aGoScorerThatDiffersInOneConstantFailsItsGoldenVectorsAndTheProof() throws Exception {
        RoutingPackage pkg = export("sticky-until-busy", KEYWORDS);
        Path out = dir.resolve("tampered");
        pkg.write(out);
        Path scorer = out.resolve("stickyuntilbusy/scorer.go");
        String go = Files.readString(scorer);
        assertThat(go).contains("0.05");
        Files.writeString(scorer, go.replace("0.05", "0.050000001"));
        ProcessBuilder pb = new ProcessBuilder("/usr/bin/go", "test", "-count=1", "./...").directory(out.toFile()).redirectErrorStream(true);
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/go")) || System.getenv("NOUS_REQUIRE_GO") != null,
                "no Go toolchain");
        pb.environment().put("GOFLAGS", "-mod=mod");
        GoExportTest.caches(pb);
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).isNotZero();
        assertThat(output).contains("nous-mismatch").contains("Java scored");
    }

    @Test
    void goldenVectorsReadEndpointsAsTheSimulatorHandsThemToTheCandidate() {
        // without the uncached attribute the in-flight producer's formula applies: 1,024 of 2,048 blocks of 64 unmatched, plus the tail
        assertThat(RoutingVectors.uncachedInputTokens(200000, new RoutingVectors.Prefix(1024, 2048, 64))).isEqualTo(65536 + 68928);
        assertThat(RoutingVectors.uncachedInputTokens(-3, null)).isZero();
        assertThat(RoutingVectors.prefixMatch(new RoutingVectors.Prefix(3, 0, 0))).isZero();
        RoutingScorer echo = (prompt, match, uncached, tokens, requests, max, waiting, running, kv) -> 1000.0 * max + requests + match;
        double[] s = RoutingVectors.scores(echo, 100, List.of(
                new RoutingVectors.EndpointState("a", new RoutingVectors.Scrape(0, 0, 0), new RoutingVectors.Prefix(1, 4, 16),
                        new RoutingVectors.Load(10, 3), null),
                new RoutingVectors.EndpointState("b", null, null, new RoutingVectors.Load(10, 9), null)));
        // the endpoint without metrics still counts towards the busiest endpoint's requests, and scores 0 itself
        assertThat(s).containsExactly(9003.25, 0.0);
    }
}
