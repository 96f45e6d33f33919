package io.nous.cli;

import io.nous.codegen.plug.PlugPoints;
import io.nous.export.Change;
import io.nous.sim.spi.PlugPoint;
import io.nous.store.journal.RunSummary;
import io.nous.store.journal.UpstreamComparison;
import java.util.List;

/** How the console writes the numbers of a run's summary: one format for a change, never "NaN%". */
final class Summaries {
    private Summaries() {
    }

    /** A summary's result with its interval and verdict, {@code -12.0% [-18.1%, -5.9%] better}; null is "not evaluated". */
    static String change(RunSummary.Result r) {
        return r == null ? "not evaluated" : Change.of(r).text();
    }

    /** The baseline against one policy the router ships, for a run with no winner. */
    static String baselineVsUpstream(UpstreamComparison u) {
        return baselineVsUpstream(u, "the router ships");
    }

    /** As {@link #baselineVsUpstream(UpstreamComparison)}, {@code shipped} saying whose the upstream policies are ("autoscalers run"). */
    static String baselineVsUpstream(UpstreamComparison u, String shipped) {
        return u.samePolicy() ? "the baseline is the upstream " + u.policy() + " policy itself" : "the baseline " + upstream(u, shipped);
    }

    /** The winner against the policy the router already ships. */
    static String upstream(UpstreamComparison u) {
        return upstream(u, "the router ships");
    }

    /** As {@link #upstream(UpstreamComparison)}, {@code shipped} saying whose the upstream policies are. */
    static String upstream(UpstreamComparison u, String shipped) {
        String policy = u.policy();
        if (u.samePolicy()) {
            return "the winner is the upstream " + policy + " policy itself: nothing new for the router";
        }
        if (u.failure() != null) {
            return "vs the upstream " + policy + " on the " + u.split() + " split: failed (" + u.failure() + ")";
        }
        String meaning = switch (u.verdict() == null ? "" : u.verdict()) {
            case "better" -> "better than what " + shipped;
            case "worse" -> "worse than what " + shipped;
            default -> "not distinguishable from what " + shipped;
        };
        String caveat = u.worseUnder() != null && !u.worseUnder().isEmpty() ? "; worse under " + String.join(", ", u.worseUnder())
                : u.failedConstraint() != null ? "; breaks " + u.failedConstraint() : "";
        String seeds = u.sequential() == null ? "" : "; " + u.sequential().seeds() + " seeds";
        return "vs the upstream " + policy + " on the " + u.split() + " split: " + (u.change() == null ? "not evaluated" : Change.of(u).text())
                + " (" + meaning + caveat + seeds + ")";
    }

    /** The export step for a run's winner; a winner that does not beat the upstream policy is not exported without --force. */
    static String exportHint(String runId, String runsDirFlag, RunSummary.Best best) {
        return exportHint(runId, runsDirFlag, best, List.of());
    }

    /** {@link #exportHint(String, String, RunSummary.Best)} for a candidate of these plug points, some of which may not export yet. */
    static String exportHint(String runId, String runsDirFlag, RunSummary.Best best, List<PlugPoint<?>> points) {
        for (PlugPoint<?> p : points) {
            if (!PlugPoints.of(p).exports()) {
                return "        (no export: Nous does not write " + p.noun().replaceFirst("^an? ", "") + " plugins for the router yet)";
            }
        }
        UpstreamComparison up = best.vsUpstream();
        String cmd = "nous export " + runId + runsDirFlag + " --out nous-" + best.candidateId();
        if (up != null && up.samePolicy()) {
            return "        (nothing to export: configure the router's " + routerConfig(up.policy()) + "; " + cmd + " --force would add a copy)";
        }
        if (!beatsUpstream(best)) {
            return "        (no pull request: " + cmd + " --force writes one titled \"Not for merging\")";
        }
        return "        " + cmd;
    }

    /** What to configure in the router for an upstream policy: "soft-reflective-ceiling-policy", or a pair's two plugins. */
    static String routerConfig(String upstream) {
        int plus = upstream.indexOf('+');
        return plus < 0 ? upstream + "-policy" : upstream.substring(0, plus) + "-policy with its " + upstream.substring(plus + 1);
    }

    /**
     * Whether the run's winner beats every policy the router ships that it was measured against, on
     * the test split (better with confidence, worse under no variant, no constraint broken) and held
     * there under the rule that promoted it; true when the run had nothing upstream to meet.
     */
    static boolean beatsUpstream(RunSummary.Best best) {
        List<UpstreamComparison> all = best.upstreams();
        boolean held = best.test() == null || Boolean.TRUE.equals(best.test().held());
        return held && all.stream().allMatch(UpstreamComparison::beaten);
    }

    /**
     * The run's last word when it found nothing better than what the router ships: the best upstream
     * policy is the recommendation, in one line; null when the winner beats every one.
     */
    static String recommendation(RunSummary.Best best, String problem) {
        return recommendation(best, List.of(), problem, true);
    }

    /** The recommendation of a finished run, from its summary: with no winner, the upstream policy the baseline compares worst with. */
    static String recommendation(RunSummary s, String problem) {
        return recommendation(s.best(), s.bar() == null ? List.of() : s.bar(), problem,
                io.nous.evaluator.objective.Objectives.byName(s.objective()).lowerIsBetter());
    }

    /**
     * @param bar with no winner, the baseline against each upstream policy on test (empty: not measured,
     *            as in runs before schema 3; the class's first upstream policy is named)
     */
    private static String recommendation(RunSummary.Best best, List<UpstreamComparison> bar, String problem, boolean lowerIsBetter) {
        io.nous.discover.Problem p = io.nous.discover.Problems.byId(problem);
        String upstream = p.upstream();
        String keeping = "recommendation: keep " + p.upstreamOwner() + " ";
        if (best == null) {
            UpstreamComparison strongest = UpstreamComparison.strongest(bar, lowerIsBetter);
            if (strongest == null) {
                return keeping + upstream + " (nothing this run found beat it)";
            }
            if (strongest.samePolicy()) {
                // the baseline is the strongest policy the router ships: say by how much it beats the next
                UpstreamComparison next = bar.stream().filter(u -> !u.samePolicy() && u.change() != null).findFirst().orElse(null);
                return keeping + strongest.policy() + " (nothing this run found beat it"
                        + (bar.size() > 1 ? "; it is the strongest of the " + bar.size() + " policies " + p.upstreamShipped() + " on the "
                        + strongest.split() + " split" + (next == null ? "" : ": against " + next.policy() + " "
                        + Change.of(next).text()) : "") + ")";
            }
            return keeping + strongest.policy() + " (nothing this run found beat it"
                    + (bar.size() > 1 ? "; of the " + bar.size() + " policies " + p.upstreamShipped() + ", the baseline does worst against it on the "
                    + strongest.split() + " split" + (strongest.change() == null ? "" : ", " + Change.of(strongest).text()) : "") + ")";
        }
        if (beatsUpstream(best)) {
            return null;
        }
        // the strongest upstream policy is what to keep; it says why unless the winner beats it and not another
        UpstreamComparison up = best.vsUpstream() == null || !best.vsUpstream().beaten() ? best.vsUpstream()
                : best.upstreams().stream().filter(u -> !u.beaten()).findFirst().orElse(best.vsUpstream());
        String keep = best.vsUpstream() != null ? best.vsUpstream().policy() : upstream;
        String than = up == null || up.policy().equals(keep) ? "it" : up.policy();
        String why;
        if (up != null && up.samePolicy()) {
            why = "the run's winner " + best.candidateId() + " is " + (than.equals("it") ? "that policy itself" : than);
        } else if (up != null && up.failure() != null) {
            why = best.candidateId() + " could not be compared with " + than + " (" + up.failure() + ")";
        } else if (up != null && !"better".equals(up.verdict())) {
            why = best.candidateId() + " is not better than " + than + " with confidence on the " + up.split() + " split ("
                    + (up.change() == null ? "not evaluated" : Change.of(up).text()) + ")";
        } else if (up != null && up.worseUnder() != null && !up.worseUnder().isEmpty()) {
            why = best.candidateId() + " is worse than " + than + " under " + String.join(", ", up.worseUnder()) + " on the " + up.split()
                    + " split";
        } else if (up != null && up.failedConstraint() != null) {
            why = best.candidateId() + " breaks a constraint against " + than + " on the " + up.split() + " split (" + up.failedConstraint() + ")";
        } else {
            why = best.candidateId() + " did not hold on the untouched test split under the rule that promoted it";
        }
        return "recommendation: keep " + p.upstreamOwner() + " " + keep + ": " + why;
    }

}
