package io.nous.discover;

import io.nous.evaluator.objective.Direction;
import io.nous.evaluator.objective.Objectives;
import io.nous.store.journal.Evidence;
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
 * raced-out or constraint-breaking candidate is not a trade-off anyone could deploy).
 */
public final class TradeOffFront {
    /** A candidate's place: per variant, per objective, {change, ci low, ci high}. */
    public record Point(String candidate, Map<String, Map<String, double[]>> byVariant) {
    }

    private TradeOffFront() {
    }

    /** The point of a search evaluation on these objectives (the first is the run's own), or null when it cannot be placed. */
    public static Point of(Evidence e, List<String> objectives) {
        if (e.failure() != null || e.failedConstraint() != null || e.racedOut() != null || e.variants() == null
                || e.variants().size() < e.variantsInMatrix()) {
            return null;
        }
        Map<String, Map<String, double[]>> byVariant = new LinkedHashMap<>();
        for (Evidence.VariantEvidence v : e.variants()) {
            if (v.change() == null || !v.constraintsHold()) {
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
}
