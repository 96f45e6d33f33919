package io.nous.sim.metrics;

/**
 * What the pods' prefix caches did over a run, in prompt tokens as vLLM counts them
 * ({@code vllm:prefix_cache_queries} and {@code vllm:prefix_cache_hits}): first admissions only;
 * preempted requests' readmissions, which mostly find their own blocks, are counted apart.
 *
 * @param queriedTokens          prompt tokens looked up at first admission
 * @param hitTokens              of those, tokens found cached (and not prefilled)
 * @param preemptedQueriedTokens tokens looked up again when preempted requests were readmitted
 * @param preemptedHitTokens     of those, tokens found cached
 * @param evictions              cached blocks whose prefix was forgotten to make room
 */
public record PrefixCacheSummary(long queriedTokens, long hitTokens, long preemptedQueriedTokens, long preemptedHitTokens,
                                 long evictions) {

    /** Share of queried prompt tokens that were hits, or NaN when nothing was queried. */
    public double hitRate() {
        return queriedTokens > 0 ? (double) hitTokens / queriedTokens : Double.NaN;
    }

    /** Both summed. */
    public PrefixCacheSummary plus(PrefixCacheSummary o) {
        return new PrefixCacheSummary(queriedTokens + o.queriedTokens, hitTokens + o.hitTokens,
                preemptedQueriedTokens + o.preemptedQueriedTokens, preemptedHitTokens + o.preemptedHitTokens, evictions + o.evictions);
    }
}
