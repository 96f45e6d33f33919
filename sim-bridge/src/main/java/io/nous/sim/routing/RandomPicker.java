package io.nous.sim.routing;

import java.util.SplittableRandom;

/**
 * {@code random-picker} (llm-d-router v0.10.0, .../picker/random/picker.go): a candidate uniformly at
 * random, whatever the scores. Also the plain Kubernetes Service Nous compares routers with: kube-proxy
 * picks a backend at random for each new connection, and a load generator that opens one connection per
 * request gets a random pod per request.
 */
final class RandomPicker implements Picker {
    private final SplittableRandom random;

    RandomPicker(SplittableRandom random) {
        this.random = random;
    }

    @Override
    public int pick(SchedulingContext c, int[] endpoints, int n, double[] scores) {
        return endpoints[random.nextInt(n)];
    }
}
