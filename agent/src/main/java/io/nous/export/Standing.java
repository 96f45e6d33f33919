package io.nous.export;

import io.nous.discover.Compiled;
import io.nous.discover.Problem;
import io.nous.discover.Problems;
import io.nous.store.CandidateStory;
import io.nous.store.RunHistory;
import io.nous.store.journal.DiscoveryConfig;
import io.nous.store.journal.Evidence;
import io.nous.store.journal.Promotion;
import io.nous.store.journal.UpstreamComparison;
import java.util.ArrayList;
import java.util.List;

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
 * @param heldOnTest     better with confidence on the test split under the rule that promoted it
 * @param notHeld        why it did not hold on test when its pooled score there was better, or null
 * @param brokenOnTest   the first constraint it broke on the test split (e.g. no-added-drops), or null
 * @param upstream       its upstream comparison record, or null when it had none (only a run's winner is compared)
 * @param isUpstream     how it is an upstream policy ("the built-in soft-reflective-ceiling seed", "behaves exactly like
 *                       probabilistic-admitter"), or null when it is not
 * @param owner          whose the upstream policies are, before a name ("the router's"; the problem class says)
 * @param shipped        what shipping them is called, after "what" ("the router ships")
 * @param unbeaten       an upstream policy it met on test and did not beat outright for a reason {@code upstream}'s
 *                       verdict does not show (worse under a variant, a constraint broken against it, or, for another
 *                       policy than the strongest, no confident gain), or null: a class with two shipped policies is
 *                       beaten only when both are, as discover's recommendation says
 */
public record Standing(String candidate, String upstreamPolicy, boolean promoted, String notPromoted, String replacedBy, Change test,
                       boolean heldOnTest, String notHeld, String brokenOnTest, UpstreamComparison upstream, String isUpstream,
                       String owner, String shipped, UpstreamComparison unbeaten) {

    /** A relative change beyond this (±500 %) is not printed bare: it says more about the reference than about the candidate. */
    public static final double SANITY_BOUND = Change.SANITY_BOUND;

    /**
     * The standing of {@code id} in a run.
     *
     * @param behavesLike what upstream policy the candidate's code behaves exactly like (from {@link UpstreamMatch}), or null
     */
    public static Standing of(RunHistory history, String id, String behavesLike) {
        String upstreamPolicy = Problems.byId(history.problem()).upstream();
        boolean promoted = false;
        String refusal = null;
        List<String> acceptedAfter = new ArrayList<>();
        for (Promotion p : history.all(Promotion.class)) {
            if (p.candidate().equals(id)) {
                if (p.accepted()) {
                    promoted = true;
                    acceptedAfter.clear();
                } else {
                    refusal = p.reason() == null ? "refused" : p.reason();
                }
            } else if (promoted && p.accepted()) {
                acceptedAfter.add(p.candidate());
            }
        }
        CandidateStory story = history.candidate(id).orElse(null);
        Evidence search = story == null ? null : story.search();
        String notPromoted = null;
        if (!promoted) {
            if (refusal != null) {
                notPromoted = refusal;
            } else if (search == null) {
                notPromoted = "it was never evaluated";
            } else {
                Evidence.ScoreEvidence score = search.score();
                notPromoted = "it was never tried for promotion: on the search split it was "
                        + (score == null ? "n/a " : Percent.of(score.change()) + " " + score.verdict())
                        + (search.racedOut() != null ? " (" + search.racedOut() + ")" : "");
            }
        }
        Evidence tested = story == null ? null : story.test();
        Change test = tested == null ? null : tested.score() == null ? new Change(null, null, null, null, null) : Change.of(tested.score());
        boolean held = false;
        // a journal from before promotion rules were recorded has no rule to apply: its pooled verdict stands
        boolean ruleKept = tested == null || tested.promotionRule() == null || tested.promotable();
        if (test != null && "better".equals(test.verdict()) && ruleKept) {
            // the rule that promoted it, on the test split: the pooled score alone is not enough
            held = true;
            for (Object kept : tested.constraints() == null ? List.of() : tested.constraints().values()) {
                held &= !(kept instanceof Boolean b) || b;
            }
        }
        String isUpstream = null;
        if (story != null && story.seed()) {
            String seed = seedName(history.config(), history.problem(), story.record().sha256());
            if (seed != null && (seed.equals(upstreamPolicy) || behavesLike != null)) {
                isUpstream = "the built-in " + seed + " seed, which the router already ships";
            }
        }
        if (isUpstream == null && behavesLike != null) {
            isUpstream = "it behaves exactly like " + behavesLike + ", which " + Problems.byId(history.problem()).upstreamShipped()
                    + " already";
        }
        String notHeld = null;
        if (test != null && "better".equals(test.verdict()) && !ruleKept) {
            notHeld = "better pooled, but not under " + ("all".equals(tested.promotionRule()) ? "every variant" : "the variants")
                    + " as the promotion rule (" + tested.promotionRule() + ") asks";
        }
        String broken = tested == null ? null : tested.failedConstraint();
        if (story != null && story.upstream() != null) {
            upstreamPolicy = story.upstream().policy(); // the strongest of the upstream policies it met
        }
        UpstreamComparison strongest = story == null ? null : story.upstream();
        UpstreamComparison unbeaten = null;
        for (UpstreamComparison u : history.all(UpstreamComparison.class)) {
            boolean shownByVerdict = strongest != null && u.policy().equals(strongest.policy()) && !"better".equals(u.verdict());
            if (id.equals(u.candidate()) && !u.samePolicy() && !u.beaten() && !shownByVerdict) {
                unbeaten = u;
                break;
            }
        }
        return new Standing(id, upstreamPolicy, promoted, notPromoted, acceptedAfter.isEmpty() ? null : acceptedAfter.get(acceptedAfter.size() - 1),
                test, held, notHeld, broken, strongest, isUpstream,
                Problems.byId(history.problem()).upstreamOwner(), Problems.byId(history.problem()).upstreamShipped(), unbeaten);
    }

    /** Why it does not beat {@link #unbeaten()}, as a sentence about the candidate, or empty. */
    public String notBeatingOtherUpstream() {
        return unbeaten == null ? "" : candidate + " " + whyNotBeaten();
    }

    /** The predicate of {@link #notBeatingOtherUpstream()}: "breaks a constraint against ...". */
    private String whyNotBeaten() {
        String against = owner + " " + unbeaten.policy() + " on the " + (unbeaten.split() == null ? "test" : unbeaten.split()) + " split";
        if (unbeaten.failure() != null) {
            return "could not be compared with " + against + " (" + unbeaten.failure() + ")";
        }
        if (!"better".equals(unbeaten.verdict())) {
            return "is not better than " + against + " with confidence (" + Change.of(unbeaten).text() + ")";
        }
        if (unbeaten.worseUnder() != null && !unbeaten.worseUnder().isEmpty()) {
            return "is worse than " + against + " under " + String.join(", ", unbeaten.worseUnder());
        }
        return "breaks a constraint against " + against + " (" + unbeaten.failedConstraint() + ")";
    }

    /** The built-in policy a seed candidate is (by the behaviour hash its {@code candidate} record holds), or null. */
    static String seedName(DiscoveryConfig config, String problem, String behaviourHash) {
        Problem p = Problems.byId(problem);
        for (String ref : config.seedPolicies()) {
            try {
                Compiled c = p.compile(p.seedSource(ref));
                if (c.accepted() && c.canonicalHash().equals(behaviourHash)) {
                    return ref;
                }
            } catch (RuntimeException notThisOne) {
                // a seed this build no longer knows names nothing
            }
        }
        return null;
    }

    /** Worse than the upstream policy with confidence on its comparison. */
    public boolean worseThanUpstream() {
        return upstream != null && "worse".equals(upstream.verdict());
    }

    /** Why the evidence does not support exporting it as a new plugin, or null when it does. */
    public String refusal() {
        if (!promoted) {
            return candidate + " was not promoted (" + notPromoted + ")";
        }
        if (worseThanUpstream()) {
            return candidate + " is worse than " + owner + " " + upstreamPolicy + " (" + headToHead() + ")";
        }
        if (upstream != null && !upstream.samePolicy() && !notBetterThanUpstream().isEmpty()) {
            return notBetterThanUpstream();
        }
        if (!notBeatingOtherUpstream().isEmpty()) {
            return notBeatingOtherUpstream();
        }
        if (test != null && !heldOnTest && isUpstream == null) {
            // the same rule discover's recommendation applies: a winner that did not hold on test is not what it recommends
            return candidate + " did not hold on the untouched test split (" + (brokenOnTest != null ? brokenOnTest + " broken"
                    : notHeld != null ? notHeld : test.text()) + ")";
        }
        return null;
    }

    /**
     * Why the candidate is not better with confidence than the policy the router ships, or empty when
     * it is (or when it was not compared). A plugin that adds nothing is not a result.
     */
    public String notBetterThanUpstream() {
        if (upstream == null || upstream.samePolicy()) {
            return "";
        }
        if (upstream.failure() != null) {
            return candidate + " could not be compared with " + owner + " " + upstreamPolicy + " (" + upstream.failure() + ")";
        }
        if ("better".equals(upstream.verdict())) {
            return "";
        }
        return candidate + " is not better than " + owner + " " + upstreamPolicy + " with confidence on the "
                + (upstream.split() == null ? "test" : upstream.split()) + " split (" + Change.of(upstream).text() + ")";
    }

    /** The head-to-head against the upstream policy in words. */
    public String headToHead() {
        if (upstream == null) {
            return "not compared with " + owner + " " + upstreamPolicy + " (only a run's winner is)"
                    + (isUpstream != null ? "; it is one of " + owner + " own policies, so there is nothing new in it" : "");
        }
        if (upstream.samePolicy()) {
            return "it is " + owner + " " + upstreamPolicy + " policy itself: nothing new";
        }
        if (upstream.failure() != null) {
            return "the comparison with " + upstreamPolicy + " failed: " + upstream.failure();
        }
        String verdict = upstream.verdict() == null ? "" : upstream.verdict();
        String meaning = switch (verdict) {
            case "better" -> "better than what " + shipped;
            case "worse" -> "worse than what " + shipped;
            default -> "no difference from what " + shipped;
        };
        return "vs " + owner + " " + upstreamPolicy + " on the " + (upstream.split() == null ? "test" : upstream.split()) + " split: "
                + Change.of(upstream).text() + ", " + meaning;
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
            out.add("on the untouched test split: " + test.text() + (heldOnTest ? " (held)" : notHeld != null ? " (did not hold: " + notHeld + ")"
                    : " (did not hold)"));
        } else {
            out.add("not evaluated on the untouched test split (only promoted winners are)");
        }
        if (isUpstream != null) {
            out.add("it is an upstream policy: " + isUpstream);
        }
        out.add(headToHead());
        if (unbeaten != null) {
            out.add("but " + whyNotBeaten());
        }
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
        if (!notBetterThanUpstream().isEmpty()) {
            return " (no better than " + upstreamPolicy + ")";
        }
        if (unbeaten != null) {
            return " (does not beat " + unbeaten.policy() + ")";
        }
        if (test != null && !heldOnTest && isUpstream == null) {
            return " (did not hold on test)";
        }
        if (isUpstream != null) {
            return " (" + owner + " own " + upstreamPolicy + ")";
        }
        return "";
    }

}
