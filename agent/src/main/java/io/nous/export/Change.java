package io.nous.export;

import io.nous.store.journal.Evidence;
import io.nous.store.journal.RunSummary;
import io.nous.store.journal.UpstreamComparison;
import java.util.List;
import java.util.Locale;

/**
 * A relative change with its interval and verdict, as every text for people writes it
 * ({@code -12.0% [-18.1%, -5.9%] better}), from whichever record holds one: a score, a summary's
 * result, an upstream comparison (whose per-scenario values let a change beyond ±500 % be checked).
 * Missing parts are null and print as {@code n/a}.
 */
public record Change(Double change, Double ciLow, Double ciHigh, String verdict, List<UpstreamComparison.ScenarioValues> scenarios) {

    /** A relative change beyond this (±500 %) is not printed bare: it says more about the reference than about the candidate. */
    public static final double SANITY_BOUND = 5.0;

    public Change {
        scenarios = scenarios == null ? List.of() : scenarios;
    }

    public static Change of(Evidence.ScoreEvidence s) {
        return new Change(s.change(), s.ciLow(), s.ciHigh(), s.verdict(), null);
    }

    public static Change of(RunSummary.Result r) {
        return new Change(r.change(), r.ciLow(), r.ciHigh(), r.verdict(), null);
    }

    public static Change of(UpstreamComparison u) {
        return new Change(u.change(), u.ciLow(), u.ciHigh(), u.verdict(), u.scenarios());
    }

    /** {@code -12.0% [-18.1%, -5.9%] better}, and an explanation when it is beyond the sanity bound. */
    public String text() {
        return Percent.of(change) + " " + interval() + " " + (verdict == null ? "" : verdict) + sanity();
    }

    /** {@code [-18.1%, -5.9%]}. */
    public String interval() {
        return "[" + Percent.of(ciLow) + ", " + Percent.of(ciHigh) + "]";
    }

    /**
     * Empty, or what a relative change beyond ±500 % compares: with per-scenario values, the scenario
     * that moved most, both values and whether the reference there is near zero (the ratio overstates)
     * or a real value (the gap is real); without them, that the ratio needs reading against its values.
     */
    public String sanity() {
        double c = change == null ? Double.NaN : change;
        if (!(Math.abs(c) > SANITY_BOUND)) {
            return "";
        }
        UpstreamComparison.ScenarioValues worst = null;
        for (UpstreamComparison.ScenarioValues sc : scenarios) {
            if (finite(sc.change()) && (worst == null || Math.abs(sc.change()) > Math.abs(worst.change()))) {
                worst = sc;
            }
        }
        String times = String.format(Locale.ROOT, "%.1fx", 1 + c);
        if (worst == null) {
            return " (beyond ±500 %: " + times + " the reference, a ratio rather than a shift; read it against the values it compares "
                    + "before trusting it)";
        }
        double ref = worst.upstream() == null ? Double.NaN : worst.upstream();
        double got = worst.candidate() == null ? Double.NaN : worst.candidate();
        String values = String.format(Locale.ROOT, "in %s the objective is %s under the reference and %s under the candidate",
                worst.scenario(), num(ref), num(got));
        boolean nearZero = !(Math.abs(ref) > 1e-9) || Math.abs(ref) < 0.01 * Math.abs(got) && Math.abs(ref) < 1;
        return " (beyond ±500 %, checked: " + values + (nearZero ? "; the reference is near zero there, so the ratio overstates the gap)"
                : "; both are real values, so the gap is real, not a near-zero reference)");
    }

    private static boolean finite(Double v) {
        return v != null && !v.isNaN();
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "undefined" : String.format(Locale.ROOT, "%,.1f", v);
    }
}
