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

    /** A decider at the P/D plug point, asked with the decode pod's scraped metrics; what it throws is the policy's fault. */
    static PdDecider of(io.nous.sim.spi.DisaggregationDecider policy, String name) {
        return new PdDecider() {
            @Override
            boolean disaggregate(SchedulingContext c, int decodePod) {
                long input = c.inputTokens;
                long cached = c.prefixInfo ? Math.min(input, (long) c.matchBlocks[decodePod] * c.blockSizeTokens) : 0;
                io.nous.sim.epp.PodSnapshot m = c.snapshots[decodePod];
                try {
                    return policy.disaggregate((int) Math.min(input, Integer.MAX_VALUE), (int) cached, m.waiting(), m.running(), m.kvUsage());
                } catch (RuntimeException | StackOverflowError e) {
                    throw new io.nous.sim.epp.PolicyException("P/D decider '" + name + "' threw " + e.getClass().getSimpleName()
                            + (e.getMessage() == null ? "" : ": " + e.getMessage()) + " at t=" + c.nowUs / 1e6 + " s", e);
                }
            }
        };
    }

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
