package io.nous.observe;

import java.util.Arrays;
import java.util.List;

/**
 * The load generator's timing error: actual minus scheduled send time over every sent request. An
 * open-loop measurement is only as good as this; a large lag means the client, not the server,
 * shaped the arrivals.
 */
public record SendLag(int count, double meanMs, double p50Ms, double p99Ms, double maxMs) {

    public static SendLag of(List<ObservedRequest> requests) {
        double[] lags = requests.stream().mapToDouble(ObservedRequest::sendLagMs).filter(d -> !Double.isNaN(d)).sorted().toArray();
        if (lags.length == 0) {
            return new SendLag(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        return new SendLag(lags.length, Arrays.stream(lags).average().orElse(Double.NaN), rank(lags, 0.50), rank(lags, 0.99),
                lags[lags.length - 1]);
    }

    /** The nearest-rank quantile of sorted values. */
    static double rank(double[] sorted, double q) {
        int i = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }
}
