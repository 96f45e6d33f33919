package io.nous.discover;

import io.nous.evaluator.objective.Direction;
import io.nous.evaluator.objective.Objective;
import io.nous.evaluator.objective.Objectives;
import io.nous.store.journal.Evidence;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stated preference over a trade-off front ({@code --prefer "critical-ttft within 5% of best, then
 * max goodput"}): among the trade-offs whose primary objective is within the tolerance of the best one,
 * the best on the secondary. It picks one point of a front where dominance alone would leave several,
 * and decides a promotion trial when the operator has said which trade-off they want. Every judgment
 * holds under every simulator variant: a candidate is preferred only where it is preferred under each.
 *
 * @param primary   the objective kept near its best
 * @param tolerance how far from the best is near enough: a ratio for relative objectives (written "5%": at
 *                  most 5 % worse than the best), in the objective's own units for absolute ones (written
 *                  without a %: "sheddable-shed within 2 of best" is two percentage points of shedding)
 * @param secondary the objective optimised among those near the best
 */
public record Preference(String primary, double tolerance, String secondary) {
    private static final Pattern FORM = Pattern.compile(
            "\\s*([a-z0-9-]+)\\s+within\\s+([0-9]+(?:\\.[0-9]+)?)\\s*(%?)\\s+of\\s+best\\s*,\\s*then\\s+(max|min)\\s+([a-z0-9-]+)\\s*");

    /**
     * Reads a preference, checking both objectives are among the run's ({@code objectives}: its objective
     * and its front's) and that "max"/"min" is the secondary's own direction.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static Preference parse(String text, List<String> objectives) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a preference; write it as "
                    + "\"OBJECTIVE within N% of best, then max|min OBJECTIVE\", e.g. \"critical-ttft within 5% of best, then max goodput\"");
        }
        String primary = m.group(1);
        String secondary = m.group(5);
        for (String o : List.of(primary, secondary)) {
            if (!objectives.contains(o)) {
                throw new IllegalArgumentException("'" + o + "' is not one of this run's objectives (" + String.join(", ", objectives)
                        + "); name it in --objective or --front");
            }
        }
        if (primary.equals(secondary)) {
            throw new IllegalArgumentException("a preference trades one objective against another; both name '" + primary + "'");
        }
        boolean max = m.group(4).equals("max");
        if (max == Objectives.byName(secondary).lowerIsBetter()) {
            throw new IllegalArgumentException("'" + secondary + "' is " + (max ? "lower" : "higher") + " is better, so say '"
                    + (max ? "min " : "max ") + secondary + "'");
        }
        double n = Double.parseDouble(m.group(2));
        boolean percent = !m.group(3).isEmpty();
        Objective p = Objectives.byName(primary);
        if (p.aggregation() != Objective.Aggregation.GEOMETRIC_RELATIVE) {
            // an absolute objective is a difference in its own units: "5%" of it would silently be read as 0.05 units
            if (percent) {
                throw new IllegalArgumentException("'" + primary + "' is absolute (" + p.description() + "): a tolerance is in its own "
                        + "units, not a %; write \"" + primary + " within " + m.group(2) + " of best, ...\"");
            }
            return new Preference(primary, n, secondary);
        }
        if (!percent) {
            throw new IllegalArgumentException("'" + primary + "' is relative to the baseline: give its tolerance as a share, e.g. \""
                    + primary + " within " + m.group(2) + "% of best, ...\"");
        }
        if (n > 100) {
            throw new IllegalArgumentException("a tolerance of " + m.group(2) + "% is not a preference; give at most 100%");
        }
        return new Preference(primary, n / 100, secondary);
    }

    /** The preference as the flag is written. */
    @Override
    public String toString() {
        boolean relative = Objectives.byName(primary).aggregation() == Objective.Aggregation.GEOMETRIC_RELATIVE;
        return String.format(Locale.ROOT, "%s within %s of best, then %s %s", primary,
                relative ? strip(tolerance * 100) + "%" : strip(tolerance),
                Objectives.byName(secondary).lowerIsBetter() ? "min" : "max", secondary);
    }

    /**
     * Whether {@code x} is preferred to {@code y} on their evaluations against a common reference: under
     * every variant, x's primary is within the tolerance of the better of the two and x's secondary is the
     * better, or y's primary falls outside the tolerance of x's.
     */
    public boolean prefers(TradeOffFront.Point x, TradeOffFront.Point y) {
        if (!x.byVariant().keySet().equals(y.byVariant().keySet())) {
            return false;
        }
        Objective p = Objectives.byName(primary);
        Direction s = Objectives.byName(secondary).direction();
        for (Map.Entry<String, Map<String, double[]>> v : x.byVariant().entrySet()) {
            double[] xp = v.getValue().get(primary);
            double[] yp = y.byVariant().get(v.getKey()).get(primary);
            double xs = s.loss(v.getValue().get(secondary)[0]);
            double ys = s.loss(y.byVariant().get(v.getKey()).get(secondary)[0]);
            boolean yOutside = !near(p, yp[0], xp[0]);
            boolean xNear = near(p, xp[0], yp[0]);
            if (!(yOutside || xNear && xs < ys)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a paired evaluation of a candidate against the incumbent says the candidate is preferred,
     * with confidence, under every variant: its primary better than the incumbent's by more than the
     * tolerance (the whole interval), or its primary no more than the tolerance worse (the estimate) and
     * its secondary better with confidence.
     */
    public boolean acceptsPaired(Evidence vsIncumbent) {
        if (!TradeOffFront.complete(vsIncumbent)) {
            return false;
        }
        boolean relative = Objectives.byName(primary).aggregation() == Objective.Aggregation.GEOMETRIC_RELATIVE;
        Direction d = Objectives.byName(primary).direction();
        for (Evidence.VariantEvidence v : vsIncumbent.variants()) {
            Evidence.ScoreEvidence p = TradeOffFront.score(v, vsIncumbent, primary);
            Evidence.ScoreEvidence s = TradeOffFront.score(v, vsIncumbent, secondary);
            if (p == null || s == null) {
                return false;
            }
            // beyond: the incumbent falls outside the tolerance of the candidate; near: the candidate within the incumbent's
            double beyond;
            double near;
            if (!relative) {
                beyond = -tolerance;
                near = tolerance;
            } else if (d == Direction.LOWER_IS_BETTER) {
                beyond = 1 / (1 + tolerance) - 1;
                near = tolerance;
            } else {
                beyond = -tolerance;
                near = 1 - 1 / (1 + tolerance);
            }
            boolean clearlyBetter = Math.max(d.loss(p.ciLow()), d.loss(p.ciHigh())) < beyond;
            boolean within = d.loss(p.change()) <= near;
            if (!(clearlyBetter || within && "better".equals(s.verdict()))) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code a} is within the tolerance of {@code b} or better, on objective {@code o} (both changes against one reference). */
    private boolean near(Objective o, double a, double b) {
        Direction d = o.direction();
        if (o.aggregation() == Objective.Aggregation.GEOMETRIC_RELATIVE) {
            // values relative to the reference: 1 + change; a lower-is-better a is near when (1+a) <= (1+b)(1+tol)
            double ratio = (1 + a) / (1 + b);
            return d == Direction.LOWER_IS_BETTER ? ratio <= 1 + tolerance : ratio >= 1 / (1 + tolerance);
        }
        return d.loss(a) <= d.loss(b) + tolerance;
    }

    private static String strip(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
