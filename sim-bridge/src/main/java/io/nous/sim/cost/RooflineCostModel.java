package io.nous.sim.cost;

/**
 * A physical model of one vLLM step on a GPU, built from hardware and model geometry.
 *
 * <p>The step is the sum of:
 * <ul>
 *   <li>the linear layers, run once for all tokens of the step: the larger of their compute time
 *       ({@code 2 · non-embedding params} FLOPs per token, plus the LM head for every sequence that
 *       samples) and the time to stream the weights from HBM;</li>
 *   <li>prefill attention, compute bound: {@code 4 · layers · heads · headDim · Σ t(c + t/2)} FLOPs;</li>
 *   <li>decode attention, memory bound: every decoding sequence reads its whole KV cache;</li>
 *   <li>tensor-parallel all-reduce traffic when TP &gt; 1;</li>
 *   <li>fixed per-step, per-layer and per-sequence overheads (scheduling, kernel launches, sampling).</li>
 * </ul>
 * Efficiencies (achieved fraction of peak FLOP/s and of HBM bandwidth) are profile data with
 * sources; see {@code cost-profiles.yaml}.
 */
public final class RooflineCostModel implements CostModel {
    private final CostProfile profile;
    private final double usPerGemmToken;
    private final double usPerSampledSeq;
    private final double weightReadUs;
    private final double usPerAttentionWork;
    private final double usPerKvTokenRead;
    private final double usAllReducePerToken;
    private final double fixedUs;
    private final double usPerSeq;

    public RooflineCostModel(CostProfile profile) {
        CostProfile.Roofline r = profile.roofline();
        if (r == null) {
            throw new IllegalArgumentException("profile '" + profile.name() + "' has no 'roofline' parameters");
        }
        HardwareSpec hw = profile.hardwareSpec();
        ModelSpec m = profile.modelSpec();
        int tp = profile.tensorParallel();
        double flops = hw.peakTflopsBf16() * 1e12 * tp;
        double gemmFlops = flops * r.gemmMfu();
        double attnFlops = flops * r.attentionMfu();
        double bw = hw.hbmTbPerS() * 1e12 * tp * r.hbmEfficiency();
        double bytesPerParam = 2.0; // bf16

        this.profile = profile;
        this.usPerGemmToken = 2.0 * m.nonEmbeddingParams() / gemmFlops * 1e6;
        this.usPerSampledSeq = 2.0 * m.hidden() * (double) m.vocab() / gemmFlops * 1e6;
        // Streamed every step: non-embedding weights and the LM head. The embedding table is a
        // gather of a few rows, not a stream.
        this.weightReadUs = bytesPerParam * (m.nonEmbeddingParams() + (double) m.hidden() * m.vocab()) / bw * 1e6;
        this.usPerAttentionWork = 4.0 * m.layers() * m.queryHeads() * m.headDim() / attnFlops * 1e6;
        this.usPerKvTokenRead = m.kvBytesPerToken() / bw * 1e6;
        // Two all-reduces per layer of hidden-size activations; ring all-reduce moves 2(TP-1)/TP of it.
        this.usAllReducePerToken = tp > 1
                ? 2.0 * m.layers() * m.hidden() * bytesPerParam * 2.0 * (tp - 1) / tp
                        / (hw.interconnectGbPerS() * 1e9) * 1e6
                : 0.0;
        this.fixedUs = r.stepOverheadUs() + r.perLayerOverheadUs() * m.layers();
        this.usPerSeq = r.perSequenceOverheadUs();
    }

    @Override
    public double stepMicros(StepBatch b) {
        int tokens = b.prefillTokens + b.decodeSeqs;
        int sampled = b.decodeSeqs + b.prefillsCompleting;
        double linear = Math.max(tokens * usPerGemmToken + sampled * usPerSampledSeq, weightReadUs);
        return fixedUs
                + usPerSeq * (b.prefillSeqs + b.decodeSeqs)
                + linear
                + b.prefillAttentionWork * usPerAttentionWork
                + b.decodeContextTokens * usPerKvTokenRead
                + tokens * usAllReducePerToken;
    }

    @Override
    public CostProfile profile() {
        return profile;
    }
}
