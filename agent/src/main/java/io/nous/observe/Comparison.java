package io.nous.observe;

import io.nous.sim.metrics.Latency;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.apache.commons.math3.stat.correlation.PearsonsCorrelation;

/**
 * How far a simulation is from an observation of the same arrivals, in the figures simulator papers
 * publish. Per class: the relative error, {@code (simulated - observed) / observed}, of the mean and
 * p50/p90/p99 of TTFT, E2E and ITL, of throughput, and the drop counts side by side. Per request,
 * over requests completed in both and measured (scheduled inside the observation's window), paired
 * by id: the mean absolute percentage error {@code 100 · mean(|sim - obs| / obs)} and Pearson's r.
 * Beside the latencies, the prefix-cache hit rate of each side (cached prompt tokens over prompt
 * tokens of its measured completed requests) when either side reports cached tokens: a check on the
 * workload's sharing and the cache, never fitted.
 */
public final class Comparison {
    /** The metrics compared. */
    public enum Metric {
        TTFT(ObservedRequest::ttftMs), E2E(ObservedRequest::e2eMs), ITL(ObservedRequest::itlMs);

        final ToDoubleFunction<ObservedRequest> value;

        Metric(ToDoubleFunction<ObservedRequest> value) {
            this.value = value;
        }

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Observed and simulated value of one statistic, and the relative error. */
    public record Pair(double observed, double simulated) {
        /** {@code (simulated - observed) / observed}; NaN when undefined. */
        public double relativeError() {
            return observed == 0 || Double.isNaN(observed) || Double.isNaN(simulated) ? Double.NaN : (simulated - observed) / observed;
        }
    }

    /** Per-request accuracy over requests completed in both runs. */
    public record Paired(int n, double mapePercent, double pearsonR) {
    }

    /** One metric of one class: distribution statistics side by side, and the paired accuracy. */
    public record MetricComparison(Pair mean, Pair p50, Pair p90, Pair p99, Paired paired) {
    }

    /** One class. */
    public record ClassComparison(String name, Pair completed, Pair dropped, long failedObserved, Pair throughputRps,
                                  Map<Metric, MetricComparison> metrics) {
    }

    private final List<ClassComparison> classes;
    private final Map<Metric, Paired> overall;
    private final int pairedRequests;
    private final Pair prefixCacheHitRate;

    private Comparison(List<ClassComparison> classes, Map<Metric, Paired> overall, int pairedRequests, Pair prefixCacheHitRate) {
        this.classes = classes;
        this.overall = overall;
        this.pairedRequests = pairedRequests;
        this.prefixCacheHitRate = prefixCacheHitRate;
    }

    /** Observed and simulated share of prompt tokens found cached; NaN on a side that reports none. */
    public Pair prefixCacheHitRate() {
        return prefixCacheHitRate;
    }

    /** Whether either side reported cached prompt tokens. */
    public boolean reportsPrefixCache() {
        return !Double.isNaN(prefixCacheHitRate.observed()) || !Double.isNaN(prefixCacheHitRate.simulated());
    }

    public List<ClassComparison> classes() {
        return classes;
    }

    /** Paired accuracy over every class. */
    public Map<Metric, Paired> overall() {
        return overall;
    }

    /** Requests completed in both runs and measured. */
    public int pairedRequests() {
        return pairedRequests;
    }

    /**
     * Compares two runs of the same arrivals. The window and classes are the observation's; the
     * simulated run's requests are matched by id.
     */
    public static Comparison of(RequestsFile.Contents observed, RequestsFile.Contents simulated) {
        RequestsHeader h = observed.header();
        Map<String, RequestStats.ClassNumbers> obs = RequestStats.of(h, observed.requests());
        RequestsHeader simHeader = new RequestsHeader(h.format(), simulated.header().source(), h.workload(), h.qps(), h.seed(),
                h.durationSeconds(), h.warmupSeconds(), h.classes(), null, null, null, null, null, null);
        Map<String, RequestStats.ClassNumbers> sim = RequestStats.of(simHeader, simulated.requests());
        Map<Integer, ObservedRequest> simById = new HashMap<>();
        for (ObservedRequest r : simulated.requests()) {
            simById.put(r.id(), r);
        }
        long fromUs = Math.round(h.warmupSeconds() * 1e6);
        long toUs = Math.round(h.durationSeconds() * 1e6);
        Map<String, List<ObservedRequest[]>> pairsByClass = new LinkedHashMap<>();
        List<ObservedRequest[]> all = new ArrayList<>();
        for (ObservedRequest o : observed.requests()) {
            ObservedRequest s = simById.get(o.id());
            if (s == null || o.scheduledUs() < fromUs || o.scheduledUs() >= toUs
                    || o.result() != ObservedRequest.Result.COMPLETED || s.result() != ObservedRequest.Result.COMPLETED) {
                continue;
            }
            ObservedRequest[] p = {o, s};
            pairsByClass.computeIfAbsent(o.className(), k -> new ArrayList<>()).add(p);
            all.add(p);
        }
        List<ClassComparison> classes = new ArrayList<>();
        for (RequestsHeader.ClassInfo c : h.classes()) {
            RequestStats.ClassNumbers o = obs.get(c.name());
            RequestStats.ClassNumbers s = sim.get(c.name());
            Map<Metric, MetricComparison> metrics = new LinkedHashMap<>();
            List<ObservedRequest[]> pairs = pairsByClass.getOrDefault(c.name(), List.of());
            for (Metric m : Metric.values()) {
                Latency lo = latency(o, m);
                Latency ls = latency(s, m);
                metrics.put(m, new MetricComparison(new Pair(lo.meanMs(), ls.meanMs()), new Pair(lo.p50Ms(), ls.p50Ms()),
                        new Pair(lo.p90Ms(), ls.p90Ms()), new Pair(lo.p99Ms(), ls.p99Ms()), paired(pairs, m)));
            }
            classes.add(new ClassComparison(c.name(), new Pair(o.completed(), s.completed()), new Pair(o.dropped(), s.dropped()),
                    o.failed(), new Pair(o.throughputRps(), s.throughputRps()), metrics));
        }
        Map<Metric, Paired> overall = new LinkedHashMap<>();
        for (Metric m : Metric.values()) {
            overall.put(m, paired(all, m));
        }
        return new Comparison(classes, overall, all.size(),
                new Pair(hitRate(observed.requests(), fromUs, toUs), hitRate(simulated.requests(), fromUs, toUs)));
    }

    /** Cached over prompt tokens of the measured completed requests that report cached tokens; NaN if none does. */
    public static double hitRate(List<ObservedRequest> requests, long fromUs, long toUs) {
        long cached = 0;
        long prompt = 0;
        for (ObservedRequest r : requests) {
            if (r.cachedTokens() != null && r.result() == ObservedRequest.Result.COMPLETED && r.scheduledUs() >= fromUs
                    && r.scheduledUs() < toUs) {
                cached += r.cachedTokens();
                prompt += r.processedPromptTokens();
            }
        }
        return prompt == 0 ? Double.NaN : (double) cached / prompt;
    }

    private static Latency latency(RequestStats.ClassNumbers c, Metric m) {
        return switch (m) {
            case TTFT -> c.ttft();
            case E2E -> c.e2e();
            case ITL -> c.itl();
        };
    }

    /** MAPE and Pearson's r of one metric over pairs whose observed value is positive. */
    static Paired paired(List<ObservedRequest[]> pairs, Metric m) {
        List<double[]> xy = new ArrayList<>();
        for (ObservedRequest[] p : pairs) {
            double o = m.value.applyAsDouble(p[0]);
            double s = m.value.applyAsDouble(p[1]);
            if (o > 0 && !Double.isNaN(s)) {
                xy.add(new double[] {o, s});
            }
        }
        return paired(xy);
    }

    /** MAPE and Pearson's r of (observed, simulated) pairs. */
    public static Paired paired(List<double[]> xy) {
        int n = xy.size();
        if (n == 0) {
            return new Paired(0, Double.NaN, Double.NaN);
        }
        double ape = 0;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = xy.get(i)[0];
            y[i] = xy.get(i)[1];
            ape += Math.abs(y[i] - x[i]) / x[i];
        }
        double r = n < 3 ? Double.NaN : new PearsonsCorrelation().correlation(x, y);
        return new Paired(n, 100 * ape / n, r);
    }

    /** (observed, simulated) values of one metric over every paired request, for a chart. */
    public static List<double[]> points(RequestsFile.Contents observed, RequestsFile.Contents simulated, Metric m) {
        Map<Integer, ObservedRequest> simById = new HashMap<>();
        for (ObservedRequest r : simulated.requests()) {
            simById.put(r.id(), r);
        }
        List<double[]> out = new ArrayList<>();
        for (ObservedRequest o : observed.requests()) {
            ObservedRequest s = simById.get(o.id());
            if (s != null && o.result() == ObservedRequest.Result.COMPLETED && s.result() == ObservedRequest.Result.COMPLETED) {
                double a = m.value.applyAsDouble(o);
                double b = m.value.applyAsDouble(s);
                if (!Double.isNaN(a) && !Double.isNaN(b)) {
                    out.add(new double[] {a, b});
                }
            }
        }
        return out;
    }
}
