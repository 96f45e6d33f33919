package io.nous.spark;

import io.nous.codegen.isolate.WorkerPool;
import io.nous.codegen.isolate.WorkerProtocol;
import io.nous.evaluator.run.LocalBackend;
import io.nous.evaluator.run.Deployment;
import io.nous.evaluator.run.PolicyIdentity;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.run.RunData;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkEnv;

/**
 * What an executor does with one Spark task, a batch of simulations: each policy given as source is
 * verified, compiled and simulated in one of this executor's worker JVMs, exactly as
 * {@code nous evaluate} does it on one machine (so a candidate that overruns its budget or its heap
 * fails the same way, with the same message, and only its own simulation); a built-in policy is
 * simulated here. The answer is the workers' replies as they wrote them, in the batch's order, as one
 * JSON array: passed through, never parsed and written again. A reply with an error is a finished
 * simulation, not a failed task; only a lost executor or a crash makes Spark run the task again.
 */
final class TaskRunner {
    /** One pool of worker JVMs per executor JVM and setting, as many workers as the executor has cores. */
    private static final Map<String, WorkerPool> POOLS = new HashMap<>();

    private TaskRunner() {
    }

    /**
     * Runs a batch (a JSON array of {@link RemoteTask}s) with the job's broadcast sources; returns the
     * replies as one JSON array in UTF-8.
     */
    static byte[] runBatch(String batchJson, List<String> sources) throws InterruptedException {
        RemoteTask[] tasks = WorkerProtocol.fromJson(batchJson, RemoteTask[].class);
        ByteArrayOutputStream out = new ByteArrayOutputStream(tasks.length * 65536);
        out.write('[');
        for (int i = 0; i < tasks.length; i++) {
            RemoteTask task = tasks[i];
            if (i > 0) {
                out.write(',');
            }
            String reply = task.job() != null ? pool(task).runJson(task.jobWith(sources)) : WorkerProtocol.toJson(builtin(task));
            out.writeBytes(reply.getBytes(StandardCharsets.UTF_8));
        }
        out.write(']');
        return out.toByteArray();
    }

    private static WorkerProtocol.Reply builtin(RemoteTask task) {
        PolicyUnderTest.Builtins b = task.builtins();
        try {
            PolicyUnderTest p = PolicyUnderTest.builtin(task.name(), PolicyIdentity.named("builtin"), b,
                    Deployment.of(task.scenario()));
            RunData r = LocalBackend.inProcess(task.scenario(), p);
            return WorkerProtocol.simulated(0, r.result(), r.samples());
        } catch (RuntimeException e) {
            return new WorkerProtocol.Reply(0, null, e.getMessage());
        }
    }

    private static synchronized WorkerPool pool(RemoteTask task) {
        String key = task.workerHeap() + "|" + task.timeoutMs();
        return POOLS.computeIfAbsent(key, k -> {
            WorkerPool p = new WorkerPool(new WorkerPool.Options(cores(), task.workerHeap(), Duration.ofMillis(task.timeoutMs())));
            Runtime.getRuntime().addShutdownHook(new Thread(p::close, "nous-spark-workers"));
            return p;
        });
    }

    /** Stops this JVM's worker pools (local mode: the driver is the executor, and outlives the Spark context). */
    static synchronized void closePools() {
        POOLS.values().forEach(WorkerPool::close);
        POOLS.clear();
    }

    /** The task slots of this executor: its cores, or the machine's in local mode. */
    private static int cores() {
        SparkEnv env = SparkEnv.get();
        int machine = Runtime.getRuntime().availableProcessors();
        if (env == null) {
            return machine;
        }
        String master = env.conf().get("spark.master", "");
        if (master.startsWith("local[")) {
            String n = master.substring("local[".length(), master.indexOf(']') > 0 ? master.indexOf(']') : master.length()).split(",")[0];
            return n.equals("*") ? machine : Math.max(1, Integer.parseInt(n));
        }
        return Math.max(1, env.conf().getInt("spark.executor.cores", machine));
    }
}
