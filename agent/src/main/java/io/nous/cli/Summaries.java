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

    /** The export step for a run's winner; a winner that is the upstream policy is not exported again without --force. */
    static String exportHint(String runId, String runsDirFlag, RunSummary.Best best) {
        UpstreamComparison up = best.vsUpstream();
        String cmd = "nous export " + runId + runsDirFlag + " --out nous-" + best.candidateId();
        if (up != null && up.samePolicy()) {
            return "        (nothing to export: configure the router's " + up.policy() + "-policy; " + cmd + " --force would add a copy)";
        }
        return "        " + cmd;
    }

}
