package io.nous.sim.metrics;

import java.util.Arrays;

/**
 * Per-request latencies of one traffic class over the measurement window, in milliseconds, in
 * completion order, with each request's tenant: what statistics need beyond a histogram (bootstrap
 * resampling, SLO goodput, per-tenant quantiles). Recorded only when asked for, compactly, as floats.
 */
public final class RequestSamples {
    private float[] ttft = new float[256];
    private float[] e2e = new float[256];
    private float[] itl = new float[256];
    private int[] tenant = new int[256];
    private int size;
    /** Ascending copies, made on first use by statistics (the samples are complete by then). */
    private volatile float[] sortedTtft;
    private volatile float[] sortedE2e;

    public RequestSamples() {
    }

    /** Samples read back from their arrays (equal lengths), e.g. after crossing a process boundary. */
    public static RequestSamples of(float[] ttftMs, float[] e2eMs, float[] itlMs) {
        return of(ttftMs, e2eMs, itlMs, new int[ttftMs.length]);
    }

    /** As {@link #of(float[], float[], float[])}, with each request's tenant. */
    public static RequestSamples of(float[] ttftMs, float[] e2eMs, float[] itlMs, int[] tenants) {
        if (ttftMs.length != e2eMs.length || ttftMs.length != itlMs.length || ttftMs.length != tenants.length) {
            throw new IllegalArgumentException("sample arrays differ in length");
        }
        RequestSamples r = new RequestSamples();
        r.ttft = ttftMs.clone();
        r.e2e = e2eMs.clone();
        r.itl = itlMs.clone();
        r.tenant = tenants.clone();
        r.size = ttftMs.length;
        return r;
    }

    void add(double ttftMs, double e2eMs, double itlMs, int tenantId) {
        if (size == ttft.length) {
            int n = Math.max(256, size * 2);
            ttft = Arrays.copyOf(ttft, n);
            e2e = Arrays.copyOf(e2e, n);
            itl = Arrays.copyOf(itl, n);
            tenant = Arrays.copyOf(tenant, n);
        }
        ttft[size] = (float) ttftMs;
        e2e[size] = (float) e2eMs;
        itl[size] = (float) itlMs;
        tenant[size] = tenantId;
        size++;
    }

    /** The tenant of each completed request, in the order of {@link #ttftMs}. */
    public int[] tenants() {
        return Arrays.copyOf(tenant, size);
    }

    public int size() {
        return size;
    }

    /** Time to first token of each completed request, ms. */
    public float[] ttftMs() {
        return Arrays.copyOf(ttft, size);
    }

    /** End-to-end latency of each completed request, ms. */
    public float[] e2eMs() {
        return Arrays.copyOf(e2e, size);
    }

    /**
     * {@link #ttftMs} in ascending order, sorted once and shared by every comparison that reads this
     * run (a baseline's run is compared with every candidate): read it, never write to it.
     */
    public float[] sortedTtftMs() {
        float[] s = sortedTtft;
        if (s == null) {
            sortedTtft = s = sortedCopy(ttft);
        }
        return s;
    }

    /** {@link #e2eMs} in ascending order, shared as {@link #sortedTtftMs} is: read it, never write to it. */
    public float[] sortedE2eMs() {
        float[] s = sortedE2e;
        if (s == null) {
            sortedE2e = s = sortedCopy(e2e);
        }
        return s;
    }

    private float[] sortedCopy(float[] values) {
        float[] s = Arrays.copyOf(values, size);
        FloatSort.sort(s);
        return s;
    }

    /** Mean inter-token latency of each completed request, ms (0 for single-token outputs). */
    public float[] itlMs() {
        return Arrays.copyOf(itl, size);
    }
}
