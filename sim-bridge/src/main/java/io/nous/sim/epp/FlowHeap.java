package io.nous.sim.epp;

import io.nous.sim.request.Request;
import java.util.Arrays;
import java.util.Comparator;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * One flow's queue under an ordering policy: a binary heap whose top is the request the policy
 * dispatches first, as the router keeps one heap per flow queue since its single-heap rewrite
 * (llm-d-router #1690, #1831). Used only when an ordering policy fills the plug point; the built-in
 * orderings keep their keys in enqueue order and need no heap.
 */
final class FlowHeap {
    private final OrderingCall ordering;
    private Request[] items = new Request[8];
    private int size;

    FlowHeap(OrderingCall ordering) {
        this.ordering = ordering;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    void add(Request r) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size * 2);
        }
        items[size] = r;
        siftUp(size++);
    }

    /** The request the policy dispatches first, or null. */
    Request peek() {
        return size == 0 ? null : items[0];
    }

    Request poll() {
        if (size == 0) {
            return null;
        }
        Request top = items[0];
        removeAt(0);
        return top;
    }

    /** Removes {@code r} wherever it is; false if it is not here. */
    boolean remove(Request r) {
        for (int i = 0; i < size; i++) {
            if (items[i] == r) {
                removeAt(i);
                return true;
            }
        }
        return false;
    }

    /**
     * Removes every request for which {@code expired} holds and reports them, oldest first (by enqueue
     * time, then arrival), as a FIFO flow reports its expired heads; the rest are heaped again.
     */
    void removeIf(Predicate<Request> expired, Consumer<Request> removed) {
        Request[] gone = null;
        int n = 0;
        int kept = 0;
        for (int i = 0; i < size; i++) {
            Request r = items[i];
            if (expired.test(r)) {
                if (gone == null) {
                    gone = new Request[size - i];
                }
                gone[n++] = r;
            } else {
                items[kept++] = r;
            }
        }
        if (n == 0) {
            return;
        }
        Arrays.fill(items, kept, size, null);
        size = kept;
        for (int i = (size >>> 1) - 1; i >= 0; i--) {
            siftDown(i);
        }
        Arrays.sort(gone, 0, n, Comparator.<Request>comparingLong(r -> r.enqueueUs).thenComparingInt(r -> r.id));
        for (int i = 0; i < n; i++) {
            removed.accept(gone[i]);
        }
    }

    private void removeAt(int i) {
        int last = --size;
        Request moved = items[last];
        items[last] = null;
        if (i == last) {
            return;
        }
        items[i] = moved;
        siftDown(i);
        if (items[i] == moved) {
            siftUp(i);
        }
    }

    private void siftUp(int i) {
        Request r = items[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            Request p = items[parent];
            if (!ordering.before(r, p)) {
                break;
            }
            items[i] = p;
            i = parent;
        }
        items[i] = r;
    }

    private void siftDown(int i) {
        Request r = items[i];
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            Request c = items[child];
            int right = child + 1;
            if (right < size && ordering.before(items[right], c)) {
                child = right;
                c = items[child];
            }
            if (!ordering.before(c, r)) {
                break;
            }
            items[i] = c;
            i = child;
        }
        items[i] = r;
    }
}
