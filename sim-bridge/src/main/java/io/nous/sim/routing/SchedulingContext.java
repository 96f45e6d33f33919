package io.nous.sim.routing;

import io.nous.sim.epp.InFlightLoad;
import io.nous.sim.epp.PodSnapshot;
import io.nous.sim.request.Request;

/**
 * What the scheduling plugins know while one request is routed: each endpoint's scraped metrics,
 * the router's own in-flight counts, and the attributes the data producers computed for this request
 * (its prefix match per endpoint, its uncached tokens per endpoint). One context is reused for every
 * request of a run; arrays are indexed by pod.
 */
public final class SchedulingContext {
    final int pods;
    final PodSnapshot[] snapshots;
    final InFlightLoad inFlight;
    /** The engine's KV block size and block count, as its {@code vllm:cache_config_info} publishes them. */
    final int engineBlockSize;
    final int engineBlocks;

    Request request;
    long nowUs;
    /** The prompt's length as the router estimates it (its token producer's count). */
    long inputTokens;

    /** Set by a prefix producer: blocks of the prompt that endpoint p likely holds, of {@link #totalBlocks}. */
    boolean prefixInfo;
    final int[] matchBlocks;
    int totalBlocks;
    int blockSizeTokens;

    /** Per pod: whether it carries the prefill role; null: no pod does (an unlabelled pool). */
    boolean[] prefillRole;

    /** Set by the in-flight producer: the tokens this request would add to endpoint p. */
    boolean uncachedInfo;
    final long[] uncachedTokens;

    public SchedulingContext(PodSnapshot[] snapshots, InFlightLoad inFlight, int engineBlockSize, int engineBlocks) {
        this.pods = snapshots.length;
        this.snapshots = snapshots;
        this.inFlight = inFlight;
        this.engineBlockSize = engineBlockSize;
        this.engineBlocks = engineBlocks;
        this.matchBlocks = new int[pods];
        this.uncachedTokens = new long[pods];
    }

    void reset(Request r, long nowUs, long inputTokens) {
        this.request = r;
        this.nowUs = nowUs;
        this.inputTokens = inputTokens;
        this.prefixInfo = false;
        this.uncachedInfo = false;
    }

    /** The prefix-cache score of endpoint p: matched over total blocks, 0 without a match. */
    double prefixScore(int p) {
        return prefixInfo && totalBlocks > 0 ? (double) matchBlocks[p] / totalBlocks : 0;
    }
}
