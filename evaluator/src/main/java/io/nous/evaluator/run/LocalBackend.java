package io.nous.evaluator.run;

import io.nous.codegen.isolate.WorkerPool;
import io.nous.codegen.isolate.WorkerProtocol;
import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
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
            out.add(CompletableFuture.supplyAsync(() -> run(t), pool));
        }
        return out;
    }

    private RunData run(SimulationTask t) {
        return t.policy().sources() != null && workers != null ? isolated(t, workers) : inProcess(t.scenario(), t.policy());
    }

    /** One simulation in this JVM, from the policy's suppliers (built-in or trusted code only). */
    public static RunData inProcess(Scenario scenario, PolicyUnderTest p) {
        ClusterSimulation sim = new ClusterSimulation(scenario, p.policies().instantiate(p.name())).recordSamples();
        var result = sim.run();
        return new RunData(result, sim.samples());
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

    /** One simulation in a worker JVM: the candidate is compiled there, and only the results come back. */
    static RunData isolated(SimulationTask t, WorkerPool workers) {
        try {
            return runOf(workers.run(job(t)));
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
