package io.nous.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.UsageLimitPolicy;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class KnownPoliciesTest {
    private final PolicyRegistry registry = PolicyRegistry.builtin();

    static double[] limits(UsageLimitPolicy p, double s, int... priorities) {
        double[] c = new double[priorities.length];
        Arrays.fill(c, 1.0);
        p.computeLimit(s, priorities, c);
        return c;
    }

    @Test
    void staticPolicyWritesOneThresholdEverywhere() {
        assertThat(limits(registry.usageLimit("static-usage-limit"), 0.9, 5, 0, -1)).containsExactly(1.0, 1.0, 1.0);
        assertThat(limits(registry.usageLimit("static-usage-limit-policy:threshold=0.8"), 0.1, 5, 0, -1))
                .containsExactly(0.8, 0.8, 0.8);
    }

    @Test
    void holdbackSpreadsCeilingsByRankOrByValueAndIgnoresSaturation() {
        UsageLimitPolicy rank = registry.usageLimit("priority-holdback:minCeiling=0.4");
        assertThat(limits(rank, 0.0, 10, 5, 0, -1)).containsExactly(new double[] {1.0, 0.8, 0.6, 0.4}, within(1e-12));
        assertThat(limits(rank, 0.99, 10, 5, 0, -1)).containsExactly(new double[] {1.0, 0.8, 0.6, 0.4}, within(1e-12));
        assertThat(limits(rank, 0.5, 3)).containsExactly(1.0);
        assertThat(limits(rank, 0.5)).isEmpty();
        UsageLimitPolicy value = registry.usageLimit("priority-holdback:minCeiling=0.2,maxCeiling=0.9,domain=value");
        double[] v = limits(value, 0.5, 10, 8, 0);
        assertThat(v[0]).isCloseTo(0.9, within(1e-12));
        assertThat(v[1]).isCloseTo(0.2 + 0.8 * 0.7, within(1e-12));
        assertThat(v[2]).isCloseTo(0.2, within(1e-12));
    }

    @Test
    void admitterAlwaysAdmitsCriticalAndShedsSheddableByTheCurve() {
        AdmissionPolicy a = registry.admission("probabilistic-admitter");
        assertThat(a.admit(0, 5.0, 0.0)).isTrue();
        // p = min(s^5 * 300, 1): s = 0.2 -> 0.096; s >= ~0.34 -> 1
        assertThat(a.admit(-1, 0.2, 0.095)).isFalse();
        assertThat(a.admit(-1, 0.2, 0.097)).isTrue();
        assertThat(a.admit(-1, 0.35, 0.999)).isFalse();
        assertThat(a.admit(-1, 0.0, 0.0)).isTrue();
        int admitted = 0;
        for (int i = 0; i < 10_000; i++) {
            admitted += a.admit(-2, 0.3, (i + 0.5) / 10_000) ? 1 : 0;
        }
        assertThat(admitted / 10_000.0).isCloseTo(1 - 0.729, within(0.001)); // 0.3^5 * 300 = 0.729
    }

    @Test
    void everyCreateIsAFreshInstance() {
        assertThat(registry.usageLimit("soft-reflective-ceiling")).isNotSameAs(registry.usageLimit("soft-reflective-ceiling"));
    }

    @Test
    void strictParametersNameWhatIsWrong() {
        assertThatThrownBy(() -> registry.usageLimit("soft-reflective-ceiling:period=3"))
                .isInstanceOf(PolicyReferenceException.class).hasMessageContaining("unknown parameter 'period' (it takes no parameters)");
        assertThatThrownBy(() -> registry.usageLimit("priority-holdback"))
                .hasMessageContaining("parameter 'minCeiling' is required");
        assertThatThrownBy(() -> registry.usageLimit("priority-holdback:minCeiling=x"))
                .hasMessageContaining("'minCeiling' must be a number, got 'x'");
        assertThatThrownBy(() -> registry.usageLimit("priority-holdback:minCeiling=0.9,maxCeiling=0.5"))
                .hasMessageContaining("greater than minCeiling");
        assertThatThrownBy(() -> registry.usageLimit("static-usage-limit:threshold"))
                .hasMessageContaining("not of the form key=value");
        assertThatThrownBy(() -> registry.usageLimit("fifo"))
                .hasMessageContaining("unknown policy 'fifo'").hasMessageContaining("soft-reflective-ceiling");
        assertThatThrownBy(() -> registry.usageLimit("probabilistic-admitter"))
                .hasMessageContaining("is an admission policy");
    }

    @Test
    void everyTemplateShipsItsOwnSource() {
        for (PolicyTemplate t : registry.templates().values()) {
            String src = t.source();
            assertThat(src).contains("class " + t.implementation().getSimpleName());
            assertThat(src).contains("package io.nous.policy.templates;");
        }
    }
}
