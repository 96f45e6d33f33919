package io.nous.sim.pod;

import io.nous.sim.request.Request;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Decoding requests ordered by the step at whose end they produce their last token. Under
 * continuous batching every decoding request advances one token per step, so that step is known
 * when decoding starts. Most requests finish within a few thousand steps of the pod's current one: those
 * wait in a calendar, one bucket per finishing step in a ring of {@link #DAYS}, each bucket's requests
 * in id order, so that a step finds its completions in one bucket and an addition costs O(1); the rest
 * (long outputs, or a step the calendar's window has passed) wait in a binary heap. What leaves first is
 * the earlier of the two fronts, so the order is that of one queue by (finishing step, request id).
 *
 * <p>In the heap each entry's order, (finishing step, request id), is packed into a {@code long} kept
 * beside it, so sifting compares array elements and never touches the requests it passes over. A
 * preempted or aborted request is removed lazily: its entry carries the stamp the request had when it
 * was added, and removal changes the request's stamp, so the entry is dropped when it comes to the
 * front (by its finishing step, within the request's remaining output). Live entries leave in exactly
 * the order they would without the dead ones. The calendar keeps dead nodes the same way. Stamps are
 * unique in the process (a queue's own number above a count of its additions), so a request that moves
 * to another pod's queue is never mistaken there.
 */
final class CompletionQueue {
    /** Request ids take 31 bits; finishing steps the 32 above them. */
    private static final int ID_BITS = 31;
    private static final AtomicLong QUEUES = new AtomicLong();
    /** The key of a slot past the end: above every entry's. */
    private static final long PAST_END = Long.MAX_VALUE;

    /** Finishing steps the calendar spans from its first day (a power of two). */
    static final int DAYS = 1 << 12;
    private static final int NONE = -1;
    /** Per day (finishing step modulo {@link #DAYS}): its first and last node, in id order, or {@link #NONE}. */
    private final int[] dayFirst = new int[DAYS];
    private final int[] dayLast = new int[DAYS];
    /**
     * The calendar's first day: no node in it finishes before, and every one finishes before {@code firstDay + DAYS}.
     * It only moves on past days with no node, so it stays at or below the earliest one.
     */
    private long firstDay;
    /** Nodes the calendar holds, dead ones included. */
    private int calendarNodes;
    /** Node n: its request, the stamp it was added with, its request's id and the next node of its day. */
    private Request[] nodeRequest = new Request[64];
    private long[] nodeStamp = new long[64];
    private int[] nodeId = new int[64];
    private int[] nodeNext = new int[64];
    /** Nodes not in use, chained through {@link #nodeNext}; {@code nodesMade} have ever been handed out. */
    private int spareNode = NONE;
    private int nodesMade;

    private Request[] heap = new Request[64];
    private long[] keys = new long[64];
    /** The stamp each entry was added with; the entry is live while its request still has it ({@link Request#heapStamp}). */
    private long[] stamps = new long[64];
    private int size;
    private int live;
    /** This queue's number, in the stamps' upper 32 bits, and the additions so far, in the lower. */
    private final long queueNumber = QUEUES.incrementAndGet() << 32;
    private long added;

    CompletionQueue() {
        Arrays.fill(dayFirst, NONE);
        Arrays.fill(dayLast, NONE);
    }

    /** Requests waiting (removed ones not counted). */
    int size() {
        return live;
    }

    /** The first request to finish, or null. */
    Request peek() {
        dropDead();
        int node = firstLiveNode(size == 0 ? Long.MAX_VALUE : keys[0] >>> ID_BITS);
        if (node == NONE) {
            return size == 0 ? null : heap[0];
        }
        return size > 0 && keys[0] < (firstDay << ID_BITS | nodeId[node]) ? heap[0] : nodeRequest[node];
    }

    /** The step at whose end the first request finishes, or {@link Long#MAX_VALUE} when none decodes. */
    long peekFinishStep() {
        dropDead();
        long heapStep = size == 0 ? Long.MAX_VALUE : keys[0] >>> ID_BITS;
        return firstLiveNode(heapStep) == NONE ? heapStep : Math.min(heapStep, firstDay);
    }

    /**
     * Whether some request finishes at the end of step {@code step} or before: {@link #peekFinishStep}
     * {@code <= step}, looking no further into the calendar than {@code step}, so that asking it on every step
     * costs one bucket a step.
     */
    boolean finishesBy(long step) {
        dropDead();
        if (size > 0 && keys[0] >>> ID_BITS <= step) {
            return true;
        }
        return firstLiveNode(step) != NONE;
    }

    /**
     * The calendar's first live node, moving its first day on past days with no live node (and dropping their
     * dead ones), but not past {@code limit}: {@link #NONE} when none finishes by then.
     */
    private int firstLiveNode(long limit) {
        while (calendarNodes > 0 && firstDay <= limit) {
            int day = (int) firstDay & (DAYS - 1);
            int node = dayFirst[day];
            // a node is checked only while some are dead: the check reads its request, a line no other part of this reads
            while (node != NONE && size + calendarNodes > live && nodeRequest[node].heapStamp != nodeStamp[node]) {
                node = dropFirstNode(day); // removed while waiting
            }
            if (node != NONE) {
                return node;
            }
            firstDay++;
        }
        if (calendarNodes == 0 && firstDay <= limit && limit != Long.MAX_VALUE) {
            firstDay = limit; // nothing waits in the calendar: its window may as well start at the step asked about
        }
        return NONE;
    }

    /** Takes the first node of {@code day} out and returns the next one (or {@link #NONE}). */
    private int dropFirstNode(int day) {
        int node = dayFirst[day];
        int next = nodeNext[node];
        dayFirst[day] = next;
        if (next == NONE) {
            dayLast[day] = NONE;
        }
        nodeRequest[node] = null;
        nodeNext[node] = spareNode;
        spareNode = node;
        calendarNodes--;
        return next;
    }

    void add(Request r) {
        if (r.finishStep < 0 || r.finishStep >= 1L << 32 || r.id < 0) {
            throw new IllegalStateException(r + " finishes at step " + r.finishStep + ", outside the queue's range");
        }
        if (r.heapStamp != 0) {
            throw new IllegalStateException(r + " is already in the completion queue");
        }
        long stamp = queueNumber | (++added & 0xffffffffL); // never 0: the queue's number is at least 1
        r.heapStamp = stamp;
        live++;
        if (calendarNodes == 0 && r.finishStep < firstDay) {
            firstDay = r.finishStep; // the calendar is empty: its window may start anywhere
        }
        if (r.finishStep >= firstDay && r.finishStep - firstDay < DAYS) {
            enterCalendar(r, stamp);
            return;
        }
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
            keys = Arrays.copyOf(keys, size * 2);
            stamps = Arrays.copyOf(stamps, size * 2);
        }
        siftUp(size++, r, r.finishStep << ID_BITS | r.id, stamp);
    }

    /** Puts {@code r} into its finishing step's bucket, after the requests there with lower ids. */
    private void enterCalendar(Request r, long stamp) {
        int node = spareNode;
        if (node != NONE) {
            spareNode = nodeNext[node];
        } else {
            if (nodesMade == nodeRequest.length) {
                int cap = 2 * nodesMade;
                nodeRequest = Arrays.copyOf(nodeRequest, cap);
                nodeStamp = Arrays.copyOf(nodeStamp, cap);
                nodeId = Arrays.copyOf(nodeId, cap);
                nodeNext = Arrays.copyOf(nodeNext, cap);
            }
            node = nodesMade++;
        }
        nodeRequest[node] = r;
        nodeStamp[node] = stamp;
        nodeId[node] = r.id;
        calendarNodes++;
        int day = (int) r.finishStep & (DAYS - 1);
        int last = dayLast[day];
        if (last == NONE) {
            nodeNext[node] = NONE;
            dayFirst[day] = node;
            dayLast[day] = node;
        } else if (nodeId[last] < r.id) {
            nodeNext[node] = NONE; // requests mostly start decoding in id order: the bucket's end
            nodeNext[last] = node;
            dayLast[day] = node;
        } else {
            int before = NONE;
            int at = dayFirst[day];
            while (nodeId[at] < r.id) {
                before = at;
                at = nodeNext[at];
            }
            nodeNext[node] = at;
            if (before == NONE) {
                dayFirst[day] = node;
            } else {
                nodeNext[before] = node;
            }
        }
    }

    /** Takes the first request to finish out; the caller checks {@link #finishesBy} or {@link #peekFinishStep} first. */
    Request poll() {
        dropDead();
        int node = firstLiveNode(size == 0 ? Long.MAX_VALUE : keys[0] >>> ID_BITS);
        Request top;
        if (node != NONE && (size == 0 || (firstDay << ID_BITS | nodeId[node]) < keys[0])) {
            top = nodeRequest[node];
            dropFirstNode((int) firstDay & (DAYS - 1));
        } else {
            top = heap[0];
            removeTop();
        }
        top.heapStamp = 0;
        live--;
        return top;
    }

    /** Takes {@code r} out (preempted or aborted); its entry stays until it reaches the top, dead. */
    void remove(Request r) {
        if (r.heapStamp == 0) {
            throw new IllegalStateException(r + " is not in the completion queue");
        }
        r.heapStamp = 0;
        live--;
    }

    /** Drops the dead entries at the heap's top (none to look for while every entry is live). */
    private void dropDead() {
        while (size > 0 && size + calendarNodes > live && heap[0].heapStamp != stamps[0]) {
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
