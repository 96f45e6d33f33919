package io.nous.evaluator.objective;

import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.stats.PairedBootstrap;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * What "better" means for a search. Scores one scenario, usually as a relative change versus the
 * baseline (aggregated over contended scenarios by the geometric mean of {@code 1 + change}), or as
 * an absolute quantity (aggregated by the mean); and says which constraints it must respect.
 */
public interface Objective {

    /** How per-scenario scores combine. */
    enum Aggregation { GEOMETRIC_RELATIVE, MEAN_ABSOLUTE }

    default Aggregation aggregation() {
        return Aggregation.GEOMETRIC_RELATIVE;
    }

    /** The constraints a candidate must hold under this objective. */
    default java.util.List<Constraint> constraints() {
        return Constraints.all();
    }


    /** Whether it judges policies meant to shed requests (admitters): it prices shedding instead of forbidding it. */
    default boolean judgesShedding() {
        return constraints().contains(Constraints.SHED_BUDGET);
    }

    String name();

    String description();

    /**
     * What a scenario's row of an evaluation table compares, when it is this objective's own
     * per-scenario comparison rather than critical TTFT p99 (e.g. "TTFT p90" for routing); null keeps
     * critical TTFT p99, which the flow-control and admission objectives are built on.
     */
    default String scenarioColumn() {
        return null;
    }

    /** True when a negative change is an improvement. */
    boolean lowerIsBetter();

    /** Which way this objective improves. */
    default Direction direction() {
        return Direction.of(lowerIsBetter());
    }

    ScenarioScore score(PairedScenario p, PairedBootstrap stats, RandomGenerator rng);
}
