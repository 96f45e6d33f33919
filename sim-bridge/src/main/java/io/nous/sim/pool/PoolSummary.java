package io.nous.sim.pool;

import java.util.List;

/**
 * What an autoscaled pool did: its policy and bounds, what it cost (pod- and GPU-hours from each
 * pod's request to the end of its drain), how often it scaled, the share of measured requests that
 * met their TTFT objective, and its size at every decision.
 *
 * @param sloAttainment measured requests whose first token came within their class's objective (or
 *                      the pool's default), over all measured requests, dropped ones included (NaN: none)
 * @param judgedRequests the measured requests attainment is over
 */
public record PoolSummary(String policy, int minPods, int maxPods, double podHours, double gpuHours, int scaleUps, int scaleDowns,
                          int peakPods, double meanReadyPods, double sloAttainment, long judgedRequests, List<Sample> timeline) {
    public PoolSummary {
        timeline = List.copyOf(timeline);
    }

    /** The pool at one decision: seconds into the run, pods serving, starting and draining, what was decided, the router's saturation. */
    public record Sample(double atSeconds, int ready, int starting, int draining, int desired, double saturation) {
    }
}
