package io.nous.codegen.golang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.golang.plugin.AdmissionPackage;
import io.nous.codegen.golang.plugin.UsageLimitPackage;
import io.nous.codegen.golang.proof.AdmissionVectors;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoldenVectors;
import io.nous.policy.PolicyRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Java → Go export, checked with the real Go toolchain: the exported package must vet and pass its
 * own tests, whose golden vectors were recorded from the Java policy. CI installs Go
 * ({@code NOUS_REQUIRE_GO=1} makes a missing toolchain a failure instead of a skip).
 */
class GoExportTest {
    @TempDir
    Path dir;

    static UsageLimitPackage export(String name, String source) {
        CheckResult r = Candidates.check(source, name + ".java");
        assertThat(r.problems()).isEmpty();
        List<GoldenVectors.Case> vectors = GoldenVectors.record(r.candidate()::newUsageLimitPolicy);
        GoTranslator.GoCode code = GoTranslator.translate(source);
        int horizon = EquivalenceProof.horizon(com.github.javaparser.StaticJavaParser.parse(source), code.counterField() != null);
        EquivalenceProof.Proof proof = EquivalenceProof.usageLimit(() -> r.candidate().newUsageLimitPolicy(EquivalenceProof.PROOF_LIMIT),
                horizon, null);
        return new UsageLimitPackage(name, source, code, vectors, proof, "A test export.");
    }

    /**
     * Offline, with one build, module and staticcheck cache for all of this module's tests (under
     * {@code target/}): content-addressed, so sharing changes no verdict ({@code -count=1} still runs
     * every test), but what every export imports is compiled once, not once per test.
     */
    static void caches(ProcessBuilder pb) {
        Path root = Path.of("target", "go-test-cache").toAbsolutePath();
        pb.environment().put("GOPROXY", "off");
        pb.environment().put("GOCACHE", root.resolve("build").toString());
        pb.environment().put("GOPATH", root.resolve("path").toString());
        pb.environment().put("XDG_CACHE_HOME", root.resolve("user").toString());
    }

    static String go(Path moduleDir, String... args) throws Exception {
        Path goBin = Path.of("/usr/bin/go");
        if (!Files.isExecutable(goBin)) {
            Assumptions.assumeTrue(System.getenv("NOUS_REQUIRE_GO") == null, "Go is required (NOUS_REQUIRE_GO) but /usr/bin/go is missing");
            Assumptions.abort("no Go toolchain at /usr/bin/go");
        }
        List<String> cmd = new ArrayList<>(List.of(goBin.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(moduleDir.toFile()).redirectErrorStream(true);
        pb.environment().put("GOFLAGS", "-mod=mod");
        caches(pb);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("go " + String.join(" ", args) + ":\n" + out).isZero();
        return out;
    }

    /** gofmt lists nothing and staticcheck (every check) reports nothing; CI requires staticcheck (NOUS_REQUIRE_STATICCHECK). */
    static void lint(Path moduleDir) throws Exception {
        List<List<String>> tools = new ArrayList<>();
        tools.add(List.of("/usr/bin/gofmt", "-l", "."));
        if (Files.isExecutable(Path.of("/usr/bin/go-staticcheck"))) {
            tools.add(List.of("/usr/bin/go-staticcheck", "-checks", "all", "./..."));
        } else {
            Assumptions.assumeTrue(System.getenv("NOUS_REQUIRE_STATICCHECK") == null,
                    "staticcheck is required (NOUS_REQUIRE_STATICCHECK) but /usr/bin/go-staticcheck is missing");
        }
        for (List<String> cmd : tools) {
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(moduleDir.toFile()).redirectErrorStream(true);
            caches(pb);
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
            assertThat(out.strip()).as(cmd + " reports").isEmpty();
            assertThat(p.exitValue()).as(cmd + ":\n" + out).isZero();
        }
    }

    static AdmissionPackage exportAdmitter(String name, String source) {
        CheckResult r = Candidates.check(source, name + ".java");
        assertThat(r.problems()).isEmpty();
        return new AdmissionPackage(name, source, GoTranslator.translateAdmission(source),
                AdmissionVectors.record(r.candidate()::newAdmissionPolicy), admissionProof(r, false), "A test export.");
    }

    static EquivalenceProof.Proof admissionProof(CheckResult r, boolean terms) {
        return EquivalenceProof.admission(() -> r.candidate().newAdmissionPolicy(EquivalenceProof.PROOF_LIMIT), terms, 1024, null);
    }

    @Test
    void theProbabilisticAdmitterExportsAsARouterAdmitterThatDecidesAsInJava() throws Exception {
        String source = PolicyRegistry.builtin().source("probabilistic-admitter:power=3,k=20");
        AdmissionPackage pkg = exportAdmitter("prob-shed", source);
        Path out = dir.resolve("admitter");
        pkg.write(out);
        String plugin = Files.readString(out.resolve("probshed/plugin.go"));
        // the Java local 'p' would be the Go receiver: it is renamed, and the receiver keeps its name; Java's min has its own helper
        assertThat(plugin).contains("func (p *policy) admit(priority int32, saturation float64, u float64) bool {")
                .contains("p2 := javaMin(").contains("var _ requestcontrol.Admitter = (*policy)(nil)")
                .contains("const AdmitterType = \"prob-shed-admitter\"");
        // sheddable at s = 0.5: refused with probability min(0.125 * 20, 1) = 1; at 0.2: 0.16
        com.fasterxml.jackson.databind.JsonNode golden = new com.fasterxml.jackson.databind.ObjectMapper().readTree(pkg.goldenJson());
        assertThat(golden.get("draws")).hasSize(AdmissionVectors.DRAWS.length);
        for (com.fasterxml.jackson.databind.JsonNode c : golden.get("cases")) {
            if (c.get("priority").asInt() == -1 && c.get("saturation").asDouble() == 0.2) {
                for (int i = 0; i < AdmissionVectors.DRAWS.length; i++) {
                    assertThat(c.get("want").get(i).asBoolean()).isEqualTo(AdmissionVectors.DRAWS[i] >= 0.16000000000000003);
                }
            }
            if (c.get("priority").asInt() >= 0) {
                assertThat(c.get("want").toString()).doesNotContain("false");
            }
        }
        go(out, "vet", "./...");
        String test = go(out, "test", "-count=1", "-v", "./...");
        assertThat(test).contains("--- PASS: TestGoldenVectors").contains("--- PASS: TestSaturationIsTheRoutersUtilizationFormula")
                .contains("--- PASS: TestAdmitAsksThePolicyWithOneDrawPerRequest");
        lint(out);
    }

    @Test
    void anAdmitterWithACounterHelpersAndGoKeywordsAsNamesPassesItsGoldenVectors() throws Exception {
        String source = """
                import io.nous.sim.spi.AdmissionPolicy;

                public final class EveryOther implements AdmissionPolicy {
                    private static final double KNEE = 0.8;
                    private long seen;

                    @Override
                    public boolean admit(int priority, double saturation, double u) {
                        seen++;
                        if (priority >= 0) {
                            return true;
                        }
                        double range = excess(saturation);
                        int len = (int) (range * 10);
                        if (len >= 3) {
                            return seen % 2 == 0 && u > 0.5;
                        }
                        return u >= range;
                    }

                    private double excess(double s) {
                        return Math.max(0, s - KNEE) / (1 - KNEE);
                    }
                }
                """;
        Path out = dir.resolve("everyother");
        exportAdmitter("every-other", source).write(out);
        String plugin = Files.readString(out.resolve("everyother/plugin.go"));
        assertThat(plugin).contains("seen atomic.Int64").contains("range2 := p.excess(saturation)").contains("len2 := ");
        go(out, "vet", "./...");
        go(out, "test", "-count=1", "./...");
        lint(out);
    }

    /** An admitter of the terms form: a smoothed ramp on the queue term, the KV term counted from an onset. */
    static final String TERMS_ADMITTER = """
            import io.nous.sim.spi.AdmissionPolicy;

            public final class QueueFirst implements AdmissionPolicy {
                /** KV term from which a filling KV cache counts as overload. */
                private static final double KV_ONSET = 0.75;
                private static final long WINDOW = 16;
                private static final double START = 0.1;
                private static final double WIDTH = 0.1;
                /** Average signal over the last calls, in millionths. */
                private long smoothed;

                @Override
                public boolean admit(int priority, double saturation, double queue, double kv, double u) {
                    double signal = Math.max(queue, kv >= KV_ONSET ? kv : 0.0);
                    smoothed += ((long) (signal * 1e6) - smoothed) / WINDOW;
                    double level = smoothed / 1e6;
                    if (priority >= 0) {
                        return true;
                    }
                    double refuse = Math.min(1.0, Math.max(0.0, (level - START) / WIDTH));
                    return u >= refuse;
                }
            }
            """;

    @Test
    void anAdmitterOfTheTermsFormReadsTheQueueAndKvTermsFromThePodsAndPassesItsGoldenVectors() throws Exception {
        CheckResult r = Candidates.check(TERMS_ADMITTER, "QueueFirst.java");
        assertThat(r.problems()).isEmpty();
        List<AdmissionVectors.Case> vectors = AdmissionVectors.record(r.candidate()::newAdmissionPolicy, true);
        // pools saturated by each term alone tell the two apart: a KV term of 0.5 is no overload, a queue term of 0.5 is
        var queueAlone = vectors.stream().filter(c -> c.priority() == -1 && c.queue() == 0.5 && c.kv() == 0 && c.saturation() == 0.5)
                .findFirst().orElseThrow();
        var kvAlone = vectors.stream().filter(c -> c.priority() == -1 && c.queue() == 0 && c.kv() == 0.5 && c.saturation() == 0.5)
                .findFirst().orElseThrow();
        assertThat(queueAlone.want()).contains(false);
        assertThat(kvAlone.want()).doesNotContain(false);
        assertThat(vectors).allMatch(AdmissionVectors.Case::terms);
        assertThatThrownBy(() -> new AdmissionPackage("queue-first", TERMS_ADMITTER, GoTranslator.translateAdmission(TERMS_ADMITTER),
                AdmissionVectors.record(r.candidate()::newAdmissionPolicy), admissionProof(r, true), "A test export."))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("other form");

        AdmissionPackage pkg = new AdmissionPackage("queue-first", TERMS_ADMITTER, GoTranslator.translateAdmission(TERMS_ADMITTER), vectors,
                admissionProof(r, true), "A test export.");
        assertThat(pkg.terms()).isTrue();
        Path out = dir.resolve("queuefirst");
        pkg.write(out);
        String plugin = Files.readString(out.resolve("queuefirst/plugin.go"));
        assertThat(plugin).contains("func (p *policy) admit(priority int32, saturation float64, queue float64, kv float64, u float64) bool {")
                .contains("saturation, queue, kv := p.signals(pods)").doesNotContain("func (p *policy) saturation(");
        assertThat(pkg.goldenJson()).contains("\"queue\": 0.5, \"kv\": 0.0");
        go(out, "vet", "./...");
        String test = go(out, "test", "-count=1", "-v", "./...");
        assertThat(test).contains("--- PASS: TestGoldenVectors").contains("--- PASS: TestSignalsAreTheRoutersUtilizationFormulaAndItsTerms")
                .contains("--- PASS: TestAdmitAsksThePolicyWithOneDrawPerRequest");
        lint(out);
    }

    @Test
    void usageLimitParametersKeepTheirJavaNamesInComputeLimit() throws Exception {
        String source = """
                import io.nous.sim.spi.UsageLimitPolicy;

                public final class OddNames implements UsageLimitPolicy {
                    @Override
                    public void computeLimit(double s, int[] p, double[] c) {
                        for (int i = 1; i < p.length; i++) {
                            c[i] = s > 0.8 ? 0.5 : 1.0;
                        }
                    }
                }
                """;
        Path out = dir.resolve("oddnames");
        export("odd-names", source).write(out);
        assertThat(Files.readString(out.resolve("oddnames/policy.go")))
                .contains("func (p *policy) ComputeLimit(_ context.Context, s float64, p2 []int, c []float64) {");
        go(out, "vet", "./...");
        go(out, "test", "-count=1", "./...");
        lint(out);
    }

    @Test
    void everyBuiltInUsageLimitPolicyExportsLintClean() throws Exception {
        Path gofmt = Path.of("/usr/bin/gofmt");
        Assumptions.assumeTrue(Files.isExecutable(gofmt) || System.getenv("NOUS_REQUIRE_GO") != null, "no Go toolchain");
        for (String ref : List.of("static-usage-limit", "priority-holdback:minCeiling=0.3", "priority-holdback:minCeiling=0.2,domain=value",
                "soft-reflective-ceiling")) {
            String source = PolicyRegistry.builtin().source(ref);
            Path out = dir.resolve(ref.replaceAll("[^a-z0-9]", "-"));
            export(ref.replaceAll(":.*", "").replaceAll("[^a-z-]", ""), source).write(out);
            lint(out);
            go(out, "vet", "./...");
            go(out, "test", "-count=1", "./...");
        }
    }

    @Test
    void softReflectiveReproducesUpstreamBehaviourInGo() throws Exception {
        String source = PolicyRegistry.builtin().template("soft-reflective-ceiling").source();
        UsageLimitPackage pkg = export("soft-reflective-ceiling", source);
        // upstream: at s = 0.7 the lower band alternates 0,1,0,1; at 0.75 it opens every third call;
        // at 0.6 round(1.4999999) = 1 keeps it always open
        assertThat(lowerBand(pkg, 0.7, 6)).containsExactly(0.0, 1.0, 0.0, 1.0, 0.0, 1.0);
        assertThat(lowerBand(pkg, 0.75, 6)).containsExactly(0.0, 0.0, 1.0, 0.0, 0.0, 1.0);
        assertThat(lowerBand(pkg, 0.6, 4)).containsExactly(1.0, 1.0, 1.0, 1.0);
        Path out = dir.resolve("out");
        pkg.write(out);
        String policy = Files.readString(out.resolve("softreflectiveceiling/policy.go"));
        assertThat(policy).contains("tick atomic.Int64").contains("javaRound(").contains("const PolicyType = \"soft-reflective-ceiling-policy\"");
        go(out, "vet", "./...");
        String test = go(out, "test", "-count=1", "-v", "-run", "TestComputeLimit_GoldenVectors/bands=2/s=0.7$", "./softreflectiveceiling/");
        assertThat(test).contains("--- PASS: TestComputeLimit_GoldenVectors/bands=2/s=0.7");
        go(out, "test", "-count=1", "./...");
        lint(out);
    }

    private static List<Double> lowerBand(UsageLimitPackage pkg, double s, int calls) throws Exception {
        com.fasterxml.jackson.databind.JsonNode cases = new com.fasterxml.jackson.databind.ObjectMapper().readTree(pkg.goldenJson());
        for (com.fasterxml.jackson.databind.JsonNode c : cases) {
            if (c.get("bands").asInt() == 2 && c.get("saturation").asDouble() == s) {
                List<Double> out = new ArrayList<>();
                for (int k = 0; k < calls && k < c.get("want").size(); k++) {
                    out.add(c.get("want").get(k).get(1).asDouble());
                }
                return out;
            }
        }
        throw new AssertionError("no golden case for 2 bands at s=" + s);
    }

    @Test
    void aCandidateWithHelpersCastsAndLoopsPassesItsGoldenVectors() throws Exception {
        String source = """
                import io.nous.sim.spi.UsageLimitPolicy;

                public final class Shaped implements UsageLimitPolicy {
                    private static final double GATE = 0.55;
                    private long cycles;

                    @Override
                    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
                        int n = priorities.length;
                        if (n < 2) {
                            return;
                        }
                        boolean open = true;
                        if (saturation > GATE && saturation < 1) {
                            long period = Math.max(2, Math.round(saturation * 7 - 1.5));
                            cycles++;
                            open = cycles % period < period / 3 + 1;
                        }
                        for (int i = 1; i < n; i++) {
                            double c = clamp(1.0 - (double) i / (n - 1) * Math.pow(saturation, 2) / 2);
                            ceilings[i] = saturation >= 1 ? 0.0 : open ? Math.min(ceilings[i - 1], c) : 0.0;
                        }
                        int half = (int) (n * 0.5);
                        for (double x : ceilings) {
                            half += x > 0.5 ? 0 : 1;
                        }
                        ceilings[0] = half >= 0 ? 1.0 : 0.0;
                    }

                    private double clamp(double v) {
                        if (Double.isNaN(v) || !Double.isFinite(v)) {
                            return 0.0;
                        }
                        return Double.max(0.0, Math.min(1.0, StrictMath.rint(v * 64) / 64 + Math.copySign(0.0, v)));
                    }
                }
                """;
        UsageLimitPackage pkg = export("shaped", source);
        Path out = dir.resolve("out");
        pkg.write(out);
        go(out, "vet", "./...");
        go(out, "test", "-count=1", "./...");
        lint(out);
    }

    @Test
    void refusesWhatItCannotTranslateWithTheLine() {
        String twoCounters = """
                public final class P implements io.nous.sim.spi.UsageLimitPolicy {
                    private long a;
                    private long b;
                    public void computeLimit(double s, int[] p, double[] c) { a++; }
                }
                """;
        assertThatThrownBy(() -> GoTranslator.translate(twoCounters)).isInstanceOf(Untranslatable.class)
                .hasMessageContaining("line 3").hasMessageContaining("second piece of state");
        String incInExpr = """
                public final class P implements io.nous.sim.spi.UsageLimitPolicy {
                    public void computeLimit(double s, int[] p, double[] c) {
                        int i = 0;
                        c[i++] = 0.5;
                    }
                }
                """;
        assertThatThrownBy(() -> GoTranslator.translate(incInExpr)).hasMessageContaining("line 4").hasMessageContaining("increment");
        String sw = """
                public final class P implements io.nous.sim.spi.UsageLimitPolicy {
                    public void computeLimit(double s, int[] p, double[] c) {
                        switch (p.length) { case 1: c[0] = 1.0; break; default: break; }
                    }
                }
                """;
        assertThatThrownBy(() -> GoTranslator.translate(sw)).hasMessageContaining("line 3").hasMessageContaining("switch");
    }

    @Test
    void refusesAPolicyThatBreaksTheContract() {
        io.nous.sim.spi.UsageLimitPolicy rising = (s, p, c) -> {
            for (int i = 0; i < p.length; i++) {
                c[i] = i == 0 && s > 0.8 ? 0.5 : 1.0;
            }
        };
        assertThatThrownBy(() -> GoldenVectors.record(() -> rising))
                .isInstanceOf(GoldenVectors.ContractBroken.class).hasMessageContaining("increase down the bands");
        io.nous.sim.spi.UsageLimitPolicy nan = (s, p, c) -> c[p.length - 1] = s > 1 ? Double.NaN : 1.0;
        assertThatThrownBy(() -> GoldenVectors.record(() -> nan)).hasMessageContaining("NaN");
    }
}
