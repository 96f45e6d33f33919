package io.nous.evaluator.objective;

import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.run.RunData;
import io.nous.evaluator.stats.SeedStatistic;
import io.nous.sim.metrics.ClassSummary;
import java.util.List;
import io.nous.evaluator.stats.Comparison;
import io.nous.evaluator.stats.PairedBootstrap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.math3.random.RandomGenerator;

/** The comparisons every evaluation reports per scenario, whatever the objective. */
public final class StandardMetrics {
    public static final String CRITICAL_TTFT_P99 = "critical_ttft_p99";
    public static final String CRITICAL_E2E_P99 = "critical_e2e_p99";
    public static final String SHEDDABLE_TTFT_P99 = "sheddable_ttft_p99";
    public static final String SHEDDABLE_E2E_P99 = "sheddable_e2e_p99";
    /** Output tokens per second over all classes (higher is better; seed-to-seed variation only). */
    public static final String OUTPUT_TOKENS_PER_S = "output_tokens_per_s";

    /** The per-class latency quantiles above, which a study can name as its metric. */
    public static final List<String> LATENCIES = List.of(CRITICAL_TTFT_P99, CRITICAL_E2E_P99, SHEDDABLE_TTFT_P99, SHEDDABLE_E2E_P99);

    private StandardMetrics() {
    }

    /** One of {@link #LATENCIES} alone: the comparison {@link #compare(PairedScenario, PairedBootstrap, RandomGenerator)} gives it. */
    public static Comparison compare(PairedScenario p, String latency, PairedBootstrap stats, RandomGenerator rng) {
        return stats.compare(latency, quantile(p.baseline(), latency), quantile(p.candidate(), latency), true, rng);
    }

    /** One of {@link #LATENCIES} in each run, in milliseconds, in the order of the runs. */
    public static double[] perRunMs(List<RunData> runs, String latency) {
        SeedStatistic s = quantile(runs, latency);
        double[] out = new double[s.seeds()];
        for (int i = 0; i < out.length; i++) {
            out[i] = s.value(i);
        }
        return out;
    }

    /** The per-seed statistic a name of {@link #LATENCIES} stands for: its class, its latency, the 99th percentile. */
    private static SeedStatistic quantile(List<RunData> runs, String latency) {
        if (!LATENCIES.contains(latency)) {
            throw new IllegalArgumentException("not a latency quantile: " + latency);
        }
        String cls = latency.startsWith("critical") ? "critical" : "sheddable";
        return Samples.quantile(runs, cls, latency.contains("_e2e_") ? Samples.Latency.E2E : Samples.Latency.TTFT, 0.99);
    }

    public static Map<String, Comparison> compare(PairedScenario p, PairedBootstrap stats, RandomGenerator rng) {
        Map<String, Comparison> out = new LinkedHashMap<>();
        put(out, CRITICAL_TTFT_P99, p, "critical", Samples.Latency.TTFT, stats, rng);
        put(out, CRITICAL_E2E_P99, p, "critical", Samples.Latency.E2E, stats, rng);
        put(out, SHEDDABLE_TTFT_P99, p, "sheddable", Samples.Latency.TTFT, stats, rng);
        put(out, SHEDDABLE_E2E_P99, p, "sheddable", Samples.Latency.E2E, stats, rng);
        out.put(OUTPUT_TOKENS_PER_S, stats.compare(OUTPUT_TOKENS_PER_S, throughput(p.baseline()), throughput(p.candidate()), false, rng));
        return out;
    }

    private static SeedStatistic throughput(List<RunData> runs) {
        double[] v = new double[runs.size()];
        for (int s = 0; s < v.length; s++) {
            for (ClassSummary c : runs.get(s).result().classes().values()) {
                v[s] += c.outputTokensPerSecond();
            }
        }
        return SeedStatistic.perSeed(v); // a run's throughput has no within-run resampling; seeds carry the variation
    }

    private static void put(Map<String, Comparison> out, String key, PairedScenario p, String cls, Samples.Latency l,
                            PairedBootstrap stats, RandomGenerator rng) {
        out.put(key, stats.compare(key, Samples.quantile(p.baseline(), cls, l, 0.99), Samples.quantile(p.candidate(), cls, l, 0.99),
                true, rng));
    }
}
