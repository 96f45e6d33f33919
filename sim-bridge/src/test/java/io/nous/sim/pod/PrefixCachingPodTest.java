package io.nous.sim.pod;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.sim.request.PromptContent;
import io.nous.sim.request.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** vLLM V1's automatic prefix caching as one pod sees it: what is reused, what is prefilled, what is counted. */
class PrefixCachingPodTest {
    private static final PodConfig ROOMY = new PodConfig(8192, 64, 10_000, 16);

    private static Request withSystemPrompt(int id, int systemTokens, int in, int out) {
        return new Request(id, 0, 0, 0, in, out, 0, 0.5, PromptContent.sharedPrefix(7, systemTokens, id, in, out));
    }

    /** Prompt tokens prefilled in each step, in order. */
    private static List<Integer> prefills(PodHarness h) {
        List<Integer> out = new ArrayList<>();
        h.batches.forEach(b -> out.add(b.prefillTokens));
        return out;
    }

    @Test
    void aSecondRequestWithTheSameSystemPromptPrefillsOnlyItsSuffix() {
        PodHarness h = new PodHarness(ROOMY);
        h.submit(withSystemPrompt(0, 320, 400, 3));
        h.runToIdle(100);
        h.batches.clear();
        Request second = withSystemPrompt(1, 320, 500, 3);
        h.submit(second);
        h.runToIdle(100);
        assertThat(prefills(h).get(0)).isEqualTo(500 - 320);
        assertThat(second.cachedPromptTokens).isEqualTo(320);
        assertThat(h.finished).hasSize(2);
    }

    @Test
    void withCachingOffTheSecondRequestPrefillsEverything() {
        PodHarness h = new PodHarness(ROOMY.withPrefixCaching(false));
        h.submit(withSystemPrompt(0, 320, 400, 3));
        h.runToIdle(100);
        h.batches.clear();
        Request second = withSystemPrompt(1, 320, 500, 3);
        h.submit(second);
        h.runToIdle(100);
        assertThat(prefills(h).get(0)).isEqualTo(500);
        assertThat(second.cachedPromptTokens).isZero();
        assertThat(h.pod.prefixCache()).isNull();
    }

    @Test
    void aPartialBlockIsNeverAHit() {
        // 330 shared tokens are 20 full blocks and 10 tokens of a 21st block, which the two prompts fill differently.
        PodHarness h = new PodHarness(ROOMY);
        h.submit(withSystemPrompt(0, 330, 400, 3));
        h.runToIdle(100);
        Request second = withSystemPrompt(1, 330, 400, 3);
        h.submit(second);
        h.runToIdle(100);
        assertThat(second.cachedPromptTokens).isEqualTo(320);
    }

    @Test
    void aFullHitStillComputesTheLastTokenAndWholeBlocksRecomputeTheLastBlock() {
        PodHarness h = new PodHarness(ROOMY);
        PromptContent same = PromptContent.of(new long[] {42, 43}, new int[] {330, 333});
        h.submit(new Request(0, 0, 0, 0, 330, 3, 0, 0.5, same));
        h.runToIdle(100);
        h.batches.clear();
        Request again = new Request(1, 0, 0, 0, 330, 3, 0, 0.5, same);
        h.submit(again);
        h.runToIdle(100);
        // 20 whole blocks are hit; the last 10 tokens (the partial block, last token included) are computed.
        assertThat(again.cachedPromptTokens).isEqualTo(320);
        assertThat(prefills(h).get(0)).isEqualTo(10);

        PodHarness aligned = new PodHarness(ROOMY);
        PromptContent blocks = PromptContent.of(new long[] {44, 45}, new int[] {320, 323});
        aligned.submit(new Request(0, 0, 0, 0, 320, 3, 0, 0.5, blocks));
        aligned.runToIdle(100);
        aligned.batches.clear();
        Request whole = new Request(1, 0, 0, 0, 320, 3, 0, 0.5, blocks);
        aligned.submit(whole);
        aligned.runToIdle(100);
        // all 20 blocks are cached, but at most 319 tokens may be hit: 19 blocks, and the 20th is recomputed
        assertThat(whole.cachedPromptTokens).isEqualTo(304);
        assertThat(prefills(aligned).get(0)).isEqualTo(16);
    }

    @Test
    void kvUsageCountsBlocksInUseNotCachedFreeOnes() {
        PodHarness h = new PodHarness(ROOMY);
        h.submit(withSystemPrompt(0, 320, 400, 3));
        h.runToIdle(100);
        assertThat(h.pod.prefixCache().cachedBlocks()).isEqualTo(20);
        assertThat(h.pod.usedBlocks()).isZero();
        assertThat(h.pod.publishedKvUsage()).isZero();
        assertThat(h.pod.prefixCache().freeBlocks()).isEqualTo(10_000);
    }

    @Test
    void hitsAndQueriesAreCountedInTokensAsVllmCountsThem() {
        PodHarness h = new PodHarness(ROOMY);
        h.submit(withSystemPrompt(0, 320, 400, 3));
        h.runToIdle(100);
        h.submit(withSystemPrompt(1, 320, 500, 3));
        h.submit(withSystemPrompt(2, 320, 321, 3));
        h.runToIdle(100);
        BlockPool cache = h.pod.prefixCache();
        assertThat(cache.queriedTokens()).isEqualTo(400 + 500 + 321);
        assertThat(cache.hitTokens()).isEqualTo(320 + 320);
        assertThat(cache.lookups()).isEqualTo(3);
        assertThat(cache.preemptedQueriedTokens()).isZero();
    }

    @Test
    void freeBlocksAreEvictedLeastRecentlyUsedFirst() {
        // 64 blocks: two 20-block prefixes fit beside each other, and a 30-block request then evicts the older one.
        PodHarness h = new PodHarness(new PodConfig(8192, 64, 64, 16));
        h.submit(new Request(0, 0, 0, 0, 330, 2, 0, 0.5, PromptContent.sharedPrefix(1, 320, 0, 330, 2)));
        h.runToIdle(100);
        h.submit(new Request(1, 0, 0, 0, 330, 2, 0, 0.5, PromptContent.sharedPrefix(2, 320, 1, 330, 2)));
        h.runToIdle(100);
        // 22 + 22 blocks were freed: prefix 1's and then prefix 2's; 20 never-used blocks sit ahead of them.
        h.submit(PodHarness.request(2, 470, 2)); // 30 blocks: 20 never-used, then 10 from request 0's
        h.runToIdle(100);
        assertThat(h.pod.prefixCache().evictions()).isPositive();
        Request one = new Request(3, 0, 0, 0, 330, 2, 0, 0.5, PromptContent.sharedPrefix(1, 320, 3, 330, 2));
        Request two = new Request(4, 0, 0, 0, 330, 2, 0, 0.5, PromptContent.sharedPrefix(2, 320, 4, 330, 2));
        h.submit(two);
        h.runToIdle(100);
        h.submit(one);
        h.runToIdle(100);
        assertThat(two.cachedPromptTokens).isEqualTo(320);
        // request 0 freed its blocks tail first, so its last blocks went first and its prefix lost its end
        assertThat(one.cachedPromptTokens).isLessThan(320);
    }

    @Test
    void aPreemptedRequestReusesTheBlocksItComputedWhenReadmitted() {
        PodHarness h = new PodHarness(new PodConfig(8192, 64, 40, 16));
        Request[] rs = new Request[4];
        for (int i = 0; i < 4; i++) {
            rs[i] = PodHarness.request(i, 100, 200);
            h.submit(rs[i]);
        }
        h.runToIdle(10_000);
        assertThat(h.pod.preemptions()).isPositive();
        assertThat(h.finished).hasSize(4);
        BlockPool cache = h.pod.prefixCache();
        assertThat(cache.preemptedHitTokens()).isPositive();
        // first admissions of content of their own never hit, and their counting is kept apart
        assertThat(cache.hitTokens()).isZero();
        assertThat(cache.queriedTokens()).isEqualTo(400);
    }

    @Test
    void aCancelledWaitingRequestLeavesAndARunningOneIsAbortedFreeingItsBlocks() {
        PodHarness h = new PodHarness(new PodConfig(8192, 1, 1000, 16));
        Request running = PodHarness.request(0, 100, 50);
        Request waiting = PodHarness.request(1, 100, 50);
        h.submit(running);
        h.submit(waiting);
        h.pod.startStep(h.now);
        h.now += 1000;
        h.pod.endStep(h.now);
        assertThat(h.pod.usedBlocks()).isEqualTo(7);
        h.pod.cancel(waiting);
        assertThat(h.pod.waitingCount()).isZero();
        h.pod.cancel(running);
        h.pod.startStep(h.now);
        assertThat(h.pod.usedBlocks()).isZero();
        assertThat(h.pod.hasWork()).isFalse();
        h.pod.checkInvariants();
        assertThat(h.pod.aborted()).isEqualTo(2);
        assertThat(h.finished).isEmpty();
    }

    @Test
    void randomSharedLoadWithCancellationsKeepsBlockAccountingExact() {
        SplittableRandom rnd = new SplittableRandom(5);
        PodHarness h = new PodHarness(new PodConfig(512, 32, 300, 16));
        List<Request> submitted = new ArrayList<>();
        int cancelled = 0;
        for (int i = 0; i < 400; i++) {
            int in = 50 + rnd.nextInt(600);
            int out = 1 + rnd.nextInt(400);
            Request r = new Request(i, 0, 0, 0, in, out, 0, 0.5,
                    PromptContent.sharedPrefix(rnd.nextInt(4), 48 + 16 * rnd.nextInt(3), i, in, out));
            h.submit(r);
            submitted.add(r);
            if (i % 5 == 0) {
                Request victim = submitted.get(rnd.nextInt(submitted.size()));
                if (victim.finishUs < 0 && !victim.cancelled) {
                    h.pod.cancel(victim);
                    cancelled++;
                }
            }
            if (i % 3 == 0) {
                long d = h.pod.startStep(h.now);
                if (d > 0) {
                    h.now += d;
                    h.pod.endStep(h.now);
                    h.pod.checkInvariants();
                }
            }
        }
        h.runToIdle(1_000_000);
        assertThat(h.pod.preemptions()).isPositive();
        assertThat(h.pod.prefixCache().hitTokens()).isPositive();
        assertThat(h.finished.size() + cancelled).isEqualTo(400);
        assertThat(h.pod.usedBlocks()).isZero();
    }

    @Test
    void aPodComputesASharedPrefixsChainOnceAndItIsTheChainEachRequestWouldCompute() {
        PrefixHashes memo = new PrefixHashes();
        PromptContent shortShare = PromptContent.sharedPrefix(3, 100, 1, 150, 5);
        PromptContent longShare = PromptContent.sharedPrefix(3, 200, 2, 300, 5);
        long[] a = new long[20];
        long[] b = new long[20];
        assertThat(memo.copy(shortShare, a, a.length, 16)).isEqualTo(6);
        assertThat(memo.copy(longShare, b, b.length, 16)).isEqualTo(12);
        long h = 0;
        for (int k = 0; k < 12; k++) {
            h = BlockPool.chain(h, longShare.blockContent(k, 16));
            assertThat(b[k]).isEqualTo(h);
            if (k < 6) {
                assertThat(a[k]).isEqualTo(h);
            }
        }
    }
}
