package io.nous.sim.routing;

/**
 * {@code queue-scorer} (llm-d-router v0.10.0, pkg/epp/framework/plugins/scheduling/scorer/queuedepth/queue.go),
 * and, over running instead of waiting requests, {@code running-requests-size-scorer}
 * (.../scorer/runningrequests/runningrequest.go): {@code (max − q) / (max − min)} over the candidates'
 * scraped counts, 1.0 for all when they are equal.
 */
final class QueueScorer implements Scorer {
    private final boolean running;

    QueueScorer(boolean running) {
        this.running = running;
    }

    private int value(SchedulingContext c, int p) {
        return running ? c.snapshots[p].running() : c.snapshots[p].waiting();
    }

    @Override
    public void score(SchedulingContext c, int[] endpoints, int n, double[] scores) {
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            int q = value(c, endpoints[i]);
            min = Math.min(min, q);
            max = Math.max(max, q);
        }
        double range = max - min;
        for (int i = 0; i < n; i++) {
            scores[i] = range == 0 ? 1.0 : (max - value(c, endpoints[i])) / range;
        }
    }
}
