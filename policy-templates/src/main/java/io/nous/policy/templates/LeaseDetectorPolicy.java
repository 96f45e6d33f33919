package io.nous.policy.templates;

import io.nous.sim.spi.SaturationDetector;

/**
 * A proposal, not an upstream plugin: a detector that reads the router's own leases before the
 * endpoints' scrapes, in the spirit of the "capacity ledger" discussed in llm-d-router #2061
 * (per-request leases of slots and prefill tokens in place of one scraped gauge). Per endpoint, the
 * requests the router holds a lease for that it cannot see running are queued,
 * {@code max(waiting, inFlight - running)}; the prompt tokens still leased before their first token
 * are prefill work. An endpoint's saturation is the largest of its queue over {@code queueDepth}
 * (the utilization detector's 5), its leased prefill over {@code prefillTokens} (16,384: two steps of
 * vLLM's default 8,192-token budget) and its scraped KV usage over {@code kvThreshold} (0.8); metrics
 * older than {@code stalenessUs} (200 ms) count 1, as the utilization detector's do. The pool's is
 * the mean; an empty pool is 1. The search's seed for {@code --problem saturation}.
 */
public final class LeaseDetectorPolicy implements SaturationDetector {
    private final double queueDepth;
    private final double prefillTokens;
    private final double kvThreshold;
    private final long stalenessUs;

    public LeaseDetectorPolicy() {
        this(5.0, 16384.0, 0.8, 200000);
    }

    public LeaseDetectorPolicy(double queueDepth, double prefillTokens, double kvThreshold, long stalenessUs) {
        this.queueDepth = queueDepth;
        this.prefillTokens = prefillTokens;
        this.kvThreshold = kvThreshold;
        this.stalenessUs = stalenessUs;
    }

    @Override
    public double saturation(int endpoints, int[] waiting, int[] running, double[] kvUsage, long[] metricsAgeUs, int[] inFlightRequests,
                             long[] inFlightTokens) {
        if (endpoints == 0) {
            return 1.0;
        }
        double sum = 0;
        for (int i = 0; i < endpoints; i++) {
            if (metricsAgeUs[i] > stalenessUs) {
                sum += 1.0;
            } else {
                double queued = Math.max(waiting[i], inFlightRequests[i] - running[i]);
                double s = Math.max(queued / queueDepth, inFlightTokens[i] / prefillTokens);
                sum += Math.max(s, kvUsage[i] / kvThreshold);
            }
        }
        return sum / endpoints;
    }
}
