package io.nous.sim.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.sim.request.Request;
import org.junit.jupiter.api.Test;

/**
 * The router's {@code disagg-profile-handler} as Nous reads and runs it: the decode profile picks
 * first, the decider looks at what that pod already holds, and only then the prefill profile picks a
 * prefill pod; configs the router would refuse are refused by line.
 */
class DisaggRoutingTest {
    private static final String PD = """
            plugins:
              - type: approx-prefix-cache-producer
              - type: prefix-cache-scorer
              - type: queue-scorer
              - type: prefill-filter
              - type: decode-filter
              - type: disagg-profile-handler
                parameters:
                  deciders:
                    prefill: decider
              - type: prefix-based-pd-decider
                name: decider
                parameters:
                  nonCachedTokens: %d
            schedulingProfiles:
              - name: prefill
                plugins:
                  - pluginRef: prefill-filter
                  - pluginRef: queue-scorer
              - name: decode
                plugins:
                  - pluginRef: decode-filter
                  - pluginRef: prefix-cache-scorer
                    weight: 2
                  - pluginRef: queue-scorer
            """;

    private static RoutingConfig parse(String yaml) {
        return RoutingConfig.parse(yaml, "pd", "pd.yaml");
    }

    @Test
    void theShippedPdConfigDisaggregatesWithThePrefixDecider() {
        RoutingConfig c = RoutingConfig.byNameOrFile("pd");
        assertThat(c.disaggregates()).isTrue();
        assertThat(c.disagg().decider()).isEqualTo(new PluginCatalog.DeciderParams(16, 0));
        assertThat(c.filters()).containsExactly("decode-filter");
        assertThat(c.disagg().prefill().filters()).containsExactly("prefill-filter");
    }

    @Test
    void theDecodePodIsPickedFirstAndThePrefillPodOnlyWhenTheDeciderSaysSo() {
        RoutingFixture f = new RoutingFixture(4, parse(PD.formatted(256)), true, null);
        f.router.roles(new boolean[] {true, true, false, false});
        Request first = f.tenantRequest(1, 2048, 2100);
        int decode = f.router.route(first, 0);
        assertThat(decode).isIn(2, 3);
        assertThat(f.router.prefillPod()).isIn(0, 1); // nothing cached anywhere: 2,100 tokens to compute
        assertThat(f.inFlight.requests(decode)).isEqualTo(1);

        // the same tenant's next prompt: the prefix producer believes the decode pod holds its 2,048 shared tokens
        Request second = f.tenantRequest(1, 2048, 2100);
        int again = f.router.route(second, 0);
        assertThat(again).isEqualTo(decode);
        assertThat(f.router.prefillPod()).isEqualTo(-1); // 52 uncached tokens < 256: prefilled where it decodes
    }

    @Test
    void withoutPrefillPodsNothingDisaggregatesAndEveryPodDecodes() {
        RoutingFixture f = new RoutingFixture(3, parse(PD.formatted(1)), false, null);
        java.util.Set<Integer> used = new java.util.HashSet<>();
        for (int i = 0; i < 30; i++) {
            used.add(f.router.route(f.plainRequest(500), 0));
            assertThat(f.router.prefillPod()).isEqualTo(-1);
        }
        assertThat(used).containsExactlyInAnyOrder(0, 1, 2);
    }

    @Test
    void aZeroThresholdTurnsThePrefixDeciderOff() {
        RoutingConfig c = parse(PD.formatted(0));
        RoutingFixture f = new RoutingFixture(2, c, false, null);
        f.router.roles(new boolean[] {true, false});
        assertThat(f.router.route(f.plainRequest(8000), 0)).isEqualTo(1);
        assertThat(f.router.prefillPod()).isEqualTo(-1);
    }

    @Test
    void configsTheRouterRefusesAreRefused() {
        assertThatThrownBy(() -> parse(PD.formatted(16).replace("prefill: decider", "prefill: nosuch")))
                .isInstanceOf(RoutingException.class).hasMessageContaining("deciders.prefill plugin not found: nosuch");
        assertThatThrownBy(() -> parse(PD.formatted(16).replace("prefill: decider", "prefill: queue-scorer")))
                .hasMessageContaining("does not implement prefillDeciderPlugin");
        assertThatThrownBy(() -> parse(PD.formatted(16).replace("  - name: decode\n", "  - name: decoding\n")))
                .hasMessageContaining("needs a scheduling profile named 'decode'");
        assertThatThrownBy(() -> parse(PD.formatted(16).replace("    parameters:\n      deciders:",
                "    parameters:\n      stageOrder: prefill-first\n      deciders:")))
                .hasMessageContaining("prefill decider is not supported in prefill-first stage order");
        assertThatThrownBy(() -> parse(PD.formatted(16).replace("prefill: decider", "prefill: decider\n        encode: decider")))
                .hasMessageContaining("pd.yaml:").hasMessageContaining("encode stage");
        assertThatThrownBy(() -> parse(PD.formatted(-1))).hasMessageContaining("nonCachedTokens parameter of prefix disaggregation decider "
                + "cannot be negative");
        assertThatThrownBy(() -> parse(PD.formatted(16).replace("    parameters:\n      deciders:\n        prefill: decider",
                "    parameters:\n      deciderPluginName: decider"))).hasMessageContaining("deprecated flat format");
        // two profiles without the disagg handler: the single-profile handler runs one
        assertThatThrownBy(() -> parse(PD.formatted(16).replace("  - type: disagg-profile-handler\n", "  - type: single-profile-handler\n")
                .replace("    parameters:\n      deciders:\n        prefill: decider\n", "")))
                .hasMessageContaining("only one scheduling profile runs under the single-profile handler");
    }
}
