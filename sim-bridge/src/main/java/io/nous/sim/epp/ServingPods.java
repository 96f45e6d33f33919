package io.nous.sim.epp;

/**
 * The pods the router can send to: its endpoint pool. A fixed pool is every pod, always; an
 * autoscaled one gains a pod when it becomes ready and loses it when it starts to drain. Members are
 * kept in ascending index, so a pool of every pod is visited exactly as the whole array is.
 */
public final class ServingPods {
    private final int[] ids;
    private final boolean[] member;
    private int count;

    private ServingPods(int capacity) {
        this.ids = new int[capacity];
        this.member = new boolean[capacity];
    }

    /** Every one of {@code n} pods serving. */
    public static ServingPods all(int n) {
        ServingPods s = new ServingPods(n);
        for (int i = 0; i < n; i++) {
            s.ids[i] = i;
            s.member[i] = true;
        }
        s.count = n;
        return s;
    }

    /** The first {@code serving} of {@code capacity} pods serving, the rest not yet. */
    public static ServingPods first(int serving, int capacity) {
        ServingPods s = new ServingPods(capacity);
        for (int i = 0; i < serving; i++) {
            s.add(i);
        }
        return s;
    }

    public int count() {
        return count;
    }

    /** The {@code k}-th serving pod, in ascending index. */
    public int id(int k) {
        return ids[k];
    }

    public boolean contains(int pod) {
        return member[pod];
    }

    /** Pod {@code pod} joins the pool (it became ready). */
    public void add(int pod) {
        if (member[pod]) {
            throw new IllegalStateException("pod " + pod + " already serves");
        }
        int at = count;
        while (at > 0 && ids[at - 1] > pod) {
            ids[at] = ids[at - 1];
            at--;
        }
        ids[at] = pod;
        member[pod] = true;
        count++;
    }

    /** Pod {@code pod} leaves the pool (it drains). */
    public void remove(int pod) {
        if (!member[pod]) {
            throw new IllegalStateException("pod " + pod + " does not serve");
        }
        int at = 0;
        while (ids[at] != pod) {
            at++;
        }
        System.arraycopy(ids, at + 1, ids, at, count - at - 1);
        member[pod] = false;
        count--;
    }
}
