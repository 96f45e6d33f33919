package io.nous.sim.routing;

import java.util.SplittableRandom;

/**
 * {@code weighted-random-picker} (llm-d-router v0.10.0, .../picker/weightedrandom/picker.go): each
 * candidate with a positive score draws a key {@code U^(1/score)} and the largest key wins (weighted
 * sampling without replacement, A-Res); when no score is positive it picks as {@code random-picker}.
 */
final class WeightedRandomPicker implements Picker {
    private final SplittableRandom random;

    WeightedRandomPicker(SplittableRandom random) {
        this.random = random;
    }

    @Override
    public int pick(SchedulingContext c, int[] endpoints, int n, double[] scores) {
        int chosen = -1;
        double bestKey = -1;
        for (int i = 0; i < n; i++) {
            if (scores[i] <= 0) {
                continue;
            }
            double u = random.nextDouble();
            if (u == 0) {
                u = 1e-10;
            }
            double key = Math.pow(u, 1.0 / scores[i]);
            if (key > bestKey) {
                bestKey = key;
                chosen = endpoints[i];
            }
        }
        return chosen >= 0 ? chosen : endpoints[random.nextInt(n)];
    }
}
