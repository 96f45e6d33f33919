package io.nous.evaluator.objective;

import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.run.RunData;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.stats.SeedStatistic;
import io.nous.sim.metrics.RunSummary;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * A routing objective read off each run's whole-run summary, as a lab reports a router
 * configuration: completed requests per second ({@code routing-throughput}) or the prefix-cache hit
 * rate ({@code prefix-hit-rate}), both higher is better. One value per seed; a bootstrap replicate
 * of a seed is its value (the variation comes from resampling seeds), so with few seeds these
 * intervals are wide. They complete the routing front beside {@code routing-ttft}, whose constraints
 * (no throughput lost, no failed request added, no drop added) still decide promotion.
 */
final class RoutingRunObjective implements Objective {
    private final String name;
    private final String description;
    private final ToDoubleFunction<RunSummary> value;

    private RoutingRunObjective(String name, String description, ToDoubleFunction<RunSummary> value) {
        this.name = name;
        this.description = description;
        this.value = value;
    }

    static RoutingRunObjective throughput() {
        return new RoutingRunObjective("routing-throughput", "completed requests per second over the run, every request (higher is better)",
                RunSummary::throughputRps);
    }

    static RoutingRunObjective prefixHitRate() {
        return new RoutingRunObjective("prefix-hit-rate", "prompt tokens served from the prefix cache over all prompt tokens (higher is better)",
                RunSummary::prefixCacheHitRate);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public boolean lowerIsBetter() {
        return false;
    }

    @Override
    public List<Constraint> constraints() {
        return Objectives.byName("routing-ttft").constraints();
    }

    private SeedStatistic perSeed(List<RunData> runs) {
        double[] v = new double[runs.size()];
        for (int s = 0; s < v.length; s++) {
            v[s] = value.applyAsDouble(runs.get(s).result().run());
        }
        return SeedStatistic.perSeed(v);
    }

    @Override
    public ScenarioScore score(PairedScenario p, PairedBootstrap stats, RandomGenerator rng) {
        SeedStatistic b = perSeed(p.baseline());
        SeedStatistic c = perSeed(p.candidate());
        return new ScenarioScore(stats.compare(name, b, c, false, rng), stats.replicates(b, c, rng));
    }
}
