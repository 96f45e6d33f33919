package io.nous.sim.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Reading EndpointPickerConfigs: what is accepted, and what is refused by file, line and name. */
class RoutingConfigTest {

    private static RoutingConfig parse(String yaml) {
        return RoutingConfig.parse(yaml, "op", "op.yaml");
    }

    @Test
    void theShippedConfigsReadAndSayWhatTheyRun() {
        RoutingConfig d = RoutingConfig.defaults();
        assertThat(d.flowControl()).isTrue();
        assertThat(d.scorers()).extracting(RoutingConfig.WeightedRef::plugin, RoutingConfig.WeightedRef::weight)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("queue-scorer", 2.0),
                        org.assertj.core.groups.Tuple.tuple("kv-cache-utilization-scorer", 2.0),
                        org.assertj.core.groups.Tuple.tuple("prefix-cache-scorer", 3.0));
        RoutingConfig b = RoutingConfig.byNameOrFile("lab-prefill-calibrated");
        assertThat(b.flowControl()).as("no featureGates: the legacy path").isFalse();
        assertThat(b.filters()).containsExactly("prefix-cache-affinity-filter");
        PrefixCacheAffinityFilter.Config gate = (PrefixCacheAffinityFilter.Config) b.plugin("prefix-cache-affinity-filter").params();
        assertThat(gate).isEqualTo(new PrefixCacheAffinityFilter.Config(0.8, 0, 2000, 4838));
        RoutingConfig c = RoutingConfig.byNameOrFile("lab-decode");
        assertThat(c.scorers()).extracting(RoutingConfig.WeightedRef::plugin).containsExactly("active-request-scorer");
        for (String name : RoutingConfig.PRESET_NAMES) {
            assertThat(RoutingConfig.byNameOrFile(name).name()).isEqualTo(name);
        }
    }

    @Test
    void anUnknownPluginTypeIsRefusedWithItsLine() {
        assertThatThrownBy(() -> parse("""
                plugins:
                  - type: queue-scorer
                  - type: latency-scorer
                """)).isInstanceOf(RoutingException.class)
                .hasMessageStartingWith("op.yaml:3: plugin type 'latency-scorer' is not simulated (known: ");
    }

    @Test
    void anUnknownParameterIsRefusedByNameAndLine() {
        assertThatThrownBy(() -> parse("""
                plugins:
                  - type: prefix-cache-affinity-filter
                    parameters:
                      affinityThreshold: 0.9
                      maxTtftPenaltyMs: 100
                """)).isInstanceOf(RoutingException.class)
                .hasMessageStartingWith("op.yaml:5: unknown parameter of 'prefix-cache-affinity-filter' 'maxTtftPenaltyMs' (known: ")
                .hasMessageContaining("maxTTFTPenaltyMs");
    }

    @Test
    void aBadWeightIsRefused() {
        String plugins = "plugins:\n  - type: queue-scorer\nschedulingProfiles:\n  - name: default\n    plugins:\n      - pluginRef: queue-scorer\n";
        assertThatThrownBy(() -> parse(plugins + "        weight: -1\n")).isInstanceOf(RoutingException.class)
                .hasMessage("op.yaml:7: the weight of 'queue-scorer' must be >= 0, got -1.0");
        assertThatThrownBy(() -> parse(plugins + "        weight: heavy\n")).isInstanceOf(RoutingException.class)
                .hasMessage("op.yaml:7: weight of 'queue-scorer' must be a number, got 'heavy'");
    }

    @Test
    void referencesMustNameTheRightPlugins() {
        assertThatThrownBy(() -> parse("""
                plugins:
                  - type: queue-scorer
                schedulingProfiles:
                  - name: default
                    plugins:
                      - pluginRef: token-load-scorer
                """)).isInstanceOf(RoutingException.class)
                .hasMessage("op.yaml:6: pluginRef 'token-load-scorer' names no plugin (plugins: queue-scorer)");
        assertThatThrownBy(() -> parse("""
                plugins:
                  - type: max-score-picker
                schedulingProfiles:
                  - name: default
                    plugins:
                      - pluginRef: max-score-picker
                        weight: 2
                """)).isInstanceOf(RoutingException.class)
                .hasMessageContaining("op.yaml:7: 'max-score-picker' is a picker, not a scorer");
        assertThatThrownBy(() -> parse("""
                plugins:
                  - type: token-load-scorer
                    parameters:
                      inFlightLoadProducerName: mine
                """)).isInstanceOf(RoutingException.class)
                .hasMessage("op.yaml:4: inFlightLoadProducerName 'mine' names no inflight-load-producer in this config");
    }

    @Test
    void valuesAreCheckedAsUpstreamChecksThem() {
        assertThatThrownBy(() -> parse("""
                plugins:
                  - type: prefix-cache-affinity-filter
                    parameters: {affinityThreshold: 1.5}
                """)).hasMessageContaining("affinityThreshold must be <= 1.0, got 1.5");
        assertThatThrownBy(() -> parse("""
                plugins:
                  - type: prefix-cache-affinity-filter
                    parameters: {ttftSource: latencyPredictor}
                """)).hasMessageContaining("the latency predictor is not simulated");
        assertThatThrownBy(() -> parse("""
                plugins:
                  - type: utilization-filter
                    parameters:
                      conditions:
                        - {metric: kv-cache-utilization, maxValue: 80}
                """)).hasMessageContaining("op.yaml:5: maxValue for \"kv-cache-utilization\" must be >= 0 and at most 1");
    }

    @Test
    void topLevelKeysAndFeatureGatesAreStrict() {
        assertThatThrownBy(() -> parse("plugins: []\nschedulingProfile: []\n")).isInstanceOf(RoutingException.class)
                .hasMessageStartingWith("op.yaml:2: unknown key 'schedulingProfile'");
        assertThatThrownBy(() -> parse("featureGates: [prepareData]\n")).hasMessageContaining("op.yaml:1: feature gate 'prepareData'");
        assertThatThrownBy(() -> parse("dataLayer: {}\n")).hasMessageContaining("'dataLayer' is not simulated");
        assertThatThrownBy(() -> parse("apiVersion: v2\n")).hasMessageContaining("op.yaml:1: apiVersion must be one of");
        assertThatThrownBy(() -> parse("plugins: [\n")).hasMessageStartingWith("op.yaml:").hasMessageContaining("not valid YAML");
    }

    @Test
    void flowControlSettingsApplyWithTheGate() {
        RoutingConfig c = parse("""
                featureGates: [flowControl]
                flowControl:
                  defaultRequestTTL: 1m30s
                  defaultPriorityBand: {maxRequests: 200}
                """);
        assertThat(c.flowControl()).isTrue();
        assertThat(c.ttlUs()).isEqualTo(90_000_000L);
        assertThat(c.maxRequestsPerBand()).isEqualTo(200);
        // past an int64 of nanoseconds Go's ParseDuration refuses it; it must not saturate into "forever"
        assertThatThrownBy(() -> parse("featureGates: [flowControl]\nflowControl:\n  defaultRequestTTL: 9000000h\n"))
                .hasMessageContaining("op.yaml:3: defaultRequestTTL must be a duration such as 30s or 1m30s: '9000000h' is past Go's duration range");
        assertThat(parse("featureGates: [flowControl]\nflowControl:\n  defaultRequestTTL: 2562047h\n").ttlUs()).isEqualTo(2562047L * 3600_000_000L);
        assertThatThrownBy(() -> parse("flowControl: {usageLimitPolicyPluginRef: x}\n"))
                .hasMessageContaining("op.yaml:1: usageLimitPolicyPluginRef 'x' names no plugin");
        assertThatThrownBy(() -> parse("flowControl: {maxBytes: 1Gi}\n"))
                .hasMessageContaining("unknown flowControl setting (simulated: defaultRequestTTL, defaultPriorityBand.maxRequests, "
                        + "usageLimitPolicyPluginRef, saturationDetector.pluginRef, enableEviction) 'maxBytes'");
        // enableEviction turns the router's in-flight eviction on, with its defaults
        RoutingConfig evicting = parse("featureGates: [flowControl]\nflowControl: {enableEviction: true}\n");
        assertThat(evicting.enableEviction()).isTrue();
        assertThat(c.enableEviction()).isFalse();
        io.nous.sim.Scenario s = io.nous.sim.Scenario.builder(io.nous.sim.workload.WorkloadCatalog.builtin().workload("reasoning")).qps(0.7).build();
        assertThat(evicting.deploy(s).flowControlConfig().eviction()).isEqualTo(io.nous.sim.epp.EvictionConfig.on());
        assertThat(c.deploy(s).flowControlConfig().eviction().enabled()).isFalse();
        assertThatThrownBy(() -> parse("flowControl: {enableEviction: maybe}\n")).hasMessageContaining("op.yaml:1");
        // the router's flow-control plugins, read with their rules
        RoutingConfig holdback = parse("""
                featureGates: [flowControl]
                plugins:
                  - {type: priority-holdback-policy, name: hb, parameters: {minCeiling: 0.25, domain: value}}
                  - {type: probabilistic-admitter, parameters: {k: 100}}
                flowControl: {usageLimitPolicyPluginRef: hb}
                """);
        assertThat(holdback.usageLimitPolicy()).isEqualTo(new RoutingConfig.PolicyPlugin("priority-holdback-policy",
                "priority-holdback:minCeiling=0.25,domain=value"));
        assertThat(holdback.admitters()).containsExactly(new RoutingConfig.PolicyPlugin("probabilistic-admitter", "probabilistic-admitter:k=100.0"));
        assertThatThrownBy(() -> parse("plugins: [{type: priority-holdback-policy, parameters: {minCeiling: 0.5, maxCeiling: 0.4}}]\n"))
                .hasMessageContaining("maxCeiling must be in (0, 1] and above minCeiling (0.5), got 0.4");
        assertThatThrownBy(() -> parse("plugins: [{type: priority-holdback-policy, parameters: {minCeiling: 0.5, shape: cubic}}]\n"))
                .hasMessageContaining("shape must be linear");
        // without the gate the router runs no flow control, whatever the config names
        assertThat(parse("plugins: [{type: soft-reflective-ceiling-policy}]\nflowControl: {usageLimitPolicyPluginRef: "
                + "soft-reflective-ceiling-policy}\n").usageLimitPolicy()).isNull();
    }

    @Test
    void withoutAProfileEveryFilterScorerAndPickerJoinsTheDefaultOneInFileOrder() {
        RoutingConfig c = parse("""
                plugins:
                  - type: approx-prefix-cache-producer
                  - type: prefix-cache-affinity-filter
                  - type: token-load-scorer
                  - type: random-picker
                """);
        assertThat(c.filters()).containsExactly("prefix-cache-affinity-filter");
        assertThat(c.scorers()).extracting(RoutingConfig.WeightedRef::weight).containsExactly(1.0);
        assertThat(c.picker()).isEqualTo("random-picker");
    }

    @Test
    void aConfigTravelsByItsTextAndIsReadAgain() {
        RoutingConfig c = RoutingConfig.byNameOrFile("lab-defaults");
        assertThat(RoutingConfig.of(c.name(), c.text())).isEqualTo(c);
        assertThat(RoutingConfig.of("service", "service").service()).isTrue();
    }

    @Test
    void theUtilizationDetectorIsAPluginWhoseThresholdsTheDetectorTakesAndAFilterInAProfile() {
        RoutingConfig c = parse("""
                plugins:
                  - type: utilization-detector
                    parameters: {queueDepthThreshold: 8, kvCacheUtilThreshold: 0.9, metricsStalenessThreshold: 100ms, headroom: 0.5}
                  - type: queue-scorer
                schedulingProfiles:
                  - name: default
                    plugins:
                      - pluginRef: utilization-detector
                      - pluginRef: queue-scorer
                """);
        assertThat(c.utilizationDetector()).containsExactly(8, 0.9, 100_000);
        assertThat(c.filters()).containsExactly("utilization-detector");
        RoutingFixture fx = new RoutingFixture(2, c, false, null);
        // limits 12 waiting and 1.35 KV: endpoint 0 over the queue limit, endpoint 1 under it, both fresh
        fx.snapshots[0].update(50_000, 12, 0, 0.1);
        fx.snapshots[1].update(50_000, 11, 0, 0.1);
        assertThat(fx.router.route(fx.plainRequest(10), 100_000)).isEqualTo(1);
        // both stale (older than 100 ms): the filter keeps both, and the shorter queue wins
        assertThat(fx.router.route(fx.plainRequest(10), 200_000)).isEqualTo(1);
        assertThatThrownBy(() -> parse("plugins:\n  - type: utilization-detector\n    parameters: {kvCacheUtilThreshold: 2}\n"))
                .hasMessageContaining("kvCacheUtilThreshold must be in (0, 1]");
    }
}
