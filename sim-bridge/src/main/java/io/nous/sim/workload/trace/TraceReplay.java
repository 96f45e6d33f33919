package io.nous.sim.workload.trace;

import io.nous.sim.workload.LengthDistribution;
import io.nous.sim.workload.RequestClass;
import io.nous.sim.workload.Workload;
import io.nous.sim.workload.WorkloadException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * How to replay a trace: the window of the original timeline to use ({@code [startSeconds,
 * endSeconds)}), how much faster to play it ({@code rateScale}: 2 halves every gap), and the share
 * of requests without a recorded priority to mark critical (the rest are sheddable; the draw is
 * seeded). Records with a priority keep it; classes are named by priority (0 critical, −1
 * sheddable, others {@code priorityN}).
 */
public record TraceReplay(Trace trace, double rateScale, double criticalFraction, double startSeconds, double endSeconds) {

    public TraceReplay {
        if (!(rateScale > 0) || Double.isInfinite(rateScale)) {
            throw new WorkloadException("rate scale must be a positive number, got " + rateScale);
        }
        if (!(criticalFraction >= 0 && criticalFraction <= 1)) {
            throw new WorkloadException("critical fraction must be in [0, 1], got " + criticalFraction);
        }
        if (!(startSeconds >= 0) || !(endSeconds > startSeconds)) {
            throw new WorkloadException("the trace window must satisfy 0 <= start < end, got [" + startSeconds + ", " + endSeconds + ")");
        }
        if (windowRecords(trace, startSeconds, endSeconds).isEmpty()) {
            throw new WorkloadException("no trace records in the window [" + startSeconds + ", " + endSeconds + ") s");
        }
    }

    /** Records in the window, in order. */
    public List<TraceRecord> records() {
        return windowRecords(trace, startSeconds, endSeconds);
    }

    private static List<TraceRecord> windowRecords(Trace trace, double start, double end) {
        long s = Math.round(start * 1e6);
        long e = Double.isInfinite(end) ? Long.MAX_VALUE : Math.round(end * 1e6);
        List<TraceRecord> out = new ArrayList<>();
        for (TraceRecord r : trace.records()) {
            if (r.arrivalUs() >= s && r.arrivalUs() < e) {
                out.add(r);
            }
        }
        return out;
    }

    /** Seconds of simulated arrivals the window takes once scaled. */
    /** Whether the trace records what its prompts share (a Mooncake trace's {@code hash_ids}). */
    public boolean sharesPrefixes() {
        return trace.records().stream().anyMatch(TraceRecord::sharesContent);
    }

    public double durationSeconds() {
        List<TraceRecord> rs = records();
        double span = (rs.get(rs.size() - 1).arrivalUs() - rs.get(0).arrivalUs()) / 1e6;
        return Math.max(1e-3, span / rateScale + 1e-6);
    }

    /** Mean arrival rate once scaled, requests per second. */
    public double qps() {
        return records().size() / durationSeconds();
    }

    /** The class of a priority. */
    static String className(int priority) {
        return priority == 0 ? "critical" : priority == -1 ? "sheddable" : "priority" + priority;
    }

    /**
     * A workload describing the replayed traffic: its classes (from the recorded priorities, or
     * critical / sheddable by the critical fraction) and its mean lengths. Lengths are the trace's
     * own; the distributions here only summarize them.
     */
    public Workload workload() {
        List<TraceRecord> rs = records();
        TreeSet<Integer> priorities = new TreeSet<>();
        boolean unassigned = false;
        double in = 0;
        double out = 0;
        for (TraceRecord r : rs) {
            if (r.priority() == null) {
                unassigned = true;
            } else {
                priorities.add(r.priority());
            }
            in += r.inputTokens();
            out += r.outputTokens();
        }
        if (unassigned) {
            priorities.add(0);
            priorities.add(-1);
        }
        Map<Integer, Double> share = new LinkedHashMap<>();
        for (int p : priorities.descendingSet()) {
            share.put(p, 0.0);
        }
        for (TraceRecord r : rs) {
            if (r.priority() != null) {
                share.merge(r.priority(), 1.0 / rs.size(), Double::sum);
            } else {
                share.merge(0, criticalFraction / rs.size(), Double::sum);
                share.merge(-1, (1 - criticalFraction) / rs.size(), Double::sum);
            }
        }
        List<RequestClass> classes = new ArrayList<>();
        double total = 0;
        for (Map.Entry<Integer, Double> e : share.entrySet()) {
            double s = Math.max(e.getValue(), 1e-9);
            classes.add(new RequestClass(className(e.getKey()), e.getKey(), s));
            total += s;
        }
        List<RequestClass> normalized = new ArrayList<>();
        for (RequestClass c : classes) {
            normalized.add(new RequestClass(c.name(), c.priority(), c.share() / total));
        }
        double sum = normalized.stream().mapToDouble(RequestClass::share).sum();
        RequestClass last = normalized.remove(normalized.size() - 1);
        normalized.add(new RequestClass(last.name(), last.priority(), last.share() + (1 - sum)));
        return new Workload("trace:" + trace.name(), "replay of " + trace.name() + " (" + rs.size() + " requests)", trace.name(),
                normalized, new LengthDistribution("constant", Math.max(1, in / rs.size()), 0, 1, 40_960),
                new LengthDistribution("constant", Math.max(1, out / rs.size()), 0, 1, 40_960), null, List.of(qps()), 2, 1);
    }
}
