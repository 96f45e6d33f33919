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

    /** Which per-request latency. */
    enum Latency {
        TTFT(RequestSamples::ttftMs), E2E(RequestSamples::e2eMs), ITL(RequestSamples::itlMs);

        final Function<RequestSamples, float[]> get;

        Latency(Function<RequestSamples, float[]> get) {
            this.get = get;
        }
    }

    static QuantileStatistic quantile(List<RunData> runs, String cls, Latency latency, double q) {
        float[][] perSeed = new float[runs.size()][];
        for (int s = 0; s < runs.size(); s++) {
            RequestSamples rs = runs.get(s).samples().get(cls);
            perSeed[s] = rs == null ? new float[0] : latency.get.apply(rs);
        }
        return new QuantileStatistic(perSeed, q);
    }
}
