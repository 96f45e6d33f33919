package io.nous.discover;

import io.nous.codegen.BehaviourSignature;
import java.util.ArrayList;
import java.util.List;

/**
 * The novelty filter's memory: every evaluated candidate's behaviour signature, in the order they
 * were evaluated. A proposal whose signature lies within the tolerance of one of them is a
 * behavioural duplicate of the nearest (the earliest among equals), and is not simulated. With a
 * tolerance of 0 the filter is off (exact behavioural duplicates are caught by the fingerprint).
 */
final class Novelty {
    /** The nearest evaluated candidate and its distance. */
    record Near(String of, double distance) {
    }

    private final double tolerance;
    private final List<String> ids = new ArrayList<>();
    private final List<double[]> signatures = new ArrayList<>();

    Novelty(double tolerance) {
        if (!(tolerance >= 0) || Double.isInfinite(tolerance)) {
            throw new DiscoveryException("the novelty tolerance must be a finite number at least 0, not " + tolerance);
        }
        this.tolerance = tolerance;
    }

    void add(String id, double[] signature) {
        if (signature != null) {
            ids.add(id);
            signatures.add(signature);
        }
    }

    /** The nearest evaluated candidate within the tolerance, or null (always null when the filter is off or there is no signature). */
    Near nearest(double[] signature) {
        if (tolerance == 0 || signature == null) {
            return null;
        }
        int best = -1;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int i = 0; i < signatures.size(); i++) {
            double d = BehaviourSignature.distance(signature, signatures.get(i));
            if (d < bestDistance) {
                best = i;
                bestDistance = d;
            }
        }
        return best >= 0 && bestDistance <= tolerance ? new Near(ids.get(best), bestDistance) : null;
    }
}
