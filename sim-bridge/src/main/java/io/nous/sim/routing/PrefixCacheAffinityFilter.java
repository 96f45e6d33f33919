package io.nous.sim.routing;

import java.util.SplittableRandom;

/**
 * {@code prefix-cache-affinity-filter} (llm-d-router v0.10.0,
 * pkg/epp/framework/plugins/scheduling/filter/prefixcacheaffinity/plugin.go), with the
 * {@code prefillThroughput} TTFT source. With probability {@code explorationProbability} it keeps
 * everything. Otherwise endpoints whose prefix score (matched / total blocks) is at least
 * {@code affinityThreshold} are sticky; with none, all are kept. The load gate breaks stickiness —
 * keeps all — when the best sticky endpoint's estimated TTFT exceeds the best other's by more than
 * {@code maxTTFTPenaltyMs}, a TTFT estimated as in-flight tokens / {@code peakPrefillThroughput}.
 * Otherwise only the sticky endpoints are kept.
 */
final class PrefixCacheAffinityFilter implements Filter {
    record Config(double affinityThreshold, double explorationProbability, double maxTtftPenaltyMs, double peakPrefillThroughput) {
        static final Config DEFAULTS = new Config(0.80, 0, 18000, 15928);
    }

    private final Config config;
    private final SplittableRandom exploration;

    PrefixCacheAffinityFilter(Config config, SplittableRandom exploration) {
        this.config = config;
        this.exploration = exploration;
    }

    @Override
    public int filter(SchedulingContext c, int[] endpoints, int n) {
        if (n <= 1 || config.affinityThreshold() <= 0) {
            return n;
        }
        if (config.explorationProbability() > 0 && exploration.nextDouble() < config.explorationProbability()) {
            return n;
        }
        int sticky = 0;
        double bestSticky = Double.MAX_VALUE;
        double bestOther = Double.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int p = endpoints[i];
            double ttft = c.inFlight.tokens(p) / config.peakPrefillThroughput() * 1000;
            if (sticky(c, p)) {
                sticky++;
                bestSticky = Math.min(bestSticky, ttft);
            } else {
                bestOther = Math.min(bestOther, ttft);
            }
        }
        if (sticky == 0) {
            return n;
        }
        if (config.maxTtftPenaltyMs() > 0 && sticky < n && bestSticky - bestOther > config.maxTtftPenaltyMs()) {
            return n; // the load gate breaks stickiness
        }
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (sticky(c, endpoints[i])) {
                endpoints[k++] = endpoints[i];
            }
        }
        return k;
    }

    private boolean sticky(SchedulingContext c, int p) {
        return c.prefixScore(p) >= config.affinityThreshold();
    }
}
