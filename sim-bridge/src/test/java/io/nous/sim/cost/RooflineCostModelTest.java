package io.nous.sim.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RooflineCostModelTest {
    private final CostProfile h100 = CostCatalog.builtin().profile("h100-qwen3-14b");
    private final CostModel qwen14 = h100.newModel();

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
        // 27.98 GB of streamed weights at 0.588 of 3.35 TB/s = 14.2 ms, plus ~1.4 ms of fixed overhead
        double ms = qwen14.stepMicros(decode(1, 1024)) / 1000;
        assertThat(ms).isBetween(15.0, 18.0);
        // a few more sequences cost almost nothing: still memory bound
        assertThat(qwen14.stepMicros(decode(32, 1024)) / 1000).isLessThan(ms + 3);
    }

    @Test
    void theGemmEfficiencyRisesWithTheTokensInAStep() {
        CostProfile.Roofline r = h100.roofline();
        assertThat(r.gemmMfuAt(128)).isLessThan(r.gemmMfuAt(256)).isLessThan(r.gemmMfuAt(1024)).isLessThan(r.gemmMfuAt(8192));
        assertThat(r.gemmMfuAt(64)).isEqualTo(r.gemmMfuAt(128));
        assertThat(r.gemmMfuAt(100_000)).isEqualTo(r.gemmMfuAt(8192));
        // log-linear between measured points: 181 tokens is half way from 128 to 256 in log2
        assertThat(r.gemmMfuAt(Math.sqrt(128 * 256))).isCloseTo((r.gemmMfuAt(128) + r.gemmMfuAt(256)) / 2, within(1e-9));
    }

    @Test
    void longContextKvReadsDominateLargeDecodeBatches() {
        // 64 sequences at 4k tokens read about 40 GB of KV per step, more than the weights
        double kvOnly = qwen14.stepMicros(decode(64, 4096)) - qwen14.stepMicros(decode(64, 0));
        double kvBytes = 64 * 4096 * 160 * 1024.0;
        assertThat(kvBytes / 1e9).isBetween(40.0, 45.0);
        assertThat(kvOnly / 1000).isCloseTo(kvBytes / (3.35e12 * 0.80) * 1000, within(0.1));
    }

    @Test
    void prefillAndDecodeTokensArePricedWithTheirOwnRuntimeEfficiency() {
        // the same 1024-token step costs more as prefill than as decode: vLLM runs prefill further from kernel speed
        StepBatch p = prefill(1024);
        p.prefillAttentionWork = 0; // compare the linear part only
        StepBatch d = decode(1024, 0);
        double prefillUs = qwen14.stepMicros(p);
        double decodeUs = qwen14.stepMicros(d);
        CostProfile.Roofline r = h100.roofline();
        double fixed = r.stepOverheadUs() + r.perLayerOverheadUs() * 40;
        double ratio = (prefillUs - fixed - r.perSequenceOverheadUs()) / (decodeUs - fixed - 1024 * r.perSequenceOverheadUs());
        // decode samples 1024 LM heads, prefill one: compare against the runtime ratio with that allowance
        assertThat(ratio).isBetween(r.decodeRuntime() / r.prefillRuntime() * 0.9, r.decodeRuntime() / r.prefillRuntime());
    }

    @Test
    void prefillStepCostsLessPerTokenThanTheMeasuredEndToEndRate() {
        // vLLM 0.11 measured ~99 us per prompt token end to end with 2k prompts; that includes the
        // decode work sharing the steps (CalibrationTest replays it). A prefill-only step is a
        // little cheaper, and far above the ideal roofline (26.7 us at 100 % of peak).
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
        b.decodeContextTokens = 999_999; // ignored: the published coefficients have no context term
        assertThat(lin.stepMicros(b)).isCloseTo(13_578 + 39.4 * 1000 + 27.3 * 20, within(1e-6));
    }

    @Test
    void profilesWithOneEfficiencyForEverythingStillLoadAndMeanWhatTheySaid(@TempDir Path dir) throws Exception {
        // the profile format before measured curves: gemm_mfu and hbm_efficiency single numbers
        String yaml = Files.readString(Path.of("src/main/resources/io/nous/sim/cost-profiles.yaml"))
                .replaceAll("(?s)profiles:.*", "")
                + "profiles:\n  old:\n    kind: roofline\n    hardware: h100-sxm-80gb\n    model: qwen3-14b\n    tensor_parallel: 1\n"
                + "    kv_blocks: 17600\n    block_size: 16\n    roofline:\n      gemm_mfu: 0.316\n      attention_mfu: 0.47\n"
                + "      hbm_efficiency: 0.75\n      step_overhead_us: 126\n      per_layer_overhead_us: 32.1\n"
                + "      per_sequence_overhead_us: 4.42\n";
        Path f = dir.resolve("old.yaml");
        Files.writeString(f, yaml);
        CostModel old = CostCatalog.load(f).profile("old").newModel();
        // 2048 prefill tokens: 26.7 us/token at peak / 0.316, plus attention, overheads
        double gemm = 2.0 * 13.21e9 / (989.5e12 * 0.316) * 1e6;
        double lm = 2.0 * 5120 * 151936 / (989.5e12 * 0.316) * 1e6;
        double attn = 4.0 * 40 * 40 * 128 / (989.5e12 * 0.47) * 1e6 * 2048 * 1024.0;
        assertThat(old.stepMicros(prefill(2048))).isCloseTo(126 + 32.1 * 40 + 4.42 + 2048 * gemm + lm + attn, within(0.01));
    }

    @Test
    void aCurveOutOfOrderIsRefusedWithItsKey(@TempDir Path dir) throws Exception {
        String yaml = Files.readString(Path.of("src/main/resources/io/nous/sim/cost-profiles.yaml"))
                .replace("- {tokens: 256, mfu: 0.4911}", "- {tokens: 100, mfu: 0.4911}");
        Path f = dir.resolve("bad.yaml");
        Files.writeString(f, yaml);
        assertThatThrownBy(() -> CostCatalog.load(f)).isInstanceOf(ProfileException.class)
                .hasMessageContaining("profiles.h100-qwen3-14b.roofline.gemm_mfu_curve[1].tokens must be larger than the point before it");
    }

    @Test
    void whatIfVariantsScaleOnlyTheirPhase() {
        CostProfile slowDecode = h100.withRoofline(h100.roofline().withDecodeSpeed(0.85), "slow");
        CostModel m = slowDecode.newModel();
        assertThat(m.stepMicros(decode(512, 200))).isGreaterThan(qwen14.stepMicros(decode(512, 200)));
        StepBatch p = prefill(2048);
        assertThat(m.stepMicros(p)).isEqualTo(qwen14.stepMicros(p));
        assertThat(List.of(slowDecode.roofline().decodeRuntime())).containsExactly(h100.roofline().decodeRuntime() * 0.85);
    }
}
