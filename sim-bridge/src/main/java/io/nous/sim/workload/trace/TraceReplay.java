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
        List<TraceRecord> window = windowRecords(trace, startSeconds, endSeconds);
        if (window.isEmpty()) {
            throw new WorkloadException("no trace records in the window [" + startSeconds + ", " + endSeconds + ") s");
        }
        long firstUs = window.get(0).arrivalUs();
        for (TraceRecord r : window) {
            if ((r.arrivalUs() - firstUs) / 1e6 / rateScale > MAX_SPAN_SECONDS) {
                // the clock would have to run to it: a replay that long is a mistake (a unit, a stray row), not a run
                throw new WorkloadException(String.format(java.util.Locale.ROOT, "%s %s arrives %.0f s after the window's first request%s; "
                        + "one replay spans at most %d s (%d h) of simulated time: replay a window of the trace",
                        trace.name(), r.where(), (r.arrivalUs() - firstUs) / 1e6 / rateScale, rateScale == 1 ? "" : " (rate scale included)",
                        MAX_SPAN_SECONDS, MAX_SPAN_SECONDS / 3600));
            }
        }
    }

    /** The longest replay, in simulated seconds: a day of traffic (an hour-long trace, or a diurnal cycle). */
    public static final long MAX_SPAN_SECONDS = 86_400;

    /**
     * The records that cannot be served by a model of {@code maxModelLen} tokens of context: vLLM
     * refuses a request whose prompt plus output does not fit, so a replay must not pretend to serve it.
     */
    public List<TraceRecord> beyondContext(int maxModelLen) {
        List<TraceRecord> out = new ArrayList<>();
        for (TraceRecord r : records()) {
            if ((long) r.inputTokens() + r.outputTokens() > maxModelLen) {
                out.add(r);
            }
        }
        return out;
    }

    /** Why {@code r} cannot be replayed on a model of {@code maxModelLen} tokens of context. */
    public static String beyondContextReason(TraceRecord r, int maxModelLen) {
        return r.inputTokens() + " prompt + " + r.outputTokens() + " output tokens do not fit the model's context of " + maxModelLen
                + " tokens (vLLM refuses such a request)";
    }

    /**
     * This replay without the records that do not fit {@code maxModelLen}: under {@link BadRows#FAIL}
     * the first is an error naming its line, under {@link BadRows#SKIP} they are dropped and listed in
     * the trace's skipped rows.
     */
    public TraceReplay withinContext(int maxModelLen, BadRows policy) {
        List<TraceRecord> beyond = beyondContext(maxModelLen);
        if (beyond.isEmpty()) {
            return this;
        }
        if (policy == BadRows.FAIL) {
            TraceRecord r = beyond.get(0);
            throw new TraceException(trace.name() + " " + r.where() + ": " + beyondContextReason(r, maxModelLen)
                    + (beyond.size() > 1 ? "; " + (beyond.size() - 1) + " more rows do not fit either" : "")
                    + " (use --bad-rows skip to skip such rows)");
        }
        java.util.Set<TraceRecord> drop = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        drop.addAll(beyond);
        List<TraceRecord> kept = new ArrayList<>();
        for (TraceRecord r : trace.records()) {
            if (!drop.contains(r)) {
                kept.add(r);
            }
        }
        List<String> skipped = new ArrayList<>(trace.skippedRows());
        for (TraceRecord r : beyond) {
            skipped.add(r.where() + ": " + beyondContextReason(r, maxModelLen));
        }
        return new TraceReplay(new Trace(trace.name(), kept, skipped), rateScale, criticalFraction, startSeconds, endSeconds);
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

    /** Whether the trace records what its prompts share (a Mooncake trace's {@code hash_ids}). */
    public boolean sharesPrefixes() {
        return trace.records().stream().anyMatch(TraceRecord::sharesContent);
    }

    /** Seconds of simulated arrivals the window takes once scaled. */
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
