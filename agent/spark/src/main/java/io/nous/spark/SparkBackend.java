package io.nous.spark;

import io.nous.codegen.isolate.WorkerPool;
import io.nous.codegen.isolate.WorkerProtocol;
import io.nous.evaluator.run.BackendFailure;
import io.nous.evaluator.run.EvaluationFailure;
import io.nous.evaluator.run.ExecutionBackend;
import io.nous.evaluator.run.LocalBackend;
import io.nous.evaluator.run.RunData;
import io.nous.evaluator.run.SimulationTask;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaFutureAction;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * Evaluations on a Spark cluster (or Spark's local mode): each submission is one Spark job with
 * one task per simulation, in the order given, so the results come back by index whatever
 * executor ran a task, how many there are, or in what order they finished. Spark retries a task
 * whose executor was lost; a policy that fails in its simulation fails only its own task's result,
 * with the message the local backend would give.
 */
public final class SparkBackend implements ExecutionBackend {
    private final JavaSparkContext spark;
    private final WorkerPool.Options workers;
    private final SparkProgress progress;
    private final ExecutorService waiting = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "nous-spark-job");
        t.setDaemon(true);
        return t;
    });

    /**
     * @param workers the worker JVMs each executor runs candidates in (heap and time limit; the
     *                count is the executor's cores)
     */
    public SparkBackend(SparkConf conf, WorkerPool.Options workers, java.io.PrintStream progress) {
        this.spark = new JavaSparkContext(conf);
        this.spark.setLogLevel("WARN");
        this.workers = workers;
        this.progress = progress == null ? null : new SparkProgress(progress);
        if (this.progress != null) {
            spark.sc().addSparkListener(this.progress);
        }
    }

    /** The settings Nous needs whatever the user gives: an application name, and no web UI unless asked for. */
    public static SparkConf conf(String master, java.util.Map<String, String> userConf) {
        SparkConf c = new SparkConf().setAppName("nous").set("spark.ui.enabled", "false");
        if (master != null) {
            c.setMaster(master);
        }
        userConf.forEach(c::set);
        return c;
    }

    @Override
    public String name() {
        return "spark";
    }

    /** The Spark context (for tests and diagnostics). */
    public JavaSparkContext context() {
        return spark;
    }

    @Override
    public List<CompletableFuture<RunData>> submit(List<SimulationTask> tasks) {
        List<CompletableFuture<RunData>> out = new ArrayList<>(tasks.size());
        for (int i = 0; i < tasks.size(); i++) {
            out.add(new CompletableFuture<>());
        }
        if (tasks.isEmpty()) {
            return out;
        }
        List<String> payloads = new ArrayList<>(tasks.size());
        try {
            for (SimulationTask t : tasks) {
                payloads.add(RemoteTask.of(t, workers.maxHeap(), workers.timeout().toMillis()).toJson());
            }
        } catch (IllegalArgumentException e) {
            out.forEach(f -> f.completeExceptionally(new EvaluationFailure(e.getMessage(), e)));
            return out;
        }
        JavaFutureAction<List<String>> job = spark.parallelize(payloads, payloads.size()).map(TaskRunner::run).collectAsync();
        waiting.execute(() -> complete(job, out));
        return out;
    }

    private static void complete(JavaFutureAction<List<String>> job, List<CompletableFuture<RunData>> out) {
        List<String> replies;
        try {
            replies = job.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            out.forEach(f -> f.completeExceptionally(new EvaluationFailure("interrupted", e)));
            return;
        } catch (ExecutionException | RuntimeException e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            String why = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage().lines().findFirst().orElse("");
            out.forEach(f -> f.completeExceptionally(new BackendFailure("the Spark job failed: " + why, cause)));
            return;
        }
        for (int i = 0; i < out.size(); i++) {
            try {
                out.get(i).complete(LocalBackend.runOf(WorkerProtocol.fromJson(replies.get(i), WorkerProtocol.Reply.class)));
            } catch (RuntimeException e) {
                out.get(i).completeExceptionally(e);
            }
        }
    }

    @Override
    public void close() {
        waiting.shutdownNow();
        boolean local = spark.isLocal();
        spark.close();
        if (local) {
            TaskRunner.closePools();
        }
    }
}
