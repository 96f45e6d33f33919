package io.nous.cli;

import io.nous.codegen.isolate.WorkerPool;
import io.nous.sandbox.Sandbox;
import io.nous.store.Shell;
import java.time.Duration;
import picocli.CommandLine.Option;

/** Where candidate code runs: worker JVMs by default, this JVM only when asked. */
public final class SandboxOptions {

    @Option(names = "--in-process",
            description = "Run candidate code in this JVM, behind the guard alone (for trusted sources and benchmarks); "
                    + "by default it runs only in worker JVMs.")
    boolean inProcess;

    @Option(names = "--worker-heap", paramLabel = "SIZE", defaultValue = Sandbox.DEFAULT_HEAP,
            description = "Heap of each worker JVM (default: ${DEFAULT-VALUE}).")
    String workerHeap;

    @Option(names = "--worker-timeout", paramLabel = "SECONDS", defaultValue = "300",
            description = "Longest one task may take in a worker before it is killed (default: ${DEFAULT-VALUE}).")
    double workerTimeout;

    /** These options as flags for a printed command: only those that differ from the defaults. */
    String flags() {
        StringBuilder f = new StringBuilder();
        if (inProcess) {
            f.append(" --in-process");
        }
        if (!Sandbox.DEFAULT_HEAP.equals(workerHeap)) {
            f.append(" --worker-heap ").append(Shell.quote(workerHeap));
        }
        if (workerTimeout != 300) {
            f.append(" --worker-timeout ").append(workerTimeout == Math.rint(workerTimeout) ? String.valueOf((long) workerTimeout)
                    : String.valueOf(workerTimeout));
        }
        return f.toString();
    }

    /** The worker JVMs these options describe ({@code workers} of them). */
    WorkerPool.Options workerOptions(int workers) {
        if (!(workerTimeout > 0) || Double.isInfinite(workerTimeout)) {
            throw new UserError("--worker-timeout must be a positive number of seconds, got " + workerTimeout);
        }
        try {
            WorkerPool.extraJvmOptions(System.getenv(WorkerPool.JVM_OPTIONS_ENV));
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        try {
            return new WorkerPool.Options(workers, workerHeap, Duration.ofMillis(Math.round(workerTimeout * 1000)));
        } catch (IllegalArgumentException e) {
            throw new UserError("--worker-heap: " + e.getMessage());
        }
    }

    /** The sandbox these options describe, with {@code workers} worker JVMs. */
    Sandbox open(int workers) {
        if (inProcess) {
            return Sandbox.inProcess();
        }
        WorkerPool.Options o = workerOptions(workers);
        try {
            return Sandbox.workers(o.workers(), o.maxHeap(), o.timeout());
        } catch (IllegalStateException e) {
            throw new UserError("cannot start the worker JVMs that run candidate code: " + e.getMessage()
                    + " (--in-process runs them here instead)");
        }
    }
}
