package io.nous.report;

import io.nous.evaluator.EvaluationReport;
import io.nous.evaluator.ScenarioReport;
import io.nous.evaluator.objective.StandardMetrics;
import io.nous.evaluator.stats.Comparison;
import io.nous.export.CeilingProfile;
import io.nous.export.Provenance;
import io.nous.sim.spi.UsageLimitPolicy;
import io.nous.store.JournalRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * One self-contained HTML page about a discovery run: the winner's change per scenario for critical
 * TTFT p99, critical E2E p99 and throughput on every split, its ceilings against saturation, the best
 * score per iteration, and the hypothesis timeline. Charts are inline SVG; nothing is fetched.
 */
public final class RunReport {
    private RunReport() {
    }

    /** What the page is built from. */
    public record Input(String runId, String objective, String proposer, String winner, List<EvaluationReport> evaluations,
                        Supplier<UsageLimitPolicy> winnerPolicy, List<JournalRecord> journal, Map<String, Provenance.CandidateStory> stories) {
    }

    public static String html(Input in) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Nous run ").append(esc(in.runId()))
                .append("</title>\n<style>\n")
                .append("body{font-family:system-ui,sans-serif;max-width:960px;margin:2em auto;color:#222}")
                .append("table{border-collapse:collapse;font-size:13px;width:100%}td,th{border-bottom:1px solid #ddd;padding:4px 6px;text-align:left}")
                .append("td.n{text-align:right;font-variant-numeric:tabular-nums}.better{color:#2a7a2a}.worse{color:#b22;font-weight:bold}")
                .append("figure{margin:1.5em 0}svg{max-width:100%;height:auto}\n</style>\n</head>\n<body>\n");
        sb.append("<h1>Nous run ").append(esc(in.runId())).append("</h1>\n<p>Objective <b>").append(esc(in.objective()))
                .append("</b>, proposer <b>").append(esc(in.proposer())).append("</b>, winner <b>").append(esc(in.winner()))
                .append("</b> (changes are versus the static baseline, paired by seed).</p>\n");

        sb.append("<h2>The winner per scenario</h2>\n");
        String[][] metrics = {{StandardMetrics.CRITICAL_TTFT_P99, "Critical TTFT p99: change (%)"},
            {StandardMetrics.CRITICAL_E2E_P99, "Critical E2E p99: change (%)"},
            {StandardMetrics.OUTPUT_TOKENS_PER_S, "Throughput (output tokens/s): change (%)"}};
        for (String[] m : metrics) {
            Map<String, Map<String, Double>> bySplit = new LinkedHashMap<>();
            for (EvaluationReport e : in.evaluations()) {
                Map<String, Double> byScenario = new LinkedHashMap<>();
                e.scenarios().stream().sorted(Comparator.comparing((ScenarioReport s) -> s.entry().workload())
                                .thenComparingDouble(s -> s.entry().qps()))
                        .forEach(s -> {
                            Comparison c = s.metrics().get(m[0]);
                            if (c != null && Double.isFinite(c.change())) {
                                byScenario.put(s.entry().label(), 100 * c.change());
                            }
                        });
                bySplit.put(e.split(), byScenario);
            }
            sb.append("<figure>").append(Charts.changeBars(m[1], "change (%)", bySplit)).append("</figure>\n");
        }
        sb.append(scenarioTable(in.evaluations()));

        sb.append("<h2>The policy</h2>\n");
        double[] sat = new double[121];
        double[][] mean = new double[2][sat.length];
        for (int i = 0; i < sat.length; i++) {
            sat[i] = i / 100.0;
            double[] m = CeilingProfile.mean(in.winnerPolicy().get(), sat[i]);
            mean[0][i] = m[0];
            mean[1][i] = m[1];
        }
        sb.append("<figure>").append(Charts.ceilings(sat, List.of("critical (priority 0)", "sheddable (priority -1)"), mean))
                .append("<figcaption>Mean over ").append(CeilingProfile.CYCLES)
                .append(" consecutive dispatch cycles at each saturation.</figcaption></figure>\n");

        sb.append("<h2>The search</h2>\n");
        sb.append("<figure>").append(progressChart(in.journal())).append("</figure>\n");
        sb.append("<h2>Hypothesis timeline</h2>\n<table>\n<tr><th>iteration</th><th>candidate</th><th>operator</th><th>hypothesis</th>"
                + "<th>search change</th><th>verdict</th></tr>\n");
        in.stories().values().stream().sorted(Comparator.comparing(Provenance.CandidateStory::id)).forEach(s -> {
            String verdict = s.search() == null ? "" : s.search().path("score").path("verdict").asText();
            double change = s.search() == null ? Double.NaN : s.search().path("score").path("change").asDouble();
            sb.append("<tr><td class=\"n\">").append(s.iteration()).append("</td><td>").append(esc(s.id())).append("</td><td>")
                    .append(esc(s.operator())).append("</td><td>").append(esc(s.statement() == null ? "(seed)" : s.statement()))
                    .append("</td><td class=\"n\">").append(Double.isNaN(change) ? "" : String.format(Locale.ROOT, "%+.1f%%", 100 * change))
                    .append("</td><td class=\"").append(esc(verdict)).append("\">").append(esc(verdict)).append("</td></tr>\n");
        });
        sb.append("</table>\n</body>\n</html>\n");
        return sb.toString();
    }

    private static String scenarioTable(List<EvaluationReport> evaluations) {
        StringBuilder sb = new StringBuilder("<table>\n<tr><th>split</th><th>scenario</th><th>regime</th><th>TTFT p99</th>"
                + "<th>E2E p99</th><th>throughput</th><th>objective verdict</th></tr>\n");
        for (EvaluationReport e : evaluations) {
            for (ScenarioReport s : e.scenarios()) {
                sb.append("<tr><td>").append(esc(e.split())).append("</td><td>").append(esc(s.entry().label())).append("</td><td>")
                        .append(esc(s.entry().regime().name().toLowerCase(Locale.ROOT))).append("</td>");
                for (String m : List.of(StandardMetrics.CRITICAL_TTFT_P99, StandardMetrics.CRITICAL_E2E_P99, StandardMetrics.OUTPUT_TOKENS_PER_S)) {
                    Comparison c = s.metrics().get(m);
                    sb.append("<td class=\"n\">").append(c == null ? "" : String.format(Locale.ROOT, "%+.1f%% [%+.1f, %+.1f]",
                            100 * c.change(), 100 * c.ciLow(), 100 * c.ciHigh())).append("</td>");
                }
                String v = s.objective().verdict().name().toLowerCase(Locale.ROOT).replace('_', '-');
                sb.append("<td class=\"").append(v).append("\">").append(v).append("</td></tr>\n");
            }
        }
        return sb.append("</table>\n").toString();
    }

    private static String progressChart(List<JournalRecord> journal) {
        Map<String, Double> change = new HashMap<>();
        Map<String, Integer> iteration = new HashMap<>();
        List<double[]> points = new ArrayList<>();
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
                    if (r.body().path("split").asText().equals("search")) {
                        String id = r.body().get("candidate").asText();
                        double c = 100 * r.body().path("score").path("change").asDouble();
                        change.put(id, c);
                        points.add(new double[] {iteration.getOrDefault(id, 0), c});
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
        return Charts.progress(line, points.toArray(double[][]::new));
    }

    static String esc(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
