package io.nous.report;

import io.nous.sim.metrics.SimulationResult;

/**
 * One simulation as a self-contained HTML page: the table the terminal shows and, for an autoscaled
 * pool, its size over the run as an inline SVG chart. No scripts, no external resources.
 */
public final class SimulationHtml {
    private SimulationHtml() {
    }

    public static String render(SimulationResult r) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(escape(title(r)))
                .append("</title>\n<style>body{font-family:sans-serif;max-width:1000px;margin:2em auto;padding:0 1em}"
                        + "pre{background:#f6f6f6;padding:1em;overflow-x:auto;font-size:13px}</style></head><body>\n");
        sb.append("<h1>").append(escape(title(r))).append("</h1>\n");
        if (r.pool() != null) {
            var p = r.pool();
            sb.append(String.format(java.util.Locale.ROOT, "<p>Autoscaled by <b>%s</b> between %d and %d pods: %.2f GPU-hours, "
                            + "%.1f pods ready on average (peak %d), TTFT objective met by %.1f%% of measured requests.</p>%n",
                    escape(p.policy()), p.minPods(), p.maxPods(), p.gpuHours(), p.meanReadyPods(), p.peakPods(), 100 * p.sloAttainment()));
            sb.append("<figure>").append(Charts.poolSize(p.timeline())).append("</figure>\n");
        }
        sb.append("<pre>").append(escape(TableReport.render(r))).append("</pre>\n</body></html>\n");
        return sb.toString();
    }

    private static String title(SimulationResult r) {
        return "Simulation: " + r.workload() + " at " + TableReport.fmt(r.qps()) + " QPS on " + r.pods() + " pods";
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
