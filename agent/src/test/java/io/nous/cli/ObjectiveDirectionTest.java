package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Objectives that improve upwards (goodput, ms-saved-per-shed) run the whole loop the right way
 * round: every accepted promotion raised the objective over the baseline and over the incumbent it
 * replaced, and the "closest proposals" a run lists are the highest, not the lowest.
 */
class ObjectiveDirectionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"goodput", "ms-saved-per-shed"})
    void aHigherIsBetterObjectivePromotesOnlyWhatRaisesIt(String objective) throws Exception {
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run("discover", "--problem", "admission", "--objective", objective, "--budget", "20", "--seed", "7",
                "--matrix", TestMatrices.admissionOverload(dir).toString(), "--threads", "2", "--runs-dir", runs.toString());
        assertThat(h.exit()).as(h.err()).isZero();

        List<JsonNode> journal = journal(runs);
        Map<String, Double> searchChange = new HashMap<>();
        List<String> accepted = new ArrayList<>();
        for (JsonNode r : journal) {
            JsonNode b = r.get("body");
            switch (r.get("type").asText()) {
                case "evaluation" -> {
                    if (b.path("score").path("change").isNumber()) {
                        searchChange.put(b.get("candidate").asText(), b.get("score").get("change").asDouble());
                    }
                }
                case "promotion" -> {
                    if (b.get("accepted").asBoolean()) {
                        accepted.add(b.get("candidate").asText());
                        // promoted over the baseline with confidence, in the objective's direction
                        assertThat(b.get("validation").get("score").get("verdict").asText()).isEqualTo("better");
                        assertThat(b.get("validation").get("score").get("change").asDouble()).isPositive();
                    }
                }
                default -> {
                }
            }
        }
        assertThat(accepted).as("this matrix rewards shedding on search and validation; a run must promote something").isNotEmpty();
        double previous = 0;
        for (String id : accepted) {
            assertThat(searchChange.get(id)).as(id + " raises " + objective + " over the baseline and over the incumbent it replaced")
                    .isGreaterThan(previous);
            previous = searchChange.get(id);
        }
        JsonNode summary = JSON.readTree(Files.readString(runDir(runs).resolve("summary.json")));
        assertThat(summary.get("best").get("candidate_id").asText()).isEqualTo(accepted.get(accepted.size() - 1));

        // the closest proposals, when listed, come highest first
        Matcher m = Pattern.compile("^  c\\d+ [a-z-]+: ([+-][0-9.]+)% ", Pattern.MULTILINE).matcher(h.out());
        List<Double> closest = new ArrayList<>();
        while (m.find()) {
            closest.add(Double.parseDouble(m.group(1)));
        }
        for (int i = 1; i < closest.size(); i++) {
            assertThat(closest.get(i)).as(h.out()).isLessThanOrEqualTo(closest.get(i - 1));
        }
    }

    private static Path runDir(Path runs) throws Exception {
        try (Stream<Path> s = Files.list(runs)) {
            return s.filter(Files::isDirectory).findFirst().orElseThrow();
        }
    }

    private static List<JsonNode> journal(Path runs) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(runDir(runs).resolve("journal.jsonl"))) {
            out.add(JSON.readTree(line));
        }
        return out;
    }
}
