package io.nous.sim.engine;

import java.util.Arrays;

/**
 * A binary min-heap of simulation events kept in parallel primitive arrays, so that scheduling an
 * event allocates nothing. Events are ordered by time, then by the order in which they were
 * scheduled, which makes the event order (and so every result) deterministic.
 *
 * <p>An event is a {@code kind} and an integer {@code arg} (for example a pod index); the owner of
 * the queue interprets them. After {@link #poll()}, the polled event's fields are available through
 * {@link #time()}, {@link #kind()} and {@link #arg()}.
 */
public final class EventQueue {
    private long[] times;
    private long[] seqs;
    private int[] kinds;
    private int[] args;
    private int size;
    private long nextSeq;

    private long polledTime;
    private int polledKind;
    private int polledArg;

    public EventQueue() {
        this(256);
    }

    public EventQueue(int initialCapacity) {
        int cap = Math.max(16, initialCapacity);
        times = new long[cap];
        seqs = new long[cap];
        kinds = new int[cap];
        args = new int[cap];
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

    /** Whether an event at {@code time} with place {@code seq} comes before the earliest queued one (true when none is queued). */
    public boolean before(long time, long seq) {
        return size == 0 || less(time, seq, times[0], seqs[0]);
    }

    /** Schedules an event at a place taken earlier by {@link #reserveSeq}. */
    public void schedule(long time, long seq, int kind, int arg) {
        if (size == times.length) {
            grow();
        }
        int i = size++;
        // sift up
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!less(time, seq, times[parent], seqs[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        set(i, time, seq, kind, arg);
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int size() {
        return size;
    }

    /** Time of the earliest event; the queue must not be empty. */
    public long peekTime() {
        return times[0];
    }

    /** Removes the earliest event and makes its fields readable; the queue must not be empty. */
    public void poll() {
        polledTime = times[0];
        polledKind = kinds[0];
        polledArg = args[0];
        int last = --size;
        if (last == 0) {
            return;
        }
        long t = times[last];
        long s = seqs[last];
        int k = kinds[last];
        int a = args[last];
        int i = 0;
        int half = last >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < last && less(times[right], seqs[right], times[child], seqs[child])) {
                child = right;
            }
            if (!less(times[child], seqs[child], t, s)) {
                break;
            }
            move(child, i);
            i = child;
        }
        set(i, t, s, k, a);
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

    private static boolean less(long t1, long s1, long t2, long s2) {
        return t1 < t2 || (t1 == t2 && s1 < s2);
    }

    private void move(int from, int to) {
        times[to] = times[from];
        seqs[to] = seqs[from];
        kinds[to] = kinds[from];
        args[to] = args[from];
    }

    private void set(int i, long t, long s, int k, int a) {
        times[i] = t;
        seqs[i] = s;
        kinds[i] = k;
        args[i] = a;
    }

    private void grow() {
        int cap = times.length * 2;
        times = Arrays.copyOf(times, cap);
        seqs = Arrays.copyOf(seqs, cap);
        kinds = Arrays.copyOf(kinds, cap);
        args = Arrays.copyOf(args, cap);
    }
}
