package io.nous.evaluator.objective;

import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.run.RunData;
import io.nous.evaluator.stats.Comparison;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.stats.QuantileStatistic;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * Routing ({@code routing-ttft}): TTFT p90 over every request, whatever its class (lower is better),
 * with the requests a deployment completes per second no lower than the baseline's. Closed-loop
 * users send their next request when the last ends, so a router that keeps TTFT low by leaving pods
 * idle shows up as lost throughput; the constraint keeps that trade off the table. Requests a
 * router fails (no endpoint, a full engine queue, an engine error) count as drops.
 */
final class RoutingTtftObjective implements Objective {
    /** Throughput a candidate may lose before it is held to have lost any (noise between paired closed-loop runs). */
    static final double THROUGHPUT_SLACK = 0.01;

    static final Constraint NO_THROUGHPUT_LOSS = new Constraint() {
        @Override
        public String name() {
            return "no-throughput-loss";
        }

        @Override
        public ConstraintResult check(List<PairedScenario> scenarios, Map<String, Map<String, Comparison>> comparisons,
                                      PairedBootstrap stats) {
            for (PairedScenario p : scenarios) {
                double b = mean(p.baseline());
                double c = mean(p.candidate());
                if (c < b * (1 - THROUGHPUT_SLACK)) {
                    return new ConstraintResult(name(), false, String.format(Locale.ROOT,
                            "%s: %.2f requests/s completed vs %.2f for the baseline (at most %.0f%% lower)", p.entry().label(), c, b,
                            100 * THROUGHPUT_SLACK));
                }
            }
            return new ConstraintResult(name(), true, "throughput held on " + scenarios.size() + " scenario(s)");
        }
    };

    static final Constraint NO_ADDED_FAILURES = new Constraint() {
        @Override
        public String name() {
            return "no-added-failures";
        }

        @Override
        public ConstraintResult check(List<PairedScenario> scenarios, Map<String, Map<String, Comparison>> comparisons,
                                      PairedBootstrap stats) {
            for (PairedScenario p : scenarios) {
                long b = failed(p.baseline());
                long c = failed(p.candidate());
                if (c > b) {
                    return new ConstraintResult(name(), false, String.format(Locale.ROOT,
                            "%s: %d requests failed (no endpoint, engine busy or engine error) vs %d for the baseline over %d seeds",
                            p.entry().label(), c, b, p.seeds()));
                }
            }
            return new ConstraintResult(name(), true, "no failures added on " + scenarios.size() + " scenario(s)");
        }
    };

    @Override
    public String name() {
        return "routing-ttft";
    }

    @Override
    public String description() {
        return "TTFT p90 over every request (lower is better), completed requests per second no lower than the baseline's (routing)";
    }

    @Override
    public String scenarioColumn() {
        return "TTFT p90";
    }

    @Override
    public List<Constraint> constraints() {
        return List.of(NO_THROUGHPUT_LOSS, NO_ADDED_FAILURES, Constraints.NO_ADDED_DROPS);
    }

    @Override
    public boolean lowerIsBetter() {
        return true;
    }

    @Override
    public ScenarioScore score(PairedScenario p, PairedBootstrap stats, RandomGenerator rng) {
        QuantileStatistic b = Samples.quantile(p.baseline(), null, Samples.Latency.TTFT, 0.90);
        QuantileStatistic c = Samples.quantile(p.candidate(), null, Samples.Latency.TTFT, 0.90);
        return new ScenarioScore(stats.compare(name(), b, c, true, rng), stats.replicates(b, c, rng));
    }

    /** Completed requests per second, as the run summary measures it, averaged over the seeds. */
    private static double mean(List<RunData> runs) {
        double sum = 0;
        for (RunData r : runs) {
            sum += r.result().run().throughputRps();
        }
        return sum / runs.size();
    }

    private static long failed(List<RunData> runs) {
        long n = 0;
        for (RunData r : runs) {
            for (var c : r.result().classes().values()) {
                n += c.failed();
            }
        }
        return n;
    }
}
