package io.nous.report;

import io.nous.discover.Problem;
import io.nous.evaluator.EvaluationReport;
import io.nous.evaluator.ScenarioReport;
import io.nous.evaluator.objective.StandardMetrics;
import io.nous.evaluator.stats.Comparison;
import io.nous.export.Change;
import io.nous.export.Percent;
import io.nous.export.PlugPointViews;
import io.nous.export.PolicyPart;
import io.nous.export.Standing;
import io.nous.store.CandidateStory;
import io.nous.store.RunHistory;
import io.nous.store.journal.CandidateRecord;
import io.nous.store.journal.Evidence;
import io.nous.store.journal.IterationDone;
import io.nous.store.journal.JournalEntry;
import io.nous.store.journal.Promotion;
import io.nous.store.journal.RunSummary;
import io.nous.store.journal.UpstreamComparison;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One self-contained HTML page about a discovery run: the headline (score, test split, upstream
 * policy, why the run stopped), the candidate's change per scenario with intervals for the
 * objective, critical E2E, sheddable TTFT and throughput on every split, every scenario and
 * constraint in a table, its ceilings against saturation, the best score per iteration, and the
 * hypothesis timeline with constraint failures marked. Charts are inline SVG; nothing is fetched.
 */
public final class RunReport {
    private RunReport() {
    }

    /** What the page is built from: the run as read, and the winner re-simulated on every split. */
    public record Input(RunHistory history, String winner, List<EvaluationReport> evaluations, Problem problem, List<PolicyPart> parts,
                        Standing standing) {

        String runId() {
            return history.id();
        }

        String objective() {
            return history.config().objective();
        }

        String proposer() {
            return history.config().proposer();
        }
    }

    public static String html(Input in) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Nous run ").append(esc(in.runId()))
                .append("</title>\n<style>\n")
                .append("body{font-family:system-ui,sans-serif;max-width:960px;margin:2em auto;color:#222}")
                .append("table{border-collapse:collapse;font-size:13px;width:100%}td,th{border-bottom:1px solid #ddd;padding:4px 6px;text-align:left}")
                .append("td.n{text-align:right;font-variant-numeric:tabular-nums}.better{color:#2a7a2a}.worse{color:#b22;font-weight:bold}")
                .append(".failed{color:#fff;background:#b22;font-weight:bold}.na{color:#777;font-style:italic}")
                .append("figure{margin:1.5em 0}svg{max-width:100%;height:auto}\n</style>\n</head>\n<body>\n");
        sb.append("<h1>Nous run ").append(esc(in.runId())).append("</h1>\n<p>Objective <b>").append(esc(in.objective()))
                .append("</b>, proposer <b>").append(esc(in.proposer())).append("</b>, candidate <b>").append(esc(in.winner()))
                .append("</b>. Changes are versus ").append(esc(in.problem().baselineDescription()))
                .append(", paired by seed, with 95% bootstrap intervals; a verdict is ")
                .append("<i>better</i> or <i>worse</i> only when the whole interval is on one side of zero.</p>\n");
        if (in.standing() != null) {
            String why = in.standing().refusal();
            sb.append("<section id=\"standing\"><h2>Standing</h2>\n");
            if (why != null) {
                sb.append("<p class=\"worse\">Not for merging: ").append(esc(why)).append(".</p>\n");
            }
            sb.append("<ul>\n");
            in.standing().lines().forEach(l -> sb.append("<li>").append(esc(l)).append("</li>\n"));
            sb.append("</ul></section>\n");
        }
        sb.append(headline(in));

        sb.append("<h2>The candidate per scenario</h2>\n<p>Nominal deployment; bars are the change, whiskers its 95% interval; ")
                .append("<i>n/a</i> marks a change that is undefined (no requests of that class), not a change of zero.</p>\n");
        List<String[]> charts = new ArrayList<>();
        charts.add(new String[] {null, in.objective() + " (the objective): change (%)"});
        charts.add(new String[] {StandardMetrics.CRITICAL_E2E_P99, "Critical E2E p99: change (%)"});
        charts.add(new String[] {StandardMetrics.SHEDDABLE_TTFT_P99, "Sheddable TTFT p99: change (%)"});
        charts.add(new String[] {StandardMetrics.OUTPUT_TOKENS_PER_S, "Throughput (output tokens/s): change (%)"});
        for (String[] m : charts) {
            Map<String, Map<String, double[]>> bySplit = new LinkedHashMap<>();
            for (EvaluationReport e : in.evaluations()) {
                Map<String, double[]> byScenario = new LinkedHashMap<>();
                e.scenarios().stream().filter(s -> "nominal".equals(s.variant()))
                        .sorted(Comparator.comparing((ScenarioReport s) -> s.entry().workload()).thenComparingDouble(s -> s.entry().qps()))
                        .forEach(s -> {
                            Comparison c = m[0] == null ? s.objective() : s.metrics().get(m[0]);
                            if (c != null) {
                                byScenario.put(s.entry().label(), new double[] {100 * c.change(), 100 * c.ciLow(), 100 * c.ciHigh()});
                            }
                        });
                bySplit.put(e.split(), byScenario);
            }
            sb.append("<figure>").append(Charts.changeBars(m[1], "change (%)", bySplit)).append("</figure>\n");
        }
        sb.append("<h2>Every scenario and variant</h2>\n");
        sb.append(scenarioTable(in.evaluations()));
        sb.append(constraintTable(in.evaluations()));

        sb.append("<h2>The policy</h2>\n");
        double[] sat = new double[121];
        for (int i = 0; i < sat.length; i++) {
            sat[i] = i / 100.0;
        }
        for (PolicyPart part : in.parts()) {
            if (in.parts().size() > 1) {
                sb.append("<h3>").append(esc(part.noun())).append("</h3>\n");
            }
            PlugPointViews.of(part.kind()).reportFigure(sb, part, sat);
        }

        sb.append(tradeOffs(TradeOffs.of(in.history())));
        sb.append("<h2>The search</h2>\n");
        sb.append("<figure>").append(progressChart(in.history())).append("</figure>\n");
        sb.append("<h2>Hypothesis timeline</h2>\n<p>A candidate that broke a constraint is marked <span class=\"failed\">failed</span>")
                .append(" whatever its objective did.</p>\n<table>\n<tr><th>iteration</th><th>candidate</th><th>operator</th>")
                .append("<th>hypothesis</th><th>search change [95% CI]</th><th>verdict</th><th>constraints</th></tr>\n");
        in.history().candidates().stream().sorted(Comparator.comparing(CandidateStory::id)).forEach(s -> {
            Evidence.ScoreEvidence score = s.search() == null ? null : s.search().score();
            String verdict = score == null || score.verdict() == null ? "" : score.verdict();
            List<String> failed = failedConstraints(s.search());
            String cls = !failed.isEmpty() ? "failed" : verdict;
            sb.append("<tr><td class=\"n\">").append(s.iteration()).append("</td><td>").append(esc(s.id())).append("</td><td>")
                    .append(esc(s.operator())).append("</td><td>").append(esc(s.statement() == null ? "(seed)" : s.statement()))
                    .append("</td><td class=\"n\">").append(score == null ? "not evaluated" : pct(score.change()) + " ["
                            + pct(score.ciLow()) + ", " + pct(score.ciHigh()) + "]")
                    .append("</td><td class=\"").append(esc(cls)).append("\">").append(esc(verdict)).append("</td><td class=\"")
                    .append(failed.isEmpty() ? "" : "failed").append("\">")
                    .append(score == null ? "" : failed.isEmpty() ? "hold" : "FAILED " + esc(String.join(", ", failed)))
                    .append("</td></tr>\n");
        });
        sb.append("</table>\n</body>\n</html>\n");
        return sb.toString();
    }

    private static String scenarioTable(List<EvaluationReport> evaluations) {
        StringBuilder sb = new StringBuilder("<table>\n<tr><th>split</th><th>scenario</th><th>regime</th><th>objective</th>"
                + "<th>critical E2E p99</th><th>sheddable TTFT p99</th><th>sheddable E2E p99</th><th>throughput</th>"
                + "<th>objective verdict</th></tr>\n");
        for (EvaluationReport e : evaluations) {
            for (ScenarioReport s : e.scenarios()) {
                sb.append("<tr><td>").append(esc(e.split())).append("</td><td>").append(esc(s.label())).append("</td><td>")
                        .append(esc(s.entry().regime().id())).append("</td>");
                sb.append(cell(s.objective()));
                for (String m : List.of(StandardMetrics.CRITICAL_E2E_P99, StandardMetrics.SHEDDABLE_TTFT_P99, StandardMetrics.SHEDDABLE_E2E_P99,
                        StandardMetrics.OUTPUT_TOKENS_PER_S)) {
                    sb.append(cell(s.metrics().get(m)));
                }
                String v = s.objective().verdict().id();
                sb.append("<td class=\"").append(v).append("\">").append(v).append("</td></tr>\n");
            }
        }
        return sb.append("</table>\n").toString();
    }

    /** One comparison: change and interval, coloured by its verdict; "n/a" when undefined, never a blank that reads as zero. */
    private static String cell(Comparison c) {
        if (c == null) {
            return "<td class=\"n\">not measured</td>";
        }
        if (!Double.isFinite(c.change())) {
            return "<td class=\"n na\">n/a</td>";
        }
        return "<td class=\"n " + c.verdict().id() + "\">" + pct(c.change()) + " [" + pct(c.ciLow()) + ", " + pct(c.ciHigh()) + "]</td>";
    }

    private static String constraintTable(List<EvaluationReport> evaluations) {
        StringBuilder sb = new StringBuilder("<table>\n<tr><th>split</th><th>constraint</th><th>result</th><th>detail</th></tr>\n");
        for (EvaluationReport e : evaluations) {
            for (var c : e.constraints()) {
                sb.append("<tr><td>").append(esc(e.split())).append("</td><td>").append(esc(c.name())).append("</td><td class=\"")
                        .append(c.pass() ? "better\">holds" : "failed\">FAILED").append("</td><td>").append(esc(c.detail()))
                        .append("</td></tr>\n");
            }
        }
        return sb.append("</table>\n").toString();
    }

    /** The run in a few lines: score with interval, the test split, the upstream policy, why it stopped. */
    private static String headline(Input in) {
        RunSummary s = in.history().summary().orElse(null);
        if (s == null) {
            return "<p class=\"note\">The run has no summary (interrupted or still running).</p>\n";
        }
        StringBuilder sb = new StringBuilder("<ul class=\"headline\">\n");
        RunSummary.Best best = s.best();
        if (best == null) {
            sb.append("<li>No candidate was promoted over the baseline.</li>\n");
        } else {
            sb.append("<li>Winner <b>").append(esc(best.candidateId())).append("</b>: ").append(change(Change.of(best.search())))
                    .append(" on the search split.</li>\n");
            RunSummary.Result test = best.test();
            if (test != null) {
                boolean held = Boolean.TRUE.equals(test.held());
                sb.append("<li class=\"").append(held ? "better" : "failed").append("\">Untouched test split: ").append(change(Change.of(test)))
                        .append(held ? " (held)" : " &mdash; did NOT hold: treat the winner as unconfirmed").append(".</li>\n");
            }
            UpstreamComparison up = best.vsUpstream();
            if (up != null && up.samePolicy()) {
                sb.append("<li>The winner is the upstream ").append(esc(up.policy()))
                        .append(" policy itself: nothing new for the router.</li>\n");
            } else if (up != null && up.change() != null) {
                sb.append("<li>Against the upstream ").append(esc(up.policy())).append(" on the ")
                        .append(esc(up.split())).append(" split: ").append(change(Change.of(up))).append(".</li>\n");
            }
        }
        if (s.stopped() != null) {
            sb.append("<li>Stopped: ").append(esc(s.stopped().detail())).append(".</li>\n");
        }
        return sb.append("</ul>\n").toString();
    }

    private static String change(Change c) {
        String verdict = c.verdict() == null ? "" : c.verdict();
        return "<span class=\"" + esc(verdict) + "\">" + pct(c.change()) + " [" + pct(c.ciLow()) + ", " + pct(c.ciHigh()) + "] "
                + esc(verdict) + "</span>";
    }

    private static List<String> failedConstraints(Evidence evaluation) {
        List<String> failed = new ArrayList<>();
        if (evaluation != null && evaluation.constraints() != null) {
            evaluation.constraints().forEach((k, v) -> {
                if (Boolean.FALSE.equals(v)) {
                    failed.add(k);
                }
            });
        }
        return failed;
    }

    private static String pct(Double v) {
        return Percent.of(v);
    }

    private static String pct(double v) {
        return Percent.of(v);
    }

    private static String progressChart(RunHistory history) {
        Map<String, Double> change = new HashMap<>();
        Map<String, Integer> iteration = new HashMap<>();
        List<double[]> points = new ArrayList<>();
        List<double[]> failed = new ArrayList<>();
        TreeMap<Integer, Double> best = new TreeMap<>();
        String incumbent = null;
        int lastIteration = 0;
        for (RunHistory.Line l : history.lines()) {
            JournalEntry e = l.entry();
            if (e instanceof CandidateRecord c) {
                iteration.put(c.id(), c.iteration());
                lastIteration = c.iteration();
            } else if (e instanceof Evidence ev && Evidence.EVALUATION.equals(l.type())) {
                if ("search".equals(ev.split()) && ev.score() != null && Double.isFinite(ev.score().change())) {
                    double c = 100 * ev.score().change();
                    change.put(ev.candidate(), c);
                    (failedConstraints(ev).isEmpty() ? points : failed).add(new double[] {iteration.getOrDefault(ev.candidate(), 0), c});
                }
            } else if (e instanceof Promotion p && p.accepted()) {
                incumbent = p.candidate();
                best.put(lastIteration, change.get(incumbent));
            } else if (e instanceof IterationDone d) {
                best.put(d.iteration(), incumbent == null ? 0.0 : change.getOrDefault(incumbent, 0.0));
            }
        }
        double[][] line = best.entrySet().stream().map(e -> new double[] {e.getKey(), e.getValue()}).toArray(double[][]::new);
        return Charts.progress(line, points.toArray(double[][]::new), failed.toArray(double[][]::new));
    }

    /** Escapes text for HTML. */
    public static String esc(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /**
     * The trade-off front of a run with {@code --front}: the search points (front, dominated, upstream)
     * on the first two objectives with their intervals, and on validation and test each confirmed member
     * against the upstream policy, every objective and the verdict of dominance; "" without a front.
     */
    static String tradeOffs(TradeOffs t) {
        if (t == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder("<section id=\"front\"><h2>Trade-off front</h2>\n<p>Objectives: ")
                .append(esc(String.join(", ", t.objectives())))
                .append(". A candidate dominates another when it is no worse on every objective under every simulator variant and ")
                .append("better on one with its whole interval; the front is what nothing dominates.</p>\n");
        String x = t.objectives().get(0);
        String y = t.objectives().get(1);
        List<double[]> front = new ArrayList<>();
        List<double[]> rest = new ArrayList<>();
        List<double[]> upstream = new ArrayList<>();
        for (TradeOffs.Row r : t.search()) {
            double sx = TradeOffs.absolute(x) ? 1 : 100;
            double sy = TradeOffs.absolute(y) ? 1 : 100;
            double[] nx = r.point().nominal(x);
            double[] ny = r.point().nominal(y);
            double[] v = {sx * nx[0], sx * nx[1], sx * nx[2], sy * ny[0], sy * ny[1], sy * ny[2]};
            (r.upstream() ? upstream : r.onFront() ? front : rest).add(v);
        }
        sb.append("<figure>").append(Charts.front("Search split against the baseline (nominal variant)", axis(x), axis(y), rest, front, upstream))
                .append("<figcaption>").append(t.search().stream().filter(TradeOffs.Row::onFront).count()).append(" of ")
                .append(t.search().size())
                .append(" placed candidates on the front; ").append(t.unplaced())
                .append(" not placed (raced out, a constraint broken, or not scored). The large square is ").append(esc(t.upstream()))
                .append(", on the front or not.</figcaption></figure>\n");
        for (TradeOffs.SplitFront s : t.paired()) {
            sb.append("<h3>").append(esc(s.split())).append(": against ").append(esc(t.upstream())).append("</h3>\n<table>\n<tr><th>candidate</th>");
            t.objectives().forEach(o -> sb.append("<th>").append(esc(o)).append(" (nominal) [95% CI]</th><th>range over variants</th>"));
            sb.append("<th>against ").append(esc(t.upstream())).append("</th></tr>\n");
            for (TradeOffs.Row r : s.rows()) {
                sb.append("<tr><td>").append(esc(r.candidate())).append(r.onFront() ? "" : " <span class=\"na\">(off the front)</span>")
                        .append("</td>");
                for (String o : t.objectives()) {
                    if (r.point() == null) {
                        sb.append("<td class=\"na\" colspan=\"2\">").append(esc(r.why())).append("</td>");
                        break;
                    }
                    double[] n = r.point().nominal(o);
                    double[] range = r.point().range(o);
                    sb.append("<td class=\"n\">").append(esc(TradeOffs.format(o, n[0]))).append(" [").append(esc(TradeOffs.format(o, n[1]))).append(", ")
                            .append(esc(TradeOffs.format(o, n[2]))).append("]</td><td class=\"n\">").append(esc(TradeOffs.format(o, range[0]))).append(" .. ")
                            .append(esc(TradeOffs.format(o, range[1]))).append("</td>");
                }
                String cls = switch (r.relation()) {
                    case "dominates" -> "better";
                    case "dominated" -> "worse";
                    default -> "na";
                };
                sb.append("<td class=\"").append(cls).append("\">").append(switch (r.relation()) {
                    case "dominates" -> "dominates it";
                    case "dominated" -> "dominated by it";
                    default -> "neither dominates";
                }).append("</td></tr>\n");
            }
            sb.append("</table>\n<p>").append(esc(t.upstream())).append(s.upstreamOnFront() ? " stays on" : " is <b>not</b> on")
                    .append(" this split's front.</p>\n");
        }
        if (t.goal() != null) {
            sb.append("<p><b>").append(t.goal().isEmpty() ? "No confirmed member dominates " + esc(t.upstream())
                    + " on both validation and test under every variant."
                    : esc(String.join(", ", t.goal())) + " dominate" + (t.goal().size() == 1 ? "s " : " ") + esc(t.upstream())
                    + " on validation and test under every variant.").append("</b></p>\n");
            if (!t.pairs().isEmpty()) {
                sb.append("<ul>\n");
                for (TradeOffs.PairGoal g : t.pairs()) {
                    sb.append("<li>").append(esc(g.candidate())).append(" is no worse than ").append(esc(t.upstream())).append(" on ")
                            .append(esc(t.objectives().get(0))).append(" and better with confidence on ").append(esc(g.second()))
                            .append(", under every variant, on validation and test")
                            .append(esc(g.elsewhere().isEmpty() ? "" : " (but " + String.join("; ", g.elsewhere()) + ")")).append(".</li>\n");
                }
                sb.append("</ul>\n");
            }
        }
        return sb.append("</section>\n").toString();
    }

    private static String axis(String objective) {
        return objective + (TradeOffs.absolute(objective) ? " (points)" : " change (%)");
    }

}
