package io.nous.sim.epp;

import io.nous.sim.PolicyFailure;
import io.nous.sim.request.Request;
import io.nous.sim.spi.OrderingPolicy;

/**
 * The simulator's call site of the ordering plug point: asks the policy which of two queued requests
 * dispatches first, from what the router's {@code QueueItemAccessor} exposes (enqueue time, effective
 * TTL, the TTFT-SLO header, the payload size). Where the policy prefers neither, or contradicts itself
 * (each less than the other), the earlier arrival goes first, so the order is total and the same on
 * every run.
 */
public final class OrderingCall {
    private final OrderingPolicy policy;
    private final String name;
    private final long ttlUs;

    /**
     * @param ttlUs the flow controller's TTL, every request's effective TTL (0 or less: none)
     */
    public OrderingCall(OrderingPolicy policy, String name, long ttlUs) {
        this.policy = policy;
        this.name = name;
        this.ttlUs = Math.max(0, ttlUs);
    }

    /** The policy's name, as results show it. */
    public String name() {
        return name;
    }

    /** Whether {@code a} dispatches before {@code b}. */
    boolean before(Request a, Request b) {
        boolean ab = less(a, b);
        boolean ba = less(b, a);
        return ab != ba ? ab : a.id < b.id;
    }

    private boolean less(Request a, Request b) {
        try {
            return policy.less(a.enqueueUs, ttlUs, a.sloTtftMs, FlowController.requestBytes(a), b.enqueueUs, ttlUs, b.sloTtftMs,
                    FlowController.requestBytes(b));
        } catch (PolicyFailure e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            throw new PolicyException("ordering policy '" + name + "' threw " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + " comparing requests " + a.id + " and " + b.id
                    + " (enqueued at t=" + a.enqueueUs / 1e6 + " s and t=" + b.enqueueUs / 1e6 + " s)", e);
        }
    }
}
