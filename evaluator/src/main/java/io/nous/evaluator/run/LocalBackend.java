package io.nous.evaluator.run;

import io.nous.codegen.isolate.WorkerPool;
import io.nous.codegen.isolate.WorkerProtocol;
import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.epp.DecisionReplay;
import io.nous.sim.epp.DecisionTrace;
import io.nous.sim.spi.PlugPoint;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Simulations on a fixed pool of threads in this JVM. A policy given as untrusted source runs in a
 * worker JVM of the {@link WorkerPool} (never here) when there is one; built-in policies and
 * trusted candidates run on the threads themselves.
 */
public final class LocalBackend implements ExecutionBackend {
    private final ExecutorService pool;
    private final WorkerPool workers;

    /**
     * @param workers where policies given as untrusted source run, or null to run everything here
     *                (trusted sources, benchmarks)
     */
    public LocalBackend(int threads, WorkerPool workers) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1");
        }
        this.workers = workers;
        AtomicInteger n = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "nous-eval-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public String name() {
        return "local";
    }

    @Override
    public List<CompletableFuture<RunData>> submit(List<SimulationTask> tasks) {
        List<CompletableFuture<RunData>> out = new ArrayList<>(tasks.size());
        for (SimulationTask t : tasks) {
            if (t.baselineRun() == null) {
                out.add(CompletableFuture.supplyAsync(() -> run(t, null), pool));
            } else {
                // queued once the baseline's run is done, to be held to its decisions (a failed one has none)
                out.add(t.baselineRun().handle((b, x) -> x == null ? b : null).thenApplyAsync(b -> run(t, b), pool));
            }
        }
        return out;
    }

    /**
     * The most decisions a baseline run keeps for candidates to be held to: a light run makes a few
     * thousand (tens of thousands at most in the default matrix), a saturated one about a million, where
     * a candidate that is not a no-op parts from the baseline within the first few thousand anyway. At
     * about 10 bytes each, a kept trace is at most 650 KB.
     */
    public static final int DECISIONS_KEPT = 1 << 16;

    /** @param baselineRun the finished baseline run to hold the policy to first, or null */
    private RunData run(SimulationTask t, RunData baselineRun) {
        return t.policy().sources() != null && workers != null ? isolated(t, baselineRun, workers) : inProcess(t, baselineRun);
    }

    /** One simulation in this JVM, from the policy's suppliers (built-in or trusted code only). */
    public static RunData inProcess(Scenario scenario, PolicyUnderTest p) {
        return inProcess(new SimulationTask(scenario, p), null);
    }

    /** The decisions of a baseline run to hold a candidate to, or null when there is no run or it kept none. */
    private static DecisionTrace decisionsOf(RunData baselineRun) {
        return baselineRun == null ? null : baselineRun.decisions();
    }

    /**
     * A task in this JVM (built-in or trusted code only): settled by {@code baselineRun}'s decisions
     * when the policy decides alike, else simulated, keeping its decisions when asked.
     */
    static RunData inProcess(SimulationTask t, RunData baselineRun) {
        PolicyUnderTest p = t.policy();
        DecisionTrace baseline = decisionsOf(baselineRun);
        if (baseline != null) {
            long t0 = System.nanoTime();
            if (DecisionReplay.decidesAlike(baseline, p.policies().instantiate(p.name()).get(PlugPoint.USAGE_LIMIT))) {
                return baselineRun.decidedAlikeBy(p.name(), (System.nanoTime() - t0) / 1e9);
            }
        }
        ClusterSimulation sim = new ClusterSimulation(t.scenario(), p.policies().instantiate(p.name())).recordSamples();
        if (t.recordDecisions()) {
            sim.recordDecisions(DECISIONS_KEPT);
        }
        var result = sim.run();
        return new RunData(result, sim.samples(), t.recordDecisions() ? sim.decisionTrace() : null, false);
    }

    /** The job that simulates a task from the policy's sources in a worker JVM. */
    public static WorkerProtocol.Job job(SimulationTask t) {
        PolicyUnderTest.Sources src = t.policy().sources();
        return new WorkerProtocol.Job(0, WorkerProtocol.Mode.SIMULATE, t.scenario(), t.policy().name(), src.byPoint(), true, src.contract(),
                null);
    }

    /** A worker's reply as a run, or the failure it reports. */
    public static RunData runOf(WorkerProtocol.Reply reply) {
        if (reply.error() != null) {
            throw new EvaluationFailure(reply.error(), null);
        }
        return new RunData(reply.result(), reply.decodedSamples());
    }

    /**
     * One simulation in a worker JVM: the candidate is compiled there, and only the results come back;
     * held to {@code baselineRun}'s decisions there first when it has any.
     */
    static RunData isolated(SimulationTask t, RunData baselineRun, WorkerPool workers) {
        try {
            DecisionTrace baseline = decisionsOf(baselineRun);
            WorkerProtocol.Job job = baseline == null ? job(t) : job(t).withDecisions(baseline.key(), null);
            long t0 = System.nanoTime();
            WorkerProtocol.Reply reply = workers.run(job);
            if (reply.needsDecisions() && baseline != null) {
                // that worker has not seen this trace yet: it keeps it from now on
                reply = workers.run(job.withDecisions(baseline.key(), baseline.toBytes()));
                if (reply.needsDecisions()) {
                    throw new EvaluationFailure("a worker asked again for the baseline decisions it was just sent", null);
                }
            }
            if (reply.decidedAlike() && baseline != null) {
                return baselineRun.decidedAlikeBy(t.policy().name(), (System.nanoTime() - t0) / 1e9);
            }
            return runOf(reply);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EvaluationFailure("interrupted", e);
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
