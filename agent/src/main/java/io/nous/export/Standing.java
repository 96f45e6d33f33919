package io.nous.export;

import com.fasterxml.jackson.databind.JsonNode;
import io.nous.store.JournalRecord;
import io.nous.store.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where one candidate of a run stands, read from the journal: promoted or not (and why not), held on
 * the untouched test split or not, and its head-to-head against the policy the router already ships
 * for the job, by name; and whether it is an upstream policy itself (a seed, or code that behaves
 * exactly like one). Review, report and export open with it, so that nothing that leaves Nous reads
 * as more than the evidence says, and export refuses, without {@code --force}, a candidate the
 * evidence does not support.
 *
 * @param upstreamPolicy the router's policy for this problem class (soft-reflective-ceiling, probabilistic-admitter, ...)
 * @param promoted       whether a promotion of this candidate was accepted
 * @param notPromoted    why not, when it was not
 * @param replacedBy     the candidate that later replaced it as incumbent, or null
 * @param test           its test-split result (change, interval, verdict), or null when it was not tested
 * @param heldOnTest     better with confidence on the test split
 * @param upstream       its upstream comparison record, or null when it had none (only a run's winner is compared)
 * @param isUpstream     how it is an upstream policy ("the built-in soft-reflective-ceiling seed", "behaves exactly like
 *                       probabilistic-admitter"), or null when it is not
 */
public record Standing(String candidate, String upstreamPolicy, boolean promoted, String notPromoted, String replacedBy, JsonNode test,
                       boolean heldOnTest, JsonNode upstream, String isUpstream) {

    /** A relative change beyond this (±500 %) is not printed bare: it says more about the reference than about the candidate. */
    public static final double SANITY_BOUND = 5.0;

    /**
     * The standing of {@code id} in {@code run}, reading its journal once.
     *
     * @param story       what the journal says of the candidate ({@link Provenance#stories}), or null
     * @param behavesLike what upstream policy the candidate's code behaves exactly like (from {@link UpstreamMatch}), or null
     */
    public static Standing of(Run run, Provenance.CandidateStory story, String id, String behavesLike) {
        List<JournalRecord> records = run.journal().records();
        String problem = io.nous.store.PrincipleLibrary.problemOf(run);
        String upstreamPolicy = io.nous.discover.Problems.byId(problem).upstream();
        boolean promoted = false;
        String refusal = null;
        List<String> acceptedAfter = new ArrayList<>();
        JsonNode search = null;
        String operator = null;
        JsonNode record = null;
        for (JournalRecord r : records) {
            JsonNode b = r.body();
            switch (r.type()) {
                case "promotion" -> {
                    String who = b.path("candidate").asText();
                    if (who.equals(id)) {
                        if (b.path("accepted").asBoolean()) {
                            promoted = true;
                            acceptedAfter.clear();
                        } else {
                            refusal = b.path("reason").asText("refused");
                        }
                    } else if (promoted && b.path("accepted").asBoolean()) {
                        acceptedAfter.add(who);
                    }
                }
                case "evaluation" -> {
                    if (b.path("candidate").asText().equals(id) && b.path("split").asText().equals("search")) {
                        search = b;
                    }
                }
                case "candidate" -> {
                    if (b.path("id").asText().equals(id)) {
                        operator = b.path("operator").asText();
                        record = b;
                    }
                }
                default -> { }
            }
        }
        String notPromoted = null;
        if (!promoted) {
            if (refusal != null) {
                notPromoted = refusal;
            } else if (search == null) {
                notPromoted = "it was never evaluated";
            } else {
                JsonNode score = search.path("score");
                notPromoted = "it was never tried for promotion: on the search split it was " + Percent.of(score.path("change")) + " "
                        + score.path("verdict").asText() + (search.hasNonNull("raced_out") ? " (" + search.get("raced_out").asText() + ")" : "");
            }
        }
        JsonNode test = story == null || story.test() == null ? null : story.test().path("score");
        boolean held = false;
        if (test != null && "better".equals(test.path("verdict").asText())) {
            held = true;
            for (JsonNode kept : story.test().path("constraints")) {
                held &= !kept.isBoolean() || kept.asBoolean();
            }
        }
        String isUpstream = null;
        if ("seed".equals(operator)) {
            String seed = record == null ? null : seedName(run.config(), problem, record);
            if (seed != null && (seed.equals(upstreamPolicy) || behavesLike != null)) {
                isUpstream = "the built-in " + seed + " seed, which the router already ships";
            }
        }
        if (isUpstream == null && behavesLike != null) {
            isUpstream = "it behaves exactly like " + behavesLike + ", which the router already ships";
        }
        return new Standing(id, upstreamPolicy, promoted, notPromoted, acceptedAfter.isEmpty() ? null : acceptedAfter.get(acceptedAfter.size() - 1),
                test, held, story == null ? null : story.upstream(), isUpstream);
    }

    /** The built-in policy a seed candidate is (by the behaviour hash its {@code candidate} record holds), or null. */
    static String seedName(JsonNode config, String problem, JsonNode record) {
        io.nous.discover.Problem p = io.nous.discover.Problems.byId(problem);
        for (JsonNode ref : config.path("seed_policies")) {
            try {
                io.nous.discover.Compiled c = p.compile(p.seedSource(ref.asText()));
                if (c.accepted() && c.canonicalHash().equals(record.path("sha256").asText())) {
                    return ref.asText();
                }
            } catch (RuntimeException notThisOne) {
                // a seed this build no longer knows names nothing
            }
        }
        return null;
    }

    /** Worse than the upstream policy with confidence on its comparison. */
    public boolean worseThanUpstream() {
        return upstream != null && "worse".equals(upstream.path("verdict").asText());
    }

    /** Why the evidence does not support exporting it as a new plugin, or null when it does. */
    public String refusal() {
        if (!promoted) {
            return candidate + " was not promoted (" + notPromoted + ")";
        }
        if (worseThanUpstream()) {
            return candidate + " is worse than the router's " + upstreamPolicy + " (" + headToHead() + ")";
        }
        return null;
    }

    /** The head-to-head against the upstream policy in words. */
    public String headToHead() {
        if (upstream == null) {
            return "not compared with the router's " + upstreamPolicy + " (only a run's winner is)"
                    + (isUpstream != null ? "; it is one of the router's own policies, so there is nothing new in it" : "");
        }
        if (upstream.path("same_policy").asBoolean()) {
            return "it is the router's " + upstreamPolicy + " policy itself: nothing new for the router";
        }
        if (upstream.has("failure")) {
            return "the comparison with " + upstreamPolicy + " failed: " + upstream.get("failure").asText();
        }
        String verdict = upstream.path("verdict").asText();
        String meaning = switch (verdict) {
            case "better" -> "better than what the router ships";
            case "worse" -> "worse than what the router ships";
            default -> "no difference from what the router ships";
        };
        return "vs the router's " + upstreamPolicy + " on the " + upstream.path("split").asText("test") + " split: "
                + change(upstream) + ", " + meaning;
    }

    /** A change with its interval and verdict, and an explanation when it is beyond the sanity bound. */
    public static String change(JsonNode c) {
        String s = Percent.of(c.path("change")) + " " + Percent.interval(c) + " " + c.path("verdict").asText("");
        return s + sanity(c);
    }

    /**
     * Empty, or what a relative change beyond ±500 % compares: with the per-scenario values an
     * upstream comparison records, the scenario that moved most, both values and whether the
     * reference there is near zero (the ratio overstates) or a real value (the gap is real); without
     * them, that the ratio needs reading against its values.
     */
    public static String sanity(JsonNode c) {
        double change = c.path("change").asDouble(Double.NaN);
        if (!(Math.abs(change) > SANITY_BOUND)) {
            return "";
        }
        JsonNode worst = null;
        for (JsonNode sc : c.path("scenarios")) {
            if (sc.path("change").isNumber() && (worst == null || Math.abs(sc.path("change").asDouble()) > Math.abs(worst.path("change").asDouble()))) {
                worst = sc;
            }
        }
        String times = String.format(Locale.ROOT, "%.1fx", 1 + change);
        if (worst == null) {
            return " (beyond ±500 %: " + times + " the reference, a ratio rather than a shift; read it against the values it compares "
                    + "before trusting it)";
        }
        double ref = worst.path("upstream").asDouble(Double.NaN);
        double got = worst.path("candidate").asDouble(Double.NaN);
        String values = String.format(Locale.ROOT, "in %s the objective is %s under the reference and %s under the candidate",
                worst.path("scenario").asText(), num(ref), num(got));
        boolean nearZero = !(Math.abs(ref) > 1e-9) || Math.abs(ref) < 0.01 * Math.abs(got) && Math.abs(ref) < 1;
        return " (beyond ±500 %, checked: " + values + (nearZero ? "; the reference is near zero there, so the ratio overstates the gap)"
                : "; both are real values, so the gap is real, not a near-zero reference)");
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "undefined" : String.format(Locale.ROOT, "%,.1f", v);
    }

    /** The standing as lines for the console, each a complete sentence. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        if (promoted) {
            out.add(candidate + " was promoted" + (replacedBy == null ? " and is the run's winner" : ", later replaced by " + replacedBy));
        } else {
            out.add(candidate + " was not promoted: " + notPromoted);
        }
        if (test != null) {
            out.add("on the untouched test split: " + change(test) + (heldOnTest ? " (held)" : " (did not hold)"));
        } else {
            out.add("not evaluated on the untouched test split (only promoted winners are)");
        }
        if (isUpstream != null) {
            out.add("it is an upstream policy: " + isUpstream);
        }
        out.add(headToHead());
        return out;
    }

    /** The standing as a Markdown block for the top of a review or PR description. */
    public String markdown() {
        StringBuilder sb = new StringBuilder("## Standing\n\n");
        for (String l : lines()) {
            sb.append("- ").append(l).append('\n');
        }
        String why = refusal();
        if (why != null) {
            sb.append("\n> **Not for merging:** ").append(why).append(". Nous would not export it without `--force`.\n");
        }
        return sb.append('\n').toString();
    }

    /** A short phrase for a title: empty when the candidate is exportable. */
    public String titleNote() {
        if (!promoted) {
            return " (not promoted)";
        }
        if (worseThanUpstream()) {
            return " (worse than " + upstreamPolicy + ")";
        }
        if (isUpstream != null) {
            return " (the router's own " + upstreamPolicy + ")";
        }
        return "";
    }

}
