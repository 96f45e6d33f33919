package io.nous.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EventQueueTest {

    record Ev(long time, long seq, int kind, int arg) {
    }

    @Test
    void pollsInTimeOrderThenSchedulingOrder() {
        EventQueue q = new EventQueue(16);
        SplittableRandom rnd = new SplittableRandom(7);
        List<Ev> expected = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            long t = rnd.nextLong(500); // many equal times
            q.schedule(t, i % 5, i);
            expected.add(new Ev(t, i, i % 5, i));
        }
        expected.sort(Comparator.comparingLong(Ev::time).thenComparingLong(Ev::seq));
        for (Ev e : expected) {
            assertThat(q.isEmpty()).isFalse();
            assertThat(q.peekTime()).isEqualTo(e.time());
            q.poll();
            assertThat(q.time()).isEqualTo(e.time());
            assertThat(q.kind()).isEqualTo(e.kind());
            assertThat(q.arg()).isEqualTo(e.arg());
        }
        assertThat(q.isEmpty()).isTrue();
    }

    @Test
    void interleavedScheduleAndPollKeepOrder() {
        EventQueue q = new EventQueue(16);
        SplittableRandom rnd = new SplittableRandom(3);
        q.schedule(0, 0, 0);
        long last = Long.MIN_VALUE;
        for (int i = 1; i < 50_000; i++) {
            q.poll();
            assertThat(q.time()).isGreaterThanOrEqualTo(last);
            last = q.time();
            q.schedule(last + rnd.nextLong(1000), 0, i);
            if (i % 3 == 0) {
                q.schedule(last + rnd.nextLong(1000), 1, i);
            }
        }
    }

    /** A stream's event beside the heap leaves in the order it would have left from inside it. */
    @Test
    void theSideStreamsEventLeavesWhereItWouldHaveFromTheHeap() {
        SplittableRandom rnd = new SplittableRandom(19);
        EventQueue beside = new EventQueue(16);
        EventQueue heap = new EventQueue(16);
        long next = 0;
        beside.scheduleBeside(next, 9, 0);
        heap.schedule(next, 9, 0);
        long now = 0;
        for (int i = 1; i < 60_000; i++) {
            assertThat(beside.size()).isEqualTo(heap.size());
            assertThat(beside.peekTime()).isEqualTo(heap.peekTime());
            long probe = now + rnd.nextLong(50);
            long seqB = beside.reserveSeq();
            long seqH = heap.reserveSeq();
            assertThat(beside.before(probe, seqB)).as("step %d", i).isEqualTo(heap.before(probe, seqH));
            beside.poll();
            heap.poll();
            assertThat(beside.time()).as("step %d", i).isEqualTo(heap.time());
            assertThat(beside.kind()).isEqualTo(heap.kind());
            assertThat(beside.arg()).isEqualTo(heap.arg());
            now = beside.time();
            if (beside.kind() == 9) {
                next = now + rnd.nextLong(30); // the next arrival, often at an instant others share
                beside.scheduleBeside(next, 9, i);
                heap.schedule(next, 9, i);
            }
            for (int k = rnd.nextInt(3); k > 0; k--) {
                long t = now + rnd.nextLong(40);
                beside.schedule(t, k, i);
                heap.schedule(t, k, i);
            }
        }
    }

    @Test
    void negativeKindsAndArgumentsComeBackAsScheduled() {
        EventQueue q = new EventQueue(16);
        q.schedule(7, -3, Integer.MIN_VALUE);
        q.schedule(5, Integer.MAX_VALUE, -1);
        q.poll();
        assertThat(q.kind()).isEqualTo(Integer.MAX_VALUE);
        assertThat(q.arg()).isEqualTo(-1);
        q.poll();
        assertThat(q.kind()).isEqualTo(-3);
        assertThat(q.arg()).isEqualTo(Integer.MIN_VALUE);
    }
}
