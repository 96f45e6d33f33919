package io.nous.sim.routing;

/**
 * {@code load-aware-scorer} (llm-d-router v0.10.0, .../scorer/loadaware/load_aware.go): 0.5 for an
 * empty waiting queue, else {@code 0.5 · (1 − min(waiting, threshold) / threshold)}.
 */
final class LoadAwareScorer implements Scorer {
    static final int DEFAULT_THRESHOLD = 128;

    private final double threshold;

    LoadAwareScorer(long threshold) {
        this.threshold = threshold <= 0 ? DEFAULT_THRESHOLD : threshold;
    }

    @Override
    public void score(SchedulingContext c, int[] endpoints, int n, double[] scores) {
        for (int i = 0; i < n; i++) {
            double waiting = c.snapshots[endpoints[i]].waiting();
            scores[i] = waiting == 0 ? 0.5 : 0.5 * (1.0 - Math.min(waiting, threshold) / threshold);
        }
    }
}
