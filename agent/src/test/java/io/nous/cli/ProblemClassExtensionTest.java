package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A problem class is one package and one registration: the test tree's {@code toy-ceiling} class
 * (package {@code io.nous.discover.toy}, listed in {@code META-INF/services/io.nous.discover.Problem})
 * runs through discover, runs show, replay, review and export with no other code knowing of it.
 */
class ProblemClassExtensionTest {
    @TempDir
    Path dir;

    @Test
    void aClassRegisteredFromTheTestTreeRunsEndToEnd() throws Exception {
        Path runs = dir.resolve("runs");
        CliHarness d = CliHarness.run("discover", "--problem", "toy-ceiling", "--seed", "3", "--threads", "2", "--runs-dir", runs.toString());
        assertThat(d.exit()).as(d.out() + d.err()).isZero();
        // the class's own defaults: its budget, its seeds, its operator
        assertThat(d.out()).contains("stopped: all 6 proposals of the budget were made").contains("scale-ceiling");
        String id = CliHarness.onlyRun(runs);
        String config = Files.readString(runs.resolve(id).resolve("config.json"));
        assertThat(config).contains("\"problem\" : \"toy-ceiling\"").contains("\"half\", \"closed\"");

        CliHarness show = CliHarness.run("runs", "show", id, "--runs-dir", runs.toString());
        assertThat(show.exit()).as(show.err()).isZero();
        assertThat(show.out()).contains("problem toy-ceiling").contains("seed c0001");

        CliHarness replay = CliHarness.run("replay", id, "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("bit for bit");

        CliHarness review = CliHarness.run("review", id, "c0003", "--runs-dir", runs.toString(), "--journal-only");
        assertThat(review.exit()).as(review.err()).isZero();
        assertThat(review.out()).contains("scale-ceiling");

        if (GoToolchain.goInstalled()) {
            Path out = dir.resolve("exported");
            CliHarness export = CliHarness.run("export", id, "c0003", "--runs-dir", runs.toString(), "--out", out.toString(), "--force");
            assertThat(export.exit()).as(export.out() + export.err()).isZero();
            try (Stream<Path> files = Files.walk(out)) {
                List<String> names = files.map(p -> p.getFileName().toString()).toList();
                assertThat(names).contains("provenance.json").anyMatch(n -> n.endsWith(".go"));
            }
        }
    }

    @Test
    void aRunWhoseSeedsAllFailSaysSoInsteadOfSearchingFromNothing() {
        CliHarness d = CliHarness.run("discover", "--problem", "toy-ceiling", "--seed-policies", "broken", "--threads", "2",
                "--runs-dir", dir.resolve("runs").toString());
        assertThat(d.exit()).as(d.out() + d.err()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(d.err()).contains("no seed policy could be evaluated, so there is nothing to search from (broken: ")
                .doesNotContain("Exception");
    }

}
