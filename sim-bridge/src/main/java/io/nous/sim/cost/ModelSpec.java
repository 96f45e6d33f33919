package io.nous.sim.cost;

import java.util.Map;

/** A dense decoder-only transformer's geometry, as used by the roofline model and KV accounting. */
public record ModelSpec(
        int layers,
        int hidden,
        int queryHeads,
        int kvHeads,
        int headDim,
        int ffn,
        int vocab,
        double params,
        double nonEmbeddingParams,
        int maxModelLen,
        Map<String, String> sources) {

    /** Bytes of KV cache per token in bf16: K and V, every layer, every KV head. */
    public double kvBytesPerToken() {
        return 2.0 * layers * kvHeads * headDim * 2.0;
    }

    void validate(String name) {
        String p = "models." + name + ".";
        Checks.positive(p + "layers", layers);
        Checks.positive(p + "hidden", hidden);
        Checks.positive(p + "query_heads", queryHeads);
        Checks.positive(p + "kv_heads", kvHeads);
        Checks.positive(p + "head_dim", headDim);
        Checks.positive(p + "ffn", ffn);
        Checks.positive(p + "vocab", vocab);
        Checks.positive(p + "params", params);
        Checks.positive(p + "non_embedding_params", nonEmbeddingParams);
        Checks.positive(p + "max_model_len", maxModelLen);
    }
}
