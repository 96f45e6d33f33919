package io.nous.sim.cost;

/**
 * A physical model of one engine step on a GPU, built from hardware and model geometry, with
 * prefill and decode work priced separately.
 *
 * <p>Kernel-level GPU time of a step is the sum of:
 * <ul>
 *   <li>the linear layers, run once for all tokens of the step: the larger of their compute time
 *       ({@code 2 · non-embedding params} FLOPs per token at the GEMM efficiency for that many
 *       tokens, a measured curve, plus the LM head for every sequence that samples) and the time to
 *       stream the weights from HBM (optionally a smooth maximum: near the ridge point the two
 *       overlap imperfectly);</li>
 *   <li>prefill attention, compute bound: {@code 4 · layers · heads · headDim · Σ t(c + t/2)} FLOPs;</li>
 *   <li>decode attention, memory bound: every decoding sequence reads its whole KV cache, at its
 *       own efficiency (attention kernels stream KV differently from GEMMs streaming weights);</li>
 *   <li>tensor-parallel all-reduce traffic when TP &gt; 1.</li>
 * </ul>
 * A serving engine does not reach kernel speed on its per-token work, and not by the same margin
 * for both kinds of work (input preparation, scheduling, sampling, output handling): the prefill
 * tokens' share of the linear layers is divided by the profile's prefill runtime efficiency, the
 * decode tokens' share by the decode runtime efficiency. Attention runs at its own kernels' speed
 * (measured end to end, long-prompt prefill is not slowed by the same factor). Fixed per-step,
 * per-layer and per-sequence overheads are added last. Every efficiency is profile data
 * with a source; see {@code cost-profiles.yaml}.
 *
 * <p>Allocation-free: GEMM efficiencies are tabulated per token count at construction.
 */
public final class RooflineCostModel implements CostModel {
    /** Step sizes whose GEMM time per token is tabulated; larger steps interpolate on the fly. */
    private static final int TABLE_TOKENS = 16_384;

    private final CostProfile profile;
    private final CostProfile.Roofline params;
    /** Microseconds per token of the linear layers at 100 % of peak. */
    private final double usPerTokenAtPeak;
    /** Microseconds of LM head per sampling sequence at 100 % of peak. */
    private final double usPerSampledAtPeak;
    /** usPerGemmToken[t] = linear-layer microseconds per token in a step of t tokens. */
    private final double[] gemmUsPerToken;
    private final double[] lmUsPerSeq;
    private final double weightReadUs;
    private final double usPerAttentionWork;
    private final double usPerKvTokenRead;
    private final double usAllReducePerToken;
    private final double fixedUs;
    private final double usPerSeq;
    private final double prefillScale;
    private final double decodeScale;
    /** Exponent of the smooth maximum of compute and weight-streaming time; 0 = hard max. */
    private final double ridge;

    public RooflineCostModel(CostProfile profile) {
        CostProfile.Roofline r = profile.roofline();
        if (r == null) {
            throw new IllegalArgumentException("profile '" + profile.name() + "' has no 'roofline' parameters");
        }
        HardwareSpec hw = profile.hardwareSpec();
        ModelSpec m = profile.modelSpec();
        int tp = profile.tensorParallel();
        double flops = hw.peakTflopsBf16() * 1e12 * tp;
        double bytesPerParam = 2.0; // bf16

        this.profile = profile;
        this.params = r;
        this.usPerTokenAtPeak = 2.0 * m.nonEmbeddingParams() / flops * 1e6;
        this.usPerSampledAtPeak = 2.0 * m.hidden() * (double) m.vocab() / flops * 1e6;
        this.gemmUsPerToken = new double[TABLE_TOKENS + 1];
        this.lmUsPerSeq = new double[TABLE_TOKENS + 1];
        for (int t = 1; t <= TABLE_TOKENS; t++) {
            double mfu = r.gemmMfuAt(t);
            gemmUsPerToken[t] = usPerTokenAtPeak / mfu;
            lmUsPerSeq[t] = usPerSampledAtPeak / mfu;
        }
        // Streamed every step: non-embedding weights and the LM head. The embedding table is a
        // gather of a few rows, not a stream.
        this.weightReadUs = bytesPerParam * (m.nonEmbeddingParams() + (double) m.hidden() * m.vocab())
                / (hw.hbmTbPerS() * 1e12 * tp * r.weightStream()) * 1e6;
        this.usPerAttentionWork = 4.0 * m.layers() * m.queryHeads() * m.headDim() / (flops * r.attentionMfu()) * 1e6;
        this.usPerKvTokenRead = m.kvBytesPerToken() / (hw.hbmTbPerS() * 1e12 * tp * r.kvRead()) * 1e6;
        // Two all-reduces per layer of hidden-size activations; ring all-reduce moves 2(TP-1)/TP of it.
        this.usAllReducePerToken = tp > 1
                ? 2.0 * m.layers() * m.hidden() * bytesPerParam * 2.0 * (tp - 1) / tp
                        / (hw.interconnectGbPerS() * 1e9) * 1e6
                : 0.0;
        this.fixedUs = r.stepOverheadUs() + r.perLayerOverheadUs() * m.layers();
        this.usPerSeq = r.perSequenceOverheadUs();
        this.prefillScale = 1.0 / r.prefillRuntime();
        this.decodeScale = 1.0 / r.decodeRuntime();
        this.ridge = r.ridgeSharpness() == null ? 0 : r.ridgeSharpness();
    }

    private double gemmUs(int tokens) {
        return tokens * (tokens <= TABLE_TOKENS ? gemmUsPerToken[tokens] : usPerTokenAtPeak / params.gemmMfuAt(tokens));
    }

    private double lmHeadUs(int sampled) {
        return sampled * (sampled <= TABLE_TOKENS ? lmUsPerSeq[sampled] : usPerSampledAtPeak / params.gemmMfuAt(sampled));
    }

    @Override
    public double stepMicros(StepBatch b) {
        int tokens = b.prefillTokens + b.decodeSeqs;
        if (tokens == 0) {
            return fixedUs;
        }
        int sampled = b.decodeSeqs + b.prefillsCompleting;
        double linear = linearUs(tokens, sampled);
        double runtime = (b.prefillTokens * prefillScale + b.decodeSeqs * decodeScale) / tokens;
        return fixedUs
                + usPerSeq * (b.prefillSeqs + b.decodeSeqs)
                + linear * runtime
                + b.prefillAttentionWork * usPerAttentionWork
                + b.decodeContextTokens * usPerKvTokenRead
                + tokens * usAllReducePerToken;
    }

    /**
     * The linear layers' time for a step of {@code tokens} tokens of which {@code sampled} sample: the
     * (smooth) maximum of their compute and of streaming the weights. A pure function of the two counts,
     * which steps repeat constantly (a decode step of n sequences is n and n), so its two powers are
     * remembered in a small direct-mapped table, per thread.
     */
    private double linearUs(int tokens, int sampled) {
        if (ridge == 0) {
            return Math.max(compute(tokens, sampled), weightReadUs);
        }
        LinearMemo memo = LINEAR_MEMO.get();
        if (memo.model != this) {
            memo.reset(this);
        }
        long key = (long) tokens << 32 | sampled;
        int slot = (int) ((key * 0x9E3779B97F4A7C15L) >>> (64 - LinearMemo.BITS));
        if (memo.keys[slot] == key) {
            return memo.values[slot];
        }
        double linear = weightReadUs * Math.pow(1 + Math.pow(compute(tokens, sampled) / weightReadUs, ridge), 1 / ridge);
        memo.keys[slot] = key;
        memo.values[slot] = linear;
        return linear;
    }

    private double compute(int tokens, int sampled) {
        return gemmUs(tokens) + (sampled > 0 ? lmHeadUs(sampled) : 0);
    }

    /** One thread's table of {@link #linearUs} for the model it last served (a model is shared across simulations and threads). */
    private static final class LinearMemo {
        static final int BITS = 12;
        final long[] keys = new long[1 << BITS];
        final double[] values = new double[1 << BITS];
        RooflineCostModel model;

        void reset(RooflineCostModel m) {
            java.util.Arrays.fill(keys, -1L);
            model = m;
        }
    }

    private static final ThreadLocal<LinearMemo> LINEAR_MEMO = ThreadLocal.withInitial(LinearMemo::new);

    @Override
    public CostProfile profile() {
        return profile;
    }
}
