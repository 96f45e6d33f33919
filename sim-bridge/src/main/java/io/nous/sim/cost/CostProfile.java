package io.nous.sim.cost;

import java.util.List;
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

    /** One point of a measured GEMM efficiency curve: tokens in the step, achieved fraction of peak. */
    public record CurvePoint(int tokens, double mfu) {
    }

    /**
     * Efficiencies and overheads of the roofline model. Optional fields are boxed and null when
     * absent; the accessors without a {@code Raw} suffix resolve them.
     *
     * @param gemmMfu                  one GEMM efficiency for every step size (older profiles), or null
     * @param gemmMfuCurve             GEMM efficiency by tokens in the step (measured), or null
     * @param attentionMfu             prefill (causal) attention, fraction of peak FLOP/s
     * @param hbmEfficiency            one HBM efficiency for weights and KV (older profiles), or null
     * @param weightStreamEfficiency   fraction of HBM bandwidth when streaming weights, or null
     * @param kvReadEfficiency         fraction of HBM bandwidth when decode attention reads KV, or null
     * @param prefillRuntimeEfficiency fraction of the kernel-level speed the serving engine reaches on
     *                                 prefill work (1 = kernels only), or null for 1
     * @param decodeRuntimeEfficiency  the same for decode work, or null for 1
     * @param ridgeSharpness           how compute and weight streaming combine near the ridge point:
     *                                 the exponent p of {@code (compute^p + stream^p)^(1/p)}; null is
     *                                 the hard {@code max} of the textbook roofline
     */
    public record Roofline(
            Double gemmMfu,
            List<CurvePoint> gemmMfuCurve,
            double attentionMfu,
            Double hbmEfficiency,
            Double weightStreamEfficiency,
            Double kvReadEfficiency,
            Double prefillRuntimeEfficiency,
            Double decodeRuntimeEfficiency,
            Double ridgeSharpness,
            double stepOverheadUs,
            double perLayerOverheadUs,
            double perSequenceOverheadUs) {

        public Roofline {
            gemmMfuCurve = gemmMfuCurve == null ? null : List.copyOf(gemmMfuCurve);
        }

        /** GEMM efficiency at {@code tokens} per step: the curve interpolated linearly in log2(tokens), flat beyond its ends. */
        public double gemmMfuAt(double tokens) {
            if (gemmMfuCurve == null) {
                return gemmMfu;
            }
            CurvePoint first = gemmMfuCurve.get(0);
            if (tokens <= first.tokens()) {
                return first.mfu();
            }
            for (int i = 1; i < gemmMfuCurve.size(); i++) {
                CurvePoint hi = gemmMfuCurve.get(i);
                if (tokens <= hi.tokens()) {
                    CurvePoint lo = gemmMfuCurve.get(i - 1);
                    double f = (Math.log(tokens) - Math.log(lo.tokens())) / (Math.log(hi.tokens()) - Math.log(lo.tokens()));
                    return lo.mfu() + f * (hi.mfu() - lo.mfu());
                }
            }
            return gemmMfuCurve.get(gemmMfuCurve.size() - 1).mfu();
        }

        public double weightStream() {
            return weightStreamEfficiency != null ? weightStreamEfficiency : hbmEfficiency;
        }

        public double kvRead() {
            return kvReadEfficiency != null ? kvReadEfficiency : hbmEfficiency;
        }

        public double prefillRuntime() {
            return prefillRuntimeEfficiency != null ? prefillRuntimeEfficiency : 1.0;
        }

        public double decodeRuntime() {
            return decodeRuntimeEfficiency != null ? decodeRuntimeEfficiency : 1.0;
        }

        /** The same parameters with the decode runtime efficiency multiplied by {@code factor} (a what-if variant). */
        public Roofline withDecodeSpeed(double factor) {
            return new Roofline(gemmMfu, gemmMfuCurve, attentionMfu, hbmEfficiency, weightStreamEfficiency, kvReadEfficiency,
                    prefillRuntimeEfficiency, decodeRuntime() * factor, ridgeSharpness, stepOverheadUs, perLayerOverheadUs, perSequenceOverheadUs);
        }

        /** The same parameters with the prefill runtime efficiency multiplied by {@code factor}. */
        public Roofline withPrefillSpeed(double factor) {
            return new Roofline(gemmMfu, gemmMfuCurve, attentionMfu, hbmEfficiency, weightStreamEfficiency, kvReadEfficiency,
                    prefillRuntime() * factor, decodeRuntimeEfficiency, ridgeSharpness, stepOverheadUs, perLayerOverheadUs, perSequenceOverheadUs);
        }

        void validate(String p) {
            if ((gemmMfu == null) == (gemmMfuCurve == null)) {
                throw new ProfileException(p + "roofline needs exactly one of gemm_mfu (one number) and gemm_mfu_curve (measured points)");
            }
            if (gemmMfu != null) {
                Checks.fraction(p + "roofline.gemm_mfu", gemmMfu);
            } else {
                if (gemmMfuCurve.isEmpty()) {
                    throw new ProfileException(p + "roofline.gemm_mfu_curve needs at least one {tokens, mfu} point");
                }
                for (int i = 0; i < gemmMfuCurve.size(); i++) {
                    CurvePoint c = gemmMfuCurve.get(i);
                    if (c == null) {
                        throw new ProfileException(p + "roofline.gemm_mfu_curve[" + i + "] is empty");
                    }
                    Checks.positive(p + "roofline.gemm_mfu_curve[" + i + "].tokens", c.tokens());
                    Checks.fraction(p + "roofline.gemm_mfu_curve[" + i + "].mfu", c.mfu());
                    if (i > 0 && c.tokens() <= gemmMfuCurve.get(i - 1).tokens()) {
                        throw new ProfileException(p + "roofline.gemm_mfu_curve[" + i + "].tokens must be larger than the point before it");
                    }
                }
            }
            Checks.fraction(p + "roofline.attention_mfu", attentionMfu);
            if (hbmEfficiency == null && (weightStreamEfficiency == null || kvReadEfficiency == null)) {
                throw new ProfileException(p + "roofline needs hbm_efficiency, or both weight_stream_efficiency and kv_read_efficiency");
            }
            if (hbmEfficiency != null) {
                Checks.fraction(p + "roofline.hbm_efficiency", hbmEfficiency);
            }
            if (weightStreamEfficiency != null) {
                Checks.fraction(p + "roofline.weight_stream_efficiency", weightStreamEfficiency);
            }
            if (kvReadEfficiency != null) {
                Checks.fraction(p + "roofline.kv_read_efficiency", kvReadEfficiency);
            }
            if (prefillRuntimeEfficiency != null) {
                Checks.fraction(p + "roofline.prefill_runtime_efficiency", prefillRuntimeEfficiency);
            }
            if (decodeRuntimeEfficiency != null) {
                Checks.fraction(p + "roofline.decode_runtime_efficiency", decodeRuntimeEfficiency);
            }
            if (ridgeSharpness != null && !(ridgeSharpness >= 1 && ridgeSharpness <= 1000)) {
                throw new ProfileException(p + "roofline.ridge_sharpness must be in [1, 1000], got " + ridgeSharpness);
            }
            Checks.nonNegative(p + "roofline.step_overhead_us", stepOverheadUs);
            Checks.nonNegative(p + "roofline.per_layer_overhead_us", perLayerOverheadUs);
            Checks.nonNegative(p + "roofline.per_sequence_overhead_us", perSequenceOverheadUs);
        }
    }

    /**
     * Coefficients of the linear model, in microseconds. The two context terms are optional (null
     * when absent, as in the published BLIS coefficients).
     *
     * @param beta3UsPerDecodeContextToken   per KV token read by decoding sequences
     * @param beta4UsPerPrefillAttentionWork per unit of causal prefill attention work, {@code Σ t(c + t/2)}
     */
    public record Linear(double beta0Us, double beta1UsPerPrefillToken, double beta2UsPerDecodeToken,
                         Double beta3UsPerDecodeContextToken, Double beta4UsPerPrefillAttentionWork) {

        public Linear(double beta0Us, double beta1UsPerPrefillToken, double beta2UsPerDecodeToken) {
            this(beta0Us, beta1UsPerPrefillToken, beta2UsPerDecodeToken, null, null);
        }

        public double beta3() {
            return beta3UsPerDecodeContextToken == null ? 0 : beta3UsPerDecodeContextToken;
        }

        public double beta4() {
            return beta4UsPerPrefillAttentionWork == null ? 0 : beta4UsPerPrefillAttentionWork;
        }
    }

    /** KV-cache capacity in tokens. */
    public long kvTokens() {
        return (long) kvBlocks * blockSize;
    }

    /**
     * Models built so far, by what a model is made of: the kind, the parameters, the GPU, the model
     * geometry and the tensor parallelism (a variant's profile is a new record equal to the last one
     * like it; its name, description and sources do not make a model, and hashing them cost more than
     * a lookup should).
     */
    private static final Map<List<Object>, CostModel> MODELS = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(16, 0.75f, true) {
                private static final long serialVersionUID = 1L;

                @Override
                protected boolean removeEldestEntry(Map.Entry<List<Object>, CostModel> eldest) {
                    return size() > 32;
                }
            });

    /**
     * The cost model this profile describes, built once per distinct model and shared (a model is
     * pure, and building a roofline model tabulates its GEMM curve at 16,384 step sizes). Its
     * {@link CostModel#profile} may be another profile with the same physics.
     */
    public CostModel costModel() {
        return MODELS.computeIfAbsent(java.util.Arrays.asList(kind, roofline, linear, hardwareSpec, modelSpec, tensorParallel),
                k -> newModel());
    }

    /** Builds the cost model this profile describes. */
    public CostModel newModel() {
        return switch (kind) {
            case "roofline" -> new RooflineCostModel(this);
            case "linear" -> new LinearCostModel(this);
            default -> throw new ProfileException("profiles." + name + ".kind must be 'roofline' or 'linear', got '" + kind + "'");
        };
    }

    /** The same profile with other roofline parameters (for what-if variants and fitting). */
    public CostProfile withRoofline(Roofline r, String newName) {
        CostProfile p = new CostProfile(newName, description, kind, hardware, model, tensorParallel, kvBlocks, blockSize, r, linear,
                sources, hardwareSpec, modelSpec);
        p.validate();
        return p;
    }

    /** The same parameters described as measured on other hardware and model (for calibration output). */
    public CostProfile on(String hardwareName, HardwareSpec hw, String modelName, ModelSpec m, int blocks, String newName,
                          String newDescription, Map<String, String> newSources) {
        CostProfile p = new CostProfile(newName, newDescription, kind, hardwareName, modelName, tensorParallel, blocks, blockSize,
                roofline, linear, newSources, hw, m);
        p.validate();
        return p;
    }

    /** The same profile with another KV-cache size in blocks. */
    public CostProfile withKvBlocks(int blocks, String newName) {
        CostProfile p = new CostProfile(newName, description, kind, hardware, model, tensorParallel, blocks, blockSize, roofline, linear,
                sources, hardwareSpec, modelSpec);
        p.validate();
        return p;
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
            roofline.validate(p);
        } else if ("linear".equals(kind)) {
            if (linear == null) {
                throw new ProfileException(p + "linear is required when kind is 'linear'");
            }
            Checks.positive(p + "linear.beta0_us", linear.beta0Us());
            Checks.nonNegative(p + "linear.beta1_us_per_prefill_token", linear.beta1UsPerPrefillToken());
            Checks.nonNegative(p + "linear.beta2_us_per_decode_token", linear.beta2UsPerDecodeToken());
            Checks.nonNegative(p + "linear.beta3_us_per_decode_context_token", linear.beta3());
            Checks.nonNegative(p + "linear.beta4_us_per_prefill_attention_work", linear.beta4());
        } else {
            throw new ProfileException(p + "kind must be 'roofline' or 'linear', got '" + kind + "'");
        }
    }
}
