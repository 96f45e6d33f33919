package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The router's own configs in: an EndpointPickerConfig that enables the upstream usage-limit
 * policies and admitter simulates exactly as the same policies named by flag, and every config
 * {@code nous export} writes simulates unchanged, its plugins run from the exported sources.
 */
class EppConfigRoundTripTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] LOAD = {"--workload", "code-generation", "--qps", "14", "--duration", "90", "--seed", "5"};

    @TempDir
    Path dir;

    private static String flowControlConfig(String plugin, String ref) {
        return """
                apiVersion: llm-d.ai/v1alpha1
                kind: EndpointPickerConfig
                featureGates:
                  - flowControl
                plugins:
                  - type: queue-scorer
                  - type: kv-cache-utilization-scorer
                  - type: prefix-cache-scorer
                %s
                schedulingProfiles:
                  - name: default
                    plugins:
                      - pluginRef: queue-scorer
                        weight: 2.0
                      - pluginRef: kv-cache-utilization-scorer
                        weight: 2.0
                      - pluginRef: prefix-cache-scorer
                        weight: 3.0
                %s""".formatted(plugin, ref == null ? "" : "flowControl:\n  usageLimitPolicyPluginRef: " + ref + "\n");
    }

    /** {@code nous simulate --json} with the load above and {@code args}, less what names the config and the wall time. */
    static JsonNode simulated(String... args) {
        List<String> all = new ArrayList<>(List.of("simulate", "--json"));
        all.addAll(List.of(LOAD));
        all.addAll(List.of(args));
        CliHarness h = CliHarness.run(all.toArray(String[]::new));
        assertThat(h.exit()).as(String.join(" ", all) + "\n" + h.err()).isZero();
        try {
            return withoutNames(JSON.readTree(h.out()));
        } catch (java.io.IOException e) {
            throw new AssertionError(h.out(), e);
        }
    }

    private static JsonNode withoutNames(JsonNode n) {
        if (n instanceof ObjectNode o) {
            o.remove(List.of("wall_seconds", "routing", "policy", "admission"));
            o.forEach(EppConfigRoundTripTest::withoutNames);
        } else if (n != null && n.isArray()) {
            n.forEach(EppConfigRoundTripTest::withoutNames);
        }
        return n;
    }

    private Path config(String name, String text) throws Exception {
        Path f = dir.resolve(name + ".yaml");
        Files.writeString(f, text);
        return f;
    }

    @Test
    void theRoutersFlowControlPluginsSimulateAsTheSamePoliciesByFlag() throws Exception {
        Path srcp = config("srcp", flowControlConfig("  - type: soft-reflective-ceiling-policy", "soft-reflective-ceiling-policy"));
        JsonNode byConfig = simulated("--epp-config", srcp.toString());
        assertThat(byConfig).isEqualTo(simulated("--policy", "soft-reflective-ceiling"));
        // a named instance with parameters
        Path holdback = config("holdback", flowControlConfig(
                "  - {type: priority-holdback-policy, name: holdback, parameters: {domain: rank, minCeiling: 0.4, maxCeiling: 0.9}}",
                "holdback"));
        assertThat(simulated("--epp-config", holdback.toString()))
                .isEqualTo(simulated("--policy", "priority-holdback:minCeiling=0.4,maxCeiling=0.9"));
        // the admitter, after flow control's queue (no usage-limit policy named: the router's static default)
        Path admitter = config("admitter", flowControlConfig("  - {type: probabilistic-admitter, parameters: {power: 4}}", null));
        assertThat(simulated("--epp-config", admitter.toString()))
                .isEqualTo(simulated("--admission", "probabilistic-admitter:power=4.0"));
        // the policy the config names differs from the baseline, so the comparison above could fail
        assertThat(byConfig).isNotEqualTo(simulated());
    }

    @Test
    void theRoutersOwnAdmitterDeploymentRunsTheAdmitterAloneOnItsOwnThresholds() throws Exception {
        // as the router's sample for probabilistic-admitter deploys it: the detector out of reach (so the legacy rule never
        // sheds), named under flowControl.saturationDetector, the deprecated apiVersion; the admitter sheds on its own 5 / 0.8
        Path sample = config("admitter-sample", """
                apiVersion: inference.networking.x-k8s.io/v1alpha1
                kind: EndpointPickerConfig
                plugins:
                - type: probabilistic-admitter
                - type: random-picker
                - type: utilization-detector
                  parameters: {queueDepthThreshold: 999999999, kvCacheUtilThreshold: 1.0}
                flowControl:
                  saturationDetector: {pluginRef: utilization-detector}
                schedulingProfiles:
                - name: default
                  plugins:
                  - pluginRef: random-picker
                """);
        CliHarness h = CliHarness.run("simulate", "--json", "--workload", "balanced", "--qps", "90", "--duration", "60", "--epp-config",
                sample.toString());
        assertThat(h.exit()).as(h.err()).isZero();
        JsonNode shed = JSON.readTree(h.out()).get("classes").get("sheddable");
        assertThat(shed.get("admission_rejected").asLong()).as("the admitter sheds").isPositive();
        assertThat(shed.get("rejected_saturated").asLong()).as("the legacy rule does not").isZero();
        assertThat(RouterLoaderRules.problems(Files.readString(sample), java.util.Set.of())).isEmpty();
        Path wrongDetector = config("wrong-detector", Files.readString(sample).replace("pluginRef: utilization-detector",
                "pluginRef: random-picker"));
        CliHarness refused = CliHarness.run("simulate", "--workload", "balanced", "--qps", "90", "--duration", "10", "--epp-config",
                wrongDetector.toString());
        assertThat(refused.exit()).isEqualTo(2);
        assertThat(refused.err()).contains("saturationDetector.pluginRef 'random-picker' is a random-picker");
    }

    @Test
    void aConfigThatNamesWhatItDoesNotHaveIsRefusedWithTheLine() throws Exception {
        Path dangling = config("dangling", flowControlConfig("  - type: soft-reflective-ceiling-policy", "holdback"));
        CliHarness h = CliHarness.run("simulate", "--epp-config", dangling.toString(), "--workload", "code-generation", "--qps", "4", "--duration", "10");
        assertThat(h.exit()).isEqualTo(2);
        assertThat(h.err()).contains(dangling + ":20:").contains("usageLimitPolicyPluginRef 'holdback' names no plugin")
                .doesNotContain("Exception");
        Path notAPolicy = config("scorer-ref", flowControlConfig("", "queue-scorer"));
        CliHarness h2 = CliHarness.run("simulate", "--epp-config", notAPolicy.toString(), "--workload", "code-generation", "--qps", "4", "--duration", "10");
        assertThat(h2.exit()).isEqualTo(2);
        assertThat(h2.err()).contains("'queue-scorer' is a queue-scorer, which is not a usage-limit policy");
        Path holdback = config("no-min", flowControlConfig("  - {type: priority-holdback-policy, parameters: {maxCeiling: 0.9}}", null));
        CliHarness h3 = CliHarness.run("simulate", "--epp-config", holdback.toString(), "--workload", "code-generation", "--qps", "4", "--duration", "10");
        assertThat(h3.exit()).isEqualTo(2);
        assertThat(h3.err()).contains("needs minCeiling");
        Path unknown = config("unknown", flowControlConfig("  - type: nous-c9999-policy", "nous-c9999-policy"));
        CliHarness h4 = CliHarness.run("simulate", "--epp-config", unknown.toString(), "--workload", "code-generation", "--qps", "4", "--duration", "10");
        assertThat(h4.exit()).isEqualTo(2);
        assertThat(h4.err()).contains("plugin type 'nous-c9999-policy' is not simulated").contains("provenance.json");
    }

    @Test
    void exportedUsageLimitAndScorerConfigsSimulateUnchanged() throws Exception {
        Path policyOut = dir.resolve("srcp-copy");
        CliHarness e = CliHarness.run("export", "--policy", "soft-reflective-ceiling", "--force", "--name", "srcp-copy", "--out",
                policyOut.toString());
        assertThat(e.exit()).as(e.err()).isZero();
        assertThat(simulated("--epp-config", exportedConfig(policyOut).toString())).isEqualTo(simulated("--policy", "soft-reflective-ceiling"));

        // what the router itself would make of it: its loader's rules, read from its source
        assertThat(RouterLoaderRules.problems(Files.readString(exportedConfig(policyOut)), java.util.Set.of("srcp-copy-policy"))).isEmpty();

        Path scorerOut = dir.resolve("token-load-copy");
        CliHarness s = CliHarness.run("export", "--policy", "token-load", "--force", "--name", "token-load-copy", "--out", scorerOut.toString());
        assertThat(s.exit()).as(s.err()).isZero();
        // the exported scorer in the profile it was measured in, against the router's own token-load-scorer in the same profile
        assertThat(simulated("--epp-config", exportedConfig(scorerOut).toString())).isEqualTo(simulated("--epp-config", "lab-scorer"));
        assertThat(RouterLoaderRules.problems(Files.readString(exportedConfig(scorerOut)), java.util.Set.of("token-load-copy-scorer"))).isEmpty();
        // the rules can fail: a config the loader would refuse is caught
        assertThat(RouterLoaderRules.problems(Files.readString(exportedConfig(scorerOut)).replace("pluginRef: token-load-copy-scorer",
                "pluginRef: token-load-copy-scorer\n        weight: 1.0\n        enabled: true"), java.util.Set.of("token-load-copy-scorer")))
                .singleElement().asString().contains("enabled");
        assertThat(RouterLoaderRules.problems(Files.readString(exportedConfig(scorerOut)), java.util.Set.of())).singleElement().asString()
                .contains("plugin type 'token-load-copy-scorer' is not registered");

        // an exported source edited after the export is not the plugin that was proved: refused by name
        Path source;
        try (Stream<Path> f = Files.list(policyOut.resolve("source"))) {
            source = f.findFirst().orElseThrow();
        }
        Files.writeString(source, Files.readString(source) + "\n// edited\n");
        CliHarness tampered = CliHarness.run("simulate", "--epp-config", exportedConfig(policyOut).toString(), "--workload", "code-generation", "--qps", "4", "--duration", "10");
        assertThat(tampered.exit()).isEqualTo(2);
        assertThat(tampered.err()).contains(source.getFileName().toString()).contains("changed after export");
    }

    /** The one epp-config.yaml an export of one plugin wrote (in its package folder). */
    static Path exportedConfig(Path out) throws Exception {
        try (Stream<Path> f = Files.walk(out)) {
            List<Path> configs = f.filter(p -> p.getFileName().toString().equals("epp-config.yaml")).toList();
            assertThat(configs).hasSize(1);
            return configs.get(0);
        }
    }
}
