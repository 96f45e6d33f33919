package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nous.store.RunStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code nous export}: real Go packages checked with the Go toolchain, provenance, and clear refusals. */
class ExportCommandTest {
    @TempDir
    Path dir;

    private static void goVetAndTest(Path module) throws Exception {
        GoToolchain.vetAndTest(module);
    }

    @Test
    void exportsABuiltInPolicyThatVetsAndPassesItsGoldenVectors() throws Exception {
        Path out = dir.resolve("srcp");
        CliHarness h = CliHarness.run("export", "--policy", "soft-reflective-ceiling", "--out", out.toString());
        assertThat(h.exit()).as(h.err()).isZero();
        assertThat(h.out()).contains("soft-reflective-ceiling-policy");
        assertThat(out.resolve("softreflectiveceiling/epp-config.yaml")).content()
                .contains("usageLimitPolicyPluginRef: soft-reflective-ceiling-policy");
        assertThat(out.resolve("go.mod")).content().contains("replace github.com/llm-d/llm-d-router => ./router-stub");
        goVetAndTest(out);
    }

    @Test
    void exportsABuiltInPolicyWithTheParametersItWasGiven() throws Exception {
        Path out = dir.resolve("holdback");
        CliHarness h = CliHarness.run("export", "--policy", "priority-holdback:minCeiling=0.7", "--name", "holdback-70", "--out", out.toString());
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
        goVetAndTest(out);
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
        assertThat(report).contains("Tests run: 141, Failures: 0");
    }

    /** A minimal llm-d-router checkout: its module, the plugin interfaces, and a runner with registerInTreePlugins. */
    private Path fakeRouter() throws Exception {
        Path r = dir.resolve("router");
        Path stub = dir.resolve("stub");
        CliHarness.run("export", "--policy", "static-usage-limit", "--out", stub.toString());
        Files.createDirectories(r.resolve("cmd/epp/runner"));
        Files.writeString(r.resolve("go.mod"), "module github.com/llm-d/llm-d-router\n\ngo 1.19\n");
        for (String pkg : List.of("plugin/plugin.go", "flowcontrol/plugins.go")) {
            Path to = r.resolve("pkg/epp/framework/interface/" + pkg);
            Files.createDirectories(to.getParent());
            Files.copy(stub.resolve("router-stub/pkg/epp/framework/interface/" + pkg), to);
        }
        Files.writeString(r.resolve("cmd/epp/runner/runner.go"), """
                package runner

                import (
                	"fmt"

                	fwkplugin "github.com/llm-d/llm-d-router/pkg/epp/framework/interface/plugin"
                )

                func registerInTreePlugins() {
                	fmt.Println("registering")
                }

                // Registered lists the registered plugin types.
                func Registered() []string {
                	registerInTreePlugins()
                	var out []string
                	for k := range fwkplugin.Registry {
                		out = append(out, k)
                	}
                	return out
                }
                """);
        try (org.eclipse.jgit.api.Git git = org.eclipse.jgit.api.Git.init().setDirectory(r.toFile()).setInitialBranch("main").call()) {
            git.add().addFilepattern(".").call();
            git.commit().setMessage("router").setAuthor("t", "t@t").setCommitter("t", "t@t").call();
        }
        return r;
    }

    @Test
    void placesTheWinnerInARouterCheckoutOnANewBranch() throws Exception {
        Path runs = dir.resolve("runs");
        assertThat(CliHarness.run("discover", "--seed-policies", "static-usage-limit,soft-reflective-ceiling", "--budget", "1", "--seeds", "1",
                "--duration", "60", "--threads", "2", "--runs-dir", runs.toString(), "--no-progress").exit()).isZero();
        String id;
        try (Stream<Path> s = Files.list(runs)) {
            id = s.map(p -> p.getFileName().toString()).findFirst().orElseThrow();
        }
        Path router = fakeRouter();
        Files.writeString(router.resolve("scratch.txt"), "uncommitted");
        CliHarness dirty = CliHarness.run("export", id, "c0002", "--runs-dir", runs.toString(), "--out", dir.resolve("x1").toString(),
                "--router", router.toString());
        assertThat(dirty.exit()).isNotZero();
        assertThat(dirty.err()).contains("uncommitted changes").contains("scratch.txt");
        Files.delete(router.resolve("scratch.txt"));

        CliHarness h = CliHarness.run("export", id, "c0002", "--runs-dir", runs.toString(), "--out", dir.resolve("x2").toString(),
                "--router", router.toString());
        assertThat(h.exit()).as(h.err()).isZero();
        assertThat(h.out()).contains("on branch nous/nous-c0002-policy");
        try (org.eclipse.jgit.api.Git git = org.eclipse.jgit.api.Git.open(router.toFile())) {
            assertThat(git.getRepository().getBranch()).isEqualTo("nous/nous-c0002-policy");
            var head = git.log().setMaxCount(1).call().iterator().next();
            assertThat(head.getFullMessage()).startsWith("# Add `nous-c0002-policy`").contains("## Results");
            assertThat(git.status().call().isClean()).isTrue();
        }
        assertThat(router.resolve("cmd/epp/runner/runner.go")).content()
                .contains("fwkplugin.Register(nousc0002.PolicyType, fwkplugin.StabilityAlpha, nousc0002.Factory)")
                .contains("\"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/flowcontrol/usagelimits/nousc0002\"");
        assertThat(router.resolve("pkg/epp/framework/plugins/flowcontrol/usagelimits/nousc0002/policy_test.go")).exists();
        assertThat(router.resolve("deploy/config/nous-c0002-epp-config.yaml")).exists();
        goVetAndTest(router);
    }

    @Test
    void aWinnerFromBeforeTheRouterContractNamesTheBestExportableCandidate() throws Exception {
        Path runs = dir.resolve("my runs");
        var run = new RunStore(runs).create("old", new ObjectMapper().createObjectNode().put("proposer", "evolve"));
        run.writeCandidate("c0002", io.nous.policy.PolicyRegistry.builtin().template("soft-reflective-ceiling").source());
        run.writeCandidate("c0003", """
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
        try (var j = run.openJournal()) {
            var json = new ObjectMapper();
            j.append("promotion", json.createObjectNode().put("candidate", "c0002").put("accepted", true));
            j.append("promotion", json.createObjectNode().put("candidate", "c0003").put("accepted", true));
        }
        Files.writeString(run.summaryFile(), "{\"best\":{\"candidate_id\":\"c0003\"}}\n");
        Path out = dir.resolve("w");
        CliHarness h = CliHarness.run("export", "old", "--runs-dir", runs.toString(), "--out", out.toString());
        assertThat(h.exit()).isEqualTo(2);
        assertThat(h.err()).contains("cannot export c0003 to Go: line 5")
                .contains("the best exportable candidate of run old is c0002")
                .contains("nous export old c0002 --runs-dir '" + runs + "' --out " + out);
        assertThat(out).doesNotExist();
        CliHarness ok = CliHarness.run("export", "old", "c0002", "--runs-dir", runs.toString(), "--out", out.toString());
        assertThat(ok.exit()).as(ok.err()).isZero();
    }

    @Test
    void refusalsAreClear() throws Exception {
        Path runs = dir.resolve("runs");
        CliHarness noRun = CliHarness.run("export", "nope", "--runs-dir", runs.toString(), "--out", dir.resolve("a").toString());
        assertThat(noRun.exit()).isNotZero();
        assertThat(noRun.err()).contains("no run 'nope'").doesNotContain("\tat ");

        var run = new RunStore(runs).create("r1", new ObjectMapper().createObjectNode().put("proposer", "evolve"));
        run.openJournal().close();
        run.writeCandidate("c0001", """
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
        CliHarness missing = CliHarness.run("export", "r1", "c0042", "--runs-dir", runs.toString(), "--out", dir.resolve("b").toString());
        assertThat(missing.exit()).isNotZero();
        assertThat(missing.err()).contains("no candidate 'c0042'");
        CliHarness sw = CliHarness.run("export", "r1", "c0001", "--runs-dir", runs.toString(), "--out", dir.resolve("c").toString());
        assertThat(sw.exit()).isNotZero();
        assertThat(sw.err()).contains("cannot export c0001 to Go").contains("line 6").contains("switch");
        assertThat(dir.resolve("c")).doesNotExist();

        Path full = Files.createDirectories(dir.resolve("full"));
        Files.writeString(full.resolve("keep.txt"), "mine");
        CliHarness notEmpty = CliHarness.run("export", "--policy", "soft-reflective-ceiling", "--out", full.toString());
        assertThat(notEmpty.exit()).isNotZero();
        assertThat(notEmpty.err()).contains("is not empty");
        assertThat(full.resolve("keep.txt")).content().isEqualTo("mine");

        CliHarness rust = CliHarness.run("export", "--policy", "soft-reflective-ceiling", "--target", "rust", "--out", dir.resolve("j").toString());
        assertThat(rust.exit()).isNotZero();
        assertThat(rust.err()).contains("--target rust is not available");
    }
}
