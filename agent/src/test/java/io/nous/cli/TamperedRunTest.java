package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run directory someone has edited by hand — a candidate's source changed or replaced by a symlink,
 * summary.json rewritten, the journal cut short — must never be exported, reviewed or reported as if
 * it were what was measured. Every command either works from the parts still intact or refuses with
 * one line naming the file, never a stack trace, and never changes the files it read.
 */
class TamperedRunTest {
    private static final String RUN = CheckedInRuns.RUN;
    private static final String CANDIDATE = "c0007";

    @TempDir
    Path dir;

    private Path runs;
    private Path run;

    private void copy() throws Exception {
        runs = CheckedInRuns.copy(dir);
        run = runs.resolve(RUN);
    }

    private CliHarness cli(String... args) {
        String[] all = new String[args.length + 2];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--runs-dir";
        all[args.length + 1] = runs.toString();
        return CliHarness.run(all);
    }

    private static void assertOneLineRefusal(CliHarness r, String... mentions) {
        assertThat(r.exit()).as(r.out() + r.err()).isNotZero();
        assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(r.err().strip().lines().count()).as(r.err()).isLessThanOrEqualTo(2);
        assertThat(r.err()).contains(mentions);
    }

    private static void assertNoStackTrace(CliHarness r) {
        assertThat(r.out() + r.err()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void anEditedCandidateSourceIsNeitherExportedNorReviewedAndReplayDiverges() throws Exception {
        copy();
        Path source = run.resolve("candidates").resolve(CANDIDATE + ".java");
        String edited = Files.readString(source).replace("0.58", "0.85");
        Files.writeString(source, edited);

        Path out = dir.resolve("export");
        assertOneLineRefusal(cli("export", RUN, CANDIDATE, "--out", out.toString()), CANDIDATE);
        assertThat(out).doesNotExist();
        assertOneLineRefusal(cli("review", RUN, CANDIDATE), CANDIDATE);
        assertOneLineRefusal(cli("report", RUN, CANDIDATE, "--out", dir.resolve("r.html").toString()), CANDIDATE);
        assertThat(dir.resolve("r.html")).doesNotExist();

        CliHarness replay = cli("replay", RUN, "--verify");
        assertThat(replay.exit()).as(replay.out() + replay.err()).isEqualTo(5);
        assertNoStackTrace(replay);
        assertThat(replay.out() + replay.err()).contains(CANDIDATE);

        CliHarness list = cli("runs", "list");
        assertThat(list.exit()).as(list.err()).isZero();
        assertThat(list.out()).contains(RUN);
        assertNoStackTrace(cli("runs", "show", RUN));
        assertNoStackTrace(cli("principles"));
        assertThat(source).content().isEqualTo(edited);
    }

    @Test
    void aCandidateSourceReplacedByASymlinkIsNotFollowed() throws Exception {
        copy();
        Path source = run.resolve("candidates").resolve(CANDIDATE + ".java");
        Path elsewhere = dir.resolve("elsewhere.java");
        Files.move(source, elsewhere);
        Files.createSymbolicLink(source, elsewhere);

        Path out = dir.resolve("export");
        assertOneLineRefusal(cli("export", RUN, CANDIDATE, "--out", out.toString()), "link");
        assertThat(out).doesNotExist();
        assertOneLineRefusal(cli("review", RUN, CANDIDATE), "link");
        assertNoStackTrace(cli("runs", "show", RUN));
        assertNoStackTrace(cli("replay", RUN, "--verify"));
    }

    @Test
    void anEditedOrBrokenSummaryIsCaughtOnReplayAndNamedEverywhere() throws Exception {
        for (String summary : List.of("edited", "malformed")) {
            copy();
            Path file = run.resolve("summary.json");
            String text = summary.equals("edited")
                    ? Files.readString(file).replace("\"evaluations\" : 7", "\"evaluations\" : 9")
                    : Files.readString(file).substring(0, 40);
            Files.writeString(file, text);

            CliHarness replay = cli("replay", RUN, "--verify");
            assertThat(replay.exit()).as(summary + ": " + replay.out() + replay.err()).isEqualTo(5);
            assertNoStackTrace(replay);
            assertThat(replay.out() + replay.err()).contains("summary.json");
            for (CliHarness r : List.of(cli("runs", "list"), cli("runs", "show", RUN), cli("principles"),
                    cli("review", RUN, CANDIDATE))) {
                assertNoStackTrace(r);
                if (r.exit() != 0) {
                    assertThat(r.err()).as(summary).contains("summary.json");
                }
            }
            assertThat(file).content().isEqualTo(text);
            deleteTree(runs);
        }
    }

    @Test
    void aTruncatedJournalFailsReplayButLeavesTheCandidatesItStillRecordsUsable() throws Exception {
        copy();
        Path journal = run.resolve("journal.jsonl");
        List<String> lines = Files.readAllLines(journal);
        String cut = String.join("\n", lines.subList(0, lines.size() - 3)) + "\n";
        Files.writeString(journal, cut);

        CliHarness replay = cli("replay", RUN, "--verify");
        assertThat(replay.exit()).as(replay.out() + replay.err()).isEqualTo(5);
        assertNoStackTrace(replay);
        for (CliHarness r : List.of(cli("runs", "list"), cli("runs", "show", RUN), cli("principles"))) {
            assertThat(r.exit()).as(r.err()).isZero();
            assertNoStackTrace(r);
        }
        Path out = dir.resolve("export");
        CliHarness export = cli("export", RUN, CANDIDATE, "--out", out.toString(), "--force");
        assertNoStackTrace(export);
        assertThat(export.exit()).as(export.err()).isZero();
        assertThat(journal).content().isEqualTo(cut);
    }

    private static void deleteTree(Path root) throws Exception {
        try (var files = Files.walk(root)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
