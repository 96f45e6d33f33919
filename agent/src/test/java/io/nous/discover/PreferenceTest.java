package io.nous.discover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.store.journal.Evidence;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A stated preference: how it reads, which point of a front it picks, and what a paired trial must show. */
class PreferenceTest {
    private static final List<String> OBJECTIVES = List.of("critical-ttft", "goodput");
    private static final Preference PREFER = Preference.parse("critical-ttft within 5% of best, then max goodput", OBJECTIVES);

    private static TradeOffFront.Point point(String id, double ttft, double goodput) {
        return new TradeOffFront.Point(id, Map.of("nominal", Map.of("critical-ttft", new double[] {ttft, ttft, ttft},
                "goodput", new double[] {goodput, goodput, goodput})));
    }

    @Test
    void readsTheFlagAndNamesWhatIsWrong() {
        assertThat(PREFER).isEqualTo(new Preference("critical-ttft", 0.05, "goodput"));
        assertThat(PREFER.toString()).isEqualTo("critical-ttft within 5% of best, then max goodput");
        assertThatThrownBy(() -> Preference.parse("fast please", OBJECTIVES)).hasMessageContaining("OBJECTIVE within N% of best");
        assertThatThrownBy(() -> Preference.parse("critical-ttft within 5% of best, then max critical-e2e", OBJECTIVES))
                .hasMessageContaining("'critical-e2e' is not one of this run's objectives");
        assertThatThrownBy(() -> Preference.parse("critical-ttft within 5% of best, then min goodput", OBJECTIVES))
                .hasMessageContaining("say 'max goodput'");
    }

    @Test
    void anAbsoluteObjectivesToleranceIsInItsOwnUnitsNeverAPercentReadAsAFraction() {
        List<String> admission = List.of("sheddable-shed", "critical-ttft");
        assertThatThrownBy(() -> Preference.parse("sheddable-shed within 5% of best, then min critical-ttft", admission))
                .hasMessageContaining("'sheddable-shed' is absolute").hasMessageContaining("\"sheddable-shed within 5 of best, ...\"");
        Preference p = Preference.parse("sheddable-shed within 2 of best, then min critical-ttft", admission);
        assertThat(p.tolerance()).isEqualTo(2.0);
        assertThat(p.toString()).isEqualTo("sheddable-shed within 2 of best, then min critical-ttft");
        assertThat(Preference.parse(p.toString(), admission)).isEqualTo(p);
        assertThatThrownBy(() -> Preference.parse("critical-ttft within 5 of best, then max goodput", OBJECTIVES))
                .hasMessageContaining("give its tolerance as a share, e.g. \"critical-ttft within 5% of best");
    }

    @Test
    void nearTheBestPrimaryTheSecondaryDecides() {
        // 0.70 vs 0.72 of the baseline's TTFT: within 5 % of each other, so goodput decides
        assertThat(PREFER.prefers(point("a", -0.28, 0.10), point("b", -0.30, 0.00))).isTrue();
        assertThat(PREFER.prefers(point("b", -0.30, 0.00), point("a", -0.28, 0.10))).isFalse();
        // 0.70 vs 0.80: b is outside the tolerance of a's best TTFT, so a wins whatever b's goodput
        assertThat(PREFER.prefers(point("a", -0.30, 0.00), point("b", -0.20, 0.50))).isTrue();
        assertThat(PREFER.prefers(point("b", -0.20, 0.50), point("a", -0.30, 0.00))).isFalse();
    }

    @Test
    void aPairedTrialAcceptsClearlyBetterTtftOrNearTtftWithBetterGoodput() {
        Evidence nearAndMoreGoodput = TradeOffFrontTest.paired("x", new Object[] {0.03, "no-difference", 0.08, "better"});
        assertThat(PREFER.acceptsPaired(nearAndMoreGoodput)).isTrue();
        Evidence tooSlow = TradeOffFrontTest.paired("x", new Object[] {0.07, "worse", 0.20, "better"});
        assertThat(PREFER.acceptsPaired(tooSlow)).isFalse();
        // interval [-0.12, -0.08] is wholly beyond 1/1.05 - 1 = -0.048: better by more than the tolerance, goodput aside
        Evidence muchFaster = TradeOffFrontTest.paired("x", new Object[] {-0.10, "better", -0.05, "worse"});
        assertThat(PREFER.acceptsPaired(muchFaster)).isTrue();
        Evidence nearNoGain = TradeOffFrontTest.paired("x", new Object[] {0.01, "no-difference", 0.01, "no-difference"});
        assertThat(PREFER.acceptsPaired(nearNoGain)).isFalse();
    }
}
