package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nous.store.RunStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code nous export}: real Go packages checked with the Go toolchain, provenance, and clear refusals. */
class ExportCommandTest {
    @TempDir
    Path dir;

    @Test
    void exportsABuiltInPolicyThatVetsAndPassesItsGoldenVectors() throws Exception {
        Path out = dir.resolve("srcp");
        CliHarness dup = CliHarness.run("export", "--policy", "soft-reflective-ceiling", "--out", out.toString());
        assertThat(dup.exit()).isEqualTo(2);
        assertThat(dup.err()).contains("behaves exactly like soft-reflective-ceiling-policy, which llm-d-router already ships")
                .contains("--force");
        assertThat(out).doesNotExist();
        CliHarness h = CliHarness.run("export", "--policy", "soft-reflective-ceiling", "--force", "--out", out.toString());
        assertThat(h.exit()).as(h.err()).isZero();
        assertThat(h.out()).contains("soft-reflective-ceiling-policy");
        assertThat(out.resolve("softreflectiveceiling/epp-config.yaml")).content()
                .contains("usageLimitPolicyPluginRef: soft-reflective-ceiling-policy");
        assertThat(out.resolve("go.mod")).content().contains("replace github.com/llm-d/llm-d-router => ./router-stub");
        GoToolchain.assertProved(h);
    }

    @Test
    void anAdmissionPolicyExportsAsARouterAdmitter() throws Exception {
        // the router's own probabilistic-admitter, at its defaults or at other parameters, is a duplicate
        for (String ref : List.of("probabilistic-admitter", "probabilistic-admitter:power=3,k=40")) {
            CliHarness dup = CliHarness.run("export", "--policy", ref, "--out", dir.resolve("dup").toString());
            assertThat(dup.exit()).isEqualTo(2);
            assertThat(dup.err()).contains("behaves exactly like probabilistic-admitter").contains("--force");
        }
        assertThat(dir.resolve("dup")).doesNotExist();
        Path file = dir.resolve("ShedAboveKnee.java");
        java.nio.file.Files.writeString(file, """
                import io.nous.sim.spi.AdmissionPolicy;

                public final class ShedAboveKnee implements AdmissionPolicy {
                    @Override
                    public boolean admit(int priority, double saturation, double u) {
                        if (priority >= 0) {
                            return true;
                        }
                        double p = saturation <= 0.85 ? 0 : Math.min(1, (saturation - 0.85) * 4);
                        return u >= p;
                    }
                }
                """);
        Path out = dir.resolve("shed");
        CliHarness h = CliHarness.run("export", "--policy", file.toString(), "--out", out.toString());
        assertThat(h.exit()).as(h.err()).isZero();
        assertThat(h.out()).contains("as the admitter shed-above-knee-admitter (package shedaboveknee");
        assertThat(out.resolve("shedaboveknee/plugin.go")).content().contains("func (p *policy) Admit(_ context.Context");
        assertThat(out.resolve("shedaboveknee/epp-config.yaml")).content().contains("type: shed-above-knee-admitter");
        assertThat(out.resolve("PROVENANCE.md")).content().contains("source/ShedAboveKnee.java");
        GoToolchain.assertProved(h);

        // into a router checkout: beside the router's own admitters, as a signed-off commit that builds and lints clean
        Path stub = RouterFixture.usageLimitStub(dir);
        Path router = RouterFixture.create(dir.resolve("router"), stub, out);
        String before = Files.readString(router.resolve("cmd/epp/runner/runner.go"));
        CliHarness placed = CliHarness.run("export", "--policy", file.toString(), "--out", dir.resolve("placed").toString(), "--router",
                router.toString());
        assertThat(placed.exit()).as(placed.err()).isZero();
        assertThat(placed.out()).contains("on branch nous/shed-above-knee-admitter")
                .contains("gh pr create --title 'Add shed-above-knee-admitter admitter (Alpha)'");
        String runner = Files.readString(router.resolve("cmd/epp/runner/runner.go"));
        assertThat(runner).isEqualTo(before
                .replace("\t\"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/requestcontrol/admitter/probabilisticadmitter\"\n",
                        "\t\"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/requestcontrol/admitter/probabilisticadmitter\"\n"
                                + "\t\"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/requestcontrol/admitter/shedaboveknee\"\n")
                .replace("probabilisticadmitter.Factory)\n",
                        "probabilisticadmitter.Factory)\n\t// Alpha\n"
                                + "\tfwkplugin.Register(shedaboveknee.AdmitterType, fwkplugin.StabilityAlpha, shedaboveknee.Factory)\n"));
        assertThat(router.resolve("pkg/epp/framework/plugins/requestcontrol/admitter/shedaboveknee/testdata/golden_vectors.json")).exists();
        assertThat(dir.resolve("placed/PR_DESCRIPTION.md")).content().contains("an Alpha admitter (admission control before scheduling)")
                .contains("New Alpha admitter `shed-above-knee-admitter`");
        try (org.eclipse.jgit.api.Git git = org.eclipse.jgit.api.Git.open(router.toFile())) {
            var head = git.log().setMaxCount(1).call().iterator().next();
            assertThat(head.getShortMessage()).isEqualTo("Add shed-above-knee-admitter admitter (Alpha)");
            assertThat(head.getFullMessage()).contains("pkg/epp/framework/plugins/requestcontrol/admitter/shedaboveknee")
                    .endsWith("\n\nSigned-off-by: Ada Maintainer <ada@example.com>\n");
        }
        GoToolchain.vetAndTest(router);
        // the same admitter again: the checkout already has a package that decides exactly so
        CliHarness again = CliHarness.run("export", "--policy", file.toString(), "--name", "knee-again", "--out", dir.resolve("again").toString(),
                "--router", router.toString());
        assertThat(again.exit()).isEqualTo(2);
        assertThat(again.err()).contains("already has").contains("requestcontrol/admitter/shedaboveknee").contains("--force");
    }

    @Test
    void anAdmitterDecidingOnASmoothedSaturationExportsItsAverageAsTheAtomicCounter() throws Exception {
        Path file = dir.resolve("Smoothed.java");
        Files.writeString(file, """
                import io.nous.sim.spi.AdmissionPolicy;

                public final class Smoothed implements AdmissionPolicy {
                    /** Calls the saturation is averaged over. */
                    private static final long WINDOW = 256;

                    /** Average saturation over the last calls, in millionths. */
                    private long smoothed;

                    @Override
                    public boolean admit(int priority, double saturation, double u) {
                        smoothed += ((long) (saturation * 1e6) - smoothed) / WINDOW;
                        double level = smoothed / 1e6;
                        if (priority >= 0) {
                            return true;
                        }
                        return u >= Math.min(1.0, Math.max(0.0, (level - 0.28) / 0.2));
                    }
                }
                """);
        Path out = dir.resolve("smoothed");
        CliHarness h = CliHarness.run("export", "--policy", file.toString(), "--out", out.toString());
        assertThat(h.exit()).as(h.err()).isZero();
        // the average is the plugin's one atomic field, documented from the Java field; the vectors replay in call order
        assertThat(out.resolve("smoothed/plugin.go")).content().contains("// smoothed average saturation over the last calls, in millionths.")
                .contains("smoothed atomic.Int64").contains("p.smoothed.Add(");
        GoToolchain.assertProved(h);
    }

    @Test
    void theSameExportIsTheSameBytesWithAndWithoutAGoToolchain() throws Exception {
        Map<String, byte[]> withGo = exportInAProcess(dir.resolve("with"), System.getenv("PATH"));
        Map<String, byte[]> withoutGo = exportInAProcess(dir.resolve("without"), dir.resolve("no-such-bin").toString());
        assertThat(withGo.keySet()).contains("softreflectiveceiling/policy.go", "softreflectiveceiling/testdata/golden_vectors.json");
        assertThat(withoutGo.keySet()).isEqualTo(withGo.keySet());
        for (String f : withGo.keySet()) {
            assertThat(withoutGo.get(f)).as(f).isEqualTo(withGo.get(f));
        }
    }

    /** Runs {@code nous export} in its own JVM with this PATH and returns every file it wrote. */
    private static Map<String, byte[]> exportInAProcess(Path out, String path) throws Exception {
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Nous.class.getName(), "export", "--policy", "soft-reflective-ceiling", "--force",
                "--out", out.toString());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("PATH", path);
        Process p = pb.start();
        String log = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(log).isZero();
        Map<String, byte[]> files = new java.util.TreeMap<>();
        try (Stream<Path> walk = Files.walk(out)) {
            for (Path f : walk.filter(Files::isRegularFile).toList()) {
                files.put(out.relativize(f).toString(), Files.readAllBytes(f));
            }
        }
        return files;
    }

    @Test
    void exportsABuiltInPolicyWithTheParametersItWasGiven() throws Exception {
        Path out = dir.resolve("holdback");
        CliHarness h = CliHarness.run("export", "--policy", "priority-holdback:minCeiling=0.7", "--name", "holdback-70", "--force", "--out",
                out.toString());
        assertThat(h.exit()).as(h.err()).isZero();
        JsonNode prov = new ObjectMapper().readTree(out.resolve("provenance.json").toFile());
        assertThat(prov.get("parameters").asText()).isEqualTo("minCeiling=0.7");
        String go;
        try (Stream<Path> files = Files.walk(out)) {
            go = files.filter(p -> p.toString().endsWith("policy.go")).findFirst().map(p -> {
                try {
                    return Files.readString(p);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).orElseThrow();
        }
        assertThat(go).contains("0.7").doesNotContain("0.5,");
        assertThat(out.resolve("PROVENANCE.md")).content().contains("with minCeiling=0.7");
        CliHarness bad = CliHarness.run("export", "--policy", "priority-holdback:minCeiling=7", "--out", dir.resolve("bad").toString());
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("minCeiling must be in [0, 1), got 7.0");
        GoToolchain.assertProved(h);
    }

    @Test
    void exportsAMavenModuleWhoseJUnitTestsReplayTheGoldenVectors() throws Exception {
        Path out = dir.resolve("java");
        CliHarness h = CliHarness.run("export", "--policy", "soft-reflective-ceiling", "--target", "java", "--out", out.toString());
        assertThat(h.exit()).as(h.err()).isZero();
        assertThat(out.resolve("src/main/java/io/nous/exported/softreflectiveceiling/SoftReflectiveCeilingPolicy.java")).content()
                .startsWith("package io.nous.exported.softreflectiveceiling;");
        Process p = new ProcessBuilder("mvn", "-o", "-q", "-B", "test").directory(out.toFile()).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(log).isZero();
        assertThat(out.resolve("target/surefire-reports")).isDirectoryContaining(f -> f.toString().endsWith("GoldenTest.txt"));
        String report = Files.readString(out.resolve("target/surefire-reports/io.nous.exported.softreflectiveceiling.SoftReflectiveCeilingPolicyGoldenTest.txt"));
        assertThat(report).containsPattern("Tests run: \\d{3}, Failures: 0, Errors: 0");
    }

    @Test
    void aRoutingScorerExportsAsARouterScorerAndGoesIntoTheCheckoutWithTheSchedulingPlugins() throws Exception {
        // the router's own scorers, as the routing class writes them, are duplicates
        CliHarness dup = CliHarness.run("export", "--policy", "token-load", "--out", dir.resolve("dup").toString());
        assertThat(dup.exit()).isEqualTo(2);
        assertThat(dup.err()).contains("scores exactly like token-load-scorer, which llm-d-router already ships")
                .contains("pluginRef: token-load-scorer").contains("--force").doesNotContain("Exception");
        // at other parameters too, read off the candidate's own scores
        for (String[] ref : new String[][] {{"token-load:queueThresholdTokens=100000", "token-load-scorer with queueThresholdTokens=100000"},
            {"active-request:idleThreshold=2,maxBusyScore=0.5", "active-request-scorer with idleThreshold=2,maxBusyScore=0.5"}}) {
            CliHarness p = CliHarness.run("export", "--policy", ref[0], "--out", dir.resolve("dup").toString());
            assertThat(p.exit()).as(p.out()).isEqualTo(2);
            assertThat(p.err()).contains("scores exactly like " + ref[1] + ", which llm-d-router already ships");
        }
        assertThat(dir.resolve("dup")).doesNotExist();
        CliHarness java = CliHarness.run("export", "--policy", "lab-affinity-token-load", "--target", "java", "--out", dir.resolve("j").toString());
        assertThat(java.exit()).isEqualTo(2);
        assertThat(java.err()).contains("routing scorers are exported as Go Scorer plugins");

        Path out = dir.resolve("sticky");
        CliHarness h = CliHarness.run("export", "--policy", "lab-affinity-token-load", "--out", out.toString());
        assertThat(h.exit()).as(h.err()).isZero();
        assertThat(h.out()).contains("as the scorer lab-affinity-token-load-scorer (package labaffinitytokenload, 56 golden endpoint sets)");
        assertThat(out.resolve("labaffinitytokenload/scorer.go")).content()
                .contains("func (p *policy) Score(_ context.Context, request *fwksched.InferenceRequest, endpoints []fwksched.Endpoint)");
        assertThat(out.resolve("labaffinitytokenload/epp-config.yaml")).content().contains("pluginRef: lab-affinity-token-load-scorer");
        assertThat(out.resolve("PROVENANCE.md")).content().contains("The routing scorer `lab-affinity-token-load`");
        GoToolchain.assertProved(h);

        // into a router checkout: registered with the scheduling plugins, as a signed-off commit that builds and lints clean
        Path stub = RouterFixture.usageLimitStub(dir);
        Path router = RouterFixture.create(dir.resolve("router"), stub, out);
        String before = Files.readString(router.resolve("cmd/epp/runner/runner.go"));
        CliHarness placed = CliHarness.run("export", "--policy", "lab-affinity-token-load", "--out", dir.resolve("placed").toString(),
                "--router", router.toString());
        assertThat(placed.exit()).as(placed.err()).isZero();
        assertThat(placed.out()).contains("on branch nous/lab-affinity-token-load-scorer")
                .contains("gh pr create --title 'Add lab-affinity-token-load-scorer scorer (Alpha)'");
        String runner = Files.readString(router.resolve("cmd/epp/runner/runner.go"));
        assertThat(runner).isEqualTo(before
                .replace("\t\"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/scheduling/scorer/prefix\"\n",
                        "\t\"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/scheduling/scorer/labaffinitytokenload\"\n"
                                + "\t\"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/scheduling/scorer/prefix\"\n")
                .replace("//nolint:staticcheck // deprecated in v0.7.0 (#732)\n",
                        "//nolint:staticcheck // deprecated in v0.7.0 (#732)\n\t// Alpha\n"
                                + "\tfwkplugin.Register(labaffinitytokenload.ScorerType, fwkplugin.StabilityAlpha, labaffinitytokenload.Factory)\n"));
        assertThat(router.resolve("pkg/epp/framework/plugins/scheduling/scorer/labaffinitytokenload/testdata/golden_vectors.json")).exists();
        assertThat(router.resolve("deploy/config/lab-affinity-token-load-scorer-epp-config.yaml")).content()
                .contains("pluginRef: lab-affinity-token-load-scorer");
        assertThat(dir.resolve("placed/RUNBOOK.md")).content().contains("## What it prefers").contains("vllm:num_requests_waiting")
                .contains("replace `pluginRef: lab-affinity-token-load-scorer`");
        assertThat(dir.resolve("placed/PR_DESCRIPTION.md")).content().contains("an Alpha scheduling scorer (which endpoint a request goes to)")
                .contains("New Alpha scheduling scorer `lab-affinity-token-load-scorer`");
        try (org.eclipse.jgit.api.Git git = org.eclipse.jgit.api.Git.open(router.toFile())) {
            var head = git.log().setMaxCount(1).call().iterator().next();
            assertThat(head.getShortMessage()).isEqualTo("Add lab-affinity-token-load-scorer scorer (Alpha)");
            assertThat(head.getFullMessage()).contains("registered with the scheduling scorers")
                    .endsWith("\n\nSigned-off-by: Ada Maintainer <ada@example.com>\n");
        }
        GoToolchain.vetAndTest(router);
        CliHarness again = CliHarness.run("export", "--policy", "lab-affinity-token-load", "--name", "sticky-again", "--out",
                dir.resolve("again").toString(), "--router", router.toString());
        assertThat(again.exit()).isEqualTo(2);
        assertThat(again.err()).contains("already has").contains("scheduling/scorer/labaffinitytokenload").contains("--force");
    }

    @Test
    void placesTheWinnerInARealRouterLayoutAsACleanSignedOffCommit() throws Exception {
        Path runs = dir.resolve("runs");
        assertThat(CliHarness.run("discover", "--problem", "flow-control", "--seed-policies", "static-usage-limit", "--matrix", TestMatrices.flowControl(dir).toString(),
                "--budget", "4", "--seeds", "1",
                "--duration", "60", "--threads", "2", "--seed", "3", "--runs-dir", runs.toString(), "--no-progress").exit()).isZero();
        String id = CliHarness.onlyRun(runs);
        // a candidate of the run that is not an upstream policy; a four-proposal run does not beat the router's own policy, so
        // the export needs --force and the PR says in its title that it is not for merging
        String candidate = "c0002";
        Path stub = RouterFixture.usageLimitStub(dir);
        Path router = RouterFixture.create(dir.resolve("router"), stub);
        String before = Files.readString(router.resolve("cmd/epp/runner/runner.go"));
        Files.writeString(router.resolve("scratch.txt"), "uncommitted");
        CliHarness refused = CliHarness.run("export", id, candidate, "--runs-dir", runs.toString(), "--out", dir.resolve("x0").toString(),
                "--router", router.toString());
        assertThat(refused.exit()).isEqualTo(7);
        assertThat(refused.err()).contains("not exported: " + candidate).contains("--force");
        CliHarness dirty = CliHarness.run("export", id, candidate, "--runs-dir", runs.toString(), "--out", dir.resolve("x1").toString(),
                "--router", router.toString(), "--force");
        assertThat(dirty.exit()).isNotZero();
        assertThat(dirty.err()).contains("uncommitted changes").contains("scratch.txt");
        Files.delete(router.resolve("scratch.txt"));

        Path out = dir.resolve("x2");
        CliHarness h = CliHarness.run("export", id, candidate, "--runs-dir", runs.toString(), "--out", out.toString(),
                "--router", router.toString(), "--force");
        assertThat(h.exit()).as(h.err()).isZero();
        String type = "nous-" + candidate + "-policy";
        assertThat(h.out()).contains("on branch nous/" + type)
                .contains("gh pr create --title 'Not for merging: Add " + type + " usage-limit policy (Alpha)'")
                .contains("--body-file");
        try (org.eclipse.jgit.api.Git git = org.eclipse.jgit.api.Git.open(router.toFile())) {
            assertThat(git.getRepository().getBranch()).isEqualTo("nous/" + type);
            var head = git.log().setMaxCount(1).call().iterator().next();
            assertThat(head.getShortMessage()).isEqualTo("Not for merging: Add " + type + " usage-limit policy (Alpha)");
            assertThat(head.getFullMessage()).endsWith("\n\nSigned-off-by: Ada Maintainer <ada@example.com>\n")
                    .doesNotContainPattern("[^\\x00-\\x7F]");
            assertThat(head.getAuthorIdent().getName()).isEqualTo("Ada Maintainer");
            assertThat(head.getCommitterIdent().getEmailAddress()).isEqualTo("ada@example.com");
            assertThat(git.status().call().isClean()).isTrue();
            var diff = new java.io.ByteArrayOutputStream();
            try (var formatter = new org.eclipse.jgit.diff.DiffFormatter(diff)) {
                formatter.setRepository(git.getRepository());
                for (var entry : formatter.scan(head.getParent(0), head)) {
                    formatter.format(entry);
                }
            }
            Files.writeString(dir.resolve("commit.diff"), diff.toString(java.nio.charset.StandardCharsets.UTF_8));
        }
        String runner = Files.readString(router.resolve("cmd/epp/runner/runner.go"));
        String pkg = "nous" + candidate;
        // the import among the router's own, in sorted order; the registration with the Alpha flow-control plugins
        assertThat(runner).contains("\t\"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/flowcontrol/usagelimits/" + pkg + "\"\n"
                + "\t\"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/flowcontrol/usagelimits/priorityholdback\"\n");
        assertThat(runner).contains("\tfwkplugin.Register(softreflectiveceiling.PolicyType, fwkplugin.StabilityAlpha, softreflectiveceiling.Factory)\n"
                + "\tfwkplugin.Register(" + pkg + ".PolicyType, fwkplugin.StabilityAlpha, " + pkg + ".Factory)\n\n"
                + "\t// Latency predictor plugins\n");
        assertThat(runner.lines().count()).isEqualTo(before.lines().count() + 2);
        assertThat(router.resolve("pkg/epp/framework/plugins/flowcontrol/usagelimits/" + pkg + "/testdata/golden_vectors.json")).exists();
        assertThat(router.resolve("deploy/config/nous-" + candidate + "-epp-config.yaml")).exists();
        // the operator's page: what the policy does under load, the router's signals, and the way back
        assertThat(out.resolve("RUNBOOK.md")).content().contains("# Runbook: " + type).contains("| saturation | critical band | sheddable band |")
                .contains("`llm_d_epp_flow_control_queue_size{priority}`").contains("## Roll back")
                .contains("usageLimitPolicyPluginRef` back at `soft-reflective-ceiling-policy`");
        String body = Files.readString(out.resolve("PR_DESCRIPTION.md"));
        assertThat(body).startsWith("**What type of PR is this?**\n\n/kind feature\n").contains("**What this PR does / why we need it**:")
                .contains("```release-note\nNew Alpha usage-limit policy `" + type + "`").contains("### Regressions");
        // gofmt -l, go vet, go test (the runner's test builds every registered plugin) and staticcheck, in the checkout
        GoToolchain.vetAndTest(router);

        // the same candidate again without --force: the evidence refuses it before anything is built (a package the checkout
        // already has is refused by name too: see the scorer export above)
        CliHarness again = CliHarness.run("export", id, candidate, "--runs-dir", runs.toString(), "--out", dir.resolve("x3").toString(),
                "--router", router.toString(), "--name", "again");
        assertThat(again.exit()).isEqualTo(7);
        assertThat(again.err()).contains("not exported: " + candidate).contains("--force");
        assertThat(dir.resolve("x3")).doesNotExist();
    }

    @Test
    void theRouterCommitNeedsAnIdentityAndKeepsTheCheckoutUntouchedWithoutOne() throws Exception {
        Path stub = RouterFixture.usageLimitStub(dir);
        Path router = RouterFixture.create(dir.resolve("router"), stub);
        CliHarness badAuthor = CliHarness.run("export", "--policy", "priority-holdback:minCeiling=0.2", "--force", "--name", "holdback-20",
                "--out", dir.resolve("a").toString(), "--router", router.toString(), "--author", "nobody");
        assertThat(badAuthor.exit()).isEqualTo(2);
        assertThat(badAuthor.err()).contains("--author must look like 'Name <name@example.com>'");
        CliHarness ok = CliHarness.run("export", "--policy", "priority-holdback:minCeiling=0.2", "--force", "--name", "holdback-20",
                "--out", dir.resolve("b").toString(), "--router", router.toString(), "--author", "Bo Reviewer <bo@example.org>", "--no-signoff");
        assertThat(ok.exit()).as(ok.err()).isZero();
        try (org.eclipse.jgit.api.Git git = org.eclipse.jgit.api.Git.open(router.toFile())) {
            var head = git.log().setMaxCount(1).call().iterator().next();
            assertThat(head.getAuthorIdent().getEmailAddress()).isEqualTo("bo@example.org");
            assertThat(head.getFullMessage()).doesNotContain("Signed-off-by");
        }
    }

    @Test
    void aWinnerFromBeforeTheRouterContractNamesTheBestExportableCandidate() throws Exception {
        Path runs = dir.resolve("my runs");
        var run = new RunStore(runs).create("old", new ObjectMapper().createObjectNode().put("proposer", "evolve"));
        try (var j = run.openJournal()) {
            HandMadeRuns.candidate(run, j, "c0002", io.nous.policy.PolicyRegistry.builtin().template("soft-reflective-ceiling").source());
            HandMadeRuns.candidate(run, j, "c0003", """
                import io.nous.sim.spi.UsageLimitPolicy;

                public final class TwoCounters implements UsageLimitPolicy {
                    private long a;
                    private long b;

                    @Override
                    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
                        a++;
                        b += 2;
                        for (int i = 0; i < ceilings.length; i++) {
                            ceilings[i] = (i > 0 && saturation > 0.7 && (a + b) % 5 != 0) ? 0.0 : 1.0;
                        }
                    }
                }
                """);
            var json = new ObjectMapper();
            j.append("promotion", json.createObjectNode().put("candidate", "c0002").put("accepted", true));
            j.append("promotion", json.createObjectNode().put("candidate", "c0003").put("accepted", true));
        }
        Files.writeString(run.summaryFile(), "{\"run_id\":\"old\",\"best\":{\"candidate_id\":\"c0003\","
                + "\"search\":{\"change\":-0.4,\"ci_low\":-0.5,\"ci_high\":-0.3,\"verdict\":\"better\"}}}\n");
        Path out = dir.resolve("w");
        CliHarness h = CliHarness.run("export", "old", "--runs-dir", runs.toString(), "--out", out.toString());
        assertThat(h.exit()).isEqualTo(2);
        assertThat(h.err()).contains("cannot export c0003 to Go: line 5")
                .contains("the best exportable candidate of run old is c0002")
                .contains("nous export old c0002 --runs-dir '" + runs + "' --out " + out);
        assertThat(out).doesNotExist();
        CliHarness ok = CliHarness.run("export", "old", "c0002", "--runs-dir", runs.toString(), "--out", out.toString(), "--force");
        assertThat(ok.exit()).as(ok.err()).isZero();
    }

    @Test
    void refusalsAreClear() throws Exception {
        Path runs = dir.resolve("runs");
        CliHarness noRun = CliHarness.run("export", "nope", "--runs-dir", runs.toString(), "--out", dir.resolve("a").toString());
        assertThat(noRun.exit()).isNotZero();
        assertThat(noRun.err()).contains("no run 'nope'").doesNotContain("\tat ");

        var run = new RunStore(runs).create("r1", new ObjectMapper().createObjectNode().put("proposer", "evolve"));
        try (var j = run.openJournal()) {
            HandMadeRuns.candidate(run, j, "c0001", """
                import io.nous.sim.spi.UsageLimitPolicy;

                public final class Switchy implements UsageLimitPolicy {
                    @Override
                    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
                        switch (priorities.length) {
                            case 2: ceilings[1] = saturation > 0.8 ? 0.0 : 1.0; break;
                            default: break;
                        }
                    }
                }
                """);
        }
        CliHarness missing = CliHarness.run("export", "r1", "c0042", "--runs-dir", runs.toString(), "--out", dir.resolve("b").toString());
        assertThat(missing.exit()).isNotZero();
        assertThat(missing.err()).contains("no candidate 'c0042'");
        CliHarness sw = CliHarness.run("export", "r1", "c0001", "--runs-dir", runs.toString(), "--out", dir.resolve("c").toString(), "--force");
        assertThat(sw.exit()).isNotZero();
        assertThat(sw.err()).contains("cannot export c0001 to Go").contains("line 6").contains("switch");
        assertThat(dir.resolve("c")).doesNotExist();

        Path full = Files.createDirectories(dir.resolve("full"));
        Files.writeString(full.resolve("keep.txt"), "mine");
        CliHarness notEmpty = CliHarness.run("export", "--policy", "soft-reflective-ceiling", "--force", "--out", full.toString());
        assertThat(notEmpty.exit()).isNotZero();
        assertThat(notEmpty.err()).contains("is not empty");
        assertThat(full.resolve("keep.txt")).content().isEqualTo("mine");

        CliHarness rust = CliHarness.run("export", "--policy", "soft-reflective-ceiling", "--target", "rust", "--out", dir.resolve("j").toString());
        assertThat(rust.exit()).isNotZero();
        assertThat(rust.err()).contains("--target rust is not available");
    }
}
