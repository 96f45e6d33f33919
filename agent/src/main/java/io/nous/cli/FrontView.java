package io.nous.cli;

import io.nous.discover.TradeOffFront;
import io.nous.report.TradeOffs;
import io.nous.store.RunHistory;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;

/**
 * A run's trade-off front ({@link TradeOffs}) as text, for {@code runs show} and the review: the
 * search front with the upstream policy placed on it, each confirmed member against the upstream policy
 * on validation and test, and whether any dominates it on both. Each objective is shown as its nominal
 * change with its interval and the range of the estimates over all variants.
 */
final class FrontView {
    private final TradeOffs t;

    FrontView(RunHistory history) {
        this.t = TradeOffs.of(history);
    }

    /** The same as {@link #print}, as a string ("" without a front). */
    String text() {
        StringWriter w = new StringWriter();
        try (PrintWriter out = new PrintWriter(w)) {
            print(out);
        }
        return w.toString();
    }

    void print(PrintWriter out) {
        if (t == null) {
            return;
        }
        List<TradeOffs.Row> front = t.search().stream().filter(TradeOffs.Row::onFront).toList();
        out.printf(Locale.ROOT, "front     search: %d of %d placed candidates are not dominated (%s vs the baseline; every variant, "
                        + "intervals deciding; %d not placed: raced out, a constraint broken, or not scored)%n", front.size(),
                t.search().size(), String.join(", ", t.objectives()), t.unplaced());
        for (TradeOffs.Row r : t.search()) {
            if (r.onFront() || r.upstream()) {
                out.println("  " + (r.onFront() ? "" : "(dominated) ") + r.candidate()
                        + (r.upstream() ? r.candidate().equals(t.upstream()) ? " (upstream)" : " (upstream " + t.upstream() + ")" : "")
                        + values(r.point(), t.objectives()));
            }
        }
        for (TradeOffs.SplitFront s : t.paired()) {
            out.printf(Locale.ROOT, "front     %s: %d search-front members paired with %s (the origin; it %s on this split's front)%n",
                    s.split(), s.rows().size(), t.upstream(), s.upstreamOnFront() ? "stays" : "is NOT");
            for (TradeOffs.Row r : s.rows()) {
                out.println("  " + r.candidate() + (r.onFront() ? "" : " (off the front)")
                        + (r.point() == null ? "  not placed: " + r.why() : values(r.point(), t.objectives()))
                        + switch (r.relation()) {
                            case "dominates" -> "  dominates it";
                            case "dominated" -> "  dominated by it";
                            default -> "  neither dominates";
                        });
            }
        }
        if (t.goal() != null) {
            out.println("goal      " + (t.goal().isEmpty()
                    ? "no confirmed member dominates " + t.upstream() + " on both validation and test under every variant"
                    : String.join(", ", t.goal()) + (t.goal().size() == 1 ? " dominates " : " dominate ") + t.upstream()
                    + " on validation and test under every variant (no objective worse with confidence, one better with confidence)"));
            for (TradeOffs.PairGoal g : t.pairs()) {
                out.printf(Locale.ROOT, "          %s is no worse than %s on %s and better with confidence on %s, under every variant, "
                                + "on validation and test%s%n", g.candidate(), t.upstream(), t.objectives().get(0), g.second(),
                        g.elsewhere().isEmpty() ? "" : " (but " + String.join("; ", g.elsewhere()) + ")");
            }
        }
    }

    /** Each objective's nominal change with its interval, and the range of the estimates over every variant. */
    static String values(TradeOffFront.Point p, List<String> objectives) {
        StringBuilder line = new StringBuilder();
        for (String o : objectives) {
            double[] nominal = p.nominal(o);
            double[] range = p.range(o);
            line.append(String.format(Locale.ROOT, "  %s %s [%s, %s]", o, TradeOffs.format(o, nominal[0]), TradeOffs.format(o, nominal[1]), TradeOffs.format(o, nominal[2])));
            if (p.byVariant().size() > 1) {
                line.append(String.format(Locale.ROOT, " (variants %s..%s)", TradeOffs.format(o, range[0]), TradeOffs.format(o, range[1])));
            }
        }
        return line.toString();
    }
}
