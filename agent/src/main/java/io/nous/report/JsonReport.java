package io.nous.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.sim.metrics.ClassSummary;
import io.nous.sim.metrics.Latency;
import io.nous.sim.metrics.PodSummary;
import io.nous.sim.metrics.PolicySummary;
import io.nous.sim.metrics.PrefixCacheSummary;
import io.nous.sim.metrics.RunSummary;
import io.nous.sim.metrics.SimulationResult;
import io.nous.store.PlainJson;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Renders a simulation result as one flat-keyed JSON object (snake_case, milliseconds, NaN as
 * null). Numbers are rounded to 4 decimals so that output is stable and readable.
 */
public final class JsonReport {
    private static final ObjectMapper MAPPER = PlainJson.mapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonReport() {
    }

    public static ObjectNode toJson(SimulationResult r) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("workload", r.workload());
        num(o, "qps", r.qps());
        o.put("seed", r.seed());
        o.put("policy", r.policy().usageLimitPolicy());
        o.put("admission", r.policy().admissionPolicy());
        o.put("detector", r.detector());
        if (r.policy().orderingPolicy() != null) {
            o.put("ordering", r.policy().orderingPolicy());
        }
        if (r.policy().fairnessPolicy() != null) {
            o.put("fairness", r.policy().fairnessPolicy());
        }
        o.put("flow_control", r.flowControl());
        PolicySummary.EvictionSummary eviction = r.policy().eviction();
        if (eviction != null) {
            ObjectNode e = o.putObject("eviction");
            e.put("policy", eviction.policy());
            num(e, "grace_ms", eviction.graceMs());
            e.put("decisions", eviction.decisions());
            e.put("revocations", eviction.revocations());
        }
        o.put("pods", r.pods());
        if (r.pool() != null) {
            pool(o.putObject("autoscaling"), r.pool());
        }
        if (r.disaggregation() != null) {
            var d = r.disaggregation();
            ObjectNode pd = o.putObject("disaggregation");
            pd.put("prefill_pods", d.prefillPods());
            pd.put("decode_pods", r.pods() - d.prefillPods());
            pd.put("kv_link", d.link());
            pd.put("disaggregated", d.disaggregated());
            num(pd, "share", d.share());
            num(pd, "kv_transfer_ms_mean", d.transferMsMean());
            num(pd, "kv_transfer_ms_p99", d.transferMsP99());
            num(pd, "kv_transfer_ms_max", d.transferMsMax());
            num(pd, "kv_gb_moved", d.gbMoved());
        }
        o.put("cost_profile", r.costProfile());
        num(o, "duration_seconds", r.durationSeconds());
        num(o, "warmup_seconds", r.warmupSeconds());
        num(o, "simulated_seconds", r.simulatedSeconds());
        num(o, "wall_seconds", r.wallSeconds());
        o.put("events", r.events());
        RunSummary run = r.run();
        o.put("routing", run.routing());
        o.put("engine", run.engine());
        num(o, "prefix_cache_hit_rate", run.prefixCacheHitRate());
        num(o, "ttft_p50_ms", run.ttft().p50Ms());
        num(o, "ttft_p90_ms", run.ttft().p90Ms());
        num(o, "ttft_p99_ms", run.ttft().p99Ms());
        num(o, "throughput_rps", run.throughputRps());

        ObjectNode classes = o.putObject("classes");
        for (ClassSummary c : r.classes().values()) {
            ObjectNode n = classes.putObject(c.name());
            n.put("priority", c.priority());
            n.put("arrived", c.arrived());
            n.put("completed", c.completed());
            n.put("dropped", c.dropped());
            n.put("rejected_saturated", c.rejectedSaturated());
            n.put("evicted_ttl", c.evictedTtl());
            if (eviction != null) {
                n.put("evicted_in_flight", c.evictedInFlight());
            }
            n.put("admission_rejected", c.admissionRejected());
            if (r.clientTimeouts()) {
                n.put("timed_out", c.timedOut());
            }
            n.put("in_flight", c.inFlight());
            num(n, "throughput_rps", c.throughputRps());
            num(n, "output_tokens_per_s", c.outputTokensPerSecond());
            n.put("preemptions", c.preemptions());
            if (r.prefixCache() != null) {
                n.put("cached_prompt_tokens", c.cachedPromptTokens());
            }
            latency(n, "ttft", c.ttft());
            latency(n, "e2e", c.e2e());
            latency(n, "itl", c.itl());
            latency(n, "queue_delay", c.queueDelay());
        }

        ArrayNode pods = o.putArray("pod_stats");
        for (PodSummary p : r.podStats()) {
            ObjectNode n = pods.addObject();
            n.put("pod", p.pod());
            num(n, "utilization", p.utilization());
            n.put("steps", p.steps());
            num(n, "mean_batch", p.meanBatch());
            num(n, "mean_kv_usage", p.meanKvUsage());
            num(n, "max_kv_usage", p.maxKvUsage());
            n.put("max_waiting", p.maxWaiting());
            n.put("preemptions", p.preemptions());
            n.put("requests", p.requests());
            n.put("tenants", p.tenants());
        }

        if (r.prefixCache() != null) {
            PrefixCacheSummary pc = r.prefixCache();
            ObjectNode n = o.putObject("prefix_cache");
            n.put("queried_tokens", pc.queriedTokens());
            n.put("hit_tokens", pc.hitTokens());
            num(n, "hit_rate", pc.hitRate());
            n.put("preempted_queried_tokens", pc.preemptedQueriedTokens());
            n.put("preempted_hit_tokens", pc.preemptedHitTokens());
            n.put("evictions", pc.evictions());
        }

        ObjectNode sat = o.putObject("saturation");
        sat.put("samples", r.saturation().samples());
        num(sat, "mean", r.saturation().mean());
        num(sat, "max", r.saturation().max());
        num(sat, "share_at_least_half", r.saturation().shareAtLeastHalf());
        num(sat, "share_at_least_one", r.saturation().shareAtLeastOne());

        PolicySummary ps = r.policy();
        ObjectNode pol = o.putObject("policy_stats");
        pol.put("calls", ps.calls());
        pol.put("admission_calls", ps.admissionCalls());
        ArrayNode bands = pol.putArray("bands");
        for (PolicySummary.BandSummary b : ps.bands()) {
            ObjectNode n = bands.addObject();
            n.put("priority", b.priority());
            num(n, "gated_share", b.gatedShare());
        }
        pol.put("ceiling_violations", ps.ceilingViolations());
        if (ps.firstViolation() != null) {
            pol.put("first_violation", ps.firstViolation());
        }
        num(o, "mean_in_system", r.meanInSystem());
        return o;
    }

    public static String render(SimulationResult r) {
        return write(toJson(r));
    }

    public static String write(Object node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Puts a latency summary as {@code PREFIX_mean_ms}, {@code _p50_ms}, {@code _p90_ms}, {@code _p99_ms}, {@code _max_ms}. */
    public static void latency(ObjectNode n, String prefix, Latency l) {
        num(n, prefix + "_mean_ms", l.meanMs());
        num(n, prefix + "_p50_ms", l.p50Ms());
        num(n, prefix + "_p90_ms", l.p90Ms());
        num(n, prefix + "_p99_ms", l.p99Ms());
        num(n, prefix + "_max_ms", l.maxMs());
    }

    /** Puts a rounded number, or null for NaN and infinities. */
    public static void num(ObjectNode n, String key, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            n.putNull(key);
        } else {
            n.put(key, decimal(v));
        }
    }

    /**
     * {@code v} rounded to 4 decimals without trailing zeros, as a plain decimal: 600 stays
     * {@code 600} (a stripped BigDecimal would print {@code 6E+2}, which some JSON readers reject
     * and nobody wants to read).
     */
    public static BigDecimal decimal(double v) {
        BigDecimal d = BigDecimal.valueOf(v).setScale(4, RoundingMode.HALF_EVEN).stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0) : d;
    }

    /** An autoscaled pool: its policy, bounds and cost, SLO attainment, and its size at every decision. */
    private static void pool(ObjectNode p, io.nous.sim.pool.PoolSummary pool) {
        p.put("policy", pool.policy());
        p.put("min_pods", pool.minPods());
        p.put("max_pods", pool.maxPods());
        num(p, "pod_hours", pool.podHours());
        num(p, "gpu_hours", pool.gpuHours());
        num(p, "mean_ready_pods", pool.meanReadyPods());
        p.put("peak_pods", pool.peakPods());
        p.put("scale_ups", pool.scaleUps());
        p.put("scale_downs", pool.scaleDowns());
        num(p, "slo_attainment", pool.sloAttainment());
        p.put("judged_requests", pool.judgedRequests());
        var timeline = p.putArray("timeline");
        for (io.nous.sim.pool.PoolSummary.Sample s : pool.timeline()) {
            ObjectNode t = timeline.addObject();
            num(t, "t_s", s.atSeconds());
            t.put("ready", s.ready());
            t.put("starting", s.starting());
            t.put("draining", s.draining());
            t.put("desired", s.desired());
            num(t, "saturation", s.saturation());
        }
    }
}
