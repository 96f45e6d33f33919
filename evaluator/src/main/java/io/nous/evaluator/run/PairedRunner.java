package io.nous.evaluator.run;

import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs candidate and baseline on every scenario × seed of a matrix, on the same arrivals (common
 * random numbers: same scenario, same seed). Simulations run in parallel on a fixed pool; results
 * are assembled by index, so the thread count never changes an answer. Baseline runs are cached
 * by (baseline identity, scenario, seed, duration) for the life of the runner.
 */
public final class PairedRunner implements AutoCloseable {
    private final PolicyUnderTest baseline;
    private final ExecutorService pool;
    private final ConcurrentHashMap<String, Future<RunData>> baselineCache = new ConcurrentHashMap<>();
    private final AtomicInteger simulations = new AtomicInteger();

    public PairedRunner(PolicyUnderTest baseline, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1");
        }
        this.baseline = baseline;
        AtomicInteger n = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "nous-eval-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    public PolicyUnderTest baseline() {
        return baseline;
    }

    /** Simulations actually run so far (cached baseline runs are not counted twice). */
    public int simulations() {
        return simulations.get();
    }

    public List<PairedScenario> run(PolicyUnderTest candidate, Matrix matrix, List<MatrixEntry> entries) {
        int seeds = matrix.seeds();
        List<Future<RunData>> cand = new ArrayList<>();
        List<Future<RunData>> base = new ArrayList<>();
        for (MatrixEntry e : entries) {
            for (int seed = 1; seed <= seeds; seed++) {
                Scenario s = e.scenario(seed, matrix.durationSeconds());
                String key = baseline.identity() + "|" + e.label() + "|" + seed + "|" + matrix.durationSeconds();
                base.add(baselineCache.computeIfAbsent(key, k -> pool.submit(() -> simulate(s, baseline, e, k))));
                cand.add(pool.submit(() -> simulate(s, candidate, e, null)));
            }
        }
        List<PairedScenario> out = new ArrayList<>();
        int i = 0;
        for (MatrixEntry e : entries) {
            List<RunData> b = new ArrayList<>();
            List<RunData> c = new ArrayList<>();
            for (int seed = 1; seed <= seeds; seed++, i++) {
                b.add(get(base.get(i), e, seed, baseline.name()));
                c.add(get(cand.get(i), e, seed, candidate.name()));
            }
            out.add(new PairedScenario(e, List.copyOf(b), List.copyOf(c)));
        }
        return out;
    }

    private RunData simulate(Scenario s, PolicyUnderTest p, MatrixEntry e, String cacheKey) {
        Scenario scenario = p.flowControl() && !p.legacyShedding() ? s
                : s.toBuilder().flowControl(p.flowControl()).legacyShedding(p.legacyShedding()).build();
        ClusterSimulation sim = new ClusterSimulation(scenario, p.usageLimit().get(), p.name(),
                p.admission() == null ? null : p.admission().get(), p.admission() == null ? null : p.name()).recordSamples();
        var result = sim.run();
        simulations.incrementAndGet();
        return new RunData(result, sim.samples());
    }

    private RunData get(Future<RunData> f, MatrixEntry e, int seed, String who) {
        try {
            return f.get();
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new EvaluationFailure("interrupted", ex);
        } catch (ExecutionException ex) {
            Throwable cause = ex.getCause();
            throw new EvaluationFailure(who + " failed on " + e.label() + " seed " + seed + ": " + cause.getMessage(), cause);
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
