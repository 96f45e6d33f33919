package io.nous.sim.pod;

import io.nous.sim.request.Request;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Decoding requests ordered by the step at whose end they produce their last token. Under
 * continuous batching every decoding request advances one token per step, so that step is known
 * when decoding starts; completions then cost O(log n) each instead of a scan of the batch per step.
 *
 * <p>Each entry's order, (finishing step, request id), is packed into a {@code long} kept beside it,
 * so sifting compares array elements and never touches the requests it passes over. A preempted or
 * aborted request is removed lazily: its entry carries the stamp the request had when it was added,
 * and removal changes the request's stamp, so the entry is dropped when it comes to the top (by its
 * finishing step, within the request's remaining output). Live entries leave in exactly the order
 * they would without the dead ones. Stamps are unique in the process (a heap's own number above a
 * count of its additions), so a request that moves to another pod's heap is never mistaken there.
 */
final class CompletionHeap {
    /** Request ids take 31 bits; finishing steps the 32 above them. */
    private static final int ID_BITS = 31;
    private static final AtomicLong HEAPS = new AtomicLong();
    /** The key of a slot past the end: above every entry's. */
    private static final long PAST_END = Long.MAX_VALUE;

    private Request[] heap = new Request[64];
    private long[] keys = new long[64];
    /** The stamp each entry was added with; the entry is live while its request still has it ({@link Request#heapStamp}). */
    private long[] stamps = new long[64];
    private int size;
    private int live;
    /** This heap's number, in the stamps' upper 32 bits, and the additions so far, in the lower. */
    private final long heapNumber = HEAPS.incrementAndGet() << 32;
    private long added;

    /** Requests in the heap (removed ones not counted). */
    int size() {
        return live;
    }

    /** The first request to finish, or null. */
    Request peek() {
        dropDead();
        return size == 0 ? null : heap[0];
    }

    /** The step at whose end the first request finishes, or {@link Long#MAX_VALUE} when none decodes. */
    long peekFinishStep() {
        dropDead();
        return size == 0 ? Long.MAX_VALUE : keys[0] >>> ID_BITS;
    }

    void add(Request r) {
        if (r.finishStep < 0 || r.finishStep >= 1L << 32 || r.id < 0) {
            throw new IllegalStateException(r + " finishes at step " + r.finishStep + ", outside the heap's range");
        }
        if (r.heapStamp != 0) {
            throw new IllegalStateException(r + " is already in the completion heap");
        }
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
            keys = Arrays.copyOf(keys, size * 2);
            stamps = Arrays.copyOf(stamps, size * 2);
        }
        long stamp = heapNumber | (++added & 0xffffffffL); // never 0: the heap's number is at least 1
        r.heapStamp = stamp;
        siftUp(size++, r, r.finishStep << ID_BITS | r.id, stamp);
        live++;
    }

    /** Takes the first request to finish out; the caller checks {@link #peekFinishStep} first. */
    Request poll() {
        dropDead();
        Request top = heap[0];
        top.heapStamp = 0;
        removeTop();
        live--;
        return top;
    }

    /** Takes {@code r} out (preempted or aborted); its entry stays until it reaches the top, dead. */
    void remove(Request r) {
        if (r.heapStamp == 0) {
            throw new IllegalStateException(r + " is not in the completion heap");
        }
        r.heapStamp = 0;
        live--;
    }

    /** Drops the dead entries at the top (none to look for while every entry is live). */
    private void dropDead() {
        while (size > live && heap[0].heapStamp != stamps[0]) {
            removeTop();
        }
    }

    /**
     * Takes the top entry out, bottom-up (Floyd): the hole at the top follows the smaller child down to
     * a leaf, one comparison a level and no branch on it, and the last entry is sifted up from there,
     * where it usually already belongs. The slot the last entry left holds {@link #PAST_END}, so a last
     * parent with one child needs no bounds check.
     */
    private void removeTop() {
        int last = --size;
        Request x = heap[last];
        long k = keys[last];
        long st = stamps[last];
        heap[last] = null;
        keys[last] = PAST_END;
        if (last == 0) {
            return;
        }
        long[] ks = keys;
        int i = 0;
        int half = last >>> 1;
        while (i < half) {
            int c = 2 * i + 1;
            c += (int) ((ks[c + 1] - ks[c]) >>> 63); // the right child when its key is smaller (keys are non-negative)
            heap[i] = heap[c];
            ks[i] = ks[c];
            stamps[i] = stamps[c];
            i = c;
        }
        siftUp(i, x, k, st);
    }

    /** Puts the entry ({@code x}, key {@code k}, stamp {@code st}) into slot {@code i} and moves it up past the later entries above it. */
    private void siftUp(int i, Request x, long k, long st) {
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (k >= keys[p]) {
                break;
            }
            heap[i] = heap[p];
            keys[i] = keys[p];
            stamps[i] = stamps[p];
            i = p;
        }
        heap[i] = x;
        keys[i] = k;
        stamps[i] = st;
    }

}
