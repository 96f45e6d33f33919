package io.nous.sim.metrics;

/**
 * Results of one pod over the whole simulation.
 *
 * @param utilization  fraction of simulated time the engine was running a step
 * @param meanBatch    mean number of requests per step (decodes + prefill chunks)
 * @param meanKvUsage  time-weighted mean KV-cache usage while busy
 * @param maxKvUsage   highest KV-cache usage reached
 * @param maxWaiting   longest the pod's waiting queue has been
 * @param requests     requests the router sent it
 * @param tenants      distinct tenants among them
 */
public record PodSummary(int pod, double utilization, long steps, double meanBatch, double meanKvUsage,
                         double maxKvUsage, int maxWaiting, long preemptions, long requests, int tenants) {
}
