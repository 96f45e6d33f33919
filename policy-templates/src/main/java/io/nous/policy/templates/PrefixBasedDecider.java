package io.nous.policy.templates;

import io.nous.sim.spi.DisaggregationDecider;

/**
 * The router's {@code prefix-based-pd-decider} (scheduling/profilehandler/disagg/prefix_based_pd_decider.go):
 * prefill on a prefill pod when the prompt is at least {@code promptTokens} long (0: no such gate)
 * and the decode pod would still compute at least {@code nonCachedTokens} of it; 0 turns it off. Its
 * sample P/D config ({@code deploy/config/pd-epp-config.yaml}) sets 16, the default here.
 */
public final class PrefixBasedDecider implements DisaggregationDecider {
    private final long nonCachedTokens;
    private final long promptTokens;

    public PrefixBasedDecider() {
        this(16, 0);
    }

    public PrefixBasedDecider(long nonCachedTokens, long promptTokens) {
        this.nonCachedTokens = nonCachedTokens;
        this.promptTokens = promptTokens;
    }

    @Override
    public boolean disaggregate(int promptTokens, int cachedTokens, int decodeWaiting, int decodeRunning, double decodeKvUsage) {
        if (nonCachedTokens == 0) {
            return false;
        }
        if (this.promptTokens > 0 && promptTokens < this.promptTokens) {
            return false;
        }
        if (promptTokens < nonCachedTokens) {
            return false;
        }
        return (long) promptTokens - cachedTokens >= nonCachedTokens;
    }
}
