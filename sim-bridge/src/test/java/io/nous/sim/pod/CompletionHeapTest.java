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

/** The completion heap against a sorted set: removals are lazy, but what leaves, and when, is exact. */
class CompletionHeapTest {

    @Test
    void finishesInStepThenIdOrderWithRemovedRequestsNeverSeen() {
        Random random = new Random(58);
        CompletionHeap heap = new CompletionHeap();
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
                r.finishStep = step + random.nextInt(50);
                heap.add(r);
                model.add(r);
            } else if (what < 6 && model.contains(r)) {
                heap.remove(r); // preempted or aborted
                model.remove(r);
            } else {
                step++;
                while (heap.peekFinishStep() <= step) {
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
        CompletionHeap heap = new CompletionHeap();
        Request r = new Request(1, 0, 0, 0, 10, 10, 0, 0.5);
        r.finishStep = 7;
        heap.add(r);
        assertThatThrownBy(() -> heap.add(r)).hasMessageContaining("already in");
        heap.remove(r);
        assertThatThrownBy(() -> heap.remove(r)).hasMessageContaining("not in");
        assertThat(heap.peekFinishStep()).isEqualTo(Long.MAX_VALUE);
        // a request removed and added again on another pod's heap is not taken for the dead entry here
        CompletionHeap other = new CompletionHeap();
        other.add(r);
        assertThat(heap.peek()).isNull();
        assertThat(other.poll()).isSameAs(r);
    }
}
