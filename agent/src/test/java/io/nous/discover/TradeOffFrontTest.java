package io.nous.discover;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.store.journal.Evidence;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The trade-off front: intervals decide dominance, under every variant; only deployable candidates are placed. */
class TradeOffFrontTest {
    private static final List<String> OBJECTIVES = List.of("critical-ttft", "goodput");

    /** A search evaluation with one (ttft, goodput) change per variant, each +-0.02. */
    private static Evidence evidence(String id, String racedOut, double[]... perVariant) {
        List<Evidence.VariantEvidence> variants = new java.util.ArrayList<>();
        for (int i = 0; i < perVariant.length; i++) {
            double t = perVariant[i][0];
            double g = perVariant[i][1];
            variants.add(new Evidence.VariantEvidence(i == 0 ? "nominal" : "v" + i, t, t - 0.02, t + 0.02, "better", true,
                    Map.of("goodput", new Evidence.ScoreEvidence("goodput", g, g - 0.02, g + 0.02, "better"))));
        }
        return new Evidence(id, "search", null, null, Map.of(), variants, 2, "all", racedOut, true, List.of(), List.of(), null, null);
    }

    private static List<String> front(Evidence... es) {
        List<TradeOffFront.Point> points = new java.util.ArrayList<>();
        for (Evidence e : es) {
            TradeOffFront.Point p = TradeOffFront.of(e, OBJECTIVES, true);
            if (p != null) {
                points.add(p);
            }
        }
        return TradeOffFront.front(points).stream().map(TradeOffFront.Point::candidate).toList();
    }

    @Test
    void aTradeOffStaysAndAClearlyWorseCandidateGoes() {
        Evidence fast = evidence("fast", null, new double[] {-0.30, -0.05}, new double[] {-0.28, -0.05});
        Evidence generous = evidence("generous", null, new double[] {-0.10, 0.10}, new double[] {-0.09, 0.09});
        Evidence worse = evidence("worse", null, new double[] {-0.20, -0.08}, new double[] {-0.18, -0.08}); // behind fast on both
        Evidence raced = evidence("raced", "not better under variant nominal", new double[] {-0.50, 0.50});
        assertThat(front(fast, generous, worse, raced)).containsExactly("fast", "generous");
    }

    /** A 'somewhere' evaluation, better pooled, that is worse with confidence in one scenario of the given regime. */
    private static Evidence worseIn(String id, String regime) {
        Evidence base = evidence(id, null, new double[] {-0.80, 0.0}, new double[] {-0.80, 0.0});
        List<Evidence.ScenarioEvidence> scenarios = List.of(
                new Evidence.ScenarioEvidence("code-generation@16", null, "over", -0.98, -0.99, -0.97, "better", 0, 0, null),
                new Evidence.ScenarioEvidence("interactive-chat@60", null, regime, 0.08, 0.05, 0.12, "worse", 0, 0, null));
        return new Evidence(id, "search", null, null, Map.of(), base.variants(), 2, "somewhere", null, false, scenarios, List.of(), null, null);
    }

    @Test
    void underTheWorstPlaceRuleACandidateWorseWhereTrafficContendsIsNotPlaced() {
        Evidence modest = evidence("modest", null, new double[] {-0.10, 0.0}, new double[] {-0.10, 0.0});
        Evidence harmsChat = worseIn("harms-chat", "near");
        // it would dominate the modest one, but it can never be promoted: off the front, so it neither holds it nor breeds
        assertThat(front(modest, harmsChat)).containsExactly("modest");
        assertThat(TradeOffFront.of(harmsChat, OBJECTIVES, false)).as("journal schema 3 and before placed it").isNotNull();
        // worse under capacity is the no-harm constraint's business, not this rule's
        assertThat(TradeOffFront.of(worseIn("harms-idle", "under"), OBJECTIVES, true)).isNotNull();
        assertThat(TradeOffFront.worstPlace(3)).isFalse();
        assertThat(TradeOffFront.worstPlace(4)).isTrue();
    }

    @Test
    void aDifferenceWithinTheIntervalsOrUnderOneVariantOnlyDoesNotDominate() {
        Evidence a = evidence("a", null, new double[] {-0.300, 0.000}, new double[] {-0.30, 0.0});
        Evidence b = evidence("b", null, new double[] {-0.295, 0.000}, new double[] {-0.30, 0.0}); // behind within a's interval
        assertThat(front(a, b)).containsExactly("a", "b");
        Evidence c = evidence("c", null, new double[] {-0.40, 0.05}, new double[] {-0.20, 0.05});
        Evidence d = evidence("d", null, new double[] {-0.35, 0.00}, new double[] {-0.25, 0.00}); // better than c under v1
        assertThat(front(c, d)).containsExactly("c", "d");
    }

    /** A paired evaluation of X against Y: per variant {ttft change, ttft verdict, goodput change, goodput verdict}. */
    static Evidence paired(String id, Object[]... perVariant) {
        List<Evidence.VariantEvidence> variants = new java.util.ArrayList<>();
        for (int i = 0; i < perVariant.length; i++) {
            double t = (double) perVariant[i][0];
            double g = (double) perVariant[i][2];
            variants.add(new Evidence.VariantEvidence(i == 0 ? "nominal" : "v" + i, t, t - 0.02, t + 0.02, (String) perVariant[i][1], true,
                    Map.of("goodput", new Evidence.ScoreEvidence("goodput", g, g - 0.02, g + 0.02, (String) perVariant[i][3]))));
        }
        Evidence.ScoreEvidence score = new Evidence.ScoreEvidence("critical-ttft", (double) perVariant[0][0], 0, 0, "no-difference");
        return new Evidence(id, "validation", null, score, Map.of(), variants, perVariant.length, "all", null, true, List.of(), List.of(),
                null, null);
    }

    @Test
    void pairedDominanceNeedsOneObjectiveBetterUnderEveryVariantAndNoneWorse() {
        Evidence dominates = paired("x", new Object[] {-0.01, "no-difference", 0.08, "better"}, new Object[] {0.00, "no-difference", 0.06, "better"});
        assertThat(TradeOffFront.dominatesPaired(dominates, OBJECTIVES)).isTrue();
        assertThat(TradeOffFront.dominatedPaired(dominates, OBJECTIVES)).isFalse();
        // better on goodput under one variant only: not dominance
        Evidence once = paired("x", new Object[] {-0.01, "no-difference", 0.08, "better"}, new Object[] {0.00, "no-difference", 0.01, "no-difference"});
        assertThat(TradeOffFront.dominatesPaired(once, OBJECTIVES)).isFalse();
        // better on goodput everywhere but worse on TTFT under one variant: a trade-off, not dominance
        Evidence trade = paired("x", new Object[] {0.00, "no-difference", 0.08, "better"}, new Object[] {0.05, "worse", 0.06, "better"});
        assertThat(TradeOffFront.dominatesPaired(trade, OBJECTIVES)).isFalse();
        assertThat(TradeOffFront.dominatedPaired(trade, OBJECTIVES)).isFalse();
        Evidence dominated = paired("x", new Object[] {0.06, "worse", 0.0, "no-difference"}, new Object[] {0.05, "worse", -0.01, "no-difference"});
        assertThat(TradeOffFront.dominatedPaired(dominated, OBJECTIVES)).isTrue();
        assertThat(TradeOffFront.dominatesPaired(dominated, OBJECTIVES)).isFalse();
    }
}
