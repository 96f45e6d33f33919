package io.nous.sim.pod;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * vLLM publishes {@code num_requests_waiting}, {@code num_requests_running} and KV usage once per
 * engine step, at the step's end; the pod's metrics must follow those semantics, not the live queue.
 */
class PublishedMetricsTest {

    @Test
    void aRequestArrivingMidStepIsNotCountedUntilTheNextStepBoundary() {
        // one running slot: the second request must wait
        PodHarness h = new PodHarness(new PodConfig(8192, 1, 100_000, 16));
        h.submit(PodHarness.request(1, 100, 10));
        long d = h.pod.startStep(h.now);
        // mid-step arrival: it is in the live queue at once...
        h.submit(PodHarness.request(2, 100, 10));
        assertThat(h.pod.waitingCount()).isEqualTo(1);
        // ...but nothing has been published yet, and the step in flight does not publish it
        assertThat(h.pod.publishedWaiting()).isZero();
        h.now += d;
        h.pod.endStep(h.now);
        // the step's schedule() ran before the arrival, so its stats still say 0 waiting
        assertThat(h.pod.publishedWaiting()).isZero();
        assertThat(h.pod.publishedRunning()).isEqualTo(1);
        // the next schedule() sees the waiting request (running is full), and its stats say so
        d = h.pod.startStep(h.now);
        assertThat(h.pod.publishedWaiting()).isZero();
        h.now += d;
        h.pod.endStep(h.now);
        assertThat(h.pod.publishedWaiting()).isEqualTo(1);
    }

    @Test
    void kvUsageIsPublishedAfterFinishedRequestsAreFreed() {
        PodHarness h = new PodHarness(new PodConfig(8192, 8, 1000, 16));
        h.submit(PodHarness.request(1, 160, 2)); // 10 blocks after prefill, 11 with its second token
        long d = h.pod.startStep(h.now);
        assertThat(h.pod.publishedKvUsage()).isZero(); // nothing published before the first step ends
        h.now += d;
        h.pod.endStep(h.now);
        assertThat(h.pod.publishedKvUsage()).isEqualTo(10 / 1000.0);
        d = h.pod.startStep(h.now);
        assertThat(h.pod.kvUsage()).isEqualTo(11 / 1000.0); // live: the decode allocated a block
        assertThat(h.pod.publishedKvUsage()).isEqualTo(10 / 1000.0);
        h.now += d;
        h.pod.endStep(h.now);
        // the request finished in this step: its blocks are free before the stats are made
        assertThat(h.pod.publishedKvUsage()).isZero();
        assertThat(h.pod.publishedRunning()).isZero();
    }
}
