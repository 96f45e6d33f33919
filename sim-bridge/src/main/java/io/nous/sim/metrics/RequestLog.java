package io.nous.sim.metrics;

import io.nous.sim.epp.Outcome;
import io.nous.sim.request.Request;
import java.util.Arrays;

/**
 * What happened to every request of a run, by request id: how it left (completed or which drop),
 * when its first token came and when it ended. Kept only when asked for, in parallel primitive
 * arrays, so that a simulation can be compared request by request with an observed run of the
 * same arrivals.
 */
public final class RequestLog {
    /** Outcome code of a request still in the system when the run stopped. */
    public static final byte UNFINISHED = -1;

    private byte[] outcome = new byte[1024];
    private long[] firstTokenUs = new long[1024];
    private long[] finishUs = new long[1024];
    private int[] cachedTokens = new int[1024];
    /** Per request: prefill pod + 1 (0: not disaggregated), decode pod, KV transfer µs (-1: not finished). */
    private int[] prefillPod = new int[1024];
    private int[] decodePod = new int[1024];
    private long[] transferUs = new long[1024];
    private int size;

    public RequestLog() {
        Arrays.fill(outcome, UNFINISHED);
    }

    /** Notes that request {@code id} exists (arrived), so that it reads as unfinished until it leaves. */
    public void arrived(int id) {
        ensure(id);
        size = Math.max(size, id + 1);
    }

    public void completed(Request r) {
        ensure(r.id);
        outcome[r.id] = (byte) Outcome.COMPLETED.ordinal();
        firstTokenUs[r.id] = r.firstTokenUs;
        finishUs[r.id] = r.finishUs;
        cachedTokens[r.id] = r.cachedPromptTokens;
        handoff(r);
        size = Math.max(size, r.id + 1);
    }

    private void handoff(Request r) {
        if (r.prefillPod >= 0) {
            prefillPod[r.id] = r.prefillPod + 1;
            decodePod[r.id] = r.pod;
            transferUs[r.id] = r.transferUs;
        }
    }

    /** The pod that prefilled request {@code id}, or -1: it was not disaggregated (or never scheduled). */
    public int prefillPod(int id) {
        return id < size ? prefillPod[id] - 1 : -1;
    }

    /** The decode pod of a disaggregated request. */
    public int decodePod(int id) {
        return decodePod[id];
    }

    /** The KV transfer of a disaggregated request (µs), or -1: it left before the transfer ended. */
    public long transferUs(int id) {
        return transferUs[id];
    }

    /** Prompt tokens request {@code id} found in its pod's prefix cache (0 unless it completed). */
    public int cachedTokens(int id) {
        return id < size ? cachedTokens[id] : 0;
    }

    public void dropped(Request r, Outcome o, long nowUs) {
        ensure(r.id);
        outcome[r.id] = (byte) o.ordinal();
        firstTokenUs[r.id] = -1;
        finishUs[r.id] = nowUs;
        handoff(r);
        size = Math.max(size, r.id + 1);
    }

    /** Requests seen: ids 0 .. size-1. */
    public int size() {
        return size;
    }

    /** How request {@code id} left, or null if it had not when the run stopped. */
    public Outcome outcome(int id) {
        byte b = id < size ? outcome[id] : UNFINISHED;
        return b == UNFINISHED ? null : Outcome.values()[b];
    }

    /** Simulated time of its first token, µs, or -1. */
    public long firstTokenUs(int id) {
        return id < size ? firstTokenUs[id] : -1;
    }

    /** Simulated time it completed or was dropped, µs, or -1. */
    public long finishUs(int id) {
        return id < size && outcome[id] != UNFINISHED ? finishUs[id] : -1;
    }

    private void ensure(int id) {
        if (id >= outcome.length) {
            int n = Math.max(id + 1, outcome.length * 2);
            int old = outcome.length;
            outcome = Arrays.copyOf(outcome, n);
            Arrays.fill(outcome, old, n, UNFINISHED);
            firstTokenUs = Arrays.copyOf(firstTokenUs, n);
            finishUs = Arrays.copyOf(finishUs, n);
            cachedTokens = Arrays.copyOf(cachedTokens, n);
            prefillPod = Arrays.copyOf(prefillPod, n);
            decodePod = Arrays.copyOf(decodePod, n);
            transferUs = Arrays.copyOf(transferUs, n);
        }
    }
}
