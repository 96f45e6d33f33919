package io.nous.sim.epp;

import io.nous.sim.request.Request;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * One priority band of the flow controller: a queue per flow (tenant), each ordered by the band's
 * ordering policy, and the band's fairness policy to choose between flows.
 *
 * <p>The built-in orderings produce keys that never decrease in enqueue order (enqueue time, or
 * enqueue time plus one shared TTL), so each flow is a FIFO and its head is its best request;
 * {@link #add} checks that this stays true. An ordering policy at the plug point may order any way,
 * so each flow is then a heap ({@link FlowHeap}) and global-strict compares heads with the policy.
 */
final class Band {

    final int priority;
    private final Fairness fairness;
    /** The ordering policy at the plug point, or null: the built-in ordering's keys. */
    private final OrderingCall ordering;
    /** The fairness policy at the plug point, or null: the configured {@link #fairness}. */
    private final FairnessCall fairnessCall;
    /** This band's state for {@link #fairnessCall}, or null. */
    private final long[] fairnessState;
    /** The flows that hold requests, as the last pick found them (reused). */
    private Flow[] candidates = new Flow[8];
    /** Indexes into {@link #candidates} in the order of their heads (reused). */
    private int[] byHead = new int[8];
    /** Flows sorted by flow id. */
    private final List<Flow> flows = new ArrayList<>();
    private int size;
    private long bytes;
    private int roundRobinLast = -1;

    private static final class Flow {
        final int id;
        /** The queue in enqueue order (built-in orderings), or null. */
        final ArrayDeque<Request> queue;
        /** The queue as a heap under the plug point's ordering, or null. */
        final FlowHeap heap;

        Flow(int id, OrderingCall ordering) {
            this.id = id;
            this.queue = ordering == null ? new ArrayDeque<>() : null;
            this.heap = ordering == null ? null : new FlowHeap(ordering);
        }

        Request peek() {
            return queue != null ? queue.peekFirst() : heap.peek();
        }

        Request poll() {
            return queue != null ? queue.pollFirst() : heap.poll();
        }

        boolean isEmpty() {
            return queue != null ? queue.isEmpty() : heap.isEmpty();
        }
    }

    Band(int priority, Fairness fairness) {
        this(priority, fairness, null);
    }

    /** A band whose flows are ordered by {@code ordering}, or by the built-in ordering's keys when null. */
    Band(int priority, Fairness fairness, OrderingCall ordering) {
        this(priority, fairness, ordering, null);
    }

    /**
     * A band whose next flow {@code fairnessCall} picks (with a state of this band's own), or the
     * configured {@code fairness} when it is null.
     */
    Band(int priority, Fairness fairness, OrderingCall ordering, FairnessCall fairnessCall) {
        this.priority = priority;
        this.fairness = fairness;
        this.ordering = ordering;
        this.fairnessCall = fairnessCall;
        this.fairnessState = fairnessCall == null ? null : fairnessCall.newState();
    }

    int size() {
        return size;
    }

    long bytes() {
        return bytes;
    }

    boolean isEmpty() {
        return size == 0;
    }

    void add(Request r, long requestBytes) {
        Flow f = flow(r.tenant);
        if (f.heap != null) {
            f.heap.add(r);
        } else {
            Request last = f.queue.peekLast();
            if (last != null && last.orderKey > r.orderKey) {
                throw new IllegalStateException("ordering keys must not decrease in enqueue order");
            }
            f.queue.addLast(r);
        }
        size++;
        bytes += requestBytes;
    }

    /** Removes and returns the request the fairness and ordering policies choose, or null. */
    Request poll(RequestBytes sizer) {
        if (size == 0) {
            return null;
        }
        Flow chosen = fairnessCall != null ? picked() : fairness == Fairness.GLOBAL_STRICT ? bestHead() : nextRoundRobin();
        Request r = chosen.poll();
        size--;
        bytes -= sizer.of(r);
        return r;
    }

    /** Removes {@code r} wherever it waits in its flow (its client went away); false if it is not queued here. */
    boolean remove(Request r, RequestBytes sizer) {
        for (Flow f : flows) {
            if (f.id == r.tenant) {
                if (!(f.queue != null ? f.queue.remove(r) : f.heap.remove(r))) {
                    return false;
                }
                size--;
                bytes -= sizer.of(r);
                return true;
            }
        }
        return false;
    }

    /**
     * Removes, oldest first, every request for which {@code expired} holds, reporting each to
     * {@code evicted}. Requests expire in enqueue order, so only the heads of FIFO flows are examined;
     * a heap is searched whole.
     */
    void evictExpired(Predicate<Request> expired, RequestBytes sizer, Consumer<Request> evicted) {
        for (Flow f : flows) {
            if (f.heap != null) {
                f.heap.removeIf(expired, h -> {
                    size--;
                    bytes -= sizer.of(h);
                    evicted.accept(h);
                });
                continue;
            }
            Request h;
            while ((h = f.queue.peekFirst()) != null && expired.test(h)) {
                f.queue.pollFirst();
                size--;
                bytes -= sizer.of(h);
                evicted.accept(h);
            }
        }
    }

    private Flow bestHead() {
        Flow best = null;
        Request bestHead = null;
        for (Flow f : flows) {
            Request h = f.peek();
            if (h != null && (best == null || before(h, bestHead))) {
                best = f;
                bestHead = h;
            }
        }
        return best;
    }

    /** The flow the fairness policy at the plug point picks among those that hold requests. */
    private Flow picked() {
        int n = 0;
        for (Flow f : flows) {
            if (!f.isEmpty()) {
                if (n == candidates.length) {
                    candidates = java.util.Arrays.copyOf(candidates, n * 2);
                }
                candidates[n++] = f;
            }
        }
        FairnessCall c = fairnessCall;
        c.ensure(n);
        if (byHead.length < n) {
            byHead = new int[Math.max(n, byHead.length * 2)];
        }
        for (int i = 0; i < n; i++) {
            Flow f = candidates[i];
            Request h = f.peek();
            c.flowIds[i] = f.id;
            c.queued[i] = f.queue != null ? f.queue.size() : f.heap.size();
            c.headEnqueueUs[i] = h.enqueueUs;
            c.headBytes[i] = FlowController.requestBytes(h);
            c.headSloTtftMs[i] = h.sloTtftMs;
            // the flows in the order of their heads under the band's ordering, by binary insertion
            int lo = 0;
            int hi = i;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (before(candidates[byHead[mid]].peek(), h)) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            System.arraycopy(byHead, lo, byHead, lo + 1, i - lo);
            byHead[lo] = i;
        }
        for (int r = 0; r < n; r++) {
            c.headRank[byHead[r]] = r;
        }
        return candidates[c.pick(n, fairnessState, priority)];
    }

    private boolean before(Request a, Request b) {
        if (ordering != null) {
            return ordering.before(a, b);
        }
        return a.orderKey < b.orderKey || (a.orderKey == b.orderKey && a.id < b.id);
    }

    private Flow nextRoundRobin() {
        int n = flows.size();
        int start = 0;
        for (int i = 0; i < n; i++) {
            if (flows.get(i).id > roundRobinLast) {
                start = i;
                break;
            }
            start = 0;
        }
        for (int k = 0; k < n; k++) {
            Flow f = flows.get((start + k) % n);
            if (!f.isEmpty()) {
                roundRobinLast = f.id;
                return f;
            }
        }
        throw new IllegalStateException("band " + priority + " has size " + size + " but no non-empty flow");
    }

    private Flow flow(int id) {
        int lo = 0;
        int hi = flows.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int midId = flows.get(mid).id;
            if (midId < id) {
                lo = mid + 1;
            } else if (midId > id) {
                hi = mid - 1;
            } else {
                return flows.get(mid);
            }
        }
        Flow f = new Flow(id, ordering);
        flows.add(lo, f);
        return f;
    }

    /** Payload size of a request, for the per-band byte limit. */
    @FunctionalInterface
    interface RequestBytes {
        long of(Request r);
    }
}
