package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code nous export} of a saturation detector: the package for the router's
 * {@code SaturationDetector}, proved equivalent to the Java, its config selecting it beside the
 * usage-limit policy it was measured under, and, with {@code --router}, a commit registering it with
 * the router's saturation detectors that builds and tests in the checkout.
 */
class DetectorExportCommandTest {
    @TempDir
    Path dir;

    @Test
    void aDetectorExportsProvedAndIntoARouterCheckout() throws Exception {
        Path out = dir.resolve("lease");
        CliHarness h = CliHarness.run("export", "--policy", "lease-detector", "--name", "lease-ledger", "--out", out.toString());
        assertThat(h.exit()).as(h.err()).isZero();
        assertThat(h.out()).contains("as the saturation detector lease-ledger-detector (package leaseledger, 128 golden cases)");
        assertThat(out.resolve("leaseledger/detector.go")).content()
                .contains("func (p *policy) Saturation(_ context.Context, endpoints []fwkdl.Endpoint) float64 {");
        assertThat(out.resolve("leaseledger/epp-config.yaml")).content()
                .contains("  - type: soft-reflective-ceiling-policy\n  - type: lease-ledger-detector          # Alpha: start the EPP")
                .contains("  saturationDetector:\n    pluginRef: lease-ledger-detector\n");
        assertThat(out.resolve("PROVENANCE.md")).content().contains("`lease-detector`");
        assertThat(out.resolve("RUNBOOK.md")).content().contains("point flow control's saturation detector back at `utilization-detector`");
        GoToolchain.assertProved(h);

        Path stub = RouterFixture.usageLimitStub(dir);
        Path router = RouterFixture.create(dir.resolve("router"), stub, out);
        String before = Files.readString(router.resolve("cmd/epp/runner/runner.go"));
        CliHarness placed = CliHarness.run("export", "--policy", "lease-detector", "--name", "lease-ledger", "--out",
                dir.resolve("placed").toString(), "--router", router.toString());
        assertThat(placed.exit()).as(placed.out() + placed.err()).isZero();
        assertThat(placed.out()).contains("on branch nous/lease-ledger-detector");
        String runner = Files.readString(router.resolve("cmd/epp/runner/runner.go"));
        assertThat(runner).isEqualTo(before
                .replace("\t\"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/flowcontrol/saturationdetector/utilization\"\n",
                        "\t\"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/flowcontrol/saturationdetector/leaseledger\"\n"
                                + "\t\"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/flowcontrol/saturationdetector/utilization\"\n")
                .replace("utilization.UtilizationDetectorFactory)\n", "utilization.UtilizationDetectorFactory)\n\t// Alpha\n"
                        + "\tfwkplugin.Register(leaseledger.DetectorType, fwkplugin.StabilityAlpha, leaseledger.Factory)\n"));
        assertThat(router.resolve("pkg/epp/framework/plugins/flowcontrol/saturationdetector/leaseledger/testdata/equivalence.json")).exists();
        assertThat(router.resolve("deploy/config/lease-ledger-detector-epp-config.yaml")).content()
                .contains("pluginRef: lease-ledger-detector");
        assertThat(dir.resolve("placed/PR_DESCRIPTION.md")).content().contains("an Alpha saturation detector for flow control")
                .contains("New Alpha saturation detector `lease-ledger-detector`");
        try (org.eclipse.jgit.api.Git git = org.eclipse.jgit.api.Git.open(router.toFile())) {
            var head = git.log().setMaxCount(1).call().iterator().next();
            assertThat(head.getFullMessage()).contains("registered with the saturation detectors");
        }
        GoToolchain.vetAndTest(router);
    }
}
