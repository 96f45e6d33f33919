package io.nous.policy.templates;

import io.nous.sim.spi.OrderingPolicy;

/**
 * A deadline per request, earliest first: its enqueue time plus its SLO header, or plus
 * {@code noHeaderMs} when it sends none, plus {@code usPerKiB} microseconds per KiB of payload;
 * equal deadlines go first come, first served. Unlike the router's slo-deadline ordering, a request
 * without a header does not yield for ever: after {@code noHeaderMs} it competes with SLO-bound
 * requests, and larger prompts pay for their size. Not a router policy: the ordering search's
 * parametric seed (10 s, 100 us per KiB).
 */
public final class WeightedDeadlineOrdering implements OrderingPolicy {
    private final long noHeaderMs;
    private final long usPerKiB;

    public WeightedDeadlineOrdering() {
        this(10000, 100);
    }

    public WeightedDeadlineOrdering(long noHeaderMs, long usPerKiB) {
        this.noHeaderMs = noHeaderMs;
        this.usPerKiB = usPerKiB;
    }

    @Override
    public boolean less(long enqueueUsA, long ttlUsA, long sloTtftMsA, long bytesA, long enqueueUsB, long ttlUsB, long sloTtftMsB,
                        long bytesB) {
        long deadlineA = deadline(enqueueUsA, sloTtftMsA, bytesA);
        long deadlineB = deadline(enqueueUsB, sloTtftMsB, bytesB);
        if (deadlineA != deadlineB) {
            return deadlineA < deadlineB;
        }
        return enqueueUsA < enqueueUsB;
    }

    private long deadline(long enqueueUs, long sloTtftMs, long bytes) {
        long objectiveMs = sloTtftMs >= 0 ? sloTtftMs : noHeaderMs;
        return enqueueUs + objectiveMs * 1000 + bytes / 1024 * usPerKiB;
    }
}
