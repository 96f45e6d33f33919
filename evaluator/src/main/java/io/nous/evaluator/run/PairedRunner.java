package io.nous.evaluator.run;

import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.Variant;
import io.nous.codegen.isolate.WorkerPool;
import io.nous.sim.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Runs candidate and baseline on every scenario × seed of a matrix, on the same arrivals (common
 * random numbers: same scenario, same seed, under every variant). Simulations run on an
 * {@link ExecutionBackend}, all of an evaluation's at once; results are assembled by index, so
 * neither the backend nor its parallelism ever changes an answer. Baseline runs are cached by
 * (baseline identity, scenario, variant, router, seed, duration) for the life of the runner.
 *
 * <p>A baseline that is a usage-limit policy alone keeps its runs' decisions; a candidate that is one
 * too, deployed the same way, is held to the baseline run's decisions before it is simulated (a backend
 * that does so queues it once that run is done), and where it decides every cycle alike (as a policy
 * that is a no-op at light load does at the light points) the baseline's run is its run, exactly
 * ({@link io.nous.sim.epp.DecisionReplay}).
 */
public final class PairedRunner implements AutoCloseable {
    private final PolicyUnderTest baseline;
    private final ExecutionBackend backend;
    private final boolean ownsBackend;
    private final ConcurrentHashMap<String, CompletableFuture<RunData>> baselineCache = new ConcurrentHashMap<>();
    private final AtomicInteger simulations = new AtomicInteger();
    private final AtomicInteger decidedAlike = new AtomicInteger();

    public PairedRunner(PolicyUnderTest baseline, int threads) {
        this(baseline, threads, null);
    }

    /**
     * On this JVM's threads.
     *
     * @param workers where policies given as untrusted source run (never in this JVM), or null to
     *                run everything here (trusted sources, benchmarks)
     */
    public PairedRunner(PolicyUnderTest baseline, int threads, WorkerPool workers) {
        this(baseline, new LocalBackend(threads, workers), true);
    }

    /** On a backend the caller keeps (and closes): several runners may share one cluster. */
    public PairedRunner(PolicyUnderTest baseline, ExecutionBackend backend) {
        this(baseline, backend, false);
    }

    private PairedRunner(PolicyUnderTest baseline, ExecutionBackend backend, boolean ownsBackend) {
        this.baseline = baseline;
        this.backend = backend;
        this.ownsBackend = ownsBackend;
    }

    public PolicyUnderTest baseline() {
        return baseline;
    }

    /** Where this runner's simulations run. */
    public ExecutionBackend backend() {
        return backend;
    }

    /** Simulations actually run so far (cached baseline runs are not counted twice). */
    public int simulations() {
        return simulations.get();
    }

    /**
     * Candidate runs so far that were settled by a baseline run's decisions rather than simulated (the
     * candidate decided every cycle alike, so the baseline's run is its run); counted in
     * {@link #simulations} too.
     */
    public int decidedAlike() {
        return decidedAlike.get();
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
        return run(candidate, matrix, entries, variants, p -> { });
    }

    /**
     * {@link #run(PolicyUnderTest, Matrix, List, List)}, handing each paired scenario to {@code ready}
     * as soon as its simulations (and those of every scenario before it) are done, in the order of
     * the result, on the calling thread: its analysis overlaps the simulations still running.
     */
    public List<PairedScenario> run(PolicyUnderTest candidate, Matrix matrix, List<MatrixEntry> entries, List<Variant> variants,
                                    Consumer<PairedScenario> ready) {
        return run(candidate, matrix, entries, variants, 1, ready);
    }

    /**
     * {@link #run(PolicyUnderTest, Matrix, List, List, Consumer)} on seeds {@code firstSeed} to the
     * split's last only: what a sequential comparison adds to the seeds an earlier look ran.
     */
    public List<PairedScenario> run(PolicyUnderTest candidate, Matrix matrix, List<MatrixEntry> entries, List<Variant> variants,
                                    int firstSeed, Consumer<PairedScenario> ready) {
        if (firstSeed < 1) {
            throw new IllegalArgumentException("seeds start at 1, got " + firstSeed);
        }
        List<CompletableFuture<RunData>> cand = new ArrayList<>();
        List<CompletableFuture<RunData>> base = new ArrayList<>();
        List<SimulationTask> tasks = new ArrayList<>();
        List<CompletableFuture<RunData>> started = new ArrayList<>();
        boolean traced = baseline.usageLimitOnly();
        boolean replayable = traced && candidate.usageLimitOnly() && candidate.deployedAs(baseline);
        for (Variant v : variants) {
            for (MatrixEntry e : entries) {
                int seeds = matrix.seeds(e.split());
                for (int seed = firstSeed; seed <= seeds; seed++) {
                    Scenario s = matrix.scenario(e, seed, v);
                    String key = baseline.identity() + "|" + e.label() + "|" + v + "|" + matrix.router() + "|" + seed + "|"
                            + matrix.durationSeconds() + (matrix.prefixCaching() ? "" : "|no-prefix-caching");
                    CompletableFuture<RunData> baseRun = baselineCache.computeIfAbsent(key, k -> {
                        CompletableFuture<RunData> f = new CompletableFuture<>();
                        tasks.add(new SimulationTask(baseline.deploy(s), baseline, traced, null));
                        started.add(f);
                        return f;
                    });
                    base.add(baseRun);
                    // the candidate may be held to the baseline run's decisions first (cached, or once it is
                    // done), which settles it exactly when it decides alike, and changes no answer either way
                    CompletableFuture<RunData> f = new CompletableFuture<>();
                    tasks.add(new SimulationTask(candidate.deploy(s), candidate, false, replayable ? baseRun : null));
                    started.add(f);
                    cand.add(f);
                }
            }
        }
        // one submission for the whole evaluation: a cluster schedules it as one job
        List<CompletableFuture<RunData>> running = backend.submit(tasks);
        for (int i = 0; i < running.size(); i++) {
            CompletableFuture<RunData> target = started.get(i);
            running.get(i).whenComplete((r, x) -> {
                if (x != null) {
                    target.completeExceptionally(x);
                } else {
                    simulations.incrementAndGet();
                    if (r.decidedAlike()) {
                        decidedAlike.incrementAndGet();
                    }
                    target.complete(r);
                }
            });
        }
        List<PairedScenario> out = new ArrayList<>();
        int i = 0;
        for (Variant v : variants) {
            for (MatrixEntry e : entries) {
                List<RunData> b = new ArrayList<>();
                List<RunData> c = new ArrayList<>();
                String where = e.label() + (v.isNominal() ? "" : " [" + v.name() + "]");
                int seeds = matrix.seeds(e.split());
                for (int seed = firstSeed; seed <= seeds; seed++, i++) {
                    b.add(get(base.get(i), where, seed, baseline.name()));
                    c.add(get(cand.get(i), where, seed, candidate.name()));
                }
                PairedScenario p = new PairedScenario(e, v, List.copyOf(b), List.copyOf(c));
                out.add(p);
                ready.accept(p);
            }
        }
        return out;
    }

    private RunData get(Future<RunData> f, String where, int seed, String who) {
        try {
            return f.get();
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new EvaluationFailure("interrupted", ex);
        } catch (ExecutionException ex) {
            Throwable cause = ex.getCause() instanceof java.util.concurrent.CompletionException c && c.getCause() != null
                    ? c.getCause() : ex.getCause();
            if (cause instanceof BackendFailure b) {
                throw b;
            }
            throw new EvaluationFailure(who + " failed on " + where + " seed " + seed + ": " + cause.getMessage(), cause);
        }
    }

    @Override
    public void close() {
        if (ownsBackend) {
            backend.close();
        }
    }
}
