package io.nous.sim.pd;

import io.nous.sim.request.Request;
import java.util.PriorityQueue;
import org.HdrHistogram.Histogram;

/**
 * The requests between their prefill and their decode: a prefill leg ran on a prefill pod (the
 * sidecar's request of one output token, whose token is discarded), and the prompt's KV is crossing
 * the link to the decode pod. Ready ones leave in order of arrival time, then request id.
 *
 * <p>Simplification, declared: vLLM's decode pod allocates the prompt's blocks before it pulls the KV
 * ({@code WAITING_FOR_REMOTE_KVS}); here the transfer runs first and the request then waits for
 * blocks like any other, so a decode pod short of KV memory delays the request after, not before,
 * the transfer. The time is the same unless blocks free up during the transfer. The prefill pod frees
 * the prompt's blocks when the leg ends, not when the decode pod has read them.
 */
public final class KvHandoffs {
    private final Disaggregation config;
    private final double kvBytesPerToken;
    private final int gpusPerPod;
    private final PriorityQueue<Request> transfers = new PriorityQueue<>(KvHandoffs::byReady);
    private final Histogram transferUs = new Histogram(3_600_000_000L, 3);
    private double bytesMoved;
    private long disaggregated;
    private long scheduled;

    public KvHandoffs(Disaggregation config, double kvBytesPerToken, int gpusPerPod) {
        this.config = config;
        this.kvBytesPerToken = kvBytesPerToken;
        this.gpusPerPod = gpusPerPod;
    }

    private static int byReady(Request a, Request b) {
        return a.kvReadyUs != b.kvReadyUs ? Long.compare(a.kvReadyUs, b.kvReadyUs) : Integer.compare(a.id, b.id);
    }

    /**
     * The leg that prefills {@code r} on prefill pod {@code prefillPod}: the same prompt, one output
     * token, sent now; {@code r} stays charged to its decode pod {@code decodePod}.
     */
    public Request leg(Request r, int decodePod, int prefillPod, long nowUs) {
        Request leg = new Request(r.id, r.classIndex, r.priority, r.tenant, r.inputTokens, 1, nowUs, r.admissionDraw, r.content);
        leg.pdParent = r;
        leg.dispatchUs = nowUs;
        leg.pod = prefillPod;
        r.prefillLeg = leg;
        r.prefillPod = prefillPod;
        r.pod = decodePod;
        return leg;
    }

    /** A scheduled request ({@code measured}: in the measurement window) went to a prefill pod or not. */
    public void scheduled(boolean measured, boolean disaggregatedToo) {
        if (measured) {
            scheduled++;
            if (disaggregatedToo) {
                disaggregated++;
            }
        }
    }

    /** {@code leg} finished its prefill at {@code nowUs}: its parent's KV starts across the link; returns when it arrives. */
    public long prefilled(Request leg, long nowUs, boolean measured) {
        Request r = leg.pdParent;
        long us = config.link().micros(r.inputTokens, kvBytesPerToken, gpusPerPod);
        r.transferUs = us;
        r.kvReadyUs = nowUs + us;
        transfers.add(r);
        if (measured) {
            transferUs.recordValue(Math.min(us, transferUs.getHighestTrackableValue()));
            bytesMoved += r.inputTokens * kvBytesPerToken;
        }
        return r.kvReadyUs;
    }

    /** The next request whose KV has arrived by {@code nowUs} (its client may have left since), or null. */
    public Request arrived(long nowUs) {
        Request r = transfers.peek();
        if (r == null || r.kvReadyUs > nowUs) {
            return null;
        }
        return transfers.poll();
    }

    public DisaggSummary summary() {
        long n = transferUs.getTotalCount();
        return new DisaggSummary(config.prefillPods(), config.link().name(), disaggregated,
                scheduled > 0 ? (double) disaggregated / scheduled : Double.NaN,
                n > 0 ? transferUs.getMean() / 1e3 : Double.NaN,
                n > 0 ? transferUs.getValueAtPercentile(99) / 1e3 : Double.NaN,
                n > 0 ? transferUs.getMaxValue() / 1e3 : Double.NaN,
                bytesMoved / 1e9);
    }
}
