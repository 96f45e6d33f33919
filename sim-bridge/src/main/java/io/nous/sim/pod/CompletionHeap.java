package io.nous.sim.pod;

import io.nous.sim.request.Request;
import java.util.Arrays;

/**
 * Decoding requests ordered by the step at whose end they produce their last token. Under
 * continuous batching every decoding request advances one token per step, so that step is known
 * when decoding starts; completions then cost O(log n) each instead of a scan of the batch per step.
 * Indexed, so a preempted request is removed in O(log n).
 *
 * <p>Each entry's order, (finishing step, request id), is packed into a {@code long} kept beside it,
 * so sifting compares array elements and never loads the requests it passes over.
 */
final class CompletionHeap {
    /** Request ids take 31 bits; finishing steps the 32 above them. */
    private static final int ID_BITS = 31;

    private Request[] heap = new Request[64];
    private long[] keys = new long[64];
    private int size;

    int size() {
        return size;
    }

    Request peek() {
        return size == 0 ? null : heap[0];
    }

    /** The finishing step of {@link #peek}, or {@link Long#MAX_VALUE} when empty. */
    long peekFinishStep() {
        return size == 0 ? Long.MAX_VALUE : keys[0] >>> ID_BITS;
    }

    void add(Request r) {
        if (r.finishStep < 0 || r.finishStep >= 1L << 32 || r.id < 0) {
            throw new IllegalStateException(r + " finishes at step " + r.finishStep + ", outside the heap's range");
        }
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
            keys = Arrays.copyOf(keys, size * 2);
        }
        heap[size] = r;
        keys[size] = r.finishStep << ID_BITS | r.id;
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
            keys[i] = keys[last];
            heap[i].heapIndex = i;
            heap[last] = null;
            if (!siftUp(i)) {
                siftDown(i);
            }
        } else {
            heap[last] = null;
        }
    }

    private boolean siftUp(int i) {
        Request x = heap[i];
        long k = keys[i];
        int start = i;
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (k >= keys[p]) {
                break;
            }
            heap[i] = heap[p];
            keys[i] = keys[p];
            heap[i].heapIndex = i;
            i = p;
        }
        heap[i] = x;
        keys[i] = k;
        x.heapIndex = i;
        return i != start;
    }

    private void siftDown(int i) {
        Request x = heap[i];
        long k = keys[i];
        int half = size >>> 1;
        while (i < half) {
            int c = 2 * i + 1;
            if (c + 1 < size && keys[c + 1] < keys[c]) {
                c++;
            }
            if (keys[c] >= k) {
                break;
            }
            heap[i] = heap[c];
            keys[i] = keys[c];
            heap[i].heapIndex = i;
            i = c;
        }
        heap[i] = x;
        keys[i] = k;
        x.heapIndex = i;
    }
}
