package io.nous.evaluator.objective;

import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.run.RunData;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.stats.QuantileStatistic;
import io.nous.evaluator.stats.SeedStatistic;
import io.nous.sim.metrics.RequestSamples;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * Lower is better: how the tenants fare against each other, from each tenant's TTFT p99 (all its
 * completed requests, whatever their class): the worst tenant's ({@code tenant-ttft-worst}), or the
 * worst minus the best ({@code tenant-ttft-spread}). Only tenants with at least {@link #MIN_REQUESTS}
 * completed requests in a run count, so a tenant seen a few times does not decide it. A bootstrap
 * replicate redraws every tenant's p99 from its own requests, then takes the worst (and best).
 */
final class TenantTtftObjective implements Objective {
    /** Completed requests a tenant needs in a run for its p99 to count. */
    static final int MIN_REQUESTS = 20;
    private static final double Q = 0.99;

    private final boolean spread;

    private TenantTtftObjective(boolean spread) {
        this.spread = spread;
    }

    static TenantTtftObjective worst() {
        return new TenantTtftObjective(false);
    }

    static TenantTtftObjective spread() {
        return new TenantTtftObjective(true);
    }

    @Override
    public String name() {
        return spread ? "tenant-ttft-spread" : "tenant-ttft-worst";
    }

    @Override
    public String description() {
        return spread ? "the spread of tenants' TTFT p99, worst minus best (lower is better)"
                : "the worst tenant's TTFT p99 (lower is better)";
    }

    @Override
    public String scenarioColumn() {
        return spread ? "tenant TTFT p99 spread" : "worst tenant's TTFT p99";
    }

    @Override
    public boolean lowerIsBetter() {
        return true;
    }

    @Override
    public ScenarioScore score(PairedScenario p, PairedBootstrap stats, RandomGenerator rng) {
        PerTenant b = new PerTenant(p.baseline(), spread);
        PerTenant c = new PerTenant(p.candidate(), spread);
        return new ScenarioScore(stats.compare(name(), b, c, true, rng), stats.replicates(b, c, rng));
    }

    /** Per seed, each counted tenant's p99 (a {@link QuantileStatistic} whose "seeds" are the tenants), then the worst or the spread. */
    static final class PerTenant implements SeedStatistic {
        private final QuantileStatistic[] tenants;
        private final boolean spread;

        PerTenant(List<RunData> runs, boolean spread) {
            this.spread = spread;
            this.tenants = new QuantileStatistic[runs.size()];
            for (int s = 0; s < runs.size(); s++) {
                tenants[s] = QuantileStatistic.ofSorted(byTenant(runs.get(s)), Q);
            }
        }

        /** Each counted tenant's TTFTs in ascending order, tenants by id. */
        static float[][] byTenant(RunData run) {
            TreeMap<Integer, float[]> groups = new TreeMap<>();
            TreeMap<Integer, Integer> sizes = new TreeMap<>();
            for (RequestSamples rs : run.samples().values()) {
                float[] t = rs.ttftMs();
                int[] who = rs.tenants();
                for (int k = 0; k < t.length; k++) {
                    float[] g = groups.computeIfAbsent(who[k], x -> new float[16]);
                    int n = sizes.getOrDefault(who[k], 0);
                    if (n == g.length) {
                        g = Arrays.copyOf(g, n * 2);
                        groups.put(who[k], g);
                    }
                    g[n] = t[k];
                    sizes.put(who[k], n + 1);
                }
            }
            return groups.entrySet().stream().filter(e -> sizes.get(e.getKey()) >= MIN_REQUESTS).map(e -> {
                float[] g = Arrays.copyOf(e.getValue(), sizes.get(e.getKey()));
                Arrays.sort(g);
                return g;
            }).toArray(float[][]::new);
        }

        @Override
        public int seeds() {
            return tenants.length;
        }

        @Override
        public double value(int s) {
            return combine(s, null);
        }

        @Override
        public double replicate(int s, RandomGenerator rng) {
            return combine(s, rng);
        }

        private double combine(int s, RandomGenerator rng) {
            QuantileStatistic q = tenants[s];
            if (q.seeds() == 0) {
                return Double.NaN;
            }
            double worst = Double.NEGATIVE_INFINITY;
            double best = Double.POSITIVE_INFINITY;
            for (int t = 0; t < q.seeds(); t++) {
                double v = rng == null ? q.value(t) : q.replicate(t, rng);
                worst = Math.max(worst, v);
                best = Math.min(best, v);
            }
            return spread ? worst - best : worst;
        }
    }
}
