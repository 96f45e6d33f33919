package io.nous.sim.pod;

/**
 * A vLLM engine's scheduler limits and KV-cache size.
 *
 * @param maxNumBatchedTokens per-step token budget (vLLM {@code max_num_batched_tokens}; 8192 is the
 *                            vLLM 0.11 API-server default on H100)
 * @param maxNumSeqs          most requests running at once (vLLM {@code max_num_seqs})
 * @param kvBlocks            KV-cache capacity in blocks
 * @param blockSize           tokens per KV block (16)
 * @param prefixCaching       vLLM automatic prefix caching ({@code --enable-prefix-caching}, on by
 *                            default in vLLM V1; {@code --no-enable-prefix-caching} turns it off)
 */
public record PodConfig(int maxNumBatchedTokens, int maxNumSeqs, int kvBlocks, int blockSize, boolean prefixCaching) {

    /** A pod with prefix caching on, as vLLM V1 starts by default. */
    public PodConfig(int maxNumBatchedTokens, int maxNumSeqs, int kvBlocks, int blockSize) {
        this(maxNumBatchedTokens, maxNumSeqs, kvBlocks, blockSize, true);
    }

    /** The same pod with prefix caching on or off. */
    public PodConfig withPrefixCaching(boolean on) {
        return new PodConfig(maxNumBatchedTokens, maxNumSeqs, kvBlocks, blockSize, on);
    }

    /** vLLM 0.11 API-server default token budget on 80 GB-class GPUs (vllm/engine/arg_utils.py get_batch_defaults). */
    public static final int DEFAULT_MAX_NUM_BATCHED_TOKENS = 8192;

    /**
     * Default {@code max_num_seqs} of our scenarios: vLLM 0.11's own default in API-server mode on
     * 80 GB-class GPUs such as the H100 (vllm/engine/arg_utils.py get_batch_defaults). The study
     * does not record an override and the llm-d deployment guides set none, so we keep stock vLLM;
     * at 256 interactive chat would saturate below 60 QPS on 2 pods, which the study contradicts.
     * Lower values (deployments often use 256) cap decode batches before the GPU is compute bound;
     * the study-2xh100 matrix evaluates 256 as a variant; override per run with {@code --max-num-seqs}.
     */
    public static final int DEFAULT_MAX_NUM_SEQS = 1024;

    /**
     * The most KV blocks one pod is simulated with: 2^22 blocks (67 M tokens at 16 per block) is past
     * any single server's memory (an 8-GPU node of 141 GB holds about 10 M tokens of even a small
     * model's KV). A larger figure is a mistake or a "never full" wish, and costs memory and time.
     */
    public static final int MAX_KV_BLOCKS = 1 << 22;

    public PodConfig {
        if (maxNumBatchedTokens < 1) {
            throw new IllegalArgumentException("max_num_batched_tokens must be >= 1, got " + maxNumBatchedTokens);
        }
        if (maxNumSeqs < 1) {
            throw new IllegalArgumentException("max_num_seqs must be >= 1, got " + maxNumSeqs);
        }
        if (maxNumSeqs > maxNumBatchedTokens) {
            throw new IllegalArgumentException("max_num_seqs (" + maxNumSeqs + ") must not exceed max_num_batched_tokens ("
                    + maxNumBatchedTokens + "): every running request must be able to decode in one step");
        }
        if (kvBlocks < 1 || blockSize < 1) {
            throw new IllegalArgumentException("kv_blocks and block_size must be >= 1");
        }
    }
}
