package io.nous.cli;

import io.nous.report.TradeOffs;
import io.nous.store.RunHistory;
import io.nous.store.journal.RunSummary;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Locale;

/**
 * A run's trade-off front ({@link TradeOffs}) as a table of at most 100 columns, for the end of
 * {@code discover}, {@code runs show} and the review: the search front with the upstream policy placed
 * on it, each confirmed member against the upstream policy on validation and test, and whether any
 * dominates it on both. Each objective is its nominal change with its 95 % interval.
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

    /** Widest line of the table: a terminal of 100 columns shows it unwrapped. */
    static final int WIDTH = 100;

    void print(PrintWriter out) {
        if (t == null) {
            return;
        }
        RunSummary.Front f = t.summary();
        long onFront = t.search().stream().filter(TradeOffs.Row::onFront).count();
        wrap(out, "front     ", String.format(Locale.ROOT, "%d of %d placed candidates are not dominated on search (%s vs the baseline, "
                + "every variant, intervals deciding; %d not placed: raced out, a constraint broken or not scored); on validation and "
                + "test each confirmed member meets %s: \"vs upstream\" says which dominates", onFront, t.search().size(),
                String.join(", ", t.objectives()), t.unplaced(), t.upstream()));
        int cell = Math.max(16, (WIDTH - 22 - " vs upstream".length()) / Math.max(1, f.objectives().size()));
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "  %-10s %-9s", "split", "member"));
        for (String o : f.objectives()) {
            header.append(String.format(Locale.ROOT, "%-" + cell + "s", " " + clip(o, cell - 1)));
        }
        out.println(header.append(" vs upstream").toString().stripTrailing());
        for (RunSummary.Member m : f.members()) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "  %-10s %-9s", m.split(),
                    m.upstream() ? "upstream" : clip(m.candidate(), 9)));
            if (m.values() == null) {
                row.append(" not placed: ").append(m.notPlaced());
            } else {
                for (String o : f.objectives()) {
                    RunSummary.Result v = m.values().get(o);
                    row.append(String.format(Locale.ROOT, "%-" + cell + "s", " " + cellText(o, v)));
                }
            }
            // on search: whether another candidate dominates it; on validation and test: against the upstream policy
            String relation = m.vsUpstream() == null ? (m.onFront() ? "" : "(dominated)") : switch (m.vsUpstream()) {
                case "dominates" -> "dominates";
                case "dominated" -> "dominated";
                default -> "neither";
            };
            out.println((row + " " + relation).stripTrailing());
        }
        if (t.goal() != null) {
            wrap(out, "goal      ", t.goal().isEmpty()
                    ? "no confirmed member dominates " + t.upstream() + " on both validation and test under every variant"
                    : String.join(", ", t.goal()) + (t.goal().size() == 1 ? " dominates " : " dominate ") + t.upstream()
                    + " on validation and test under every variant (no objective worse with confidence, one better with confidence)");
            for (TradeOffs.PairGoal g : t.pairs()) {
                wrap(out, "          ", String.format(Locale.ROOT, "%s is no worse than %s on %s and better with confidence on %s, under "
                                + "every variant, on validation and test%s", g.candidate(), t.upstream(), t.objectives().get(0), g.second(),
                        g.elsewhere().isEmpty() ? "" : " (but " + String.join("; ", g.elsewhere()) + ")"));
            }
        }
    }

    /** One objective's cell: the change and its interval, compact enough for the table. */
    private static String cellText(String objective, RunSummary.Result v) {
        if (v == null) {
            return "-";
        }
        return TradeOffs.format(objective, v.change()) + " [" + bare(TradeOffs.format(objective, v.ciLow())) + ","
                + bare(TradeOffs.format(objective, v.ciHigh())) + "]";
    }

    /** An interval end without its unit: the cell's value carries it. */
    private static String bare(String formatted) {
        return formatted.endsWith("%") ? formatted.substring(0, formatted.length() - 1) : formatted;
    }

    private static String clip(String s, int width) {
        return s.length() <= width ? s : s.substring(0, width - 1) + "~";
    }

    /** {@code text} after {@code lead}, folded at word boundaries to {@link #WIDTH} columns, continuation lines indented. */
    static void wrap(PrintWriter out, String lead, String text) {
        StringBuilder line = new StringBuilder(lead);
        String indent = " ".repeat(lead.length());
        for (String word : text.split(" ")) {
            if (line.length() > indent.length() && line.length() + 1 + word.length() > WIDTH) {
                out.println(line.toString().stripTrailing());
                line = new StringBuilder(indent);
            }
            if (line.length() > indent.length() && !line.toString().endsWith(" ")) {
                line.append(' ');
            }
            line.append(word);
        }
        out.println(line.toString().stripTrailing());
    }
}
