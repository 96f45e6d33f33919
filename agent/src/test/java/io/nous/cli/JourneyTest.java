package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nous.store.JournalRecord;
import io.nous.store.RunStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The main journey as a user meets it, from the README's first command: the default discovery (the
 * flow controller's usage-limit policy and saturation detector together, with a shorter budget) names
 * a winner, which exports to two Go packages (one per plugin) that vet and pass their tests,
 * with a provenance record, a review that renders, and a report a browser draws. Then the run's first
 * candidates are exported too: the search never makes something the router cannot take. Forty
 * proposals, because the default run's first promotion comes at the 38th, and each comparison on its
 * split's seeds alone (the evidence is not what this journey checks).
 */
@Order(1) // among the longest classes (junit-platform.properties)
class JourneyTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void theDefaultDiscoveryEndsInAWinnerThatExportsAndEveryCandidateExports() throws Exception {
        Path runs = dir.resolve("runs");
        CliHarness d = CliHarness.run("discover", "--objective", "critical-ttft", "--budget", "40", "--seeds-up-to", "0", "--runs-dir", runs.toString(),
                "--no-progress");
        assertThat(d.exit()).as(d.err()).isZero();
        String id = CliHarness.onlyRun(runs);
        JsonNode summary = JSON.readTree(runs.resolve(id).resolve("summary.json").toFile());
        assertThat(summary.get("best").isNull()).as("the default discovery names a winner").isFalse();
        JsonNode best = summary.get("best");
        String winner = best.get("candidate_id").asText();
        assertThat(best.get("test").has("held")).isTrue();
        // the strongest of the router's two pairs: the one the winner compares worst with
        assertThat(best.get("vs_upstream").get("policy").asText()).startsWith("soft-reflective-ceiling+").endsWith("-detector");
        assertThat(d.out()).contains("nous export " + id + " --runs-dir " + runs + " --out nous-" + winner);

        // the winner; when it is the upstream policy itself, export says so and needs --force to add a copy
        Path out = dir.resolve("winner");
        boolean upstream = best.get("vs_upstream").path("same_policy").asBoolean();
        if (upstream) {
            assertThat(d.out()).contains("nothing to export: configure the router's soft-reflective-ceiling-policy with its utilization-detector");
            CliHarness refused = CliHarness.run("export", id, "--runs-dir", runs.toString(), "--out", out.toString());
            assertThat(refused.exit()).isEqualTo(2);
            assertThat(refused.err()).contains("behaves exactly like soft-reflective-ceiling-policy").contains("--force");
        }
        List<String> force = upstream ? List.of("--force") : List.of();
        List<String> exportWinner = new ArrayList<>(List.of("export", id, "--runs-dir", runs.toString(), "--out", out.toString()));
        exportWinner.addAll(force);
        CliHarness h = CliHarness.run(exportWinner.toArray(String[]::new));
        assertThat(h.exit()).as(h.err()).isZero();
        // one package per plugin, and one EndpointPickerConfig that selects both
        assertThat(out.resolve("detector").resolve("nous" + winner).resolve("detector.go")).isRegularFile();
        assertThat(out.resolve("epp-config.yaml")).content().contains("usageLimitPolicyPluginRef: ").contains("saturationDetector:");
        Path limit = out.resolve("limit");
        JsonNode prov = JSON.readTree(limit.resolve("provenance.json").toFile());
        assertThat(prov.get("run_id").asText()).isEqualTo(id);
        assertThat(prov.get("candidate_id").asText()).isEqualTo(winner);
        assertThat(prov.get("source_sha256").asText()).hasSize(64);
        assertThat(prov.get("results").get("search").get("verdict").asText()).isEqualTo("better");
        assertThat(prov.get("results").get("test").has("change")).isTrue();
        assertThat(prov.get("results").has("vs_upstream")).isTrue();
        assertThat(prov.get("lineage").get(0).get("candidate").asText()).isEqualTo(winner);
        assertThat(limit.resolve("PROVENANCE.md")).content().contains("| search |").contains("## Lineage");
        GoToolchain.assertProved(h);
        Path again = dir.resolve("again");
        List<String> exportAgain = new ArrayList<>(List.of("export", id, "--runs-dir", runs.toString(), "--out", again.toString()));
        exportAgain.addAll(force);
        assertThat(CliHarness.run(exportAgain.toArray(String[]::new)).exit()).isZero();
        assertThat(again.resolve("limit").resolve("provenance.json")).as("the same export writes the same bytes")
                .hasSameBinaryContentAs(limit.resolve("provenance.json"));
        assertThat(again.resolve("epp-config.yaml")).hasSameBinaryContentAs(out.resolve("epp-config.yaml"));

        // the PR description renders as CommonMark + GFM tables: every table is a table, the diff is a diff block
        Path md = dir.resolve("review.md");
        CliHarness review = CliHarness.run("review", id, "--runs-dir", runs.toString(), "--out", md.toString());
        assertThat(review.exit()).as(review.err()).isZero();
        var ext = List.of(org.commonmark.ext.gfm.tables.TablesExtension.create());
        String html = org.commonmark.renderer.html.HtmlRenderer.builder().extensions(ext).build()
                .render(org.commonmark.parser.Parser.builder().extensions(ext).build().parse(Files.readString(md)));
        assertThat(html.split("<table>", -1)).hasSizeGreaterThanOrEqualTo(5); // policy + 3 splits
        assertThat(html).contains("<h2>What and why</h2>").contains("<h2>Risks</h2>").contains("<h3>Regressions</h3>")
                .contains("<h3>Against the upstream policy</h3>").contains("<code class=\"language-diff\">")
                .contains("<td align=\"right\">").doesNotContain("| ---");
        assertThat(Files.readString(md)).contains("# Add `nous-" + winner + "-policy`").contains("nous replay " + id + " --runs-dir ").doesNotContain("--verify");

        // the HTML report: six SVG charts, the same intervals as the review, drawn by a real browser
        Path reportFile = dir.resolve("report.html");
        CliHarness report = CliHarness.run("report", id, "--runs-dir", runs.toString(), "--out", reportFile.toString(), "--threads", "2");
        assertThat(report.exit()).as(report.err()).isZero();
        String page = Files.readString(reportFile);
        assertThat(page.split("<svg", -1)).hasSize(7); // four metrics with intervals, ceilings, progress
        assertThat(page.contains("Hypothesis timeline") && page.contains(winner)).as("timeline and winner on the page").isTrue();
        assertThat(page.contains("<script") || page.contains("<link") || page.contains("src=")).as("fetches or runs nothing").isFalse();
        JsonNode searchScenario = best.path("search");
        String interval = "[" + io.nous.export.Percent.of(searchScenario.get("ci_low")) + ", " + io.nous.export.Percent.of(searchScenario.get("ci_high")) + "]";
        assertThat(Files.readString(md)).contains(interval);
        assertThat(page).contains(interval);
        for (String row : Files.readString(md).split("\n")) {
            // every per-scenario row of the review's search table has the same interval in the report's table
            if (row.startsWith("| ") && row.contains(" | [")) {
                String[] cells = row.split("\\|");
                assertThat(page).as(row).contains(cells[3].strip() + " " + cells[4].strip());
            }
        }
        BrowserCheck.assertRenders(reportFile, dir.resolve("report.png"));

        // the corpus: the run's first candidates (its two seeds and the first step from them) and its winner
        // export, each proved equivalent (both halves) and built by the export itself
        List<String> candidates = new ArrayList<>();
        for (JournalRecord r : new RunStore(runs).open(id).journal().records()) {
            if (r.type().equals("candidate") && candidates.size() < 3) {
                candidates.add(r.body().get("id").asText());
            }
        }
        assertThat(candidates).hasSize(3);
        if (!candidates.contains(winner)) {
            candidates.add(winner);
        }
        Path first = null;
        for (String c : candidates) {
            Path each = dir.resolve("export-" + c);
            // --force: the seeds are the router's own policies; exportable is the point here
            CliHarness e = CliHarness.run("export", id, c, "--runs-dir", runs.toString(), "--out", each.toString(), "--force");
            GoToolchain.assertProved(e);
            assertThat(Files.readString(each.resolve("limit").resolve("nous" + c).resolve("policy.go"))).as(c + "'s own name")
                    .contains("const PolicyType = \"nous-" + c + "-policy\"");
            // every export builds against the same module files, so the packages can live side by side in one module
            first = first == null ? each : first;
            assertThat(each.resolve("limit").resolve("go.mod")).hasSameBinaryContentAs(first.resolve("limit").resolve("go.mod"));
        }
    }
}
