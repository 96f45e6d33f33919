package io.nous.sim.routing;

/**
 * Whether a request's prefill runs on a prefill pod, asked with the decode pod the decode profile
 * picked (llm-d-router, scheduling/profilehandler/disagg/): {@code prefix-based-pd-decider} says yes
 * when the prompt is at least {@code promptTokens} long and the decode pod would still compute at
 * least {@code nonCachedTokens} of it (the prefix producer's matched blocks × block size are cached;
 * 0 turns it off); {@code always-disagg-pd-decider} always says yes.
 */
abstract class PdDecider {
    abstract boolean disaggregate(SchedulingContext c, int decodePod);

    static PdDecider of(PluginCatalog.DeciderParams p) {
        if (p.nonCachedTokens() < 0) {
            return new PdDecider() {
                @Override
                boolean disaggregate(SchedulingContext c, int decodePod) {
                    return true;
                }
            };
        }
        return new PrefixBased(p.nonCachedTokens(), p.promptTokens());
    }

    /** prefix_based_pd_decider.go: the non-cached suffix on the decode pod against a threshold. */
    static final class PrefixBased extends PdDecider {
        private final long nonCachedTokens;
        private final long promptTokens;

        PrefixBased(long nonCachedTokens, long promptTokens) {
            this.nonCachedTokens = nonCachedTokens;
            this.promptTokens = promptTokens;
        }

        @Override
        boolean disaggregate(SchedulingContext c, int decodePod) {
            if (nonCachedTokens == 0) {
                return false;
            }
            // the token producer's count of the prompt (TokenizedRequest.TokenCount)
            long input = c.inputTokens;
            if (promptTokens > 0 && input < promptTokens) {
                return false;
            }
            if (input < nonCachedTokens) {
                return false;
            }
            if (!c.prefixInfo) {
                return false; // "unable to read prefix cache state": upstream logs and keeps the request on its decode pod
            }
            long hit = (long) c.matchBlocks[decodePod] * c.blockSizeTokens;
            return input - hit >= nonCachedTokens;
        }
    }
}
