package io.nous.evaluator.objective;

import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.stats.QuantileStatistic;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * Lower is better: a latency quantile of one class ({@code critical-ttft}: critical TTFT p99), under
 * the constraints its name promises (for admission, shedding within a budget instead of no starvation).
 */
final class LatencyQuantileObjective implements Objective {
    private final String name;
    private final String description;
    private final String cls;
    private final Samples.Latency latency;
    private final double q;
    private final java.util.List<Constraint> constraints;

    LatencyQuantileObjective(String name, String description, String cls, Samples.Latency latency, double q) {
        this(name, description, cls, latency, q, Constraints.all());
    }

    LatencyQuantileObjective(String name, String description, String cls, Samples.Latency latency, double q,
                             java.util.List<Constraint> constraints) {
        this.constraints = java.util.List.copyOf(constraints);
        this.name = name;
        this.description = description;
        this.cls = cls;
        this.latency = latency;
        this.q = q;
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
    public java.util.List<Constraint> constraints() {
        return constraints;
    }

    @Override
    public boolean lowerIsBetter() {
        return true;
    }

    @Override
    public ScenarioScore score(PairedScenario p, PairedBootstrap stats, RandomGenerator rng) {
        QuantileStatistic b = Samples.quantile(p.baseline(), cls, latency, q);
        QuantileStatistic c = Samples.quantile(p.candidate(), cls, latency, q);
        var comparison = stats.compare(name, b, c, true, rng);
        return new ScenarioScore(comparison, stats.replicates(b, c, rng));
    }
}
