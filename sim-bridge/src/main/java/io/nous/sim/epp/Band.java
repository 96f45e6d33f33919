package io.nous.sim.epp;

import io.nous.sim.request.Request;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Consumer;

/**
 * One priority band of the flow controller: a queue per flow (tenant), each ordered by the band's
 * ordering policy, and the band's fairness policy to choose between flows.
 */
final class Band {
    private static final Comparator<Request> BY_KEY =
            Comparator.<Request>comparingLong(r -> r.orderKey).thenComparingInt(r -> r.id);

    final int priority;
    private final Fairness fairness;
    /** Flows sorted by flow id. */
    private final List<Flow> flows = new ArrayList<>();
    private int size;
    private long bytes;
    private int roundRobinLast = -1;

    private static final class Flow {
        final int id;
        final PriorityQueue<Request> queue = new PriorityQueue<>(BY_KEY);

        Flow(int id) {
            this.id = id;
        }
    }

    Band(int priority, Fairness fairness) {
        this.priority = priority;
        this.fairness = fairness;
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
        flow(r.tenant).queue.add(r);
        size++;
        bytes += requestBytes;
    }

    /** Removes and returns the request the fairness and ordering policies choose, or null. */
    Request poll(RequestBytes sizer) {
        if (size == 0) {
            return null;
        }
        Flow chosen = fairness == Fairness.GLOBAL_STRICT ? bestHead() : nextRoundRobin();
        Request r = chosen.queue.poll();
        size--;
        bytes -= sizer.of(r);
        return r;
    }

    /** Removes every request for which {@code expired} holds, reporting each to {@code evicted}. */
    void evictIf(java.util.function.Predicate<Request> expired, RequestBytes sizer, Consumer<Request> evicted) {
        if (size == 0) {
            return;
        }
        for (Flow f : flows) {
            if (f.queue.isEmpty()) {
                continue;
            }
            List<Request> gone = new ArrayList<>();
            f.queue.removeIf(r -> {
                if (expired.test(r)) {
                    gone.add(r);
                    return true;
                }
                return false;
            });
            gone.sort(BY_KEY);
            for (Request r : gone) {
                size--;
                bytes -= sizer.of(r);
                evicted.accept(r);
            }
        }
    }

    private Flow bestHead() {
        Flow best = null;
        for (Flow f : flows) {
            Request h = f.queue.peek();
            if (h != null && (best == null || BY_KEY.compare(h, best.queue.peek()) < 0)) {
                best = f;
            }
        }
        return best;
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
            if (!f.queue.isEmpty()) {
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
        Flow f = new Flow(id);
        flows.add(lo, f);
        return f;
    }

    /** Payload size of a request, for the per-band byte limit. */
    @FunctionalInterface
    interface RequestBytes {
        long of(Request r);
    }
}
