package io.nous.sim.routing;

import java.util.SplittableRandom;

/**
 * {@code max-score-picker} (llm-d-router v0.10.0, .../picker/maxscore/picker.go): the highest total
 * score wins. Upstream shuffles the candidates and then sorts them stably by score, so a tie goes to
 * one of the tied endpoints uniformly at random; here one seeded draw picks among the ties.
 */
final class MaxScorePicker implements Picker {
    private final SplittableRandom tieBreak;
    private final int[] best;

    MaxScorePicker(SplittableRandom tieBreak, int pods) {
        this.tieBreak = tieBreak;
        this.best = new int[pods];
    }

    @Override
    public int pick(SchedulingContext c, int[] endpoints, int n, double[] scores) {
        double top = Double.NEGATIVE_INFINITY;
        int ties = 0;
        for (int i = 0; i < n; i++) {
            if (scores[i] > top) {
                top = scores[i];
                ties = 0;
                best[ties++] = endpoints[i];
            } else if (scores[i] == top) {
                best[ties++] = endpoints[i];
            }
        }
        return ties == 1 ? best[0] : best[tieBreak.nextInt(ties)];
    }
}
