package io.nous.sim.cost;

/**
 * The contents of one engine step, as a cost model sees them. A pod owns one instance and refills
 * it for every step, so describing a step allocates nothing.
 */
public final class StepBatch {
    /** Prompt tokens computed in this step, summed over all prefill chunks. */
    public int prefillTokens;
    /** Number of requests that run a prefill chunk in this step. */
    public int prefillSeqs;
    /**
     * Causal attention work of the prefill chunks: the sum over chunks of {@code t * (c + t / 2)},
     * where {@code t} is the chunk length and {@code c} the tokens already in the KV cache.
     */
    public double prefillAttentionWork;
    /** Prefill chunks that finish their prompt in this step and so sample a token. */
    public int prefillsCompleting;
    /** Requests that decode one token in this step. */
    public int decodeSeqs;
    /** KV-cache tokens read by the decoding requests' attention (sum of their context lengths). */
    public long decodeContextTokens;

    public void clear() {
        prefillTokens = 0;
        prefillSeqs = 0;
        prefillAttentionWork = 0;
        prefillsCompleting = 0;
        decodeSeqs = 0;
        decodeContextTokens = 0;
    }

    public boolean isEmpty() {
        return prefillTokens == 0 && decodeSeqs == 0;
    }
}
