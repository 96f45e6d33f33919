package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code nous runs method}: per class and mode, what each seed's run recommends against what the router ships. */
class RunsMethodTest {

    @Test
    void eachModeSaysHowManySeedsBeatTheRoutersPolicyAndWhatEachRecommends(@TempDir Path dir) throws Exception {
        Path flow = CheckedInRuns.copy(dir.resolve("a"));
        Path joint = CheckedInRuns.copy(dir.resolve("b"), CheckedInRuns.BEFORE_TYPED_READING);
        CliHarness m = CliHarness.run("runs", "method", "--runs-dir", flow.toString(), "--runs-dir", joint.toString());
        assertThat(m.exit()).as(m.err()).isZero();
        assertThat(m.out()).contains("flow-control from the baseline: 0 of 1 seeds recommend something better than the router ships, 1 keep its "
                        + "policy")
                .contains("joint: 0 of 1 seeds recommend something better than the router ships")
                // the joint run's winner is worse than the upstream pair with confidence, so the pair is what it recommends
                .contains("recommends soft-reflective-ceiling+probabilistic-admitter (c0005 vs soft-reflective-ceiling+probabilistic-admitter: "
                        + "+99.3% [+56.9%, +206.3%] worse)");
        // where a run started names its mode: the class's default seeds, the baseline alone, or the seeds it was given
        var joint2 = io.nous.store.journal.DiscoveryConfig.builder().problem("joint-detector");
        assertThat(MethodReport.mode(joint2.seedPolicies(java.util.List.of("soft-reflective-ceiling+utilization-detector",
                "soft-reflective-ceiling+lease-detector")).build())).isEqualTo("joint-detector");
        assertThat(MethodReport.mode(joint2.seedPolicies(java.util.List.of("static-usage-limit+utilization-detector"))
                .front(java.util.List.of("critical-e2e")).build()))
                .isEqualTo("joint-detector --front critical-e2e from static-usage-limit+utilization-detector");
        CliHarness missing = CliHarness.run("runs", "method", "--runs-dir", dir.resolve("nowhere").toString());
        assertThat(missing.exit()).isNotZero();
        assertThat(missing.err()).contains("no runs directory");
    }
}
