package io.nous.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.sim.cost.CostCatalog;
import io.nous.store.CandidateStory;
import io.nous.store.Journal;
import io.nous.store.RunHistory;
import io.nous.store.journal.DiscoveryConfig;
import io.nous.store.journal.Evidence;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Where an exported policy came from, read from its run's journal: the source hash, the lineage of
 * hypotheses and parents back to the seeds, the proposer and model, the simulator profile, matrix
 * and seeds, and the results on the search, validation and test splits with their intervals. The
 * time recorded is the run's, so exporting twice writes the same bytes.
 */
public final class Provenance {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Provenance() {
    }

    /** The provenance record of one exported candidate. */
    public static ObjectNode of(RunHistory history, String candidateId, String source, String pluginType, String nousVersion,
                                String nousCommit) {
        CandidateStory story = history.candidate(candidateId).orElse(null);
        DiscoveryConfig config = history.config();
        ObjectNode p = JSON.createObjectNode();
        p.put("plugin_type", pluginType);
        p.put("run_id", history.id());
        p.put("candidate_id", candidateId);
        p.put("source_sha256", sha256(source));
        p.put("proposer", config.proposer());
        if (config.llm() != null) {
            p.put("model", config.llm().model());
            p.put("model_endpoint", config.llm().baseUrl());
        }
        p.put("objective", config.objective());
        ObjectNode sim = p.putObject("simulator");
        sim.put("cost_profile", CostCatalog.DEFAULT_PROFILE);
        sim.put("matrix", config.matrix());
        sim.put("seeds_per_scenario", config.seeds());
        sim.put("duration_seconds", config.durationSeconds());
        sim.put("search_seed", config.seed());
        ObjectNode results = p.putObject("results");
        // a candidate the journal does not mention (a file added by hand) has no results to report
        results.set("search", score(story == null ? null : story.search()));
        results.set("validation", score(story == null ? null : story.validation()));
        results.set("test", score(story == null ? null : story.test()));
        if (story != null && story.upstream() != null) {
            results.set("vs_upstream", Journal.body(story.upstream().withoutCandidate()));
        }
        ArrayNode lineage = p.putArray("lineage");
        // breadth-first over parents, each candidate once
        ArrayDeque<String> frontier = new ArrayDeque<>(List.of(candidateId));
        Set<String> seen = new HashSet<>();
        while (!frontier.isEmpty()) {
            String id = frontier.poll();
            CandidateStory s = history.candidate(id).orElse(null);
            if (s == null || !seen.add(id)) {
                continue;
            }
            ObjectNode n = lineage.addObject();
            n.put("candidate", id);
            n.put("iteration", s.iteration());
            n.put("operator", s.operator());
            ArrayNode parents = n.putArray("parents");
            s.parents().forEach(parents::add);
            if (s.statement() != null) {
                n.put("hypothesis", s.statement());
                n.put("mechanism", s.mechanism());
            }
            frontier.addAll(s.parents());
        }
        p.put("nous_version", nousVersion);
        p.put("nous_commit", nousCommit);
        p.put("run_time", history.lastTimestamp());
        return p;
    }

    /** An evaluation's score with its per-scenario evidence, as the provenance file carries it (null when it has none). */
    private static JsonNode score(Evidence evaluation) {
        if (evaluation == null || evaluation.score() == null) {
            return JSON.nullNode();
        }
        ObjectNode s = Journal.body(evaluation.score());
        if (evaluation.scenarios() != null) {
            s.set("scenarios", Journal.body(new Scenarios(evaluation.scenarios())).get("scenarios"));
        }
        return s;
    }

    /** Serialises an evaluation's scenarios as the journal does. */
    private record Scenarios(List<Evidence.ScenarioEvidence> scenarios) {
    }

    /** The same record as Markdown for reviewers. */
    public static String markdown(ObjectNode p) {
        StringBuilder sb = new StringBuilder("# Provenance of ").append(p.path("plugin_type").asText()).append("\n\n");
        sb.append("| | |\n|---|---|\n");
        row(sb, "run", p.path("run_id").asText());
        row(sb, "candidate", p.path("candidate_id").asText());
        row(sb, "source", (p.has("source_file") ? "[" + p.path("source_file").asText() + "](" + p.path("source_file").asText() + "), " : "")
                + "sha256 `" + p.path("source_sha256").asText() + "`");
        row(sb, "proposer", p.path("proposer").asText() + (p.has("model") ? " (" + p.path("model").asText() + ")" : ""));
        row(sb, "objective", p.path("objective").asText());
        JsonNode sim = p.path("simulator");
        row(sb, "simulator", "profile " + sim.path("cost_profile").asText() + ", matrix " + sim.path("matrix").asText() + ", "
                + sim.path("seeds_per_scenario").asInt() + " seeds x " + sim.path("duration_seconds").asDouble() + " s, search seed "
                + sim.path("search_seed").asLong());
        row(sb, "Nous", p.path("nous_version").asText() + " at " + p.path("nous_commit").asText());
        row(sb, "run time", p.path("run_time").asText());
        sb.append("\n## Results (change of ").append(p.path("objective").asText()).append(" vs the static baseline, 95% CI)\n\n");
        sb.append("| split | change | CI | verdict |\n|---|---|---|---|\n");
        for (String split : List.of("search", "validation", "test")) {
            JsonNode s = p.path("results").path(split);
            if (s.isNull() || s.isMissingNode()) {
                sb.append("| ").append(split).append(" | not evaluated | | |\n");
            } else {
                sb.append(String.format(Locale.ROOT, "| %s | %+.1f%% | [%+.1f%%, %+.1f%%] | %s |%n", split, 100 * s.path("change").asDouble(),
                        100 * s.path("ci_low").asDouble(), 100 * s.path("ci_high").asDouble(), s.path("verdict").asText()));
            }
        }
        JsonNode up = p.path("results").path("vs_upstream");
        if (up.path("same_policy").asBoolean()) {
            sb.append("\nThis is the upstream `").append(up.path("policy").asText()).append("` policy itself.\n");
        } else if (up.has("change")) {
            sb.append(String.format(Locale.ROOT, "%nAgainst the upstream `%s` on the %s split: %+.1f%% [%+.1f%%, %+.1f%%], %s.%n",
                    up.path("policy").asText(), up.path("split").asText(), 100 * up.path("change").asDouble(),
                    100 * up.path("ci_low").asDouble(), 100 * up.path("ci_high").asDouble(), up.path("verdict").asText()));
        }
        sb.append("\n## Lineage\n\n");
        for (JsonNode n : p.path("lineage")) {
            sb.append("- **").append(n.path("candidate").asText()).append("** (iteration ").append(n.path("iteration").asInt())
                    .append(", ").append(n.path("operator").asText());
            if (n.path("parents").size() > 0) {
                sb.append(", from ").append(n.path("parents").toString().replaceAll("[\\[\\]\"]", ""));
            }
            sb.append(")");
            if (n.has("hypothesis")) {
                sb.append(": ").append(n.path("hypothesis").asText());
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static void row(StringBuilder sb, String k, String v) {
        sb.append("| ").append(k).append(" | ").append(v.replace("|", "\\|")).append(" |\n");
    }

    /** Hex SHA-256 of a source as UTF-8. */
    public static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
