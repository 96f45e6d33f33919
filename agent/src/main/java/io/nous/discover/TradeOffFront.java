package io.nous.discover;

import io.nous.evaluator.objective.Direction;
import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.scenario.PromotionRule;
import io.nous.store.journal.Evidence;
import io.nous.store.journal.JournalSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The candidates no other candidate dominates on a run's objectives (its objective and those of
 * {@code --front}), under every simulator variant. X dominates Y when under every variant X is at
 * least as good as Y on every objective, and on at least one the whole of X's interval is better than
 * Y's estimate: the intervals decide, so a difference within the noise does not push a candidate off
 * the front. Only candidates evaluated under every variant with every constraint held are placed (a
 * raced-out or constraint-breaking candidate is not a trade-off anyone could deploy), and, under the
 * worst-place rule, none worse with confidence where traffic contends.
 */
public final class TradeOffFront {
    /** A candidate's place: per variant, per objective, {change, ci low, ci high}. */
    public record Point(String candidate, Map<String, Map<String, double[]>> byVariant) {
        /** One objective's {change, ci low, ci high} under the first (nominal) variant. */
        public double[] nominal(String objective) {
            return byVariant.values().iterator().next().get(objective);
        }

        /** The lowest and highest estimate of one objective over every variant. */
        public double[] range(String objective) {
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            for (Map<String, double[]> v : byVariant.values()) {
                lo = Math.min(lo, v.get(objective)[0]);
                hi = Math.max(hi, v.get(objective)[0]);
            }
            return new double[] {lo, hi};
        }
    }

    private TradeOffFront() {
    }

    /**
     * The point of a search evaluation on these objectives (the first is the run's own), or null when it
     * cannot be placed. With {@code worstPlace} (journal schema 4 on), an evaluation under a rule that
     * judges every scenario is not placed when a contended scenario is worse with confidence: such a
     * candidate can never be promoted, so it must not hold the front or be bred from.
     */
    public static Point of(Evidence e, List<String> objectives, boolean worstPlace) {
        if (e.failedConstraint() != null || e.variants() == null || !e.variants().stream().allMatch(Evidence.VariantEvidence::constraintsHold)) {
            return null;
        }
        if (worstPlace && judgesEveryScenario(e) && e.worseWhereContended() != null) {
            return null;
        }
        return placed(e, objectives);
    }

    /** Whether a run of this journal schema places by the worst-place rule. */
    public static boolean worstPlace(int schema) {
        return schema >= JournalSchema.WORST_PLACE_FRONT;
    }

    private static boolean judgesEveryScenario(Evidence e) {
        return e.promotionRule() != null && PromotionRule.parse(e.promotionRule()).everyScenario();
    }

    /** The non-dominated points, in the order given. */
    public static List<Point> front(List<Point> points) {
        List<Point> out = new ArrayList<>();
        for (Point p : points) {
            boolean dominated = false;
            for (Point q : points) {
                if (q != p && dominates(q, p)) {
                    dominated = true;
                    break;
                }
            }
            if (!dominated) {
                out.add(p);
            }
        }
        return out;
    }

    /** Whether x dominates y (see the class comment); points measured under different variants never do. */
    static boolean dominates(Point x, Point y) {
        if (!x.byVariant().keySet().equals(y.byVariant().keySet())) {
            return false;
        }
        boolean clearly = false;
        for (Map.Entry<String, Map<String, double[]>> v : x.byVariant().entrySet()) {
            Map<String, double[]> ys = y.byVariant().get(v.getKey());
            for (Map.Entry<String, double[]> o : v.getValue().entrySet()) {
                Direction d = Objectives.byName(o.getKey()).direction();
                double[] a = o.getValue();
                double[] b = ys.get(o.getKey());
                if (d.loss(a[0]) > d.loss(b[0])) {
                    return false;
                }
                // the interval's worse end, in loss terms, still better than y's estimate
                double worstOfX = Math.max(d.loss(a[1]), d.loss(a[2]));
                clearly |= worstOfX < d.loss(b[0]);
            }
        }
        return clearly;
    }

    /** Whether an evaluation ran to the end under every variant, with nothing failed or raced out (so that it can judge anything). */
    public static boolean complete(Evidence e) {
        return e != null && e.failure() == null && e.racedOut() == null && e.variants() != null && !e.variants().isEmpty()
                && e.variants().size() >= e.variantsInMatrix();
    }

    /** One objective's score under one variant of an evaluation: the run's own objective or one of its front's; null when absent. */
    static Evidence.ScoreEvidence score(Evidence.VariantEvidence v, Evidence e, String objective) {
        if (e.score() != null && objective.equals(e.score().objective())) {
            return v.change() == null ? null : new Evidence.ScoreEvidence(objective, v.change(), v.ciLow(), v.ciHigh(), v.verdict());
        }
        Evidence.ScoreEvidence s = v.also() == null ? null : v.also().get(objective);
        return s == null || Double.isNaN(s.change()) ? null : s;
    }

    /**
     * Whether a paired evaluation of X against Y says X dominates Y with confidence: under no variant is X
     * worse with confidence on any objective, and on at least one objective X is better with confidence
     * under every variant. Constraints are the evaluation's own business (a promotion also needs them).
     */
    public static boolean dominatesPaired(Evidence xVsY, List<String> objectives) {
        return pairedDominance(xVsY, objectives, "better", "worse", false);
    }

    /**
     * {@link #dominatesPaired(Evidence, List)}, or with {@code somewhere} (the matrix's promotion rule
     * {@code somewhere}) the weaker claim that the worst place allows: X worse with confidence on no
     * objective under any variant, and better with confidence on one objective under at least one.
     */
    public static boolean dominatesPaired(Evidence xVsY, List<String> objectives, boolean somewhere) {
        return pairedDominance(xVsY, objectives, "better", "worse", somewhere);
    }

    /**
     * Whether a paired evaluation of X against Y says Y dominates X with confidence: X better with
     * confidence on nothing under any variant, and worse with confidence on some objective under every variant.
     */
    public static boolean dominatedPaired(Evidence xVsY, List<String> objectives) {
        return pairedDominance(xVsY, objectives, "worse", "better", false);
    }

    /**
     * Dominance read off a paired evaluation: no verdict {@code against} anywhere, and one objective
     * {@code wins} under every variant (or, with {@code underOne}, under at least one).
     */
    private static boolean pairedDominance(Evidence e, List<String> objectives, String wins, String against, boolean underOne) {
        if (!complete(e)) {
            return false;
        }
        boolean somewhere = false;
        for (String o : objectives) {
            boolean everywhere = true;
            boolean anywhere = false;
            for (Evidence.VariantEvidence v : e.variants()) {
                Evidence.ScoreEvidence s = score(v, e, o);
                if (s == null || against.equals(s.verdict())) {
                    return false;
                }
                everywhere &= wins.equals(s.verdict());
                anywhere |= wins.equals(s.verdict());
            }
            somewhere |= underOne ? anywhere : everywhere;
        }
        return somewhere;
    }

    /** The reference of paired evaluations as a point: every objective unchanged, exactly, under the variants {@code like} has. */
    public static Point origin(String name, Point like) {
        Map<String, Map<String, double[]>> byVariant = new LinkedHashMap<>();
        like.byVariant().forEach((v, scores) -> {
            Map<String, double[]> zero = new LinkedHashMap<>();
            scores.keySet().forEach(o -> zero.put(o, new double[] {0, 0, 0}));
            byVariant.put(v, zero);
        });
        return new Point(name, byVariant);
    }

    /**
     * The point of a complete evaluation on these objectives (the first is the evaluation's own), or null
     * when one is not scored under some variant; constraints are not asked ({@link #of} asks them).
     */
    public static Point placed(Evidence e, List<String> objectives) {
        if (!complete(e)) {
            return null;
        }
        Map<String, Map<String, double[]>> byVariant = new LinkedHashMap<>();
        for (Evidence.VariantEvidence v : e.variants()) {
            if (v.change() == null) {
                return null;
            }
            Map<String, double[]> scores = new LinkedHashMap<>();
            scores.put(objectives.get(0), new double[] {v.change(), v.ciLow(), v.ciHigh()});
            for (String o : objectives.subList(1, objectives.size())) {
                Evidence.ScoreEvidence s = v.also() == null ? null : v.also().get(o);
                if (s == null || Double.isNaN(s.change())) {
                    return null;
                }
                scores.put(o, new double[] {s.change(), s.ciLow(), s.ciHigh()});
            }
            byVariant.put(v.variant(), scores);
        }
        return new Point(e.candidate(), byVariant);
    }


    /** The variants under which one objective of an evaluation is worse with confidence. */
    public static List<String> worseUnder(Evidence e, String objective) {
        List<String> out = new ArrayList<>();
        if (e.variants() != null) {
            for (Evidence.VariantEvidence v : e.variants()) {
                Evidence.ScoreEvidence s = score(v, e, objective);
                if (s != null && "worse".equals(s.verdict())) {
                    out.add(v.variant());
                }
            }
        }
        return out;
    }
}
