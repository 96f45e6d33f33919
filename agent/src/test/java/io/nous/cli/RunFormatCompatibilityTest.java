package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run directory written by an earlier Nous (test resources, never regenerated) must stay usable:
 * listed, shown, replayed bit for bit, and its candidates exported. Guards every change to the
 * journal and the hypothesis store.
 */
class RunFormatCompatibilityTest {
    private static final String RUN = CheckedInRuns.RUN;

    @TempDir
    Path dir;

    private Path runsDir() throws Exception {
        return CheckedInRuns.copy(dir);
    }

    @Test
    void aRunWrittenOnDecemberFirstListsShowsReplaysAndExports() throws Exception {
        String runs = runsDir().toString();
        CliHarness list = CliHarness.run("runs", "list", "--runs-dir", runs);
        assertThat(list.exit()).as(list.err()).isZero();
        assertThat(list.out()).contains(RUN).contains("6 proposals");

        CliHarness show = CliHarness.run("runs", "show", RUN, "--runs-dir", runs);
        assertThat(show.exit()).as(show.err()).isZero();
        assertThat(show.out()).contains("objective critical-ttft").contains("seed c0001");

        CliHarness replay = CliHarness.run("replay", RUN, "--verify", "--runs-dir", runs);
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("bit for bit");

        Path out = dir.resolve("export");
        // that run promoted nothing: its candidates leave only with --force, after their standing
        CliHarness export = CliHarness.run("export", RUN, "c0007", "--runs-dir", runs, "--out", out.toString(), "--force");
        assertThat(export.exit()).as(export.err()).isZero();
        assertThat(export.out()).startsWith("standing: c0007 was not promoted");
        assertThat(out.resolve("PROVENANCE.md")).content().contains(RUN);
        GoToolchain.assertProved(export);
    }

    @Test
    void anAdmissionRunFromTheReleaseBeforeTheTypedReadingStillReadsEverywhere() throws Exception {
        String runs = CheckedInRuns.copy(dir, CheckedInRuns.BEFORE_TYPED_READING).toString();
        String run = CheckedInRuns.ADMISSION_RUN;
        CliHarness list = CliHarness.run("runs", "list", "--runs-dir", runs);
        assertThat(list.exit()).as(list.err()).isZero();
        assertThat(list.out()).contains(run).contains(CheckedInRuns.JOINT_RUN).contains("winner c0005");

        CliHarness show = CliHarness.run("runs", "show", run, "--runs-dir", runs);
        assertThat(show.exit()).as(show.err()).isZero();
        assertThat(show.out()).contains("problem admission").contains("objective critical-ttft-shed").contains("seed c0001");

        CliHarness replay = CliHarness.run("replay", run, "--verify", "--runs-dir", runs);
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("all 39 records bit for bit");

        CliHarness review = CliHarness.run("review", run, "c0005", "--journal-only", "--runs-dir", runs);
        assertThat(review.exit()).as(review.err()).isZero();
        assertThat(review.out()).contains("an admitter Nous evaluated").contains("| saturation |").contains("perturb-constant")
                .contains("### search");

        Path report = dir.resolve("report.html");
        CliHarness html = CliHarness.run("report", run, "c0005", "--runs-dir", runs, "--out", report.toString());
        assertThat(html.exit()).as(html.err()).isZero();
        assertThat(report).content().contains(run).contains("c0005");

        Path out = dir.resolve("export-admitter");
        CliHarness export = CliHarness.run("export", run, "c0005", "--force", "--runs-dir", runs, "--out", out.toString());
        assertThat(export.exit()).as(export.err()).isZero();
        assertThat(export.out()).contains("exported c0005 as the admitter nous-c0005-admitter");
        assertThat(out.resolve("PROVENANCE.md")).content().contains(run);
        GoToolchain.assertProved(export);
    }

    @Test
    void aJointRunFromTheReleaseBeforeTheTypedReadingStillReadsEverywhere() throws Exception {
        // its summary names the winner's source at the path the run was written at, which no longer exists
        String runs = CheckedInRuns.copy(dir, CheckedInRuns.BEFORE_TYPED_READING).toString();
        String run = CheckedInRuns.JOINT_RUN;
        CliHarness show = CliHarness.run("runs", "show", run, "--runs-dir", runs);
        assertThat(show.exit()).as(show.err()).isZero();
        assertThat(show.out()).contains("problem joint").contains("c0005");

        CliHarness replay = CliHarness.run("replay", run, "--verify", "--runs-dir", runs);
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("all 43 records bit for bit");

        CliHarness review = CliHarness.run("review", run, "--journal-only", "--runs-dir", runs);
        assertThat(review.exit()).as(review.err()).isZero();
        assertThat(review.out()).contains("a joint policy").contains("(`nous-c0005-policy`)").contains("(`nous-c0005-admitter`)")
                .contains("### A usage-limit policy").contains("### An admitter").contains("Its two halves were measured together");

        Path report = dir.resolve("joint.html");
        CliHarness html = CliHarness.run("report", run, "--runs-dir", runs, "--out", report.toString(), "--threads", "2");
        assertThat(html.exit()).as(html.err()).isZero();
        assertThat(report).content().contains("<h3>a usage-limit policy</h3>").contains("<h3>an admitter</h3>");

        Path out = dir.resolve("export-joint");
        CliHarness export = CliHarness.run("export", run, "--force", "--runs-dir", runs, "--out", out.toString());
        assertThat(export.exit()).as(export.err()).isZero();
        assertThat(out.resolve("limit/PROVENANCE.md")).content().contains(run);
        assertThat(out.resolve("admitter/PROVENANCE.md")).content().contains(run);
        assertThat(out.resolve("epp-config.yaml")).exists();
    }

    @Test
    void aRunFromANewerSchemaIsRefusedWithItsVersionNotMisread() throws Exception {
        Path runs = runsDir();
        Path config = runs.resolve(RUN).resolve("config.json");
        Files.writeString(config, Files.readString(config).replaceFirst("\\{", "{\"schema\": 99, "));
        CliHarness replay = CliHarness.run("replay", RUN, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).isEqualTo(2);
        assertThat(replay.err()).contains("journal schema version 99").contains("upgrade Nous").doesNotContain("Exception");
    }
}
