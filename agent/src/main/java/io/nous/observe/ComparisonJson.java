package io.nous.observe;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.report.JsonReport;
import io.nous.store.PlainJson;

/** A {@link Comparison} as JSON: per class and metric the statistics side by side with relative errors, and paired accuracy. */
public final class ComparisonJson {
    private ComparisonJson() {
    }

    public static ObjectNode of(Comparison c, RequestsHeader observed, RequestsHeader simulated) {
        ObjectNode o = PlainJson.mapper().createObjectNode();
        o.put("workload", observed.workload());
        o.put("observed", observed.url() != null ? observed.url() : observed.source());
        o.put("simulated", simulated.profile() != null ? simulated.profile() + " / " + simulated.policy() : simulated.source());
        o.put("paired_requests", c.pairedRequests());
        ObjectNode overall = o.putObject("overall");
        c.overall().forEach((m, p) -> paired(overall.putObject(m.id()), p));
        if (c.reportsPrefixCache()) {
            pair(o.putObject("prefix_cache_hit_rate"), c.prefixCacheHitRate());
        }
        ObjectNode classes = o.putObject("classes");
        for (Comparison.ClassComparison cc : c.classes()) {
            ObjectNode n = classes.putObject(cc.name());
            pair(n.putObject("completed"), cc.completed());
            pair(n.putObject("dropped"), cc.dropped());
            n.put("failed_observed", cc.failedObserved());
            pair(n.putObject("throughput_rps"), cc.throughputRps());
            cc.metrics().forEach((m, mc) -> {
                ObjectNode x = n.putObject(m.id());
                pair(x.putObject("mean_ms"), mc.mean());
                pair(x.putObject("p50_ms"), mc.p50());
                pair(x.putObject("p90_ms"), mc.p90());
                pair(x.putObject("p99_ms"), mc.p99());
                paired(x.putObject("paired"), mc.paired());
            });
        }
        return o;
    }

    private static void pair(ObjectNode n, Comparison.Pair p) {
        JsonReport.num(n, "observed", p.observed());
        JsonReport.num(n, "simulated", p.simulated());
        JsonReport.num(n, "relative_error", p.relativeError());
    }

    private static void paired(ObjectNode n, Comparison.Paired p) {
        n.put("n", p.n());
        JsonReport.num(n, "mape_percent", p.mapePercent());
        JsonReport.num(n, "pearson_r", p.pearsonR());
    }
}
