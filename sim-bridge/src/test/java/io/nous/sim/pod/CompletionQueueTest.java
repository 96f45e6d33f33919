package io.nous.sim.pod;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.sim.request.Request;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The completion queue against a sorted set: removals are lazy, but what leaves, and when, is exact. */
class CompletionQueueTest {

    @Test
    void finishesInStepThenIdOrderWithRemovedRequestsNeverSeen() {
        finishInOrder(new Random(58), 50, false);
    }

    /**
     * Requests finishing beyond the calendar's window (long outputs), steps that jump ahead of everything
     * waiting (an idle pod), and peeks between steps that move the calendar's first day on: the order is
     * still the one of a single queue.
     */
    @Test
    void finishesInOrderAcrossTheCalendarAndTheHeap() {
        finishInOrder(new Random(59), 3 * CompletionQueue.DAYS, true);
        finishInOrder(new Random(60), CompletionQueue.DAYS + 5, true);
    }

    private static void finishInOrder(Random random, int maxSteps, boolean jumps) {
        CompletionQueue heap = new CompletionQueue();
        TreeSet<Request> model = new TreeSet<>(Comparator.comparingLong((Request r) -> r.finishStep).thenComparingInt(r -> r.id));
        List<Request> requests = new ArrayList<>();
        for (int id = 0; id < 400; id++) {
            requests.add(new Request(id, 0, 0, 0, 10, 10, 0, 0.5));
        }
        long step = 0;
        for (int op = 0; op < 100_000; op++) {
            Request r = requests.get(random.nextInt(requests.size()));
            int what = random.nextInt(10);
            if (what < 4 && !model.contains(r) && r.heapStamp == 0) {
                // decoding starts (again, after a preemption): it finishes some steps from now
                r.finishStep = step + random.nextInt(random.nextBoolean() ? 50 : maxSteps);
                heap.add(r);
                model.add(r);
            } else if (what < 6 && model.contains(r)) {
                heap.remove(r); // preempted or aborted
                model.remove(r);
            } else {
                step += jumps && random.nextInt(200) == 0 ? random.nextInt(2 * maxSteps) : 1;
                if (jumps && random.nextInt(3) == 0) {
                    // the pod's own question, which looks no further than the step
                    boolean due = heap.finishesBy(step);
                    assertThat(due).isEqualTo(!model.isEmpty() && model.first().finishStep <= step);
                }
                // the pod polls while finishesBy holds; peekFinishStep answers the same
                boolean bounded = jumps && random.nextBoolean();
                while (bounded ? heap.finishesBy(step) : heap.peekFinishStep() <= step) {
                    assertThat(heap.poll()).isSameAs(model.pollFirst());
                }
                assertThat(model.isEmpty() || model.first().finishStep > step).isTrue();
            }
            assertThat(heap.size()).isEqualTo(model.size());
            assertThat(heap.peek()).isSameAs(model.isEmpty() ? null : model.first());
        }
    }

    @Test
    void aRequestIsInTheHeapOnceAndRemovedOnlyWhileIn() {
        CompletionQueue heap = new CompletionQueue();
        Request r = new Request(1, 0, 0, 0, 10, 10, 0, 0.5);
        r.finishStep = 7;
        heap.add(r);
        assertThatThrownBy(() -> heap.add(r)).hasMessageContaining("already in");
        heap.remove(r);
        assertThatThrownBy(() -> heap.remove(r)).hasMessageContaining("not in");
        assertThat(heap.peekFinishStep()).isEqualTo(Long.MAX_VALUE);
        // a request removed and added again on another pod's heap is not taken for the dead entry here
        CompletionQueue other = new CompletionQueue();
        other.add(r);
        assertThat(heap.peek()).isNull();
        assertThat(other.poll()).isSameAs(r);
    }
}
