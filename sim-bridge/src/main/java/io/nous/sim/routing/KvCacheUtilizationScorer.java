package io.nous.sim.routing;

/** {@code kv-cache-utilization-scorer} (llm-d-router v0.10.0, .../scorer/kvcacheutilization/kvcache_utilization.go): {@code 1 − kvUsage}. */
final class KvCacheUtilizationScorer implements Scorer {
    @Override
    public void score(SchedulingContext c, int[] endpoints, int n, double[] scores) {
        for (int i = 0; i < n; i++) {
            scores[i] = 1 - c.snapshots[endpoints[i]].kvUsage();
        }
    }
}
