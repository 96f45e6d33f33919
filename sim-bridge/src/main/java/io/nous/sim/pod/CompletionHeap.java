package io.nous.sim.pod;

import io.nous.sim.request.Request;
import java.util.Arrays;

/**
 * Decoding requests ordered by the step at whose end they produce their last token. Under
 * continuous batching every decoding request advances one token per step, so that step is known
 * when decoding starts; completions then cost O(log n) each instead of a scan of the batch per step.
 * Indexed, so a preempted request is removed in O(log n).
 */
final class CompletionHeap {
    private Request[] heap = new Request[64];
    private int size;

    int size() {
        return size;
    }

    Request peek() {
        return size == 0 ? null : heap[0];
    }

    void add(Request r) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        heap[size] = r;
        r.heapIndex = size;
        siftUp(size++);
    }

    Request poll() {
        Request top = heap[0];
        removeAt(0);
        return top;
    }

    void remove(Request r) {
        int i = r.heapIndex;
        if (i < 0 || i >= size || heap[i] != r) {
            throw new IllegalStateException(r + " is not in the completion heap");
        }
        removeAt(i);
    }

    private void removeAt(int i) {
        Request gone = heap[i];
        gone.heapIndex = -1;
        int last = --size;
        if (i != last) {
            heap[i] = heap[last];
            heap[i].heapIndex = i;
            heap[last] = null;
            if (!siftUp(i)) {
                siftDown(i);
            }
        } else {
            heap[last] = null;
        }
    }

    private static boolean before(Request a, Request b) {
        return a.finishStep < b.finishStep || (a.finishStep == b.finishStep && a.id < b.id);
    }

    private boolean siftUp(int i) {
        Request x = heap[i];
        int start = i;
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (!before(x, heap[p])) {
                break;
            }
            heap[i] = heap[p];
            heap[i].heapIndex = i;
            i = p;
        }
        heap[i] = x;
        x.heapIndex = i;
        return i != start;
    }

    private void siftDown(int i) {
        Request x = heap[i];
        int half = size >>> 1;
        while (i < half) {
            int c = 2 * i + 1;
            if (c + 1 < size && before(heap[c + 1], heap[c])) {
                c++;
            }
            if (!before(heap[c], x)) {
                break;
            }
            heap[i] = heap[c];
            heap[i].heapIndex = i;
            i = c;
        }
        heap[i] = x;
        x.heapIndex = i;
    }
}
