package io.nous.evaluator.run;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Where simulations run: threads of this JVM ({@link LocalBackend}), or a cluster. A backend
 * decides where and how, never what: the same task gives the same run wherever it ran, so the
 * backend, its parallelism and the order tasks finish in never change an answer.
 */
public interface ExecutionBackend extends AutoCloseable {

    /** A short name for messages: {@code local}, {@code spark}. */
    String name();

    /**
     * Starts the tasks. The i-th future completes with the i-th task's run, or exceptionally with
     * an {@link EvaluationFailure} whose message says why the policy could not be simulated (the
     * same message whatever the backend), or with a {@link BackendFailure} when the backend
     * itself failed and nothing is known about the policy.
     */
    List<CompletableFuture<RunData>> submit(List<SimulationTask> tasks);

    /**
     * What the backend measured of its own cost so far, as a line for a benchmark to print (for a
     * cluster: its tasks' time beside the simulations' own); null when it measures nothing.
     */
    default String measurements() {
        return null;
    }

    /** Stops whatever the backend started; tasks still running fail. */
    @Override
    void close();
}
