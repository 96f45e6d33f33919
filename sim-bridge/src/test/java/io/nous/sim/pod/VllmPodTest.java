package io.nous.sim.pod;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.sim.request.Request;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class VllmPodTest {
    private static final PodConfig ROOMY = new PodConfig(8192, 1024, 100_000, 16);

    @Test
    void shortPromptPrefillsInOneStepThenDecodesOneTokenPerStep() {
        PodHarness h = new PodHarness(ROOMY);
        Request r = PodHarness.request(1, 100, 5);
        h.submit(r);
        int steps = h.runToIdle(100);
        // step 1: prefill 100 tokens -> token 1; steps 2..5: one token each
        assertThat(steps).isEqualTo(5);
        assertThat(r.firstTokenUs).isEqualTo(1000);
        assertThat(r.finishUs).isEqualTo(5000);
        assertThat(h.batches.get(0).prefillTokens).isEqualTo(100);
        assertThat(h.batches.get(0).prefillsCompleting).isEqualTo(1);
        assertThat(h.batches.get(1).decodeSeqs).isEqualTo(1);
        // decode step k reads the whole context: prompt + tokens already in KV
        assertThat(h.batches.get(1).decodeContextTokens).isEqualTo(100);
        assertThat(h.batches.get(4).decodeContextTokens).isEqualTo(103);
        assertThat(h.pod.usedBlocks()).isZero();
    }

    @Test
    void singleTokenOutputFinishesAtPrefill() {
        PodHarness h = new PodHarness(ROOMY);
        Request r = PodHarness.request(1, 64, 1);
        h.submit(r);
        assertThat(h.runToIdle(10)).isEqualTo(1);
        assertThat(r.finishUs).isEqualTo(r.firstTokenUs).isEqualTo(1000);
    }

    @Test
    void longPromptIsChunkedUnderTheTokenBudget() {
        PodHarness h = new PodHarness(ROOMY);
        Request r = PodHarness.request(1, 20_000, 2);
        h.submit(r);
        h.runToIdle(100);
        assertThat(h.batches.get(0).prefillTokens).isEqualTo(8192);
        assertThat(h.batches.get(1).prefillTokens).isEqualTo(8192);
        assertThat(h.batches.get(2).prefillTokens).isEqualTo(20_000 - 2 * 8192);
        assertThat(r.firstTokenUs).isEqualTo(3000);
        // causal attention work of chunk 2: t * (c + t/2) with c = 8192 already cached
        assertThat(h.batches.get(1).prefillAttentionWork).isEqualTo(8192 * (8192 + 4096.0));
    }

    @Test
    void decodesShareTheBudgetWithPrefillChunks() {
        PodHarness h = new PodHarness(new PodConfig(100, 64, 100_000, 16));
        for (int i = 0; i < 10; i++) {
            h.submit(PodHarness.request(i, 10, 50));
        }
        h.runToIdle(1000);
        // step 1 admits all ten 10-token prompts (100 tokens); step 2 decodes ten
        assertThat(h.batches.get(0).prefillTokens).isEqualTo(100);
        assertThat(h.batches.get(1).decodeSeqs).isEqualTo(10);
        for (var b : h.batches) {
            assertThat(b.prefillTokens + b.decodeSeqs).isLessThanOrEqualTo(100);
        }
    }

    @Test
    void maxNumSeqsCapsTheRunningBatch() {
        PodHarness h = new PodHarness(new PodConfig(8192, 8, 100_000, 16));
        for (int i = 0; i < 50; i++) {
            h.submit(PodHarness.request(i, 20, 30));
        }
        h.runToIdle(10_000);
        assertThat(h.maxRunning).isEqualTo(8);
        assertThat(h.finished).hasSize(50);
    }

    @Test
    void waitingQueueIsServedFirstComeFirstServed() {
        PodHarness h = new PodHarness(new PodConfig(8192, 1, 100_000, 16));
        for (int i = 0; i < 5; i++) {
            h.submit(PodHarness.request(i, 20, 3));
        }
        h.runToIdle(1000);
        assertThat(h.finished).extracting(r -> r.id).containsExactly(0, 1, 2, 3, 4);
    }

    @Test
    void exhaustedKvCachePreemptsTheNewestRequestWhichRecomputesAndStillFinishes() {
        // 40 blocks of 16 = 640 tokens; four requests that each grow to 300 tokens cannot all fit.
        PodHarness h = new PodHarness(new PodConfig(8192, 64, 40, 16));
        Request[] rs = new Request[4];
        for (int i = 0; i < 4; i++) {
            rs[i] = PodHarness.request(i, 100, 200);
            h.submit(rs[i]);
        }
        h.runToIdle(10_000);
        assertThat(h.pod.preemptions()).isPositive();
        assertThat(h.finished).hasSize(4);
        // the oldest request is never the victim
        assertThat(rs[0].preemptions).isZero();
        assertThat(rs[3].preemptions).isPositive();
        assertThat(h.pod.maxUsedBlocks()).isLessThanOrEqualTo(40);
        // the first token came once, before the preemption; recompute re-prefilled prompt + generated tokens
        int recomputed = h.batches.stream().mapToInt(b -> b.prefillTokens).sum();
        assertThat(recomputed).isGreaterThan(4 * 100);
    }

    @Test
    void randomLoadKeepsKvAccountingExactAndFinishesEverything() {
        SplittableRandom rnd = new SplittableRandom(11);
        PodHarness h = new PodHarness(new PodConfig(512, 32, 300, 16));
        int n = 300;
        for (int i = 0; i < n; i++) {
            h.submit(PodHarness.request(i, 1 + rnd.nextInt(700), 1 + rnd.nextInt(900)));
            if (i % 7 == 0) {
                long d = h.pod.startStep(h.now);
                if (d > 0) {
                    h.now += d;
                    h.pod.endStep(h.now);
                    h.pod.checkInvariants();
                }
            }
        }
        h.runToIdle(1_000_000);
        assertThat(h.finished).hasSize(n);
        assertThat(h.pod.preemptions()).isPositive();
        assertThat(h.pod.usedBlocks()).isZero();
        for (Request r : h.finished) {
            assertThat(r.firstTokenUs).isPositive().isLessThanOrEqualTo(r.finishUs);
        }
    }
}
