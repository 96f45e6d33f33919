package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The P/D problem class end to end at small scale: {@code discover --problem pd} searches deciders on
 * pools split into prefill and decode pods, scores them by critical TTFT with ITL held, meets the
 * router's always-disagg on the test split, and replays bit for bit; the router's own decider exports
 * only when forced, as files of the router's disagg package; a decider given to a pool without prefill
 * pods is refused by name.
 */
class PdDiscoverTest {
    @TempDir
    Path dir;

    @Test
    void aPdSearchRunsMeetsTheRoutersDecidersAndReplays() throws Exception {
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run("discover", "--problem", "pd", "--matrix", TestMatrices.pd(dir).toString(),
                "--budget", "3", "--seeds", "1", "--seeds-up-to", "0", "--threads", "2", "--seed", "2", "--runs-dir", runs.toString(),
                "--no-progress");
        assertThat(h.exit()).as(h.out() + h.err()).isZero();
        String id = CliHarness.onlyRun(runs);
        Path run = runs.resolve(id);
        var config = new ObjectMapper().readTree(run.resolve("config.json").toFile());
        assertThat(config.get("problem").asText()).isEqualTo("pd");
        assertThat(config.get("objective").asText()).isEqualTo("pd-ttft");
        // without --duration a run simulates what its matrix says (120 s here), and records it for replay
        assertThat(config.get("duration_seconds").asDouble()).isEqualTo(120.0);
        assertThat(Files.readString(run.resolve("candidates/c0001.java"))).contains("implements DisaggregationDecider");
        assertThat(h.out()).contains("the upstream always-disagg on the test split").doesNotContain("] rejected:");
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("bit for bit");
        // the seed is the router's own decider and was not promoted: exported only when forced
        CliHarness same = CliHarness.run("export", id, "c0001", "--runs-dir", runs.toString(), "--out", dir.resolve("x").toString());
        assertThat(same.exit()).isNotZero();
        assertThat(same.err()).contains("c0001 was not promoted").contains("nothing was written");
        CliHarness export = CliHarness.run("export", id, "c0001", "--force", "--runs-dir", runs.toString(), "--out",
                dir.resolve("y").toString());
        assertThat(export.exit()).as(export.out() + export.err()).isZero();
        assertThat(dir.resolve("y/disagg/nous_pd_decider.go")).exists();
        assertThat(dir.resolve("y/disagg/decider_plugin.go")).exists(); // the stand-in of the router's own file, for the stand-alone build
        assertThat(Files.readString(dir.resolve("y/RUNBOOK.md"))).contains("llm_d_epp_pd_decision_total");
    }

    @Test
    void aSearchStartsFromAHandPointNamedWithItsParametersAndReplays() throws Exception {
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run("discover", "--problem", "pd", "--matrix", TestMatrices.pd(dir).toString(),
                "--seed-policies", "prefix-based-pd, light-local-pd:localBelowRunning=1,maxLocalUncached=1024",
                "--budget", "1", "--seeds", "1", "--seeds-up-to", "0", "--threads", "2", "--seed", "2", "--runs-dir", runs.toString(),
                "--no-progress");
        assertThat(h.exit()).as(h.out() + h.err()).isZero();
        String id = CliHarness.onlyRun(runs);
        var config = new ObjectMapper().readTree(runs.resolve(id).resolve("config.json").toFile());
        assertThat(config.get("seed_policies").toString())
                .isEqualTo("[\"prefix-based-pd\",\"light-local-pd:localBelowRunning=1,maxLocalUncached=1024\"]");
        assertThat(Files.readString(runs.resolve(id).resolve("candidates/c0002.java"))).contains("this(16, 1, 1024);");
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        // a parameter the template does not have is refused by name, before anything runs
        CliHarness bad = CliHarness.run("discover", "--problem", "pd", "--seed-policies", "light-local-pd:maxLocal=1024",
                "--runs-dir", dir.resolve("bad").toString());
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("--seed-policies for --problem pd:").contains("maxLocal").doesNotContain("Exception");
        assertThat(dir.resolve("bad")).doesNotExist();
    }

    @Test
    void aSeedListSeparatesReferencesFromTheirParameters() {
        assertThat(DiscoverCommand.seedReferences("a, b:x=1,y=2 ,c+d:z=3,w=4,e"))
                .containsExactly("a", "b:x=1,y=2", "c+d:z=3,w=4", "e");
        assertThat(DiscoverCommand.seedReferences("a:x=1+b:y=2,z=3")).containsExactly("a:x=1+b:y=2,z=3");
    }

    @Test
    void aDeciderRunsOnlyWherePromptsCanGoToAPrefillPod() {
        CliHarness ok = CliHarness.run("simulate", "--workload", "code-completion", "--qps", "6", "--duration", "60",
                "--deployment", "pd-2p2d", "--plug", "pd-decider=threshold-pd:minUncached=100000");
        assertThat(ok.exit()).as(ok.err()).isZero();
        assertThat(ok.out()).contains("0 measured requests disaggregated (0%)");
        CliHarness refused = CliHarness.run("simulate", "--workload", "code-completion", "--qps", "6", "--duration", "60",
                "--plug", "pd-decider=threshold-pd");
        assertThat(refused.exit()).isEqualTo(2);
        assertThat(refused.err()).contains("a P/D decider decides between prefill and decode pods").doesNotContain("Exception");
    }
}
