package io.nous.sim.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RooflineCostModelTest {
    private final CostModel qwen14 = CostCatalog.builtin().profile("h100-qwen3-14b").newModel();

    private static StepBatch decode(int seqs, long contextEach) {
        StepBatch b = new StepBatch();
        b.decodeSeqs = seqs;
        b.decodeContextTokens = seqs * contextEach;
        return b;
    }

    private static StepBatch prefill(int tokens) {
        StepBatch b = new StepBatch();
        b.prefillTokens = tokens;
        b.prefillSeqs = 1;
        b.prefillsCompleting = 1;
        b.prefillAttentionWork = tokens * (tokens / 2.0);
        return b;
    }

    @Test
    void smallDecodeIsBoundByStreamingTheWeights() {
        // 27.98 GB of streamed weights at 75% of 3.35 TB/s = 11.1 ms, plus ~1.4 ms of fixed overhead
        double ms = qwen14.stepMicros(decode(1, 1024)) / 1000;
        assertThat(ms).isBetween(11.5, 13.5);
        // a few more sequences cost almost nothing: still memory bound
        assertThat(qwen14.stepMicros(decode(32, 1024)) / 1000).isLessThan(ms + 3);
    }

    @Test
    void longContextKvReadsDominateLargeDecodeBatches() {
        // BRIEF §3: 64 sequences at 4k tokens read about 40 GB of KV per step, more than the weights
        double kvOnly = qwen14.stepMicros(decode(64, 4096)) - qwen14.stepMicros(decode(64, 0));
        double kvBytes = 64 * 4096 * 160 * 1024.0;
        assertThat(kvBytes / 1e9).isBetween(40.0, 45.0);
        assertThat(kvOnly / 1000).isCloseTo(kvBytes / (3.35e12 * 0.75) * 1000, within(0.1));
    }

    @Test
    void prefillStepCostsLessPerTokenThanTheMeasuredEndToEndRate() {
        // BRIEF §3: vLLM 0.11 measured ~99 us per prompt token end to end with 2k prompts; that
        // includes the decode work sharing the steps (CalibrationTest replays it). A prefill-only
        // step must be a little cheaper, and far above the ideal roofline (26.7 us at 100 % of peak).
        double usPerToken = qwen14.stepMicros(prefill(2048)) / 2048;
        assertThat(usPerToken).isBetween(84.0, 99.0);
    }

    @Test
    void attentionMakesLongContextPrefillSlowerPerToken() {
        StepBatch late = new StepBatch();
        late.prefillTokens = 8192;
        late.prefillSeqs = 1;
        late.prefillAttentionWork = 8192 * (24_576 + 4096.0);
        assertThat(qwen14.stepMicros(late)).isGreaterThan(1.2 * qwen14.stepMicros(prefill(8192)));
    }

    @Test
    void tensorParallelSplitsTheWork() {
        CostModel tp2 = CostCatalog.builtin().profile("h100-qwen3-32b-tp2").newModel();
        CostModel tp1 = CostCatalog.builtin().profile("h100-qwen3-32b").newModel();
        assertThat(tp2.stepMicros(prefill(4096))).isLessThan(0.6 * tp1.stepMicros(prefill(4096)));
    }

    @Test
    void linearModelIsTheBlisFormula() {
        CostModel lin = CostCatalog.builtin().profile("h100-qwen3-14b-blis-linear").newModel();
        StepBatch b = new StepBatch();
        b.prefillTokens = 1000;
        b.decodeSeqs = 20;
        b.decodeContextTokens = 999_999; // ignored by the linear model
        assertThat(lin.stepMicros(b)).isCloseTo(13_578 + 39.4 * 1000 + 27.3 * 20, within(1e-6));
    }
}
