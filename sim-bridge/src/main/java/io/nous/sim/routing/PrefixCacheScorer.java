package io.nous.sim.routing;

/**
 * {@code prefix-cache-scorer} (llm-d-router v0.10.0, .../scorer/prefix/plugin.go):
 * {@code matchLengthWeight · min(1, matched tokens / matchLengthScaleTokens)² + (1 − matchLengthWeight) · matched / total blocks}.
 */
final class PrefixCacheScorer implements Scorer {
    private final double matchLengthWeight;
    private final double matchLengthScaleTokens;

    PrefixCacheScorer(double matchLengthWeight, long matchLengthScaleTokens) {
        this.matchLengthWeight = matchLengthWeight;
        this.matchLengthScaleTokens = matchLengthScaleTokens;
    }

    @Override
    public void score(SchedulingContext c, int[] endpoints, int n, double[] scores) {
        for (int i = 0; i < n; i++) {
            int p = endpoints[i];
            if (!c.prefixInfo || c.totalBlocks == 0) {
                scores[i] = 0;
                continue;
            }
            double ratio = (double) c.matchBlocks[p] / c.totalBlocks;
            double length = 0;
            if (matchLengthWeight > 0 && c.blockSizeTokens > 0) {
                double normalized = Math.min(1.0, (double) c.matchBlocks[p] * c.blockSizeTokens / matchLengthScaleTokens);
                length = normalized * normalized;
            }
            scores[i] = 0.0 + matchLengthWeight * length + (1.0 - matchLengthWeight) * ratio;
        }
    }
}
