package io.nous.sim.spi;

/**
 * Which flow (tenant) of a priority band dispatches next, as the router's flow-control
 * {@code FairnessPolicy.Pick(ctx, band)} decides it (pkg/epp/framework/interface/flowcontrol/plugins.go):
 * the band's flows that hold requests are the candidates, and each flow's next request is the one its
 * ordering policy puts first. The router keeps a policy's per-band state apart from the policy
 * ({@code NewState}); here it is {@code state}, a few longs per band, zero at the start, which the
 * policy may read and write and nothing else touches.
 *
 * <p>Index {@code i} of every array is flow {@code i}; only the first {@code flows} entries are
 * meaningful; flows come in ascending id. The arrays are the simulator's, refilled before every
 * call: read them (write only {@code state}), never keep them.
 */
public interface FairnessPolicy {

    /** How many longs of state each band keeps for its policy. */
    int STATE_SIZE = 4;

    /**
     * @param flows         flows of the band that hold requests, at least 1
     * @param flowIds       each flow's id (its tenant), ascending
     * @param queued        requests each flow holds
     * @param headRank      each flow's next request's place among the flows' next requests under the
     *                      band's ordering policy: 0 for the one it would dispatch first (what the
     *                      router's global-strict policy compares with the ordering's {@code Less})
     * @param headEnqueueUs when each flow's next request was enqueued (microseconds)
     * @param headBytes     its payload size in bytes
     * @param headSloTtftMs its {@code x-llm-d-slo-ttft-ms} header in milliseconds, -1 when absent
     * @param state         the band's state for this policy ({@link #STATE_SIZE} longs, zero at first)
     * @return the index of the flow to serve, in {@code [0, flows)}
     */
    int pick(int flows, int[] flowIds, int[] queued, int[] headRank, long[] headEnqueueUs, long[] headBytes, long[] headSloTtftMs,
             long[] state);
}
