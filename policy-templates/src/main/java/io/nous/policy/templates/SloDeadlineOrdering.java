package io.nous.policy.templates;

import io.nous.sim.spi.OrderingPolicy;

/**
 * llm-d-router's {@code slo-deadline-ordering-policy} (flowcontrol/ordering/slodeadline): earliest
 * SLO deadline first, the deadline being when the router received the request plus its
 * {@code x-llm-d-slo-ttft-ms} header; a request without the header has the far-future deadline, behind
 * every SLO-bound one; equal deadlines go first come, first served.
 */
public final class SloDeadlineOrdering implements OrderingPolicy {

    @Override
    public boolean less(long enqueueUsA, long ttlUsA, long sloTtftMsA, long bytesA, long enqueueUsB, long ttlUsB, long sloTtftMsB,
                        long bytesB) {
        long deadlineA = sloTtftMsA >= 0 ? enqueueUsA + sloTtftMsA * 1000 : Long.MAX_VALUE;
        long deadlineB = sloTtftMsB >= 0 ? enqueueUsB + sloTtftMsB * 1000 : Long.MAX_VALUE;
        if (deadlineA != deadlineB) {
            return deadlineA < deadlineB;
        }
        return enqueueUsA < enqueueUsB;
    }
}
