package io.nous.evaluator.objective;

import io.nous.evaluator.run.RunData;
import io.nous.evaluator.stats.QuantileStatistic;
import io.nous.sim.metrics.RequestSamples;
import java.util.List;
import java.util.function.Function;

/** Builds per-seed statistics from runs. */
final class Samples {
    private Samples() {
    }

    /** Which per-request latency, as recorded and (for those a quantile is taken of) in ascending order. */
    enum Latency {
        TTFT(RequestSamples::ttftMs, RequestSamples::sortedTtftMs), E2E(RequestSamples::e2eMs, RequestSamples::sortedE2eMs),
        ITL(RequestSamples::itlMs, null);

        final Function<RequestSamples, float[]> get;
        /** The run's own sorted copy, shared by every statistic that reads it; null: sort a copy each time. */
        final Function<RequestSamples, float[]> sorted;

        Latency(Function<RequestSamples, float[]> get, Function<RequestSamples, float[]> sorted) {
            this.get = get;
            this.sorted = sorted;
        }
    }

    /** A latency quantile of one class, or with {@code cls} null of every request whatever its class. */
    static QuantileStatistic quantile(List<RunData> runs, String cls, Latency latency, double q) {
        float[][] perSeed = new float[runs.size()][];
        if (cls != null && latency.sorted != null) {
            for (int s = 0; s < runs.size(); s++) {
                RequestSamples rs = runs.get(s).samples().get(cls);
                perSeed[s] = rs == null ? new float[0] : latency.sorted.apply(rs);
            }
            return QuantileStatistic.ofSorted(perSeed, q);
        }
        for (int s = 0; s < runs.size(); s++) {
            if (cls == null) {
                perSeed[s] = pooled(runs.get(s), latency);
                continue;
            }
            RequestSamples rs = runs.get(s).samples().get(cls);
            perSeed[s] = rs == null ? new float[0] : latency.get.apply(rs);
        }
        return new QuantileStatistic(perSeed, q);
    }

    /** Every class's samples of one run, in the run's class order. */
    private static float[] pooled(RunData run, Latency latency) {
        int n = 0;
        for (RequestSamples rs : run.samples().values()) {
            n += latency.get.apply(rs).length;
        }
        float[] all = new float[n];
        int at = 0;
        for (RequestSamples rs : run.samples().values()) {
            float[] v = latency.get.apply(rs);
            System.arraycopy(v, 0, all, at, v.length);
            at += v.length;
        }
        return all;
    }
}
