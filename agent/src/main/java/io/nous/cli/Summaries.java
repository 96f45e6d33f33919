package io.nous.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.nous.export.Percent;

/** How the console writes the numbers of a run's summary: one format for a change, never "NaN%". */
final class Summaries {
    private Summaries() {
    }

    static String pct(JsonNode v) {
        return Percent.of(v);
    }

    /** A relative change with its interval and verdict: {@code -12.0% [-18.1%, -5.9%] better}. */
    static String change(JsonNode c) {
        if (c == null || c.isMissingNode() || !c.has("change")) {
            return "not evaluated";
        }
        return io.nous.export.Standing.change(c);
    }

    /** The winner against the policy the router already ships. */
    static String upstream(JsonNode u) {
        String policy = u.path("policy").asText();
        if (u.path("same_policy").asBoolean()) {
            return "the winner is the upstream " + policy + " policy itself: nothing new for the router";
        }
        if (u.has("failure")) {
            return "vs the upstream " + policy + " on the " + u.path("split").asText() + " split: failed (" + u.get("failure").asText() + ")";
        }
        String verdict = u.path("verdict").asText();
        String meaning = switch (verdict) {
            case "better" -> "better than what the router ships";
            case "worse" -> "worse than what the router ships";
            default -> "not distinguishable from what the router ships";
        };
        return "vs the upstream " + policy + " on the " + u.path("split").asText() + " split: " + change(u) + " (" + meaning + ")";
    }

    /** The export step for a run's winner; a winner that is the upstream policy is not exported again without --force. */
    static String exportHint(String runId, String runsDirFlag, JsonNode best) {
        JsonNode up = best.path("vs_upstream");
        String cmd = "nous export " + runId + runsDirFlag + " --out nous-" + best.path("candidate_id").asText();
        if (up.path("same_policy").asBoolean()) {
            return "        (nothing to export: configure the router's " + up.path("policy").asText() + "-policy; " + cmd
                    + " --force would add a copy)";
        }
        return "        " + cmd;
    }
}
