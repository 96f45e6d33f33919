package io.nous.policy.templates;

import io.nous.sim.spi.EvictionPolicy;

/**
 * Sheddable requests only, the lowest priority first, then the highest victim score: the dispatch time
 * weighted by {@code recencyPermille} (1,000: the newest first, as the router; -1,000: the oldest,
 * which holds the most KV cache, first; 0: age ignored) plus {@code usPerKiB} microseconds per KiB of
 * payload (a larger prompt frees more blocks). Equal scores go newest dispatch first. Not a router
 * policy: the eviction search's parametric seed (1,000 and 0: the router's pair).
 */
public final class WeightedEviction implements EvictionPolicy {
    private final long recencyPermille;
    private final long usPerKiB;

    public WeightedEviction() {
        this(1000, 0);
    }

    public WeightedEviction(long recencyPermille, long usPerKiB) {
        this.recencyPermille = recencyPermille;
        this.usPerKiB = usPerKiB;
    }

    @Override
    public boolean accept(int priority, long dispatchUs, long bytes, long sloTtftMs) {
        return priority < 0;
    }

    @Override
    public boolean less(int priorityA, long dispatchUsA, long bytesA, long sloTtftMsA, int priorityB, long dispatchUsB, long bytesB,
                        long sloTtftMsB) {
        if (priorityA != priorityB) {
            return priorityA < priorityB;
        }
        long scoreA = score(dispatchUsA, bytesA);
        long scoreB = score(dispatchUsB, bytesB);
        if (scoreA != scoreB) {
            return scoreA > scoreB;
        }
        return dispatchUsA > dispatchUsB;
    }

    private long score(long dispatchUs, long bytes) {
        return dispatchUs / 1000 * recencyPermille + bytes / 1024 * usPerKiB;
    }
}
