package io.nous.sim.pd;

/**
 * What disaggregation did in a run, over measured requests: how many prefilled on a prefill pod, and
 * what their KV transfers cost (each request's own transfer is in the request log).
 *
 * @param prefillPods     pods with the prefill role
 * @param link            the KV link, as configured
 * @param disaggregated   measured requests the router sent to a prefill pod first
 * @param share           of the measured requests that were scheduled, the fraction disaggregated (NaN: none scheduled)
 * @param transferMsMean  mean KV transfer time (NaN: none)
 * @param transferMsP99   99th percentile of the KV transfer time (NaN: none)
 * @param transferMsMax   longest KV transfer (NaN: none)
 * @param gbMoved         KV bytes moved, in GB (10^9)
 */
public record DisaggSummary(int prefillPods, String link, long disaggregated, double share, double transferMsMean, double transferMsP99,
                            double transferMsMax, double gbMoved) {
}
