package io.nous.sim.spi;

/**
 * Computes the pool's saturation from what the router's data layer holds per endpoint, as the
 * router's flow-control {@code SaturationDetector.Saturation(ctx, endpoints)} does
 * (pkg/epp/framework/interface/flowcontrol/plugins.go). The flow controller holds a priority band
 * while the saturation is at or above the band's ceiling, and dispatches nothing at 1.0 or more;
 * the legacy shedding path refuses sheddable requests at 1.0 or more.
 *
 * <p>Index {@code i} of every array is endpoint {@code i}; only the first {@code endpoints} entries
 * are meaningful. The arrays are the simulator's, refilled before every call: read them, never keep
 * them. Like the other SPIs, a detector must be a pure function of its arguments (but for one long
 * counter): the router calls it from its dispatch loop.
 */
public interface SaturationDetector {

    /**
     * @param endpoints        endpoints in the pool
     * @param waiting          each endpoint's waiting requests, as last scraped
     * @param running          its running requests, as last scraped
     * @param kvUsage          its KV-cache usage in [0, 1], as last scraped
     * @param metricsAgeUs     how old that scrape is, in microseconds; {@link Long#MAX_VALUE} when the
     *                         endpoint has never been scraped
     * @param inFlightRequests requests the router sent to it and not yet ended (the in-flight load
     *                         producer's count: no scrape lag)
     * @param inFlightTokens   the prompt tokens those requests still charge it (uncached prompts until
     *                         their first token, as the producer counts them)
     * @return the pool's saturation: 0 idle, 1 saturated, more when overloaded; finite and not negative
     */
    double saturation(int endpoints, int[] waiting, int[] running, double[] kvUsage, long[] metricsAgeUs, int[] inFlightRequests,
                      long[] inFlightTokens);
}
