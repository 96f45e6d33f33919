package io.nous.sim.routing;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.sim.engine.RandomStreams;
import io.nous.sim.request.Request;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Each plugin against cases worked out by hand from llm-d-router v0.10.0's source (the files each
 * plugin class cites).
 */
class SchedulingPluginsTest {

    private static SchedulingContext context(int pods) {
        RoutingFixture f = new RoutingFixture(pods, RoutingConfig.defaults(), false, null);
        return f.router.context();
    }

    private static int[] all(int n) {
        int[] e = new int[n];
        for (int i = 0; i < n; i++) {
            e[i] = i;
        }
        return e;
    }

    @Test
    void affinityKeepsEndpointsAtOrAboveTheThresholdAndNothingElse() {
        SchedulingContext c = context(3);
        c.prefixInfo = true;
        c.totalBlocks = 100;
        c.matchBlocks[0] = 80; // exactly the 0.80 threshold: sticky
        c.matchBlocks[1] = 79;
        c.matchBlocks[2] = 0;
        PrefixCacheAffinityFilter f = new PrefixCacheAffinityFilter(PrefixCacheAffinityFilter.Config.DEFAULTS, new SplittableRandom(1));
        int[] e = all(3);
        assertThat(f.filter(c, e, 3)).isEqualTo(1);
        assertThat(e[0]).isZero();
    }

    @Test
    void affinityKeepsAllWhenNothingIsSticky() {
        SchedulingContext c = context(3);
        c.prefixInfo = true;
        c.totalBlocks = 10;
        PrefixCacheAffinityFilter f = new PrefixCacheAffinityFilter(PrefixCacheAffinityFilter.Config.DEFAULTS, new SplittableRandom(1));
        int[] e = all(3);
        assertThat(f.filter(c, e, 3)).isEqualTo(3);
        assertThat(e).containsExactly(0, 1, 2);
    }

    @Test
    void theLoadGateBreaksStickinessOnlyPastThePenalty() {
        // peak 4838 tokens/s, penalty 2000 ms: the sticky endpoint may be 9,676 tokens behind the best other, not more
        PrefixCacheAffinityFilter.Config gate = new PrefixCacheAffinityFilter.Config(0.8, 0, 2000, 4838);
        RoutingFixture fx = new RoutingFixture(3, RoutingConfig.defaults(), false, null);
        SchedulingContext c = fx.router.context();
        c.prefixInfo = true;
        c.totalBlocks = 10;
        c.matchBlocks[1] = 10; // endpoint 1 holds the whole prompt
        Request r = fx.plainRequest(100);
        fx.inFlight.dispatched(r, 1, 9_676); // 2000.0 ms: not more than the penalty
        Request other = fx.plainRequest(100);
        fx.inFlight.dispatched(other, 2, 500); // the best other endpoint (0) has none in flight
        PrefixCacheAffinityFilter f = new PrefixCacheAffinityFilter(gate, new SplittableRandom(1));
        int[] e = all(3);
        assertThat(f.filter(c, e, 3)).as("2,000 ms behind: still sticky").isEqualTo(1);
        assertThat(e[0]).isEqualTo(1);
        Request more = fx.plainRequest(100);
        fx.inFlight.dispatched(more, 1, 5); // 2001.03 ms behind
        e = all(3);
        assertThat(f.filter(c, e, 3)).as("past the penalty: all endpoints kept").isEqualTo(3);
        assertThat(e).containsExactly(0, 1, 2);
        // a zero penalty always sticks
        PrefixCacheAffinityFilter always = new PrefixCacheAffinityFilter(new PrefixCacheAffinityFilter.Config(0.8, 0, 0, 4838),
                new SplittableRandom(1));
        e = all(3);
        assertThat(always.filter(c, e, 3)).isEqualTo(1);
    }

    @Test
    void explorationSkipsTheGateAtItsProbability() {
        SchedulingContext c = context(2);
        c.prefixInfo = true;
        c.totalBlocks = 10;
        c.matchBlocks[0] = 10;
        PrefixCacheAffinityFilter f = new PrefixCacheAffinityFilter(new PrefixCacheAffinityFilter.Config(0.8, 0.25, 18000, 15928),
                new SplittableRandom(3));
        int kept = 0;
        for (int i = 0; i < 4000; i++) {
            kept += f.filter(c, all(2), 2) == 2 ? 1 : 0;
        }
        assertThat(kept).isBetween(900, 1100);
    }

    @Test
    void theUtilizationFilterDropsEndpointsOverAConditionAndFallsBackOnlyWhenAsked() {
        SchedulingContext c = context(2);
        c.snapshots[0].update(0, 3, 4, 0.5);
        c.snapshots[1].update(0, 1, 4, 0.95);
        List<UtilizationFilter.Condition> conds = List.of(new UtilizationFilter.Condition(UtilizationFilter.Metric.WAITING_QUEUE, 2),
                new UtilizationFilter.Condition(UtilizationFilter.Metric.KV_CACHE_UTILIZATION, 0.9));
        int[] e = all(2);
        assertThat(new UtilizationFilter(conds, false).filter(c, e, 2)).as("each endpoint breaks one condition").isZero();
        e = all(2);
        assertThat(new UtilizationFilter(conds, true).filter(c, e, 2)).as("fallbackOnEmpty keeps all").isEqualTo(2);
        c.snapshots[1].update(0, 1, 4, 0.9); // maxValue is inclusive
        e = all(2);
        assertThat(new UtilizationFilter(conds, false).filter(c, e, 2)).isEqualTo(1);
        assertThat(e[0]).isEqualTo(1);
    }

    @Test
    void theDetectorFilterFailsOpen() {
        SchedulingContext c = context(2);
        c.nowUs = 100_000;
        c.snapshots[0].update(100_000, 9, 0, 0.1);
        c.snapshots[1].update(100_000, 9, 0, 0.1);
        int[] e = all(2);
        assertThat(new DetectorFilter(5, 0.8, 200_000, 0).filter(c, e, 2)).isEqualTo(2);
        c.snapshots[1].update(100_000, 4, 0, 0.1);
        e = all(2);
        assertThat(new DetectorFilter(5, 0.8, 200_000, 0).filter(c, e, 2)).isEqualTo(1);
        assertThat(e[0]).isEqualTo(1);
    }

    @Test
    void tokenLoadCountsInFlightAndThisRequestsUncachedTokens() {
        RoutingFixture fx = new RoutingFixture(3, RoutingConfig.defaults(), false, null);
        SchedulingContext c = fx.router.context();
        fx.inFlight.dispatched(fx.plainRequest(10), 1, 1_000_000);
        fx.inFlight.dispatched(fx.plainRequest(10), 2, 9_000_000);
        c.uncachedInfo = true;
        c.uncachedTokens[0] = 0;
        c.uncachedTokens[1] = 48_576;
        c.uncachedTokens[2] = 0;
        double[] s = new double[3];
        new TokenLoadScorer(0).score(c, all(3), 3, s);
        assertThat(s[0]).isEqualTo(1.0);
        assertThat(s[1]).isEqualTo(1.0 - 1_048_576.0 / 4_194_304);
        assertThat(s[2]).as("capped at the threshold").isZero();
    }

    @Test
    void activeRequestScoresIdleEndpointsFullAndTheRestByDistanceFromTheBusiest() {
        RoutingFixture fx = new RoutingFixture(3, RoutingConfig.defaults(), false, null);
        SchedulingContext c = fx.router.context();
        for (int i = 0; i < 4; i++) {
            fx.inFlight.dispatched(fx.plainRequest(10), 1, 10);
        }
        fx.inFlight.dispatched(fx.plainRequest(10), 2, 10);
        double[] s = new double[3];
        new ActiveRequestScorer(0, 1.0).score(c, all(3), 3, s);
        assertThat(s).containsExactly(1.0, 0.0, 0.75);
        new ActiveRequestScorer(1, 0.5).score(c, all(3), 3, s);
        assertThat(s).containsExactly(1.0, 0.0, 1.0);
    }

    @Test
    void queueAndPrefixScorersFollowUpstream() {
        SchedulingContext c = context(3);
        c.snapshots[0].update(0, 4, 0, 0.25);
        c.snapshots[1].update(0, 0, 0, 0.5);
        c.snapshots[2].update(0, 2, 0, 1.0);
        double[] s = new double[3];
        new QueueScorer(false).score(c, all(3), 3, s);
        assertThat(s).containsExactly(0.0, 1.0, 0.5);
        new KvCacheUtilizationScorer().score(c, all(3), 3, s);
        assertThat(s).containsExactly(0.75, 0.5, 0.0);
        c.prefixInfo = true;
        c.totalBlocks = 8;
        c.blockSizeTokens = 64;
        c.matchBlocks[0] = 8;
        c.matchBlocks[1] = 2;
        new PrefixCacheScorer(0, 8192).score(c, all(3), 3, s);
        assertThat(s).containsExactly(1.0, 0.25, 0.0);
        // half on match length: 512 matched tokens of 8192 → (1/16)² = 1/256
        new PrefixCacheScorer(0.5, 8192).score(c, all(3), 3, s);
        assertThat(s[0]).isEqualTo(0.5 / 256 + 0.5);
    }

    @Test
    void maxScoreBreaksTiesUniformlyAndReproducibly() {
        SchedulingContext c = context(3);
        double[] tied = {0.5, 0.5, 0.5};
        MaxScorePicker a = new MaxScorePicker(new SplittableRandom(9), 3);
        MaxScorePicker b = new MaxScorePicker(new SplittableRandom(9), 3);
        int[] counts = new int[3];
        for (int i = 0; i < 3000; i++) {
            int x = a.pick(c, all(3), 3, tied);
            assertThat(b.pick(c, all(3), 3, tied)).isEqualTo(x);
            counts[x]++;
        }
        for (int n : counts) {
            assertThat(n).isBetween(850, 1150);
        }
        assertThat(a.pick(c, all(3), 3, new double[] {0.1, 0.7, 0.69})).isEqualTo(1);
    }

    @Test
    void weightedRandomFollowsTheScoresAndFallsBackToRandomWhenNoneIsPositive() {
        SchedulingContext c = context(2);
        WeightedRandomPicker p = new WeightedRandomPicker(new SplittableRandom(5));
        int first = 0;
        for (int i = 0; i < 4000; i++) {
            first += p.pick(c, all(2), 2, new double[] {0.75, 0.25}) == 0 ? 1 : 0;
        }
        assertThat(first).as("A-Res picks in proportion to the weights").isBetween(2880, 3120);
        int zeros = 0;
        for (int i = 0; i < 4000; i++) {
            zeros += p.pick(c, all(2), 2, new double[] {0, 0}) == 0 ? 1 : 0;
        }
        assertThat(zeros).isBetween(1880, 2120);
        assertThat(p.pick(c, all(2), 2, new double[] {0, 0.3})).isEqualTo(1);
    }

    @Test
    void theDefaultProfilePrefersTheShorterQueueAndTheEmptierKvCache() {
        RoutingFixture fx = new RoutingFixture(2, RoutingConfig.defaults(), false, null);
        fx.snapshots[0].update(0, 4, 10, 0.5);
        fx.snapshots[1].update(0, 0, 10, 0.5);
        assertThat(fx.route(fx.plainRequest(100))).isEqualTo(1);
        fx.snapshots[1].update(0, 4, 10, 0.9);
        assertThat(fx.route(fx.plainRequest(100))).isEqualTo(0);
    }

    @Test
    void theDetectorFilterComesFirstInTheDefaultProfile() {
        RoutingFixture fx = new RoutingFixture(3, RoutingConfig.defaults(), false, new DetectorFilter(5, 0.8, 200_000, 0.2));
        // scorers alone prefer pod 2 (empty, but last scraped 300 ms before the request)
        fx.snapshots[0].update(250_000, 6, 10, 0.1);
        fx.snapshots[1].update(250_000, 5, 10, 0.7);
        fx.snapshots[2].update(0, 0, 0, 0.0);
        assertThat(fx.router.route(fx.plainRequest(10), 300_000)).isEqualTo(1);
        RoutingFixture plain = new RoutingFixture(3, RoutingConfig.defaults(), false, null);
        plain.snapshots[0].update(250_000, 6, 10, 0.1);
        plain.snapshots[1].update(250_000, 5, 10, 0.7);
        plain.snapshots[2].update(0, 0, 0, 0.0);
        assertThat(plain.router.route(plain.plainRequest(10), 300_000)).isEqualTo(2);
    }

    @Test
    void aFilterThatLeavesNoEndpointFailsTheRequest() {
        String yaml = RoutingFixture.profile("""
                  - type: utilization-filter
                    parameters:
                      conditions:
                        - {metric: waiting-queue, maxValue: 0}
                """, "      - pluginRef: utilization-filter\n");
        RoutingFixture fx = new RoutingFixture(2, yaml, false);
        fx.snapshots[0].update(0, 1, 0, 0);
        fx.snapshots[1].update(0, 2, 0, 0);
        assertThat(fx.router.route(fx.plainRequest(10), 0)).isEqualTo(-1);
    }

    @Test
    void randomStreamsNameThePluginsDraws() {
        // the same seed, the same choices: two routers over the same config agree draw for draw
        RoutingConfig service = RoutingConfig.plainService();
        RoutingFixture a = new RoutingFixture(8, service, false, null);
        RoutingFixture b = new RoutingFixture(8, service, false, null);
        for (int i = 0; i < 100; i++) {
            assertThat(a.route(a.plainRequest(5))).isEqualTo(b.route(b.plainRequest(5)));
        }
        assertThat(new RandomStreams(7).seed()).isEqualTo(7);
    }
}
