package io.nous.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.nous.evaluator.EvaluationReport;
import io.nous.evaluator.ScenarioReport;
import io.nous.evaluator.objective.StandardMetrics;
import io.nous.evaluator.stats.Comparison;
import io.nous.codegen.BehaviourProbe;
import io.nous.export.CeilingProfile;
import io.nous.export.Percent;
import io.nous.export.Provenance;
import io.nous.sim.spi.UsageLimitPolicy;
import io.nous.store.JournalRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

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

    /** What the page is built from. */
    public record Input(String runId, String objective, String proposer, String winner, List<EvaluationReport> evaluations,
                        Supplier<UsageLimitPolicy> winnerPolicy, List<JournalRecord> journal, Map<String, Provenance.CandidateStory> stories,
                        JsonNode summary, Supplier<io.nous.sim.spi.AdmissionPolicy> winnerAdmitter, boolean admitterTerms,
                        io.nous.export.Standing standing) {
        public Input(String runId, String objective, String proposer, String winner, List<EvaluationReport> evaluations,
                     Supplier<UsageLimitPolicy> winnerPolicy, List<JournalRecord> journal, Map<String, Provenance.CandidateStory> stories,
                     JsonNode summary, Supplier<io.nous.sim.spi.AdmissionPolicy> winnerAdmitter, boolean admitterTerms) {
            this(runId, objective, proposer, winner, evaluations, winnerPolicy, journal, stories, summary, winnerAdmitter, admitterTerms, null);
        }

        /** A usage-limit winner. */
        public Input(String runId, String objective, String proposer, String winner, List<EvaluationReport> evaluations,
                     Supplier<UsageLimitPolicy> winnerPolicy, List<JournalRecord> journal, Map<String, Provenance.CandidateStory> stories,
                     JsonNode summary) {
            this(runId, objective, proposer, winner, evaluations, winnerPolicy, journal, stories, summary, null, false);
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
                .append("</b>. Changes are versus the ").append(in.winnerAdmitter() != null ? "legacy path" : "static baseline")
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
        if (in.winnerAdmitter() != null) {
            Map<String, double[]> curves = BehaviourProbe.admittedCurves(in.winnerAdmitter(), in.admitterTerms(), sat);
            sb.append("<figure>").append(Charts.admitted(sat, List.copyOf(curves.keySet()), curves.values().toArray(double[][]::new)))
                    .append("<figcaption>Share of 100 evenly spread draws admitted, on a fresh admitter, at each saturation")
                    .append(in.admitterTerms() ? "; the admitter reads the saturation's queue and KV terms apart, so sheddable requests are "
                            + "shown on a pool whose queues carry the saturation and on one whose KV cache alone does" : "")
                    .append(".</figcaption></figure>\n");
        } else {
            double[][] mean = new double[2][sat.length];
            for (int i = 0; i < sat.length; i++) {
                double[] m = CeilingProfile.mean(in.winnerPolicy().get(), sat[i]);
                mean[0][i] = m[0];
                mean[1][i] = m[1];
            }
            List<String> classes = List.of("critical (priority 0)", "sheddable (priority -1)");
            sb.append("<figure>").append(Charts.ceilings(sat, classes, mean))
                    .append("<figcaption>Mean over ").append(CeilingProfile.CYCLES)
                    .append(" consecutive dispatch cycles at each saturation.</figcaption></figure>\n");
        }

        sb.append("<h2>The search</h2>\n");
        sb.append("<figure>").append(progressChart(in.journal())).append("</figure>\n");
        sb.append("<h2>Hypothesis timeline</h2>\n<p>A candidate that broke a constraint is marked <span class=\"failed\">failed</span>")
                .append(" whatever its objective did.</p>\n<table>\n<tr><th>iteration</th><th>candidate</th><th>operator</th>")
                .append("<th>hypothesis</th><th>search change [95% CI]</th><th>verdict</th><th>constraints</th></tr>\n");
        in.stories().values().stream().sorted(Comparator.comparing(Provenance.CandidateStory::id)).forEach(s -> {
            JsonNode score = s.search() == null ? null : s.search().path("score");
            String verdict = score == null ? "" : score.path("verdict").asText();
            List<String> failed = failedConstraints(s.search());
            String cls = !failed.isEmpty() ? "failed" : verdict;
            sb.append("<tr><td class=\"n\">").append(s.iteration()).append("</td><td>").append(esc(s.id())).append("</td><td>")
                    .append(esc(s.operator())).append("</td><td>").append(esc(s.statement() == null ? "(seed)" : s.statement()))
                    .append("</td><td class=\"n\">").append(score == null ? "not evaluated" : pct(score.path("change")) + " ["
                            + pct(score.path("ci_low")) + ", " + pct(score.path("ci_high")) + "]")
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
        JsonNode s = in.summary();
        if (s == null) {
            return "<p class=\"note\">The run has no summary (interrupted or still running).</p>\n";
        }
        StringBuilder sb = new StringBuilder("<ul class=\"headline\">\n");
        JsonNode best = s.path("best");
        if (best.isMissingNode() || best.isNull()) {
            sb.append("<li>No candidate was promoted over the baseline.</li>\n");
        } else {
            sb.append("<li>Winner <b>").append(esc(best.path("candidate_id").asText())).append("</b>: ").append(change(best.path("search")))
                    .append(" on the search split.</li>\n");
            JsonNode test = best.path("test");
            if (!test.isMissingNode()) {
                boolean held = test.path("held").asBoolean();
                sb.append("<li class=\"").append(held ? "better" : "failed").append("\">Untouched test split: ").append(change(test))
                        .append(held ? " (held)" : " &mdash; did NOT hold: treat the winner as unconfirmed").append(".</li>\n");
            }
            JsonNode up = best.path("vs_upstream");
            if (up.path("same_policy").asBoolean()) {
                sb.append("<li>The winner is the upstream ").append(esc(up.path("policy").asText()))
                        .append(" policy itself: nothing new for the router.</li>\n");
            } else if (up.has("change")) {
                sb.append("<li>Against the upstream ").append(esc(up.path("policy").asText())).append(" on the ")
                        .append(esc(up.path("split").asText())).append(" split: ").append(change(up)).append(".</li>\n");
            }
        }
        if (s.has("stopped")) {
            sb.append("<li>Stopped: ").append(esc(s.get("stopped").path("detail").asText())).append(".</li>\n");
        }
        return sb.append("</ul>\n").toString();
    }

    private static String change(JsonNode c) {
        return "<span class=\"" + esc(c.path("verdict").asText()) + "\">" + pct(c.path("change")) + " [" + pct(c.path("ci_low")) + ", "
                + pct(c.path("ci_high")) + "] " + esc(c.path("verdict").asText()) + "</span>";
    }

    private static List<String> failedConstraints(JsonNode evaluation) {
        List<String> failed = new ArrayList<>();
        if (evaluation != null) {
            evaluation.path("constraints").fields().forEachRemaining(f -> {
                if (f.getValue().isBoolean() && !f.getValue().asBoolean()) {
                    failed.add(f.getKey());
                }
            });
        }
        return failed;
    }

    private static String pct(JsonNode v) {
        return Percent.of(v);
    }

    private static String pct(double v) {
        return Percent.of(v);
    }

    private static String progressChart(List<JournalRecord> journal) {
        Map<String, Double> change = new HashMap<>();
        Map<String, Integer> iteration = new HashMap<>();
        List<double[]> points = new ArrayList<>();
        List<double[]> failed = new ArrayList<>();
        TreeMap<Integer, Double> best = new TreeMap<>();
        String incumbent = null;
        int lastIteration = 0;
        for (JournalRecord r : journal) {
            switch (r.type()) {
                case "candidate" -> {
                    iteration.put(r.body().get("id").asText(), r.body().path("iteration").asInt());
                    lastIteration = r.body().path("iteration").asInt();
                }
                case "evaluation" -> {
                    if (r.body().path("split").asText().equals("search") && r.body().path("score").path("change").isNumber()) {
                        String id = r.body().get("candidate").asText();
                        double c = 100 * r.body().path("score").path("change").asDouble();
                        change.put(id, c);
                        (failedConstraints(r.body()).isEmpty() ? points : failed).add(new double[] {iteration.getOrDefault(id, 0), c});
                    }
                }
                case "promotion" -> {
                    if (r.body().path("accepted").asBoolean()) {
                        incumbent = r.body().get("candidate").asText();
                        best.put(lastIteration, change.get(incumbent));
                    }
                }
                case "iteration-done" -> {
                    int it = r.body().path("iteration").asInt();
                    best.put(it, incumbent == null ? 0.0 : change.getOrDefault(incumbent, 0.0));
                }
                default -> {
                }
            }
        }
        double[][] line = best.entrySet().stream().map(e -> new double[] {e.getKey(), e.getValue()}).toArray(double[][]::new);
        return Charts.progress(line, points.toArray(double[][]::new), failed.toArray(double[][]::new));
    }

    /** Escapes text for HTML. */
    public static String esc(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
