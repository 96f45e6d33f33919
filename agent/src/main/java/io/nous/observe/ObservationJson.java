package io.nous.observe;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.report.JsonReport;
import io.nous.store.PlainJson;
import java.util.List;
import java.util.Map;

/**
 * The summary of a requests file in the keys of {@code nous simulate --json} (workload, qps, seed,
 * duration and warm-up; per class arrived, completed, dropped by reason, throughput and TTFT, E2E and
 * ITL percentiles in ms), plus what only a real endpoint has: failures by error and the load
 * generator's own send lag. Keys the endpoint cannot show (queue delay, pod and policy statistics)
 * are left out rather than made up.
 */
public final class ObservationJson {
    private ObservationJson() {
    }

    public static ObjectNode of(RequestsHeader h, List<ObservedRequest> requests) {
        ObjectNode o = PlainJson.mapper().createObjectNode();
        o.put("source", h.source());
        o.put("workload", h.workload());
        JsonReport.num(o, "qps", h.qps());
        o.put("seed", h.seed());
        if (h.url() != null) {
            o.put("url", h.url());
            o.put("model", h.model());
            o.put("api", h.api());
        }
        if (h.profile() != null) {
            o.put("cost_profile", h.profile());
            o.put("policy", h.policy());
        }
        JsonReport.num(o, "duration_seconds", h.durationSeconds());
        JsonReport.num(o, "warmup_seconds", h.warmupSeconds());
        if (Boolean.TRUE.equals(h.interrupted())) {
            o.put("interrupted", true);
        }
        o.put("requests", requests.size());
        ObjectNode classes = o.putObject("classes");
        for (RequestStats.ClassNumbers c : RequestStats.of(h, requests).values()) {
            ObjectNode n = classes.putObject(c.name());
            n.put("priority", c.priority());
            n.put("arrived", c.arrived());
            n.put("completed", c.completed());
            n.put("dropped", c.dropped());
            n.put("rejected_saturated", c.dropsByReason().getOrDefault("rejected-saturated", 0L));
            n.put("evicted_ttl", c.dropsByReason().getOrDefault("rejected-ttl-expired", 0L));
            n.put("failed", c.failed());
            n.put("unfinished", c.unfinished());
            counts(n.putObject("drops_by_reason"), c.dropsByReason());
            counts(n.putObject("failures_by_error"), c.failuresByError());
            JsonReport.num(n, "throughput_rps", c.throughputRps());
            JsonReport.num(n, "output_tokens_per_s", c.outputTokensPerSecond());
            JsonReport.latency(n, "ttft", c.ttft());
            JsonReport.latency(n, "e2e", c.e2e());
            JsonReport.latency(n, "itl", c.itl());
        }
        SendLag lag = SendLag.of(requests);
        if (lag.count() > 0) {
            ObjectNode l = o.putObject("send_lag_ms");
            l.put("count", lag.count());
            JsonReport.num(l, "mean", lag.meanMs());
            JsonReport.num(l, "p50", lag.p50Ms());
            JsonReport.num(l, "p99", lag.p99Ms());
            JsonReport.num(l, "max", lag.maxMs());
        }
        return o;
    }

    private static void counts(ObjectNode n, Map<String, Long> m) {
        m.forEach(n::put);
    }
}
