package io.nous.sim.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CostCatalogTest {
    @TempDir
    Path dir;

    @Test
    void builtinProfilesLoadWithSourcesAndDerivedNumbers() {
        CostCatalog c = CostCatalog.builtin();
        assertThat(c.profiles()).containsKeys("h100-qwen3-14b", "h100-qwen3-14b-blis-linear", "h100-qwen3-32b-tp2", "h100-qwen3-32b");
        CostProfile p = c.profile(CostCatalog.DEFAULT_PROFILE);
        assertThat(p.kvTokens()).isEqualTo(281_600);
        assertThat(p.modelSpec().kvBytesPerToken()).isEqualTo(160 * 1024);
        assertThat(c.profile("h100-qwen3-32b").modelSpec().kvBytesPerToken()).isEqualTo(256 * 1024);
        for (CostProfile each : c.profiles().values()) {
            assertThat(each.sources()).as(each.name() + " cites its numbers").isNotEmpty();
            assertThat(each.hardwareSpec().sources()).isNotEmpty();
            assertThat(each.modelSpec().sources()).isNotEmpty();
        }
    }

    @Test
    void unknownProfileNamesTheKnownOnes() {
        assertThatThrownBy(() -> CostCatalog.builtin().profile("a100"))
                .isInstanceOf(ProfileException.class)
                .hasMessageContaining("unknown cost profile 'a100'")
                .hasMessageContaining("h100-qwen3-14b");
    }

    @Test
    void userFileWithUnknownKeyNamesTheKey() throws Exception {
        Path f = dir.resolve("p.yaml");
        Files.writeString(f, """
                hardware:
                  gpu: {peak_tflops_bf16: 100, hbm_tb_per_s: 1, memory_gb: 10, interconnect_gb_per_s: 10, bogus: 1}
                models: {}
                profiles: {}
                """);
        assertThatThrownBy(() -> CostCatalog.load(f))
                .isInstanceOf(ProfileException.class)
                .hasMessageContaining("unknown key 'bogus'")
                .hasMessageContaining("hardware.gpu");
    }

    @Test
    void userFileWithImpossibleValueNamesTheKey() throws Exception {
        Path f = dir.resolve("p.yaml");
        String text = new String(CostCatalog.class.getResourceAsStream("/io/nous/sim/cost-profiles.yaml").readAllBytes())
                .replace("gemm_mfu: 0.316", "gemm_mfu: 1.7");
        Files.writeString(f, text);
        assertThatThrownBy(() -> CostCatalog.load(f))
                .isInstanceOf(ProfileException.class)
                .hasMessageContaining("roofline.gemm_mfu must be in (0, 1]");
    }

    @Test
    void missingFileIsAClearError() {
        assertThatThrownBy(() -> CostCatalog.load(dir.resolve("nope.yaml")))
                .isInstanceOf(ProfileException.class)
                .hasMessageContaining("cannot read profile file");
    }
}
