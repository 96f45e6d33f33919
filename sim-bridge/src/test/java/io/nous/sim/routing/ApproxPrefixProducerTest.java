package io.nous.sim.routing;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.sim.request.Request;
import org.junit.jupiter.api.Test;

/** The approximate prefix producer and its index, against upstream's approximateprefix/plugin.go and indexer.go. */
class ApproxPrefixProducerTest {
    private static final String PRODUCER_AND_SCORER = RoutingFixture.profile("""
              - type: approx-prefix-cache-producer
              - type: prefix-cache-scorer
            """, "      - pluginRef: prefix-cache-scorer\n");

    @Test
    void theBlockSizeIsTheEnginesAndNeverUnder64() {
        RoutingFixture fx = new RoutingFixture(2, PRODUCER_AND_SCORER, true);
        Request r = fx.tenantRequest(0, 3800, 3830);
        fx.route(r);
        SchedulingContext c = fx.router.context();
        assertThat(c.blockSizeTokens).as("the engine publishes 16; upstream clamps to 64 (#1158)").isEqualTo(64);
        assertThat(c.totalBlocks).as("3,830 tokens: 59 full blocks and a partial one").isEqualTo(60);
    }

    @Test
    void aSecondRequestOfTheSameTenantMatchesTheSharedBlocksOnTheEndpointItWentTo() {
        RoutingFixture fx = new RoutingFixture(4, PRODUCER_AND_SCORER, true);
        int first = fx.route(fx.tenantRequest(0, 3800, 3830));
        Request second = fx.tenantRequest(0, 3800, 3830);
        int again = fx.route(second);
        SchedulingContext c = fx.router.context();
        assertThat(again).isEqualTo(first);
        // 3,800 shared tokens = 59 whole 64-token blocks; the 60th mixes the prefix's end with the question
        assertThat(c.matchBlocks[first]).isEqualTo(59);
        for (int p = 0; p < 4; p++) {
            if (p != first) {
                assertThat(c.matchBlocks[p]).isZero();
            }
        }
        // another tenant matches nothing anywhere
        fx.route(fx.tenantRequest(1, 3800, 3830));
        for (int p = 0; p < 4; p++) {
            assertThat(c.matchBlocks[p]).isZero();
        }
    }

    @Test
    void theLruEvictsAPromptsFirstBlocksFirst() {
        // capacity 6 blocks of 64; upstream adds a prompt's blocks in order, so its first blocks are the least recent
        String yaml = RoutingFixture.profile("""
                  - type: approx-prefix-cache-producer
                    parameters: {autoTune: false, blockSizeTokens: 64, lruCapacityPerServer: 6}
                  - type: prefix-cache-scorer
                """, "      - pluginRef: prefix-cache-scorer\n");
        RoutingFixture fx = new RoutingFixture(1, yaml, true);
        fx.route(fx.tenantRequest(0, 300, 320)); // 5 blocks: 4 of tenant 0's text, 1 of its own
        fx.route(fx.tenantRequest(0, 300, 320));
        SchedulingContext c = fx.router.context();
        assertThat(c.matchBlocks[0]).as("tenant 0's four shared blocks").isEqualTo(4);
        fx.route(fx.tenantRequest(1, 300, 320)); // 5 more: evicts tenant 0's blocks 0..3, oldest first
        fx.route(fx.tenantRequest(0, 300, 320));
        // the walk stops at the first block no endpoint holds: block 0 is gone, so nothing matches
        assertThat(c.matchBlocks[0]).isZero();
        assertThat(c.totalBlocks).isEqualTo(5);
    }

    @Test
    void theIndexCountsEveryHeldBlockUntilTheFirstBlockNobodyHolds() {
        PrefixIndex index = new PrefixIndex(2);
        index.add(new long[] {1, 2, 3}, 3, 0, 100);
        index.add(new long[] {1, 3}, 2, 1, 100);
        // upstream's matchLongestPrefix: endpoint 1 lacks block 2, yet counts block 3
        assertThat(index.holders(1)).isEqualTo(0b11);
        assertThat(index.holders(2)).isEqualTo(0b01);
        assertThat(index.holders(3)).isEqualTo(0b11);
        assertThat(index.holders(4)).isZero();
    }

    @Test
    void withoutSharedPromptsTheProducerMatchesNothingAndSkipsTheIndex() {
        RoutingFixture fx = new RoutingFixture(2, PRODUCER_AND_SCORER, false);
        fx.route(fx.tenantRequest(0, 3800, 3830));
        fx.route(fx.tenantRequest(0, 3800, 3830));
        SchedulingContext c = fx.router.context();
        assertThat(c.matchBlocks).containsOnly(0);
        assertThat(c.totalBlocks).isEqualTo(60);
    }

    @Test
    void inFlightTokensAreTheUncachedPromptOfTheChosenEndpoint() {
        String yaml = RoutingFixture.profile("""
                  - type: approx-prefix-cache-producer
                  - type: inflight-load-producer
                  - type: prefix-cache-affinity-filter
                  - type: token-load-scorer
                """, "      - pluginRef: prefix-cache-affinity-filter\n      - pluginRef: token-load-scorer\n");
        RoutingFixture fx = new RoutingFixture(4, yaml, true);
        Request a = fx.tenantRequest(0, 3800, 3830);
        int p = fx.route(a);
        assertThat(fx.inFlight.tokens(p)).as("nothing cached yet: 60 blocks of 64").isEqualTo(3840);
        Request b = fx.tenantRequest(0, 3800, 3830);
        assertThat(fx.route(b)).as("sticky").isEqualTo(p);
        assertThat(fx.inFlight.tokens(p)).as("59 blocks matched: one more block").isEqualTo(3840 + 64);
        fx.inFlight.firstToken(a);
        assertThat(fx.inFlight.tokens(p)).isEqualTo(64);
        assertThat(fx.inFlight.requests(p)).isEqualTo(2);
        fx.inFlight.ended(a);
        fx.inFlight.ended(b);
        assertThat(fx.inFlight.tokens(p)).isZero();
        assertThat(fx.inFlight.requests(p)).isZero();
    }

    @Test
    void theRoutersTokenCountFollowsTheBytesPerTokenOfTheText() {
        for (double b : new double[] {2.5, 4, 5.3, 6, 7}) {
            RouterPrompt p = new RouterPrompt(b);
            Request r = new RoutingFixture(1, RoutingConfig.defaults(), false, null).plainRequest(3830);
            long total = p.inputTokens(r);
            assertThat(total).isEqualTo((long) Math.ceil(3830 * b / 4));
            long t = p.routerTokensWithin(3800, 3830, total);
            assertThat(p.engineToken(t, 3830)).isLessThanOrEqualTo(3800);
            assertThat(p.engineToken(t + 1, 3830)).isGreaterThan(3800);
        }
    }

    @Test
    void atSixBytesATokenTheSharedPrefixSpansMoreRouterBlocks() {
        RoutingFixture fx = new RoutingFixture(2, RoutingConfig.defaults(), true, null);
        Router six = new Router(RoutingConfig.parse("""
                plugins:
                  - type: approx-prefix-cache-producer
                  - type: prefix-cache-scorer
                """, "t", "t.yaml"), fx.snapshots, fx.inFlight, 16, 1024, 6.0, true, null, new io.nous.sim.engine.RandomStreams(1));
        int p = six.route(fx.tenantRequest(0, 3800, 3830), 0);
        six.route(fx.tenantRequest(0, 3800, 3830), 0);
        SchedulingContext c = six.context();
        // 3,830 tokens at 6 bytes: 5,745 router tokens, 90 blocks; 3,800 shared tokens = 5,700 router tokens = 89 whole blocks
        assertThat(c.totalBlocks).isEqualTo(90);
        assertThat(c.matchBlocks[p]).isEqualTo(89);
    }
}
