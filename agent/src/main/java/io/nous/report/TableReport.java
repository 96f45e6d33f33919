package io.nous.report;

import io.nous.sim.metrics.ClassSummary;
import io.nous.sim.metrics.PodSummary;
import io.nous.sim.metrics.PolicySummary;
import io.nous.sim.metrics.PrefixCacheSummary;
import io.nous.sim.metrics.RunSummary;
import io.nous.sim.metrics.SimulationResult;
import java.util.Locale;
import java.util.stream.Collectors;

/** Renders a simulation result as a compact human-readable table. */
public final class TableReport {
    /** What a saturation above 1 means, printed under one. */
    static final String SATURATION_LEGEND = "            (the detector's signal, a mean over pods: 1 is a pod whose waiting queue or KV cache is at the "
            + "detector's threshold, 5 requests or 80 % by default, so 42 is queues 42x that; from 1 up flow control holds every band)";

    private TableReport() {
    }

    public static String render(SimulationResult r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s @ %s qps on %d pods (%s), seed %d%n", r.workload(), fmt(r.qps()),
                r.pods(), r.costProfile(), r.seed()));
        sb.append(String.format(Locale.ROOT, "policy %s, admission %s, detector %s, %s%sflow control %s%n",
                r.policy().usageLimitPolicy(), r.policy().admissionPolicy(), r.detector(),
                r.policy().orderingPolicy() == null ? "" : "ordering " + r.policy().orderingPolicy() + ", ",
                r.policy().fairnessPolicy() == null ? "" : "fairness " + r.policy().fairnessPolicy() + ", ", r.flowControl() ? "on" : "off"));
        RunSummary run = r.run();
        if (!run.routing().equals("default") || !run.engine().equals("vllm")) {
            sb.append(String.format(Locale.ROOT, "routing %s, engine %s; whole run: prefix-cache hit rate %s, ttft p50/p90/p99 %s/%s/%s, "
                            + "%.2f req/s%n", run.routing(), run.engine(), Double.isNaN(run.prefixCacheHitRate()) ? "-"
                            : String.format(Locale.ROOT, "%.1f %%", 100 * run.prefixCacheHitRate()),
                    ms(run.ttft().p50Ms()), ms(run.ttft().p90Ms()), ms(run.ttft().p99Ms()), run.throughputRps()));
        }
        if (r.wallSeconds() > 0) {
            sb.append(String.format(Locale.ROOT, "measured %s-%s s; simulated %.0f s in %.2f s wall (%,.0fx real time), %,d events%n%n",
                    fmt(r.warmupSeconds()), fmt(r.durationSeconds()), r.simulatedSeconds(), r.wallSeconds(), r.speedup(), r.events()));
        } else {
            // a page that must be the same bytes every time: no wall clock
            sb.append(String.format(Locale.ROOT, "measured %s-%s s; simulated %.0f s, %,d events%n%n",
                    fmt(r.warmupSeconds()), fmt(r.durationSeconds()), r.simulatedSeconds(), r.events()));
        }
        sb.append(String.format(Locale.ROOT, "%-10s %5s %8s %8s %7s %9s %9s %9s %9s %8s %9s %7s%n",
                "class", "prio", "arrived", "done", "dropped", "ttft p50", "ttft p99", "e2e p99", "itl p50", "queue", "rps", "preempt"));
        for (ClassSummary c : r.classes().values()) {
            sb.append(String.format(Locale.ROOT, "%-10s %5d %8d %8d %7d %9s %9s %9s %9s %8s %9.2f %7d%n",
                    c.name(), c.priority(), c.arrived(), c.completed(), c.dropped(),
                    ms(c.ttft().p50Ms()), ms(c.ttft().p99Ms()), ms(c.e2e().p99Ms()), ms(c.itl().p50Ms()),
                    ms(c.queueDelay().p99Ms()), c.throughputRps(), c.preemptions()));
            if (c.dropped() > 0) {
                sb.append(String.format(Locale.ROOT, "%16s dropped: %d band full / shed, %d TTL expired, %d admission%s%n", "",
                        c.rejectedSaturated(), c.evictedTtl(), c.admissionRejected(),
                        (r.clientTimeouts() ? ", " + c.timedOut() + " client gave up" : "")
                                + (r.policy().eviction() != null ? ", " + c.evictedInFlight() + " evicted in flight" : "")
                                + (c.failed() > 0 ? ", " + c.failed() + " failed (no endpoint or refused by the server)" : "")));
            }
        }
        if (r.prefixCache() != null) {
            PrefixCacheSummary pc = r.prefixCache();
            sb.append(String.format(Locale.ROOT, "%nprefix cache %.1f%% of %,d prompt tokens hit, %,d cached prefixes evicted%s",
                    100 * pc.hitRate(), pc.queriedTokens(), pc.evictions(), pc.preemptedQueriedTokens() > 0
                            ? String.format(Locale.ROOT, "; preempted requests found %.0f%% of theirs",
                                    100.0 * pc.preemptedHitTokens() / pc.preemptedQueriedTokens()) : ""));
        }
        if (r.policy().eviction() != null) {
            var e = r.policy().eviction();
            sb.append(String.format(Locale.ROOT, "%nin-flight eviction (%s, grace %s ms): %,d decisions revoked %,d leases%n",
                    e.policy(), fmt(e.graceMs()), e.decisions(), e.revocations()));
        }
        if (r.pool() != null) {
            var p = r.pool();
            sb.append(String.format(Locale.ROOT, "%nautoscaled pool (%s, %d-%d pods): %.1f pods ready on average, peak %d; %.2f GPU-hours "
                            + "(%.2f pod-hours); %d scale-ups, %d scale-downs; TTFT objective met by %.1f%% of measured requests%n",
                    p.policy(), p.minPods(), p.maxPods(), p.meanReadyPods(), p.peakPods(), p.gpuHours(), p.podHours(), p.scaleUps(),
                    p.scaleDowns(), 100 * p.sloAttainment()));
        }
        if (r.disaggregation() != null) {
            var d = r.disaggregation();
            String transfers = Double.isNaN(d.transferMsMean()) ? "no KV transfers"
                    : String.format(Locale.ROOT, "KV transfer mean %s ms, p99 %s ms, max %s ms; %.2f GB moved", fmt(d.transferMsMean()),
                            fmt(d.transferMsP99()), fmt(d.transferMsMax()), d.gbMoved());
            sb.append(String.format(Locale.ROOT, "%nP/D         %d prefill pods, %d decode pods, KV link %s: %,d measured requests disaggregated (%.0f%%); "
                            + "%s%n", d.prefillPods(), r.pods() - d.prefillPods(), d.link(), d.disaggregated(),
                    Double.isNaN(d.share()) ? 0.0 : 100 * d.share(), transfers));
        }
        sb.append(String.format(Locale.ROOT, "%nsaturation  mean %.2f, max %.2f, >=0.5 %.0f%% of the time, >=1 %.0f%%%n",
                r.saturation().mean(), r.saturation().max(), 100 * r.saturation().shareAtLeastHalf(),
                100 * r.saturation().shareAtLeastOne()));
        if (r.saturation().max() >= 1) {
            sb.append(SATURATION_LEGEND).append(System.lineSeparator());
        }
        for (PodSummary p : r.podStats()) {
            sb.append(String.format(Locale.ROOT, "pod %-3d     busy %3.0f%%, mean batch %.1f, kv mean %.0f%% max %.0f%%, queue max %d, %d preemptions"
                            + ", %d requests from %d tenants%n",
                    p.pod(), 100 * p.utilization(), p.meanBatch(), 100 * p.meanKvUsage(), 100 * p.maxKvUsage(), p.maxWaiting(),
                    p.preemptions(), p.requests(), p.tenants()));
        }
        PolicySummary ps = r.policy();
        sb.append(String.format(Locale.ROOT, "policy      %,d dispatch cycles; gated: %s%n", ps.calls(),
                ps.bands().stream().map(b -> String.format(Locale.ROOT, "band %d %.0f%%", b.priority(), 100 * b.gatedShare()))
                        .collect(Collectors.joining(", "))));
        if (ps.ceilingViolations() > 0) {
            sb.append(String.format(Locale.ROOT, "WARNING     %d cycles broke the ceiling contract; first: %s%n",
                    ps.ceilingViolations(), ps.firstViolation()));
        }
        return sb.toString();
    }

    private static String ms(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (v >= 10_000) {
            return String.format(Locale.ROOT, "%.1fs", v / 1000);
        }
        return String.format(Locale.ROOT, v >= 100 ? "%.0fms" : "%.1fms", v);
    }

    static String fmt(double v) {
        if (v == Math.rint(v)) {
            return String.valueOf((long) v);
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    }
}
