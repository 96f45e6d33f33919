package io.nous.evaluator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixCatalog;
import io.nous.evaluator.scenario.MatrixException;
import io.nous.evaluator.scenario.Split;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MatrixCatalogTest {
    @TempDir
    Path dir;

    @Test
    void theDefaultMatrixHoldsTheBriefsGridSplitThreeWays() {
        Matrix m = MatrixCatalog.load("default");
        assertThat(m.seeds()).isEqualTo(3);
        assertThat(m.entries()).extracting(e -> e.label()).contains("code-generation@4", "code-generation@10", "code-generation@16",
                "interactive-chat@20", "interactive-chat@40", "interactive-chat@60", "interactive-chat@80", "reasoning@0.2", "reasoning@0.7");
        for (Split s : Split.values()) {
            assertThat(m.entries(s)).as(s.id()).isNotEmpty();
            assertThat(m.entries(s).stream().anyMatch(e -> e.regime().contended())).as(s.id() + " has contended scenarios").isTrue();
        }
    }

    @Test
    void engineArgsResolveBesideTheMatrixAndBadOnesAreNamed() throws Exception {
        Path f = dir.resolve("r.yaml");
        Files.writeString(f, "scenarios:\n  - {workload: lab-hot-tenant, qps: 1, engine_args: gone.yaml, split: search, regime: near}\n");
        assertThatThrownBy(() -> MatrixCatalog.load(f.toString())).isInstanceOf(MatrixException.class)
                .hasMessageContaining("scenarios[0].engine_args: ").hasMessageContaining("gone.yaml");
        Files.writeString(dir.resolve("args.yaml"), "- --max-num-seqs=6\n");
        Files.writeString(f, "variants:\n  - {name: b5, prompt_bytes_per_token: 5}\n"
                + "scenarios:\n  - {workload: lab-hot-tenant, qps: 1, engine_args: args.yaml, split: search, regime: near}\n");
        Matrix m = MatrixCatalog.load(f.toString());
        var s = m.variants().get(0).apply(m.entries().get(0).scenario(1, 600));
        assertThat(s.inferenceSim().maxNumSeqs()).isEqualTo(6);
        assertThat(s.promptBytesPerToken()).isEqualTo(5.0);
        Files.writeString(f, "variants:\n  - {name: b0, prompt_bytes_per_token: 0}\n"
                + "scenarios:\n  - {workload: lab-hot-tenant, qps: 1, split: search, regime: near}\n");
        assertThatThrownBy(() -> MatrixCatalog.load(f.toString())).isInstanceOf(MatrixException.class)
                .hasMessageContaining("variants[0].prompt_bytes_per_token must be a positive number");
    }

    @Test
    void userFilesAreValidatedWithTheKeyNamed() throws Exception {
        Path f = dir.resolve("m.yaml");
        Files.writeString(f, "scenarios:\n  - {workload: code-generation, qps: -1, split: search, regime: under}\n");
        assertThatThrownBy(() -> MatrixCatalog.load(f.toString())).isInstanceOf(MatrixException.class)
                .hasMessageContaining("scenarios[0].qps must be a positive number");
        Files.writeString(f, "scenarios:\n  - {workload: code-generation, qps: 1e7, split: search, regime: over}\n");
        assertThatThrownBy(() -> MatrixCatalog.load(f.toString())).isInstanceOf(MatrixException.class)
                .hasMessageContaining("scenarios[0].qps: 10000000 requests/s for 600 s is 6.00e+09 arrivals");
        Files.writeString(f, "scenarios:\n  - {workload: code-generation, qps: 4, split: train, regime: under}\n");
        assertThatThrownBy(() -> MatrixCatalog.load(f.toString())).hasMessageContaining("scenarios[0].split must be one of");
        Files.writeString(f, "scenarios:\n  - {workload: chat, qps: 4, split: search, regime: under}\n");
        assertThatThrownBy(() -> MatrixCatalog.load(f.toString())).hasMessageContaining("unknown workload 'chat'");
        Files.writeString(f, "scenarios:\n  - {workload: reasoning, qps: 1, split: search, regime: under, colour: red}\n");
        assertThatThrownBy(() -> MatrixCatalog.load(f.toString())).hasMessageContaining("unknown key 'colour'");
        assertThatThrownBy(() -> MatrixCatalog.load("nope")).hasMessageContaining("unknown matrix 'nope'");
        Files.writeString(f, "scenarios:\n  - {workload: code-completion, qps: 4, pods: 4, prefill_pods: 4, split: search, regime: under}\n");
        assertThatThrownBy(() -> MatrixCatalog.load(f.toString())).hasMessageContaining("scenarios[0].prefill_pods needs pods and must leave a decode pod");
        Files.writeString(f, "scenarios:\n  - {workload: code-completion, qps: 4, pods: 4, prefill_pods: 2, max_pods: 8, split: search, regime: under}\n");
        assertThatThrownBy(() -> MatrixCatalog.load(f.toString())).hasMessageContaining("a disaggregated pool (prefill_pods) is a fixed pool");
        Files.writeString(f, "variants:\n  - {name: slow, startup_seconds: -1}\nscenarios:\n  - {workload: code-generation, qps: 4, split: search, regime: under}\n");
        assertThatThrownBy(() -> MatrixCatalog.load(f.toString())).hasMessageContaining("variants[0].startup_seconds must be between 0 and 3600");
        Files.writeString(f, "variants:\n  - {name: link, kv_link: infiniband}\nscenarios:\n  - {workload: code-generation, qps: 4, split: search, regime: under}\n");
        assertThatThrownBy(() -> MatrixCatalog.load(f.toString())).hasMessageContaining("variants[0].kv_link: unknown KV link 'infiniband'");
    }

    @Test
    void thePdMatrixSplitsItsPoolsIntoPrefillAndDecodePodsUnderTheRoutersPdConfig() {
        var m = MatrixCatalog.load("pd");
        assertThat(m.entries()).allSatisfy(e -> {
            assertThat(e.prefillPods()).isNotNull();
            var s = e.scenario(1, 60);
            assertThat(s.disaggregation().prefillPods()).isEqualTo(e.prefillPods());
            assertThat(s.routing().name()).isEqualTo("pd");
            assertThat(s.routing().runsPdDecider()).isTrue();
        });
        assertThat(m.entries().get(0).label()).isEqualTo("code-completion@5/4pods~2P2D");
        // revision 3: every split holds both faces of overload, decode-heavy chat and prompts that matter
        assertThat(MatrixCatalog.revision("pd")).isEqualTo(3);
        for (var split : List.of(Split.SEARCH, Split.VALIDATION, Split.TEST)) {
            assertThat(m.entries(split)).as(split.id())
                    .anySatisfy(e -> assertThat(e.workload() + " " + e.regime()).isEqualTo("interactive-chat OVER"))
                    .anySatisfy(e -> assertThat(e.workload() + " " + e.regime()).isIn("code-generation OVER", "code-completion OVER"));
        }
        assertThat(MatrixCatalog.load("pd", 2).entries()).hasSize(14); // earlier runs replay on the matrix they ran
        // the KV link is a declared unknown: the kv-tcp variant runs the same pool over TCP
        var tcp = m.variants().stream().filter(v -> v.name().equals("kv-tcp")).findFirst().orElseThrow();
        assertThat(tcp.apply(m.entries().get(0).scenario(1, 60)).disaggregation().link().name()).isEqualTo("tcp");
    }

    @Test
    void theAutoscalingMatrixSpansMeasuredStartUpsAndItsFirstRevisionStillLoads() {
        var m = MatrixCatalog.load("autoscaling");
        var scenario = m.entries().get(0).scenario(1, 600);
        assertThat(m.variants()).extracting(v -> v.name()).contains("startup-30s", "startup-10min");
        for (var v : m.variants()) {
            long startup = v.apply(scenario).autoscaling().startupMedianUs();
            switch (v.name()) {
                case "startup-30s" -> assertThat(startup).isEqualTo(30_000_000L);
                case "startup-10min" -> assertThat(startup).isEqualTo(600_000_000L);
                default -> assertThat(startup).isEqualTo(io.nous.sim.pool.AutoscalingConfig.DEFAULT_STARTUP_MEDIAN_US);
            }
        }
        // runs of revision 1 replay on the two variants they had
        assertThat(MatrixCatalog.load("autoscaling", 1).variants()).extracting(v -> v.name()).containsExactly("nominal", "decode-slow");
    }

    @Test
    void aSplitMayRunItsOwnNumberOfSeeds() throws Exception {
        Matrix admission = MatrixCatalog.load("admission");
        assertThat(admission.seeds(Split.SEARCH)).isEqualTo(3);
        assertThat(admission.seeds(Split.VALIDATION)).isEqualTo(10);
        assertThat(admission.seeds(Split.TEST)).isEqualTo(10);
        assertThat(admission.seeds(null)).isEqualTo(3);
        // --seeds N means N everywhere; a duration keeps the split seeds
        assertThat(admission.withSeeds(5).seeds(Split.VALIDATION)).isEqualTo(5);
        assertThat(admission.withDuration(60).seeds(Split.VALIDATION)).isEqualTo(10);
        Path f = dir.resolve("m.yaml");
        Files.writeString(f, "split_seeds: {holdout: 4}\nscenarios:\n  - {workload: code-generation, qps: 4, split: search, regime: under}\n");
        assertThatThrownBy(() -> MatrixCatalog.load(f.toString())).isInstanceOf(MatrixException.class)
                .hasMessageContaining("split_seeds must be one of search, validation, test, got 'holdout'");
        Files.writeString(f, "split_seeds: {test: 0}\nscenarios:\n  - {workload: code-generation, qps: 4, split: search, regime: under}\n");
        assertThatThrownBy(() -> MatrixCatalog.load(f.toString())).hasMessageContaining("split_seeds.test must be >= 1, got 0");
    }

    @Test
    void aMatrixCanUseWorkloadSpecsNextToIt() throws Exception {
        Files.writeString(dir.resolve("mix.yaml"), """
                aggregate_rate: 12
                priority_map: two-class
                clients:
                  - {id: a, slo_class: critical, rate_fraction: 0.3, arrival: {process: poisson},
                     input_distribution: {type: constant, params: {value: 900}}, output_distribution: {type: constant, params: {value: 150}}}
                  - {id: b, slo_class: sheddable, rate_fraction: 0.7, arrival: {process: gamma, cv: 2},
                     input_distribution: {type: constant, params: {value: 900}}, output_distribution: {type: constant, params: {value: 150}}}
                """);
        Path f = dir.resolve("m.yaml");
        Files.writeString(f, """
                seeds: 2
                duration_seconds: 120
                scenarios:
                  - {workload_spec: mix.yaml, split: search, regime: near}
                  - {workload_spec: mix.yaml, qps: 4, split: validation, regime: under}
                """);
        Matrix m = MatrixCatalog.load(f.toString());
        assertThat(m.entries()).extracting(e -> e.label()).containsExactly("mix@12", "mix@4");
        var s = m.entries().get(0).scenario(1, 120);
        assertThat(s.workload().clients()).hasSize(2);
        assertThat(s.qps()).isEqualTo(12);
        Files.writeString(f, "scenarios:\n  - {workload_spec: missing.yaml, split: search, regime: near}\n");
        assertThatThrownBy(() -> MatrixCatalog.load(f.toString())).hasMessageContaining("scenarios[0].workload_spec: no such workload spec");
    }

    @Test
    void aBuiltInMatrixLoadsAtTheRevisionARunRecordedAndRefusesOneItNeverHad() {
        assertThat(MatrixCatalog.load("default", 0).entries()).hasSize(12);
        assertThat(MatrixCatalog.load("default", 1).entries()).hasSize(14);
        assertThat(MatrixCatalog.revision("admission")).isEqualTo(1);
        assertThat(MatrixCatalog.load("admission", 0).name()).isEqualTo(MatrixCatalog.load("admission").name());
        // revision 1 placed the long-context presets by the capacity the model gives at share 0.9 (6.56 QPS, not 9.44)
        assertThat(MatrixCatalog.load("admission", 0).variants().get(2).loadScale().get("chatbot")).isEqualTo(2.745);
        assertThat(MatrixCatalog.load("admission", 1).variants().get(2).loadScale().get("chatbot")).isEqualTo(1.909);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> MatrixCatalog.load("default", 7))
                .isInstanceOf(MatrixException.class).hasMessage("matrix 'default' has no revision 7 (its current one is 1)");
    }
}
