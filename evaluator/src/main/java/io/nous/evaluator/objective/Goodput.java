package io.nous.evaluator.objective;

import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.run.RunData;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.stats.SeedStatistic;
import io.nous.sim.metrics.RequestSamples;
import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * Higher is better: completed requests per second, all classes, that met the SLO (TTFT at most
 * {@link #TTFT_SLO_MS} and mean inter-token latency at most {@link #ITL_SLO_MS}). A bootstrap
 * replicate of a seed's count uses the normal approximation of a Poisson count.
 */
final class Goodput implements Objective {
    /** Interactive SLOs assumed for goodput: first token within 2 s, 100 ms per token after. */
    static final double TTFT_SLO_MS = 2000;
    static final double ITL_SLO_MS = 100;

    @Override
    public String name() {
        return "goodput";
    }

    @Override
    public String description() {
        return "requests per second meeting TTFT <= 2 s and ITL <= 100 ms, all classes (higher is better)";
    }

    @Override
    public boolean lowerIsBetter() {
        return false;
    }

    static final class Rate implements SeedStatistic {
        private final double[] counts;
        private final double window;

        Rate(List<RunData> runs) {
            counts = new double[runs.size()];
            RunData first = runs.get(0);
            window = first.result().durationSeconds() - first.result().warmupSeconds();
            for (int s = 0; s < runs.size(); s++) {
                for (RequestSamples rs : runs.get(s).samples().values()) {
                    float[] t = rs.ttftMs();
                    float[] i = rs.itlMs();
                    for (int k = 0; k < t.length; k++) {
                        if (t[k] <= TTFT_SLO_MS && i[k] <= ITL_SLO_MS) {
                            counts[s]++;
                        }
                    }
                }
            }
        }

        @Override
        public int seeds() {
            return counts.length;
        }

        @Override
        public double value(int s) {
            return counts[s] / window;
        }

        @Override
        public double replicate(int s, RandomGenerator rng) {
            return Math.max(0, counts[s] + Math.sqrt(counts[s]) * rng.nextGaussian()) / window;
        }
    }

    @Override
    public ScenarioScore score(PairedScenario p, PairedBootstrap stats, RandomGenerator rng) {
        Rate b = new Rate(p.baseline());
        Rate c = new Rate(p.candidate());
        return new ScenarioScore(stats.compare(name(), b, c, false, rng), stats.replicates(b, c, rng));
    }
}
