package io.nous.report;

import io.nous.discover.Problem;
import io.nous.discover.Problems;
import io.nous.discover.TradeOffFront;
import io.nous.store.CandidateStory;
import io.nous.store.RunHistory;
import io.nous.store.journal.DiscoveryConfig;
import io.nous.store.journal.FrontEvaluation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's trade-off front as read from its journal (runs with {@code --front}), for {@code runs show},
 * the review and the report: on search, every placed candidate against the baseline with the upstream
 * policy among them (as a candidate, or evaluated apart at the end of the run) and which are not
 * dominated; on validation and test, each confirmed member paired with the upstream policy (the origin),
 * whether it dominates that policy under every variant, and which members do so on both splits.
 *
 * @param objectives the run's objective, then its front's
 * @param upstream   the upstream policy's name
 * @param search     every placed search point, in journal order
 * @param unplaced   search evaluations that could not be placed (raced out, a constraint broken, not scored)
 * @param paired     validation and test, in that order, where the run placed its front against the upstream policy
 * @param goal       the members that dominate the upstream policy on validation and on test; null when neither was evaluated
 * @param pairs      the members that, on validation and on test, are no worse than the upstream policy on the run's objective
 *                   and better with confidence on one further objective under every variant (dominance on that pair alone),
 *                   with what the remaining objectives did; null when neither split was evaluated
 */
public record TradeOffs(List<String> objectives, String upstream, List<Row> search, int unplaced, List<SplitFront> paired,
                        List<String> goal, List<PairGoal> pairs) {

    /**
     * A member that beats the upstream policy on the run's objective and {@code second} together.
     *
     * @param elsewhere where a remaining objective was worse with confidence ("goodput worse under decode-slow on test"), if anywhere
     */
    public record PairGoal(String candidate, String second, List<String> elsewhere) {
    }

    /**
     * One candidate on one split.
     *
     * @param point      its place, or null when it could not be placed (then {@code why} says why)
     * @param upstream   it is the upstream policy
     * @param onFront    no other point of its split dominates it
     * @param relation   on a paired split: "dominates", "dominated" or "neither" against the upstream policy; null on search
     */
    public record Row(String candidate, TradeOffFront.Point point, boolean upstream, boolean onFront, String relation, String why) {
    }

    /** One split's members paired with the upstream policy; {@code upstreamOnFront}: no member dominates it. */
    public record SplitFront(String split, List<Row> rows, boolean upstreamOnFront) {
    }

    /** The run's trade-offs, or null when it ran without {@code --front}. */
    public static TradeOffs of(RunHistory history) {
        DiscoveryConfig c = history.config();
        if (c.front().isEmpty()) {
            return null;
        }
        List<String> objectives = c.tradeOffObjectives();
        boolean worstPlace = TradeOffFront.worstPlace(c.schema());
        String upstreamName;
        String upstreamHash;
        try {
            Problem problem = Problems.byId(history.problem());
            upstreamName = problem.upstream();
            upstreamHash = problem.compile(problem.upstreamSource()).canonicalHash();
        } catch (RuntimeException e) {
            upstreamName = "the upstream policy";
            upstreamHash = null;
        }
        List<TradeOffFront.Point> points = new ArrayList<>();
        Map<String, Boolean> isUpstream = new HashMap<>();
        int unplaced = 0;
        for (CandidateStory s : history.candidates()) {
            if (s.search() == null) {
                continue;
            }
            TradeOffFront.Point p = TradeOffFront.of(s.search(), objectives, worstPlace);
            if (p == null) {
                unplaced++;
            } else {
                points.add(p);
                isUpstream.put(p.candidate(), upstreamHash != null && s.record() != null && upstreamHash.equals(s.record().sha256()));
            }
        }
        Map<String, List<FrontEvaluation>> bySplit = new LinkedHashMap<>();
        for (FrontEvaluation f : history.all(FrontEvaluation.class)) {
            bySplit.computeIfAbsent(f.split(), k -> new ArrayList<>()).add(f);
        }
        for (FrontEvaluation f : bySplit.getOrDefault("search", List.of())) {
            TradeOffFront.Point p = TradeOffFront.of(f.evidence(), objectives, worstPlace);
            if (p != null) {
                points.add(p);
                isUpstream.put(p.candidate(), true);
            }
        }
        List<TradeOffFront.Point> front = TradeOffFront.front(points);
        List<Row> search = new ArrayList<>();
        for (TradeOffFront.Point p : points) {
            search.add(new Row(p.candidate(), p, isUpstream.get(p.candidate()), front.contains(p), null, null));
        }
        List<SplitFront> paired = new ArrayList<>();
        List<String> goal = null;
        Map<String, List<FrontEvaluation>> byMember = new LinkedHashMap<>();
        for (String split : List.of("validation", "test")) {
            List<FrontEvaluation> mine = bySplit.getOrDefault(split, List.of());
            if (mine.isEmpty()) {
                continue;
            }
            List<TradeOffFront.Point> pointOf = new ArrayList<>(); // one per evaluation, null where it cannot be placed
            List<TradeOffFront.Point> all = new ArrayList<>();
            for (FrontEvaluation f : mine) {
                TradeOffFront.Point p = TradeOffFront.placed(f.evidence(), objectives);
                pointOf.add(p);
                if (p != null) {
                    all.add(p);
                }
            }
            if (!all.isEmpty()) {
                all.add(TradeOffFront.origin(upstreamName, all.get(0)));
            }
            List<String> onFront = TradeOffFront.front(all).stream().map(TradeOffFront.Point::candidate).toList();
            List<Row> rows = new ArrayList<>();
            List<String> dominating = new ArrayList<>();
            for (int k = 0; k < mine.size(); k++) {
                FrontEvaluation f = mine.get(k);
                byMember.computeIfAbsent(f.candidate(), x -> new ArrayList<>()).add(f);
                TradeOffFront.Point p = pointOf.get(k);
                String relation = TradeOffFront.dominatesPaired(f.evidence(), objectives) ? "dominates"
                        : TradeOffFront.dominatedPaired(f.evidence(), objectives) ? "dominated" : "neither";
                if (relation.equals("dominates")) {
                    dominating.add(f.candidate());
                }
                rows.add(new Row(f.candidate(), p, false, p != null && onFront.contains(p.candidate()), relation,
                        p != null ? null : f.evidence().failure() != null ? f.evidence().failure() : "not scored under every variant"));
            }
            paired.add(new SplitFront(split, rows, onFront.contains(upstreamName)));
            if (goal == null) {
                goal = dominating;
            } else {
                goal.retainAll(dominating);
            }
        }
        List<PairGoal> pairs = goal == null ? null : pairGoals(objectives, byMember, paired.size());
        return new TradeOffs(List.copyOf(objectives), upstreamName, search, unplaced, paired, goal == null ? null : List.copyOf(goal), pairs);
    }

    /** The members that dominate the upstream policy on (objective, second) on every paired split, per further objective. */
    private static List<PairGoal> pairGoals(List<String> objectives, Map<String, List<FrontEvaluation>> byMember, int splits) {
        List<PairGoal> out = new ArrayList<>();
        for (Map.Entry<String, List<FrontEvaluation>> m : byMember.entrySet()) {
            if (m.getValue().size() < splits) {
                continue;
            }
            for (String second : objectives.subList(1, objectives.size())) {
                List<String> pair = List.of(objectives.get(0), second);
                if (m.getValue().stream().allMatch(f -> TradeOffFront.dominatesPaired(f.evidence(), pair))) {
                    List<String> elsewhere = new ArrayList<>();
                    for (FrontEvaluation f : m.getValue()) {
                        for (String other : objectives) {
                            if (pair.contains(other)) {
                                continue;
                            }
                            List<String> worseUnder = TradeOffFront.worseUnder(f.evidence(), other);
                            if (!worseUnder.isEmpty()) {
                                elsewhere.add(other + " worse under " + String.join(", ", worseUnder) + " on " + f.split());
                            }
                        }
                    }
                    out.add(new PairGoal(m.getKey(), second, List.copyOf(elsewhere)));
                }
            }
        }
        return List.copyOf(out);
    }

    /** The front as {@code summary.json} keeps it: the search front with the upstream policy, each paired split's members, the goal. */
    public io.nous.store.journal.RunSummary.Front summary() {
        List<io.nous.store.journal.RunSummary.Member> members = new ArrayList<>();
        for (Row r : search) {
            if (r.onFront() || r.upstream()) {
                members.add(new io.nous.store.journal.RunSummary.Member(r.candidate(), "search", r.onFront(), r.upstream(), values(r.point()),
                        null, null));
            }
        }
        for (SplitFront f : paired) {
            for (Row r : f.rows()) {
                members.add(new io.nous.store.journal.RunSummary.Member(r.candidate(), f.split(), r.onFront(), false,
                        r.point() == null ? null : values(r.point()), r.relation(), r.why()));
            }
        }
        return new io.nous.store.journal.RunSummary.Front(objectives, upstream, List.copyOf(members), goal == null ? List.of() : goal);
    }

    private Map<String, io.nous.store.journal.RunSummary.Result> values(TradeOffFront.Point p) {
        Map<String, io.nous.store.journal.RunSummary.Result> out = new LinkedHashMap<>();
        for (String o : objectives) {
            double[] v = p.nominal(o);
            out.put(o, new io.nous.store.journal.RunSummary.Result(v[0], v[1], v[2], null, null));
        }
        return out;
    }

    /** One objective's value as the views print it: a relative change as a percentage, an absolute one (e.g. points) as a number. */
    public static String format(String objective, double v) {
        return absolute(objective) ? String.format(java.util.Locale.ROOT, "%+.2f", v) : io.nous.export.Percent.of(v);
    }

    /** Whether an objective is absolute (shown in its own units, e.g. percentage points) rather than a relative change. */
    public static boolean absolute(String objective) {
        return io.nous.evaluator.objective.Objectives.byName(objective).aggregation()
                == io.nous.evaluator.objective.Objective.Aggregation.MEAN_ABSOLUTE;
    }
}
