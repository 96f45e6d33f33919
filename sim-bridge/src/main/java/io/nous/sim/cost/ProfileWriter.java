package io.nous.sim.cost;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a profile file with one profile and the hardware and model it refers to, in the shape
 * {@link CostCatalog#load} reads, so that what {@code nous calibrate} fits can be used with
 * {@code --profile FILE.yaml} anywhere.
 */
public final class ProfileWriter {
    private ProfileWriter() {
    }

    public static String yaml(CostProfile p) {
        Map<String, Object> doc = new LinkedHashMap<>();
        HardwareSpec h = p.hardwareSpec();
        Map<String, Object> hw = new LinkedHashMap<>();
        hw.put("peak_tflops_bf16", plain(h.peakTflopsBf16()));
        hw.put("hbm_tb_per_s", plain(h.hbmTbPerS()));
        hw.put("memory_gb", plain(h.memoryGb()));
        hw.put("interconnect_gb_per_s", plain(h.interconnectGbPerS()));
        if (h.sources() != null) {
            hw.put("sources", h.sources());
        }
        doc.put("hardware", Map.of(p.hardware(), hw));
        ModelSpec m = p.modelSpec();
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("layers", m.layers());
        model.put("hidden", m.hidden());
        model.put("query_heads", m.queryHeads());
        model.put("kv_heads", m.kvHeads());
        model.put("head_dim", m.headDim());
        model.put("ffn", m.ffn());
        model.put("vocab", m.vocab());
        model.put("params", plain(m.params()));
        model.put("non_embedding_params", plain(m.nonEmbeddingParams()));
        model.put("max_model_len", m.maxModelLen());
        if (m.sources() != null) {
            model.put("sources", m.sources());
        }
        doc.put("models", Map.of(p.model(), model));
        Map<String, Object> prof = new LinkedHashMap<>();
        prof.put("description", p.description());
        prof.put("kind", p.kind());
        prof.put("hardware", p.hardware());
        prof.put("model", p.model());
        prof.put("tensor_parallel", p.tensorParallel());
        prof.put("kv_blocks", p.kvBlocks());
        prof.put("block_size", p.blockSize());
        if (p.roofline() != null) {
            prof.put("roofline", roofline(p.roofline()));
        }
        if (p.linear() != null) {
            CostProfile.Linear l = p.linear();
            Map<String, Object> lin = new LinkedHashMap<>();
            lin.put("beta0_us", round(l.beta0Us()));
            lin.put("beta1_us_per_prefill_token", round(l.beta1UsPerPrefillToken()));
            lin.put("beta2_us_per_decode_token", round(l.beta2UsPerDecodeToken()));
            if (l.beta3UsPerDecodeContextToken() != null) {
                lin.put("beta3_us_per_decode_context_token", round(l.beta3UsPerDecodeContextToken()));
            }
            if (l.beta4UsPerPrefillAttentionWork() != null) {
                lin.put("beta4_us_per_prefill_attention_work", round(l.beta4UsPerPrefillAttentionWork()));
            }
            prof.put("linear", lin);
        }
        prof.put("sources", p.sources());
        doc.put("profiles", Map.of(p.name(), prof));
        try {
            return new ObjectMapper(new YAMLFactory()
                    .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .disable(YAMLGenerator.Feature.SPLIT_LINES)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES))
                    .enable(com.fasterxml.jackson.core.JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
                    .writeValueAsString(doc);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, Object> roofline(CostProfile.Roofline r) {
        Map<String, Object> o = new LinkedHashMap<>();
        if (r.gemmMfuCurve() != null) {
            List<Map<String, Object>> pts = new ArrayList<>();
            for (CostProfile.CurvePoint c : r.gemmMfuCurve()) {
                Map<String, Object> pt = new LinkedHashMap<>();
                pt.put("tokens", c.tokens());
                pt.put("mfu", round(c.mfu()));
                pts.add(pt);
            }
            o.put("gemm_mfu_curve", pts);
        } else {
            o.put("gemm_mfu", round(r.gemmMfu()));
        }
        if (r.ridgeSharpness() != null) {
            o.put("ridge_sharpness", round(r.ridgeSharpness()));
        }
        o.put("attention_mfu", round(r.attentionMfu()));
        if (r.hbmEfficiency() != null) {
            o.put("hbm_efficiency", round(r.hbmEfficiency()));
        }
        if (r.weightStreamEfficiency() != null) {
            o.put("weight_stream_efficiency", round(r.weightStreamEfficiency()));
        }
        if (r.kvReadEfficiency() != null) {
            o.put("kv_read_efficiency", round(r.kvReadEfficiency()));
        }
        if (r.prefillRuntimeEfficiency() != null) {
            o.put("prefill_runtime_efficiency", round(r.prefillRuntimeEfficiency()));
        }
        if (r.decodeRuntimeEfficiency() != null) {
            o.put("decode_runtime_efficiency", round(r.decodeRuntimeEfficiency()));
        }
        o.put("step_overhead_us", round(r.stepOverheadUs()));
        o.put("per_layer_overhead_us", round(r.perLayerOverheadUs()));
        o.put("per_sequence_overhead_us", round(r.perSequenceOverheadUs()));
        return o;
    }

    /** Four significant digits, written as a plain decimal: profiles are read by people. */
    private static java.math.BigDecimal round(double v) {
        if (v == 0) {
            return java.math.BigDecimal.ZERO;
        }
        return plainScale(new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros());
    }

    private static java.math.BigDecimal plain(double v) {
        return plainScale(java.math.BigDecimal.valueOf(v).stripTrailingZeros());
    }

    /** 1200, not 1.2E+3. */
    private static java.math.BigDecimal plainScale(java.math.BigDecimal d) {
        return d.scale() < 0 ? d.setScale(0) : d;
    }
}
