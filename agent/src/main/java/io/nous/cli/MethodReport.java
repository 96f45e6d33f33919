package io.nous.cli;

import io.nous.discover.Problem;
import io.nous.discover.Problems;
import io.nous.export.Change;
import io.nous.store.Run;
import io.nous.store.StoreException;
import io.nous.store.journal.DiscoveryConfig;
import io.nous.store.journal.RunSummary;
import io.nous.store.journal.UpstreamComparison;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * How well the method does, read from finished runs: per problem class and mode (from the baseline,
 * with the upstream policy seeded, with a front), each seed's recommendation against the strongest
 * upstream policy on the test split, and how many recommendations beat it, equal it (the run
 * recommends that policy itself) or lose to it. The winner's own comparison is shown beside, since a
 * run that recommends the upstream policy may still have found something that ties it.
 */
final class MethodReport {
    /** One finished run's outcome. */
    record Outcome(String problem, String mode, long seed, String runId, String recommended, String verdictVsStrongest, String strongest, String detail) {
    }

    private MethodReport() {
    }

    /**
     * The mode of a run, as the report groups them: its class, its front, and where it started unless
     * from its class's default seeds (from the baseline alone, or from the seeds it names).
     */
    static String mode(DiscoveryConfig c) {
        Problem problem = Problems.byId(c.problem());
        String start = c.seedPolicies().equals(problem.defaultSeeds()) ? ""
                : c.seedPolicies().equals(List.of(problem.baselinePolicy())) ? " from the baseline"
                : " from " + String.join(",", c.seedPolicies());
        return c.problem() + (c.front().isEmpty() ? "" : " --front " + String.join(",", c.front())) + start;
    }

    static Outcome of(Run r) {
        DiscoveryConfig c = DiscoveryConfig.fromJson(r.config());
        RunSummary s = r.summaryRecord().orElse(null);
        if (s == null) {
            return null;
        }
        RunSummary.Best best = s.best();
        boolean lower = io.nous.evaluator.objective.Objectives.byName(c.objective()).lowerIsBetter();
        UpstreamComparison strongest = best != null ? best.vsUpstream() : s.bar() == null ? null : UpstreamComparison.strongest(s.bar(), lower);
        String upstream = strongest != null ? strongest.policy() : Problems.byId(c.problem()).upstream();
        if (best == null) {
            return new Outcome(c.problem(), mode(c), c.seed(), r.id(), upstream, "equals", upstream, "no winner" + (strongest == null ? ""
                    : "; the baseline vs " + upstream + ": " + (strongest.samePolicy() ? "is it" : strongest.change() == null ? "failed"
                    : Change.of(strongest).text())));
        }
        boolean beats = Summaries.beatsUpstream(best);
        String winnerVs = strongest == null ? "not compared" : strongest.samePolicy() ? "is it"
                : strongest.change() == null ? "failed" : Change.of(strongest).text();
        return new Outcome(c.problem(), mode(c), c.seed(), r.id(), beats ? best.candidateId() : upstream, beats ? "beats" : "equals", upstream,
                best.candidateId() + " vs " + upstream + ": " + winnerVs);
    }

    static void print(List<Run> runs, PrintWriter out) {
        Map<String, List<Outcome>> byMode = new TreeMap<>();
        List<String> unreadable = new ArrayList<>();
        for (Run r : runs) {
            try {
                Outcome o = of(r);
                if (o != null) {
                    byMode.computeIfAbsent(o.mode(), k -> new ArrayList<>()).add(o);
                }
            } catch (StoreException e) {
                unreadable.add(r.id() + ": " + e.getMessage());
            }
        }
        if (byMode.isEmpty()) {
            out.println("no finished runs");
        }
        for (Map.Entry<String, List<Outcome>> m : byMode.entrySet()) {
            List<Outcome> all = m.getValue();
            all.sort(java.util.Comparator.comparingLong(Outcome::seed).thenComparing(Outcome::runId));
            long beats = all.stream().filter(o -> o.verdictVsStrongest().equals("beats")).count();
            // a class whose upstream policies run beside the router (an autoscaler's) says whose they are
            String shipped = Problems.byId(all.get(0).problem()).upstreamShipped();
            boolean router = shipped.equals("the router ships");
            out.printf(Locale.ROOT, "%s: %d of %d seeds recommend something better than %s, %d keep %s%n", m.getKey(), beats, all.size(),
                    router ? shipped : "what " + shipped, all.size() - beats, router ? "its policy" : "what " + shipped);
            for (Outcome o : all) {
                out.printf(Locale.ROOT, "  seed %-3d %-22s recommends %-22s (%s)%n", o.seed(), o.runId(), o.recommended(), o.detail());
            }
        }
        unreadable.forEach(u -> out.println("unreadable " + u));
    }
}
