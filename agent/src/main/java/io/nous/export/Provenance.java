package io.nous.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.sim.cost.CostCatalog;
import io.nous.store.JournalRecord;
import io.nous.store.Run;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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

    /** What the journal says about one candidate. */
    public record CandidateStory(String id, int iteration, String operator, List<String> parents, String statement, String mechanism,
                                 JsonNode search, JsonNode validation, JsonNode test, JsonNode upstream) {
    }

    /** Every candidate of a run, by id, with its hypothesis and evaluations. */
    public static Map<String, CandidateStory> stories(Run run) {
        Map<String, CandidateStory> out = new HashMap<>();
        JsonNode lastHypothesis = null;
        Map<String, JsonNode[]> evals = new HashMap<>();
        List<JsonNode> candidates = new ArrayList<>();
        Map<String, JsonNode> hypothesisOf = new HashMap<>();
        Map<String, JsonNode> upstreamOf = new HashMap<>();
        for (JournalRecord r : run.journal().records()) {
            JsonNode b = r.body();
            switch (r.type()) {
                case "hypothesis" -> lastHypothesis = b;
                case "candidate" -> {
                    candidates.add(b);
                    if (lastHypothesis != null && lastHypothesis.path("iteration").asInt() == b.path("iteration").asInt()
                            && b.path("iteration").asInt() > 0) {
                        hypothesisOf.put(b.get("id").asText(), lastHypothesis);
                    }
                }
                case "evaluation" -> {
                    if (b.path("split").asText().equals("search")) {
                        evals.computeIfAbsent(b.get("candidate").asText(), k -> new JsonNode[3])[0] = b;
                    }
                }
                case "promotion" -> {
                    if (b.has("validation") && !b.get("validation").isNull()) {
                        evals.computeIfAbsent(b.get("candidate").asText(), k -> new JsonNode[3])[1] = b.get("validation");
                    }
                }
                case "test-evaluation" -> evals.computeIfAbsent(b.get("candidate").asText(), k -> new JsonNode[3])[2] = b;
                case "upstream-comparison" -> upstreamOf.put(b.path("candidate").asText(), b);
                default -> {
                }
            }
        }
        for (JsonNode c : candidates) {
            String id = c.get("id").asText();
            JsonNode h = hypothesisOf.get(id);
            List<String> parents = new ArrayList<>();
            c.path("parents").forEach(p -> parents.add(p.asText()));
            JsonNode[] e = evals.getOrDefault(id, new JsonNode[3]);
            out.put(id, new CandidateStory(id, c.path("iteration").asInt(), c.path("operator").asText(), List.copyOf(parents),
                    h == null ? null : h.path("statement").asText(), h == null ? null : h.path("mechanism").asText(), e[0], e[1], e[2],
                    upstreamOf.get(id)));
        }
        return out;
    }

    /** The provenance record of one exported candidate. */
    public static ObjectNode of(Run run, String candidateId, String source, String pluginType, String nousVersion, String nousCommit) {
        Map<String, CandidateStory> stories = stories(run);
        CandidateStory story = stories.get(candidateId);
        ObjectNode config = run.config();
        ObjectNode p = JSON.createObjectNode();
        p.put("plugin_type", pluginType);
        p.put("run_id", run.id());
        p.put("candidate_id", candidateId);
        p.put("source_sha256", sha256(source));
        p.put("proposer", config.path("proposer").asText());
        if (config.hasNonNull("llm")) {
            p.put("model", config.get("llm").path("model").asText());
            p.put("model_endpoint", config.get("llm").path("base_url").asText());
        }
        p.put("objective", config.path("objective").asText());
        ObjectNode sim = p.putObject("simulator");
        sim.put("cost_profile", CostCatalog.DEFAULT_PROFILE);
        sim.put("matrix", config.path("matrix").asText());
        sim.put("seeds_per_scenario", config.path("seeds").asInt());
        sim.put("duration_seconds", config.path("duration_seconds").asDouble());
        sim.put("search_seed", config.path("seed").asLong());
        ObjectNode results = p.putObject("results");
        // a candidate the journal does not mention (a file added by hand) has no results to report
        results.set("search", score(story == null ? null : story.search()));
        results.set("validation", score(story == null ? null : story.validation()));
        results.set("test", score(story == null ? null : story.test()));
        if (story != null && story.upstream() != null) {
            ObjectNode u = story.upstream().deepCopy();
            u.remove("candidate");
            results.set("vs_upstream", u);
        }
        ArrayNode lineage = p.putArray("lineage");
        // breadth-first over parents, each candidate once
        java.util.ArrayDeque<String> frontier = new java.util.ArrayDeque<>(List.of(candidateId));
        java.util.Set<String> seen = new java.util.HashSet<>();
        while (!frontier.isEmpty()) {
            String id = frontier.poll();
            CandidateStory s = stories.get(id);
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
        JournalRecord last = run.journal().records().isEmpty() ? null : run.journal().records().get(run.journal().records().size() - 1);
        p.put("run_time", last == null ? null : last.timestamp());
        return p;
    }

    private static JsonNode score(JsonNode evaluation) {
        if (evaluation == null || !evaluation.has("score")) {
            return JSON.nullNode();
        }
        ObjectNode s = evaluation.get("score").deepCopy();
        if (evaluation.has("scenarios")) {
            s.set("scenarios", evaluation.get("scenarios"));
        }
        return s;
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
