package io.nous.sim.epp;

import io.nous.sim.PolicyFailure;
import io.nous.sim.request.Request;
import io.nous.sim.spi.EvictionPolicy;
import java.util.Arrays;

/**
 * The router's eviction queue (pkg/epp/flowcontrol/eviction/queue.go): every dispatched request is
 * tracked until it ends; those the policy's filter accepts sit in a binary heap whose top is the
 * policy's first victim. Requests the policy ranks equal go newest dispatch first (then the later
 * request), so the order is total and the same on every run.
 */
public final class EvictionQueue {
    private final EvictionPolicy policy;
    private final String name;
    private Request[] heap = new Request[16];
    private int size;
    private int inFlight;

    /**
     * @param policy the eviction plug point's policy (the router's pair is {@link SheddableNewestFirst})
     * @param name   its name, for messages
     */
    public EvictionQueue(EvictionPolicy policy, String name) {
        this.policy = policy;
        this.name = name;
    }

    /** The policy's name, as results show it. */
    public String name() {
        return name;
    }

    /** {@code r} was dispatched to a model server: tracked, and evictable if the filter accepts it. */
    public void track(Request r) {
        if (r.evictionTracked) {
            return;
        }
        r.evictionTracked = true;
        inFlight++;
        if (accepts(r)) {
            push(r);
        }
    }

    /** {@code r} ended (completed, failed, given up on): no longer tracked. */
    public void untrack(Request r) {
        if (!r.evictionTracked) {
            return;
        }
        r.evictionTracked = false;
        inFlight--;
        if (r.evictionIndex >= 0) {
            removeAt(r.evictionIndex);
        }
    }

    /** The first victim, or null when nothing is evictable. */
    public Request peek() {
        return size == 0 ? null : heap[0];
    }

    /** Takes the first victim out of tracking altogether (the router's {@code PopN(1)}), or null. */
    public Request poll() {
        if (size == 0) {
            return null;
        }
        Request top = heap[0];
        removeAt(0);
        top.evictionTracked = false;
        inFlight--;
        return top;
    }

    /** Every tracked request, evictable or not. */
    public int inFlight() {
        return inFlight;
    }

    /** Requests the filter accepted that are still in flight. */
    public int evictable() {
        return size;
    }

    private boolean accepts(Request r) {
        try {
            return policy.accept(r.priority, r.dispatchUs, FlowController.requestBytes(r), r.sloTtftMs);
        } catch (PolicyFailure e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            throw failed(e, "filtering request " + r.id);
        }
    }

    /** Whether {@code a} is evicted before {@code b}. */
    private boolean before(Request a, Request b) {
        boolean ab = less(a, b);
        boolean ba = less(b, a);
        if (ab != ba) {
            return ab;
        }
        return a.dispatchUs != b.dispatchUs ? a.dispatchUs > b.dispatchUs : a.id > b.id;
    }

    private boolean less(Request a, Request b) {
        try {
            return policy.less(a.priority, a.dispatchUs, FlowController.requestBytes(a), a.sloTtftMs, b.priority, b.dispatchUs,
                    FlowController.requestBytes(b), b.sloTtftMs);
        } catch (PolicyFailure e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            throw failed(e, "comparing requests " + a.id + " and " + b.id);
        }
    }

    private PolicyException failed(Throwable e, String what) {
        return new PolicyException("eviction policy '" + name + "' threw " + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage()) + " " + what, e);
    }

    private void push(Request r) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        heap[size] = r;
        r.evictionIndex = size;
        siftUp(size++);
    }

    private void removeAt(int i) {
        Request gone = heap[i];
        gone.evictionIndex = -1;
        size--;
        if (i == size) {
            heap[size] = null;
            return;
        }
        Request last = heap[size];
        heap[size] = null;
        heap[i] = last;
        last.evictionIndex = i;
        siftDown(i);
        if (heap[i] == last) {
            siftUp(i);
        }
    }

    private void siftUp(int i) {
        Request r = heap[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            Request p = heap[parent];
            if (!before(r, p)) {
                break;
            }
            heap[i] = p;
            p.evictionIndex = i;
            i = parent;
        }
        heap[i] = r;
        r.evictionIndex = i;
    }

    private void siftDown(int i) {
        Request r = heap[i];
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < size && before(heap[right], heap[child])) {
                child = right;
            }
            if (!before(heap[child], r)) {
                break;
            }
            heap[i] = heap[child];
            heap[i].evictionIndex = i;
            i = child;
        }
        heap[i] = r;
        r.evictionIndex = i;
    }
}
