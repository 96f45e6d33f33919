package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Edits one record of a finished run's journal — a number in it, as a hand would — and checks that
 * everything that trusts the journal refuses it, naming that record, while listing the run still works
 * and the file is left as it was found.
 */
final class RecordIntegrity {
    private RecordIntegrity() {
    }

    /**
     * Edits the first record of {@code type} (its first digit 1-8 raised by one), runs replay, export,
     * review, report and rescore on {@code candidate}, and restores the journal.
     */
    static void editedRecordIsRefusedEverywhere(Path runs, String id, String type, String candidate, Path scratch) throws Exception {
        Path journal = runs.resolve(id).resolve("journal.jsonl");
        List<String> original = Files.readAllLines(journal);
        List<String> edited = new ArrayList<>(original);
        int at = -1;
        for (int i = 0; i < edited.size() && at < 0; i++) {
            if (edited.get(i).contains("\"type\":\"" + type + "\"")) {
                at = i;
            }
        }
        assertThat(at).as("the run journals a " + type + " record").isNotNegative();
        String line = edited.get(at);
        int body = line.indexOf("\"body\"");
        int digit = body;
        while (digit < line.length() && !(line.charAt(digit) >= '1' && line.charAt(digit) <= '8')) {
            digit++;
        }
        edited.set(at, line.substring(0, digit) + (char) (line.charAt(digit) + 1) + line.substring(digit + 1));
        Files.write(journal, edited);
        String record = "record " + (at + 1) + " (" + type + ")";
        try {
            String flag = runs.toString();
            CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", flag);
            assertThat(replay.exit()).as(replay.out() + replay.err()).isEqualTo(5);
            assertThat(replay.out()).contains(record).contains("was changed after the run wrote it");
            for (String[] cmd : List.of(
                    new String[] {"export", id, candidate, "--out", scratch.resolve("x").toString(), "--force"},
                    new String[] {"review", id, candidate, "--out", scratch.resolve("r.md").toString()},
                    new String[] {"report", id, candidate, "--out", scratch.resolve("r.html").toString()},
                    new String[] {"rescore", id})) {
                String[] all = java.util.stream.Stream.concat(java.util.Arrays.stream(cmd), java.util.stream.Stream.of("--runs-dir", flag))
                        .toArray(String[]::new);
                CliHarness r = CliHarness.run(all);
                assertThat(r.exit()).as(cmd[0] + ": " + r.out() + r.err()).isEqualTo(2);
                assertThat(r.err()).as(cmd[0]).contains(record).doesNotContain("Exception").doesNotContain("\tat ");
            }
            CliHarness show = CliHarness.run("runs", "show", id, "--runs-dir", flag);
            assertThat(show.exit()).as(show.err()).isZero();
            assertThat(Files.readAllLines(journal)).isEqualTo(edited);
        } finally {
            Files.write(journal, original);
        }
    }
}
