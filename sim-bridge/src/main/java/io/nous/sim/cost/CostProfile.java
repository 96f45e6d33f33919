package io.nous.sim.cost;

import java.util.Map;

/**
 * A named, fully resolved cost profile: which GPU and model, how many GPUs per pod, the KV-cache
 * capacity, and the parameters of one cost model ({@code roofline} or {@code linear}). Every number
 * carries its source in {@link #sources()} (and in the profile file).
 */
public record CostProfile(
        String name,
        String description,
        String kind,
        String hardware,
        String model,
        int tensorParallel,
        int kvBlocks,
        int blockSize,
        Roofline roofline,
        Linear linear,
        Map<String, String> sources,
        HardwareSpec hardwareSpec,
        ModelSpec modelSpec) {

    /** Efficiencies and overheads of the roofline model. */
    public record Roofline(
            double gemmMfu,
            double attentionMfu,
            double hbmEfficiency,
            double stepOverheadUs,
            double perLayerOverheadUs,
            double perSequenceOverheadUs) {
    }

    /** Coefficients of the linear model, in microseconds. */
    public record Linear(double beta0Us, double beta1UsPerPrefillToken, double beta2UsPerDecodeToken) {
    }

    /** KV-cache capacity in tokens. */
    public long kvTokens() {
        return (long) kvBlocks * blockSize;
    }

    /** Builds the cost model this profile describes. */
    public CostModel newModel() {
        return switch (kind) {
            case "roofline" -> new RooflineCostModel(this);
            case "linear" -> new LinearCostModel(this);
            default -> throw new ProfileException("profiles." + name + ".kind must be 'roofline' or 'linear', got '" + kind + "'");
        };
    }

    void validate() {
        String p = "profiles." + name + ".";
        Checks.positive(p + "tensor_parallel", tensorParallel);
        Checks.positive(p + "kv_blocks", kvBlocks);
        Checks.positive(p + "block_size", blockSize);
        if ("roofline".equals(kind)) {
            if (roofline == null) {
                throw new ProfileException(p + "roofline is required when kind is 'roofline'");
            }
            Checks.fraction(p + "roofline.gemm_mfu", roofline.gemmMfu());
            Checks.fraction(p + "roofline.attention_mfu", roofline.attentionMfu());
            Checks.fraction(p + "roofline.hbm_efficiency", roofline.hbmEfficiency());
            Checks.nonNegative(p + "roofline.step_overhead_us", roofline.stepOverheadUs());
            Checks.nonNegative(p + "roofline.per_layer_overhead_us", roofline.perLayerOverheadUs());
            Checks.nonNegative(p + "roofline.per_sequence_overhead_us", roofline.perSequenceOverheadUs());
        } else if ("linear".equals(kind)) {
            if (linear == null) {
                throw new ProfileException(p + "linear is required when kind is 'linear'");
            }
            Checks.positive(p + "linear.beta0_us", linear.beta0Us());
            Checks.nonNegative(p + "linear.beta1_us_per_prefill_token", linear.beta1UsPerPrefillToken());
            Checks.nonNegative(p + "linear.beta2_us_per_decode_token", linear.beta2UsPerDecodeToken());
        } else {
            throw new ProfileException(p + "kind must be 'roofline' or 'linear', got '" + kind + "'");
        }
    }
}
