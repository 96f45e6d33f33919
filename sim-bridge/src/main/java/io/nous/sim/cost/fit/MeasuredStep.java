package io.nous.sim.cost.fit;

import io.nous.sim.cost.StepBatch;

/**
 * One measured engine step: what it contained and how long it took.
 *
 * @param prefillTokens         prompt tokens computed in the step (one chunk is assumed)
 * @param decodeSeqs            sequences that decoded one token
 * @param decodeContextTokens   KV tokens read by the decoding sequences
 * @param prefillContextTokens  tokens already in the KV cache before the prefill chunk
 * @param stepUs                measured duration, microseconds
 * @param line                  line of the file it came from (1-based), for messages
 */
public record MeasuredStep(int prefillTokens, int decodeSeqs, long decodeContextTokens, long prefillContextTokens, double stepUs,
                           int line) {

    /** The step as the cost models see it. A prefill chunk is assumed to finish its prompt (it samples). */
    public StepBatch batch() {
        StepBatch b = new StepBatch();
        b.prefillTokens = prefillTokens;
        b.prefillSeqs = prefillTokens > 0 ? 1 : 0;
        b.prefillsCompleting = prefillTokens > 0 ? 1 : 0;
        b.prefillAttentionWork = prefillTokens * (prefillContextTokens + prefillTokens / 2.0);
        b.decodeSeqs = decodeSeqs;
        b.decodeContextTokens = decodeContextTokens;
        return b;
    }
}
