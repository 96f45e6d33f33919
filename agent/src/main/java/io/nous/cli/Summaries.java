package io.nous.cli;

import io.nous.export.Change;
import io.nous.store.journal.RunSummary;
import io.nous.store.journal.UpstreamComparison;

/** How the console writes the numbers of a run's summary: one format for a change, never "NaN%". */
final class Summaries {
    private Summaries() {
    }

    /** A summary's result with its interval and verdict, {@code -12.0% [-18.1%, -5.9%] better}; null is "not evaluated". */
    static String change(RunSummary.Result r) {
        return r == null ? "not evaluated" : Change.of(r).text();
    }

    /** The winner against the policy the router already ships. */
    static String upstream(UpstreamComparison u) {
        String policy = u.policy();
        if (u.samePolicy()) {
            return "the winner is the upstream " + policy + " policy itself: nothing new for the router";
        }
        if (u.failure() != null) {
            return "vs the upstream " + policy + " on the " + u.split() + " split: failed (" + u.failure() + ")";
        }
        String meaning = switch (u.verdict() == null ? "" : u.verdict()) {
            case "better" -> "better than what the router ships";
            case "worse" -> "worse than what the router ships";
            default -> "not distinguishable from what the router ships";
        };
        return "vs the upstream " + policy + " on the " + u.split() + " split: " + (u.change() == null ? "not evaluated" : Change.of(u).text())
                + " (" + meaning + ")";
    }

    /** The export step for a run's winner; a winner that does not beat the upstream policy is not exported without --force. */
    static String exportHint(String runId, String runsDirFlag, RunSummary.Best best) {
        UpstreamComparison up = best.vsUpstream();
        String cmd = "nous export " + runId + runsDirFlag + " --out nous-" + best.candidateId();
        if (up != null && up.samePolicy()) {
            return "        (nothing to export: configure the router's " + up.policy() + "-policy; " + cmd + " --force would add a copy)";
        }
        if (!beatsUpstream(best)) {
            return "        (no pull request: " + cmd + " --force writes one titled \"Not for merging\")";
        }
        return "        " + cmd;
    }

    /**
     * Whether the run's winner is better with confidence than the policy the router ships, on the
     * test split and under the rule that promoted it; true when the run had nothing upstream to meet.
     */
    static boolean beatsUpstream(RunSummary.Best best) {
        UpstreamComparison up = best.vsUpstream();
        if (up == null) {
            return best.test() == null || Boolean.TRUE.equals(best.test().held());
        }
        return !up.samePolicy() && up.failure() == null && "better".equals(up.verdict())
                && (best.test() == null || Boolean.TRUE.equals(best.test().held()));
    }

    /**
     * The run's last word when it found nothing better than what the router ships: that upstream
     * policy is the recommendation, in one line; null when the winner beats it.
     */
    static String recommendation(RunSummary.Best best, String problem) {
        String upstream = io.nous.discover.Problems.byId(problem).upstream();
        if (best == null) {
            return "recommendation: keep the router's " + upstream + " (nothing this run found beat it)";
        }
        if (beatsUpstream(best)) {
            return null;
        }
        UpstreamComparison up = best.vsUpstream();
        String why;
        if (up != null && up.samePolicy()) {
            why = "the run's winner " + best.candidateId() + " is that policy itself";
        } else if (up != null && up.failure() != null) {
            why = best.candidateId() + " could not be compared with it (" + up.failure() + ")";
        } else if (up != null && !"better".equals(up.verdict())) {
            why = best.candidateId() + " is not better than it with confidence on the " + up.split() + " split ("
                    + (up.change() == null ? "not evaluated" : Change.of(up).text()) + ")";
        } else {
            why = best.candidateId() + " did not hold on the untouched test split under the rule that promoted it";
        }
        return "recommendation: keep the router's " + (up != null ? up.policy() : upstream) + ": " + why;
    }

}
