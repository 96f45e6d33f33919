package io.nous.sim.pod;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.sim.request.PromptContent;
import io.nous.sim.request.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** llm-d-inference-sim as a pod, against its source (latencies.go, block_cache.go, simulator.go, histogram_helper.go). */
class InferenceSimPodTest {
    private static final InferenceSimConfig LAB = InferenceSimConfig.byNameOrFile("lab-inference-sim");

    /** Records what the pod reports and drives its clock like the cluster does. */
    private static final class Harness implements PodListener, InferenceSimPod.Failures {
        final InferenceSimPod pod;
        final List<Request> finished = new ArrayList<>();
        final List<Integer> rejected = new ArrayList<>();
        long now;
        long due = -1;

        Harness(InferenceSimConfig config) {
            pod = new InferenceSimPod(0, config, this, this, new SplittableRandom(1));
        }

        void send(Request r) {
            if (pod.enqueue(r, now)) {
                due = now + pod.startStep(now);
            }
        }

        void runUntilIdle() {
            while (pod.hasWork()) {
                now = due;
                pod.endStep(now);
                due = pod.hasWork() ? now + pod.startStep(now) : -1;
            }
        }

        @Override
        public void onFirstToken(Request r, long nowUs) {
        }

        @Override
        public void onFinished(Request r, long nowUs) {
            finished.add(r);
        }

        @Override
        public void onRejected(Request r, long nowUs, int httpStatus) {
            rejected.add(httpStatus);
        }
    }

    private static Request request(int id, long tenant, int prefix, int input, int maxTokens) {
        return new Request(id, 0, 0, (int) tenant, input, maxTokens, 0, 0.5,
                PromptContent.sharedPrefix(tenant, prefix, id, input, maxTokens));
    }

    @Test
    void theLoadFactorIsOneAloneAndTheTimeFactorAtMaxNumSeqs() {
        Harness h = new Harness(LAB);
        h.send(request(0, 0, 3800, 3830, 1));
        // alone: 20 ms + 3,830 x 200 us = 786 ms
        assertThat(h.due).isEqualTo(786_000);
        for (int i = 1; i < 4; i++) {
            h.send(request(i, i, 3800, 3830, 1));
        }
        // the fourth starts with 4 running = max-num-seqs: factor 2.0, so 40 ms + 3,830 x 400 us = 1,572 ms
        assertThat(h.pod.timeToFirstTokenUs(3830, 0)).isEqualTo(1_572_000);
        assertThat(h.pod.interTokenLatencyUs()).isEqualTo(30_000);
    }

    @Test
    void delaysAreTruncatedToWholeMilliseconds() {
        InferenceSimConfig three = new InferenceSimConfig(3, 1000, 16384, false, 1024, 16, "per-token", 0, 0, 20_000_000, 200_000, 0,
                15_000_000, 0, 2.0, "", false);
        Harness h = new Harness(three);
        h.send(request(0, 0, 3800, 3830, 100));
        h.send(request(1, 1, 3800, 3830, 100));
        // 2 of 3 running: factor 1.5, 15 ms x 1.5 = 22.5 ms, truncated to 22 ms
        assertThat(h.pod.interTokenLatencyUs()).isEqualTo(22_000);
        // 30 ms + 3,830 x 300 us = 1,179 ms exactly
        assertThat(h.pod.timeToFirstTokenUs(3830, 0)).isEqualTo(1_179_000);
        // a cached prefix counts only the uncached tokens: 30 ms + 38 x 300 us = 41.4 ms → 41 ms
        assertThat(h.pod.timeToFirstTokenUs(3830, 3792)).isEqualTo(41_000);
    }

    @Test
    void aSecondRequestOfATenantHitsItsFullBlocksAndPrefillsTheRest() {
        Harness h = new Harness(LAB);
        Request first = request(0, 0, 3800, 3830, 1);
        h.send(first);
        h.runUntilIdle();
        Request second = request(1, 0, 3800, 3830, 1);
        h.send(second);
        // 3,800 shared tokens hold 237 full 16-token blocks; the 238th mixes in the question
        assertThat(second.cachedPromptTokens).isEqualTo(237 * 16);
        assertThat(h.due - h.now).as("20 ms + 38 x 200 us = 27.6 ms → 27 ms").isEqualTo(27_000);
        assertThat(h.pod.prefixQueriedTokens()).isEqualTo(2 * 3830);
        assertThat(h.pod.prefixHitTokens()).isEqualTo(237 * 16);
    }

    @Test
    void kvUsageCountsBlocksInUseAndTheLeastRecentlyFreedIsEvictedFirst() {
        // 10 blocks of 16: each 64-token prompt holds 4 full blocks
        InferenceSimConfig small = new InferenceSimConfig(4, 1000, 16384, true, 10, 16, "per-token", 0, 0, 1_000_000, 0, 0, 1_000_000, 0,
                1.0, "", false);
        Harness h = new Harness(small);
        h.send(request(0, 0, 63, 64, 1));
        assertThat(h.pod.kvUsage()).as("4 full blocks of 10 in use").isEqualTo(0.4);
        h.runUntilIdle();
        assertThat(h.pod.kvUsage()).as("freed blocks stay cached but are not in use").isZero();
        h.send(request(1, 1, 63, 64, 1));
        h.runUntilIdle();
        h.send(request(2, 2, 63, 64, 1)); // 4 new blocks into 2 free slots: evicts tenant 0's 2 oldest blocks
        h.runUntilIdle();
        Request back = request(3, 0, 63, 64, 1);
        h.send(back);
        // tenant 0 lost its blocks 0 and 1 but kept block 2: the simulator counts cached blocks wherever they are
        assertThat(back.cachedPromptTokens).isEqualTo(16);
    }

    @Test
    void aRequestWhoseBlocksDoNotFitFailsWith500AndAFullQueueWith429() {
        InferenceSimConfig tiny = new InferenceSimConfig(1, 1, 16384, true, 4, 16, "per-token", 0, 0, 1_000_000, 0, 0, 1_000_000, 0, 1.0,
                "", false);
        Harness h = new Harness(tiny);
        h.send(request(0, 0, 70, 80, 5)); // 5 full blocks > 4
        assertThat(h.rejected).containsExactly(500);
        h.send(request(1, 1, 30, 32, 5));
        h.send(request(2, 2, 30, 32, 5)); // waits: one worker
        h.send(request(3, 3, 30, 32, 5)); // the queue holds one
        assertThat(h.rejected).containsExactly(500, 429);
        h.runUntilIdle();
        assertThat(h.finished).extracting(r -> r.id).containsExactly(1, 2);
    }

    @Test
    void workersServeInArrivalOrderAndTheQueueWaits() {
        InferenceSimConfig two = new InferenceSimConfig(2, 1000, 16384, false, 1024, 16, "constant", 100_000_000, 0, 0, 0, 0,
                10_000_000, 0, 1.0, "", false);
        Harness h = new Harness(two);
        for (int i = 0; i < 3; i++) {
            h.send(request(i, i, 10, 20, 1));
        }
        assertThat(h.pod.runningCount()).isEqualTo(2);
        assertThat(h.pod.waitingCount()).isEqualTo(1);
        h.runUntilIdle();
        assertThat(h.finished).extracting(r -> r.finishUs).containsExactly(100_000L, 100_000L, 200_000L);
    }

    @Test
    void responseLengthsFollowTheSimulatorsHistogram() {
        InferenceSimPod pod = new InferenceSimPod(0, LAB, null, null, new SplittableRandom(3));
        int[] counts = new int[31];
        for (int i = 0; i < 20_000; i++) {
            counts[pod.responseTokens(30)]++;
        }
        assertThat(counts[0]).isZero();
        // buckets of 29/5 = 5.8 tokens: [1,5] 20 %, [6,11] 30 %, ... and exactly max_tokens 15 %
        int first = 0;
        for (int k = 1; k <= 5; k++) {
            first += counts[k];
        }
        assertThat(first / 20_000.0).isBetween(0.19, 0.21);
        assertThat(counts[30] / 20_000.0).isBetween(0.14, 0.16);
        assertThat(pod.responseTokens(1)).isEqualTo(1);
    }

    @Test
    void argsAreReadFromTheContainersListAndUnknownFlagsRefused() {
        assertThat(LAB.maxNumSeqs()).isEqualTo(4);
        assertThat(LAB.kvCacheSize()).isEqualTo(1024);
        assertThat(LAB.prefillTimePerTokenNs()).isEqualTo(200_000);
        assertThat(LAB.perToken()).isTrue();
        InferenceSimConfig split = InferenceSimConfig.parse("args: ['--max-num-seqs', '8', '--model', 'Qwen/Qwen3-8B']", "d.yaml");
        assertThat(split.maxNumSeqs()).isEqualTo(8);
        assertThatThrownBy(() -> InferenceSimConfig.parse("- --max-num-seq=4\n", "d.yaml")).isInstanceOf(EngineArgsException.class)
                .hasMessage("d.yaml:1: unknown flag --max-num-seq for llm-d-inference-sim");
        assertThatThrownBy(() -> InferenceSimConfig.parse("- --inter-token-latency=15\n", "d.yaml"))
                .hasMessage("d.yaml:1: --inter-token-latency must be a duration such as 15ms or 200us: '15' is not a duration");
        assertThatThrownBy(() -> InferenceSimConfig.parse("- --lora-modules={}\n", "d.yaml")).hasMessageContaining("not simulated");
        assertThatThrownBy(() -> InferenceSimConfig.parse("- --time-factor-under-load=0.5\n", "d.yaml"))
                .hasMessageContaining("time-factor-under-load must be >= 1.0");
    }

    @Test
    void clientsThatIgnoreEosGetMaxTokensEveryTime() {
        Harness h = new Harness(LAB.withIgnoreEos(true));
        for (int i = 0; i < 20; i++) {
            h.send(request(i, i % 4, 100, 120, 30));
        }
        h.runUntilIdle();
        assertThat(h.finished).hasSize(20).allSatisfy(r -> assertThat(r.responseTokens()).isEqualTo(30));
        Harness drawn = new Harness(LAB);
        for (int i = 0; i < 20; i++) {
            drawn.send(request(i, i % 4, 100, 120, 30));
        }
        drawn.runUntilIdle();
        assertThat(drawn.finished).anySatisfy(r -> assertThat(r.responseTokens()).isLessThan(30));
    }
}
