package io.nous.evaluator.run;

import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.Variant;
import io.nous.codegen.isolate.WorkerPool;
import io.nous.codegen.isolate.WorkerProtocol;
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
 * random numbers: same scenario, same seed, under every variant). Simulations run in parallel on a
 * fixed pool; results are assembled by index, so the thread count never changes an answer.
 * Baseline runs are cached by (baseline identity, scenario, variant, router, seed, duration) for
 * the life of the runner.
 */
public final class PairedRunner implements AutoCloseable {
    private final PolicyUnderTest baseline;
    private final ExecutorService pool;
    private final ConcurrentHashMap<String, Future<RunData>> baselineCache = new ConcurrentHashMap<>();
    private final AtomicInteger simulations = new AtomicInteger();
    private final WorkerPool workers;

    public PairedRunner(PolicyUnderTest baseline, int threads) {
        this(baseline, threads, null);
    }

    /**
     * @param workers where policies given as untrusted source run (never in this JVM), or null to
     *                run everything here (trusted sources, benchmarks)
     */
    public PairedRunner(PolicyUnderTest baseline, int threads, WorkerPool workers) {
        this.workers = workers;
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

    /** Every entry under every variant of the matrix. */
    public List<PairedScenario> run(PolicyUnderTest candidate, Matrix matrix, List<MatrixEntry> entries) {
        return run(candidate, matrix, entries, matrix.variants());
    }

    /**
     * Every entry under each of {@code variants}, variant by variant in the order given. The same
     * entry and seed see the same arrivals under every variant (common random numbers).
     */
    public List<PairedScenario> run(PolicyUnderTest candidate, Matrix matrix, List<MatrixEntry> entries, List<Variant> variants) {
        int seeds = matrix.seeds();
        List<Future<RunData>> cand = new ArrayList<>();
        List<Future<RunData>> base = new ArrayList<>();
        for (Variant v : variants) {
            for (MatrixEntry e : entries) {
                for (int seed = 1; seed <= seeds; seed++) {
                    Scenario s = matrix.scenario(e, seed, v);
                    String key = baseline.identity() + "|" + e.label() + "|" + v + "|" + matrix.router() + "|" + seed + "|"
                            + matrix.durationSeconds();
                    base.add(baselineCache.computeIfAbsent(key, k -> pool.submit(() -> simulate(s, baseline))));
                    cand.add(pool.submit(() -> simulate(s, candidate)));
                }
            }
        }
        List<PairedScenario> out = new ArrayList<>();
        int i = 0;
        for (Variant v : variants) {
            for (MatrixEntry e : entries) {
                List<RunData> b = new ArrayList<>();
                List<RunData> c = new ArrayList<>();
                String where = e.label() + (v.isNominal() ? "" : " [" + v.name() + "]");
                for (int seed = 1; seed <= seeds; seed++, i++) {
                    b.add(get(base.get(i), where, seed, baseline.name()));
                    c.add(get(cand.get(i), where, seed, candidate.name()));
                }
                out.add(new PairedScenario(e, v, List.copyOf(b), List.copyOf(c)));
            }
        }
        return out;
    }

    private RunData simulate(Scenario s, PolicyUnderTest p) {
        Scenario scenario = p.flowControl() && !p.legacyShedding() ? s
                : s.toBuilder().flowControl(p.flowControl()).legacyShedding(p.legacyShedding()).build();
        if (p.sources() != null && workers != null) {
            return isolated(scenario, p);
        }
        ClusterSimulation sim = new ClusterSimulation(scenario, p.usageLimit().get(), p.name(),
                p.admission() == null ? null : p.admission().get(), p.admission() == null ? null : p.name()).recordSamples();
        var result = sim.run();
        simulations.incrementAndGet();
        return new RunData(result, sim.samples());
    }

    /** One simulation in a worker JVM: the candidate is compiled there, and only the results come back. */
    private RunData isolated(Scenario scenario, PolicyUnderTest p) {
        PolicyUnderTest.Sources src = p.sources();
        WorkerProtocol.Reply reply;
        try {
            reply = workers.run(new WorkerProtocol.Job(0, WorkerProtocol.Mode.SIMULATE, scenario, p.name(), src.usageLimitSource(),
                    src.usageLimitOrigin(), src.admissionSource(), src.admissionOrigin(), true, src.contract()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EvaluationFailure("interrupted", e);
        }
        if (reply.error() != null) {
            throw new EvaluationFailure(reply.error(), null);
        }
        simulations.incrementAndGet();
        return new RunData(reply.result(), reply.decodedSamples());
    }

    private RunData get(Future<RunData> f, String where, int seed, String who) {
        try {
            return f.get();
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new EvaluationFailure("interrupted", ex);
        } catch (ExecutionException ex) {
            Throwable cause = ex.getCause();
            throw new EvaluationFailure(who + " failed on " + where + " seed " + seed + ": " + cause.getMessage(), cause);
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
