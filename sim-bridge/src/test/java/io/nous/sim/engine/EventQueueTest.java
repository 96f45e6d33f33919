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
