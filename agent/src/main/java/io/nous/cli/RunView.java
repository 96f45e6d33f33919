package io.nous.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.store.JournalContents;
import io.nous.store.JournalRecord;
import io.nous.store.Run;
import io.nous.store.RunStore;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code nous runs show} prints about one run: a one-screen summary (winner, score with its
 * interval, the test split, how it stopped, counts, cost, what to do next), then the story of each
 * proposal in plain sentences, or all of it as one JSON document for tools.
 */
final class RunView {
    private final Run run;
    private final JournalContents journal;
    private final JsonNode summary;
    private final String flag;

    RunView(Run run) {
        this.run = run;
        this.journal = run.journal();
        this.summary = run.summary().orElse(null);
        this.flag = new RunStore(run.dir().getParent()).runsDirFlag();
    }

    void printSummary(PrintWriter out) {
        JsonNode c = run.config();
        out.printf(Locale.ROOT, "run       %s%n", run.id());
        out.printf(Locale.ROOT, "settings  %sobjective %s, proposer %s, seed %d, budget %d, matrix %s (%d seeds x %s s)%n",
                c.hasNonNull("problem") ? "problem " + c.get("problem").asText() + ", " : "", c.path("objective").asText(), c.path("proposer").asText(), c.path("seed").asLong(), c.path("budget").asInt(),
                c.path("matrix").asText(), c.path("seeds").asInt(), num(c.path("duration_seconds").asDouble()));
        if (summary == null) {
            out.println("status    unfinished: interrupted, or still running");
            out.println("          resume it with: nous discover --resume " + run.id() + flag);
        } else {
            JsonNode stopped = summary.path("stopped");
            out.println("status    finished" + (stopped.isMissingNode() ? "" : "; " + stopped.path("detail").asText()));
        }
        Counts n = counts();
        out.printf(Locale.ROOT, "counts    %d proposals, %d candidates evaluated, %d duplicates, %d rejected before simulation, "
                + "%d promotions accepted of %d tried%n", n.proposals, n.candidates, n.duplicates, n.rejected, n.accepted, n.promotions);
        String took = took();
        JsonNode llm = summary == null ? null : summary.get("llm");
        StringBuilder cost = new StringBuilder(took == null ? "unknown time" : took + " (from the journal's timestamps)");
        if (llm != null) {
            cost.append(String.format(Locale.ROOT, "; LLM %s: %d exchanges, %d input + %d output tokens", llm.path("model").asText(),
                    llm.path("exchanges").asInt(), llm.path("input_tokens").asLong(), llm.path("output_tokens").asLong()));
            if (llm.has("estimated_cost_usd")) {
                cost.append(", about $").append(llm.get("estimated_cost_usd").asText());
            }
        }
        out.println("cost      " + cost);
        JsonNode best = summary == null ? null : summary.get("best");
        if (summary != null && (best == null || best.isNull())) {
            out.println("winner    none: no candidate was promoted over the baseline");
        } else if (best != null) {
            String id = best.get("candidate_id").asText();
            out.printf(Locale.ROOT, "winner    %s: %s %s on search%n", id, best.path("objective").asText(), Summaries.change(best.path("search")));
            JsonNode test = best.path("test");
            if (test.isMissingNode()) {
                out.println("test      not evaluated");
            } else {
                out.println("test      " + Summaries.change(test) + (test.path("held").asBoolean() ? " (held)"
                        : " (did NOT hold: treat the winner as unconfirmed)"));
            }
            if (best.has("vs_upstream")) {
                out.println("upstream  " + Summaries.upstream(best.get("vs_upstream")));
            }
            if (summary.path("principles").size() > 0) {
                out.println("learned   " + summary.get("principles").get(0).asText()
                        + (summary.get("principles").size() > 1 ? " (+" + (summary.get("principles").size() - 1) + " more below)" : ""));
            }
            if (RunCandidate.joint(run)) {
                out.println("next      " + Summaries.exportHint(run.id(), flag, best).strip() + "   (both plugins and one config)");
            } else {
                out.println("next      nous review " + run.id() + flag + " --out review.md");
                out.println("  " + Summaries.exportHint(run.id(), flag, best));
                out.println("          nous report " + run.id() + flag + " --out report.html");
            }
        }
    }

    void printStory(PrintWriter out) {
        printStory(out, true);
    }

    /**
     * The story. Unless {@code all}, a proposal that changed nothing (a duplicate, a rejection, or an
     * evaluation that was not tried for promotion and taught no principle) is folded with its
     * neighbours into one line of counts, so a long run reads as its seeds, promotions and principles.
     */
    void printStory(PrintWriter out, boolean all) {
        out.println();
        out.println("story");
        if (journal.tornTail()) {
            out.println("(the journal ends with a torn line from an interrupted write; it is ignored)");
        }
        java.io.StringWriter segment = new java.io.StringWriter();
        PrintWriter seg = new PrintWriter(segment);
        Fold fold = new Fold();
        for (JournalRecord r : journal.records()) {
            JsonNode b = r.body();
            boolean starts = r.type().equals("hypothesis") && b.path("attempt").asInt() == 0
                    || r.type().equals("candidate") && b.path("operator").asText().equals("seed")
                    || r.type().equals("run-stopped");
            if (starts) {
                seg.flush();
                fold.flush(out, segment, all, false);
            }
            fold.note(r);
            printRecord(seg, r);
        }
        seg.flush();
        fold.flush(out, segment, all, true);
    }

    /** The proposals folded so far and the one being read: whether it is worth printing, and what it holds. */
    private static final class Fold {
        private boolean notable;
        private boolean proposal;
        private final int[] segment = new int[3]; // duplicates, rejected, evaluated
        private final int[] folded = new int[4]; // proposals, duplicates, rejected, evaluated

        void note(JournalRecord r) {
            JsonNode b = r.body();
            switch (r.type()) {
                case "hypothesis" -> proposal = true;
                case "promotion", "principle", "test-evaluation", "upstream-comparison", "run-stopped", "run-finished" -> notable = true;
                case "candidate" -> {
                    notable |= b.path("operator").asText().equals("seed");
                    segment[2]++;
                }
                case "duplicate" -> segment[0]++;
                case "verification" -> segment[1]++;
                default -> { }
            }
        }

        /** Prints the segment read so far, or folds it when it is a proposal that changed nothing. */
        void flush(PrintWriter out, java.io.StringWriter text, boolean all, boolean last) {
            boolean fold = proposal && !notable && !all;
            if (fold) {
                folded[0]++;
                for (int i = 0; i < 3; i++) {
                    folded[i + 1] += segment[i];
                }
            }
            if (folded[0] > 0 && (!fold || last)) {
                out.printf(Locale.ROOT, "%n  ... %d proposal%s folded: %d duplicates, %d rejected before simulation, %d evaluated, none "
                        + "promoted or taught a principle (--all shows them)%n", folded[0], folded[0] == 1 ? "" : "s", folded[1], folded[2], folded[3]);
                java.util.Arrays.fill(folded, 0);
            }
            if (!fold) {
                out.print(text);
            }
            text.getBuffer().setLength(0);
            java.util.Arrays.fill(segment, 0);
            notable = false;
            proposal = false;
        }
    }

    private static void printRecord(PrintWriter out, JournalRecord r) {
        JsonNode b = r.body();
        switch (r.type()) {
            case "hypothesis" -> {
                out.printf(Locale.ROOT, "%n#%d %s%s: %s%n", b.path("iteration").asInt(), b.path("operator").asText(), parents(b),
                        b.path("statement").asText());
                out.println("    because " + b.path("mechanism").asText());
                b.path("predictions").forEach(p -> out.printf(Locale.ROOT, "    predicts %s: %s (%s)%n", p.path("regime").asText(),
                        p.path("direction").asText(), Summaries.pct(p.path("magnitude"))));
            }
            case "verification" -> out.println("    rejected before simulation: " + b.path("problems").path(0).asText());
            case "duplicate" -> out.println("    duplicate of " + b.path("of").asText()
                    + (io.nous.store.journal.Duplicate.BEHAVIOUR.equals(b.path("by").asText(null))
                    ? " by behaviour (written differently, same answers on the probe grid)" : "") + ": not simulated");
            case "candidate" -> {
                String op = b.path("operator").asText();
                String arm = op.contains(":") ? ", " + op.substring(op.indexOf(':') + 1) + " arm" : "";
                if (op.equals("seed")) {
                    out.printf(Locale.ROOT, "%nseed %s: a built-in policy, observed before any proposal%n", b.path("id").asText());
                } else {
                    out.printf(Locale.ROOT, "    candidate %s%s%n", b.path("id").asText(), arm);
                }
            }
            case "evaluation" -> out.println("    evidence (" + b.path("split").asText() + "): " + evidence(b));
            case "verdict" -> b.path("predictions").forEach(p -> out.printf(Locale.ROOT, "    %s prediction: %s%s%n",
                    p.path("regime").asText(), p.path("outcome").asText(),
                    p.has("observed") ? " (observed " + Summaries.pct(p.get("observed")) + ")" : ""));
            case "promotion" -> out.printf(Locale.ROOT, "    promotion of %s over %s: %s (%s)%n", b.path("candidate").asText(),
                    b.path("over").asText(), b.path("accepted").asBoolean() ? "ACCEPTED" : "declined", b.path("reason").asText());
            case "principle" -> out.printf(Locale.ROOT, "    principle learned: %s (evidence %s)%n", b.path("principle").asText(),
                    b.path("evidence").asText());
            case "proposal-failed", "budget-exhausted", "endpoint-unusable" -> out.println("    no proposal: " + b.path("reason").asText());
            case "run-stopped" -> out.println("\nstopped: " + b.path("detail").asText());
            case "test-evaluation" -> out.println("the winner on the untouched test split: " + evidence(b));
            case "upstream-comparison" -> out.println(Summaries.upstream(b));
            case "run-finished" -> out.printf(Locale.ROOT, "finished: %d proposals, best %s%n", b.path("iterations").asInt(),
                    b.path("best").isNull() ? "none" : b.path("best").asText());
            default -> { }
        }
    }

    /** The config, the summary (null while unfinished) and every journal record, for tools. */
    ObjectNode toJson() {
        ObjectMapper json = new ObjectMapper();
        ObjectNode o = json.createObjectNode();
        o.put("run_id", run.id());
        o.set("config", run.config());
        o.set("summary", summary == null ? json.nullNode() : summary);
        o.put("journal_torn_tail", journal.tornTail());
        ArrayNode records = o.putArray("journal");
        for (JournalRecord r : journal.records()) {
            records.addObject().put("seq", r.seq()).put("type", r.type()).put("ts", r.timestamp()).set("body", r.body());
        }
        return o;
    }

    private static String parents(JsonNode b) {
        List<String> ps = new ArrayList<>();
        b.path("parents").forEach(p -> ps.add(p.asText()));
        return ps.isEmpty() ? "" : " of " + String.join(", ", ps);
    }

    /** An evaluation in one line: change, interval, verdict, and any constraint that failed, in words. */
    private static String evidence(JsonNode b) {
        if (b.hasNonNull("failure")) {
            return "failed: " + b.get("failure").asText();
        }
        JsonNode s = b.path("score");
        List<String> failed = new ArrayList<>();
        b.path("constraints").fields().forEachRemaining(f -> {
            if (f.getValue().isBoolean() && !f.getValue().asBoolean()) {
                failed.add(f.getKey());
            }
        });
        String line = Summaries.change(s) + (failed.isEmpty() ? ", constraints hold" : ", FAILED " + String.join(", ", failed));
        if (b.hasNonNull("raced_out")) {
            line += "; raced out: " + b.get("raced_out").asText();
        } else if (b.path("promotable").asBoolean()) {
            line += "; promotable";
        }
        return line;
    }

    private Counts counts() {
        Counts n = new Counts();
        for (JournalRecord r : journal.records()) {
            switch (r.type()) {
                case "iteration-done" -> n.proposals = Math.max(n.proposals, r.body().path("iteration").asInt());
                case "candidate" -> n.candidates++;
                case "duplicate" -> n.duplicates++;
                case "verification" -> n.rejected++;
                case "promotion" -> {
                    n.promotions++;
                    n.accepted += r.body().path("accepted").asBoolean() ? 1 : 0;
                }
                default -> { }
            }
        }
        return n;
    }

    /** Wall time from the first to the last journal record, or null when it cannot be read. */
    private String took() {
        List<JournalRecord> rs = journal.records();
        if (rs.size() < 2) {
            return null;
        }
        try {
            Duration d = Duration.between(Instant.parse(rs.get(0).timestamp()), Instant.parse(rs.get(rs.size() - 1).timestamp()));
            long s = d.toSeconds();
            return s >= 3600 ? String.format(Locale.ROOT, "%d h %02d min", s / 3600, s % 3600 / 60)
                    : s >= 60 ? String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60) : s + " s";
        } catch (DateTimeParseException | NullPointerException e) {
            return null;
        }
    }

    private static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

    private static final class Counts {
        int proposals;
        int candidates;
        int duplicates;
        int rejected;
        int promotions;
        int accepted;
    }
}
