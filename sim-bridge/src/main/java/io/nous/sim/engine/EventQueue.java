package io.nous.sim.engine;

import java.util.Arrays;

/**
 * A binary min-heap of simulation events kept in parallel primitive arrays, so that scheduling an
 * event allocates nothing. Events are ordered by time, then by the order in which they were
 * scheduled, which makes the event order (and so every result) deterministic. One stream that always
 * has exactly one event pending (the next arrival) keeps it beside the heap ({@link #scheduleBeside}).
 *
 * <p>An event is a {@code kind} and an integer {@code arg} (for example a pod index); the owner of
 * the queue interprets them. After {@link #poll()}, the polled event's fields are available through
 * {@link #time()}, {@link #kind()} and {@link #arg()}.
 */
public final class EventQueue {
    /** Slot i's time at {@code 2i} and its place in the scheduling order at {@code 2i + 1}: one line read per comparison. */
    private long[] order;
    /** Slot i's kind in the upper 32 bits, its argument in the lower. */
    private long[] events;
    private int size;
    private long nextSeq;

    /**
     * The one event of the side stream ({@link #scheduleBeside}) when {@link #besideFull}: kept out of
     * the heap and compared with its top, since that stream (the arrival source) always has exactly
     * one pending event and would otherwise pass through the heap once per request.
     */
    private long besideTime;
    private long besideSeq;
    private long besideEvent;
    private boolean besideFull;

    private long polledTime;
    private int polledKind;
    private int polledArg;

    public EventQueue() {
        this(256);
    }

    public EventQueue(int initialCapacity) {
        int cap = Math.max(16, initialCapacity);
        order = new long[2 * cap];
        events = new long[cap];
    }

    /** Schedules an event; events at equal times run in scheduling order. */
    public void schedule(long time, int kind, int arg) {
        schedule(time, nextSeq++, kind, arg);
    }

    /**
     * The place in the scheduling order that a {@link #schedule} call made now would take, without
     * scheduling anything: for an owner that keeps an event outside the heap (and may later put it in
     * with {@link #schedule(long, long, int, int)}) and must still order it among equal-time events
     * exactly as if it had been scheduled now.
     */
    public long reserveSeq() {
        return nextSeq++;
    }

    /**
     * Schedules the side stream's event: one that a single source keeps exactly one of pending at a
     * time (the next arrival), held beside the heap instead of in it. It takes its place in the
     * scheduling order as {@link #schedule} would, so the order events leave in is the same.
     */
    public void scheduleBeside(long time, int kind, int arg) {
        if (besideFull) {
            throw new IllegalStateException("the side stream already has its event pending");
        }
        besideTime = time;
        besideSeq = nextSeq++;
        besideEvent = (long) kind << 32 | (arg & 0xffffffffL);
        besideFull = true;
    }

    /** Whether an event at {@code time} with place {@code seq} comes before the earliest queued one (true when none is queued). */
    public boolean before(long time, long seq) {
        return (size == 0 || less(time, seq, order[0], order[1])) && (!besideFull || less(time, seq, besideTime, besideSeq));
    }

    /** Schedules an event at a place taken earlier by {@link #reserveSeq}. */
    public void schedule(long time, long seq, int kind, int arg) {
        if (size == events.length) {
            grow();
        }
        siftUp(size++, time, seq, (long) kind << 32 | (arg & 0xffffffffL));
    }

    public boolean isEmpty() {
        return size == 0 && !besideFull;
    }

    public int size() {
        return besideFull ? size + 1 : size;
    }

    /** Time of the earliest event; the queue must not be empty. */
    public long peekTime() {
        return besideFirst() ? besideTime : order[0];
    }

    /** Whether the side stream's event is the earliest. */
    private boolean besideFirst() {
        return besideFull && (size == 0 || less(besideTime, besideSeq, order[0], order[1]));
    }

    /**
     * Removes the earliest event and makes its fields readable; the queue must not be empty. Bottom-up
     * (Floyd): the hole at the top follows the earlier child down to a leaf, one comparison a level,
     * and the last event is sifted up from there, where it usually already belongs. Events are totally
     * ordered (no two share a place), so they leave in the same order whatever the heap's layout.
     */
    public void poll() {
        if (besideFirst()) {
            besideFull = false;
            polledTime = besideTime;
            polledKind = (int) (besideEvent >>> 32);
            polledArg = (int) besideEvent;
            return;
        }
        long[] o = order;
        long e = events[0];
        polledTime = o[0];
        polledKind = (int) (e >>> 32);
        polledArg = (int) e;
        int last = --size;
        if (last == 0) {
            return;
        }
        int i = 0;
        int half = last >>> 1; // slots below have a child; one whose right child is the last slot has only its left
        while (i < half) {
            int c = 2 * i + 1;
            int r = c + 1;
            if (r < last && less(o[2 * r], o[2 * r + 1], o[2 * c], o[2 * c + 1])) {
                c = r;
            }
            o[2 * i] = o[2 * c];
            o[2 * i + 1] = o[2 * c + 1];
            events[i] = events[c];
            i = c;
        }
        siftUp(i, o[2 * last], o[2 * last + 1], events[last]);
    }

    public long time() {
        return polledTime;
    }

    public int kind() {
        return polledKind;
    }

    public int arg() {
        return polledArg;
    }

    /** Puts the event into slot {@code i} and moves it up past the later events above it. */
    private void siftUp(int i, long time, long seq, long event) {
        long[] o = order;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!less(time, seq, o[2 * parent], o[2 * parent + 1])) {
                break;
            }
            o[2 * i] = o[2 * parent];
            o[2 * i + 1] = o[2 * parent + 1];
            events[i] = events[parent];
            i = parent;
        }
        o[2 * i] = time;
        o[2 * i + 1] = seq;
        events[i] = event;
    }

    private static boolean less(long t1, long s1, long t2, long s2) {
        return t1 < t2 || (t1 == t2 && s1 < s2);
    }

    private void grow() {
        int cap = events.length * 2;
        order = Arrays.copyOf(order, 2 * cap);
        events = Arrays.copyOf(events, cap);
    }
}
