package io.nous.spark;

import io.nous.codegen.isolate.WorkerPool;
import io.nous.codegen.isolate.WorkerProtocol;
import io.nous.evaluator.run.BackendFailure;
import io.nous.evaluator.run.EvaluationFailure;
import io.nous.evaluator.run.ExecutionBackend;
import io.nous.evaluator.run.LocalBackend;
import io.nous.evaluator.run.RunData;
import io.nous.evaluator.run.SimulationTask;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.spark.SparkConf;
import org.apache.spark.FutureAction;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractFunction0;
import scala.runtime.AbstractFunction1;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

/**
 * Evaluations on a Spark cluster (or Spark's local mode): each submission is one Spark job whose
 * tasks are batches of consecutive simulations, the candidates' sources broadcast once. Each batch's replies are delivered
 * as soon as its task finishes, and each simulation's result lands by its index, whatever executor ran
 * it, how many there are, or in what order they finished. Spark retries a task whose executor was
 * lost; a policy that fails in its simulation fails only its own result, with the message the local
 * backend would give.
 */
public final class SparkBackend implements ExecutionBackend {
    /**
     * Each batch is at most a {@code 1/(GUIDE * slots)} share of the simulations not yet batched. On
     * local[2] with the default matrix (144 simulations, 2 slots), paired with the local executor over
     * 20 evaluations: 2 cost 5-7 % more than local, where equal batches (8 per slot) cost 8-11 %; 1
     * left a slot waiting on the last large batch, 3 paid more tasks.
     */
    static final int GUIDE = 2;
    /** No batch is smaller than a {@code 1/(FLOOR_SHARE * slots)} share of the job (32: 3 of 144 on 2 slots; 8 and 16 measured no better). */
    static final int FLOOR_SHARE = 32;

    private final JavaSparkContext spark;
    private final WorkerPool.Options workers;
    private final SparkProgress progress;
    private final TaskCosts costs = new TaskCosts();
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
        spark.sc().addSparkListener(costs);
    }

    /**
     * The settings Nous needs whatever the user gives: an application name, no web UI unless asked
     * for, and a batch's results sent straight back with the task's status (up to 64 MB, under the RPC
     * message limit) instead of through the block manager.
     */
    public static SparkConf conf(String master, java.util.Map<String, String> userConf) {
        SparkConf c = new SparkConf().setAppName("nous").set("spark.ui.enabled", "false").set("spark.task.maxDirectResultSize", "64m");
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
        int[] starts = batchStarts(tasks.size(), Math.max(1, spark.defaultParallelism()));
        int batches = starts.length - 1;
        List<String> sources = new ArrayList<>();
        Map<String, Integer> indexes = new HashMap<>();
        List<List<RemoteTask>> remote = new ArrayList<>(batches);
        int[][] members = new int[batches][];
        for (int b = 0; b < batches; b++) {
            remote.add(new ArrayList<>());
            members[b] = new int[starts[b + 1] - starts[b]];
        }
        try {
            for (int i = 0, b = 0; i < tasks.size(); i++) {
                while (i >= starts[b + 1]) {
                    b++;
                }
                members[b][remote.get(b).size()] = i;
                remote.get(b).add(RemoteTask.of(tasks.get(i), workers.maxHeap(), workers.timeout().toMillis(), sources, indexes));
            }
        } catch (IllegalArgumentException e) {
            out.forEach(f -> f.completeExceptionally(new EvaluationFailure(e.getMessage(), e)));
            return out;
        }
        List<String> payloads = new ArrayList<>(batches);
        remote.forEach(r -> payloads.add(WorkerProtocol.toJson(r)));
        Broadcast<List<String>> shared = spark.broadcast(List.copyOf(sources));
        JavaRDD<String> rdd = spark.parallelize(payloads, batches);
        SparkProgress.Counter counter = progress == null ? null : progress.begin(tasks.size());
        List<Object> partitions = new ArrayList<>(batches);
        for (int b = 0; b < batches; b++) {
            partitions.add(b);
        }
        FutureAction<BoxedUnit> job;
        try {
            job = spark.sc().submitJob(rdd.rdd(), new RunBatch(shared), CollectionConverters.asScala(partitions).toSeq(),
                    new Deliver(members, out, counter, costs), new Done());
        } catch (RuntimeException e) {
            shared.destroy();
            out.forEach(f -> f.completeExceptionally(new BackendFailure("the Spark job could not start: " + e.getMessage(), e)));
            return out;
        }
        if (counter != null && !job.jobIds().isEmpty()) {
            counter.job((Integer) job.jobIds().head());
        }
        waiting.execute(() -> awaitJob(job, shared, out, counter));
        return out;
    }

    /**
     * Where each batch starts among {@code n} simulations, and {@code n} last: runs of consecutive
     * simulations whose sizes shrink as the job goes on (guided self-scheduling), each a
     * {@code 1/(GUIDE * slots)} share of what is left but no fewer than a floor. Large batches first
     * keep the number of tasks, and so Spark's cost per task, low; small ones last let the slots
     * finish together instead of one waiting out the other's long last batch. Spark starts partitions
     * in order as slots free up, so simulations finish roughly in the order they were given, and the
     * evaluator judges each scenario while the later ones run.
     */
    static int[] batchStarts(int n, int slots) {
        int floor = Math.max(1, ceilDiv(n, FLOOR_SHARE * slots));
        List<Integer> starts = new ArrayList<>();
        int start = 0;
        while (start < n) {
            starts.add(start);
            start += Math.min(n - start, Math.max(floor, ceilDiv(n - start, GUIDE * slots)));
        }
        starts.add(n);
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }

    /** Executor side: the batch of a partition (it holds exactly one) run by {@link TaskRunner}. */
    private static final class RunBatch extends AbstractFunction1<scala.collection.Iterator<String>, byte[]> implements Serializable {
        private static final long serialVersionUID = 1L;
        private final Broadcast<List<String>> sources;

        RunBatch(Broadcast<List<String>> sources) {
            this.sources = sources;
        }

        /** The batch's replies as UTF-8 bytes: Spark ships a byte array as it is, a long string a character at a time. */
        @Override
        public byte[] apply(scala.collection.Iterator<String> batch) {
            if (!batch.hasNext()) {
                throw new IllegalStateException("a partition holds no batch");
            }
            String payload = batch.next();
            if (batch.hasNext()) {
                throw new IllegalStateException("a partition holds more than one batch");
            }
            try {
                return TaskRunner.runBatch(payload, sources.value());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }

    /** Driver side, as each task finishes: its replies parsed once and handed to the waiting results. */
    private static final class Deliver extends AbstractFunction2<Object, byte[], BoxedUnit> implements Serializable {
        private static final long serialVersionUID = 1L;
        private final transient int[][] members;
        private final transient List<CompletableFuture<RunData>> out;
        private final transient SparkProgress.Counter counter;
        private final transient TaskCosts costs;

        Deliver(int[][] members, List<CompletableFuture<RunData>> out, SparkProgress.Counter counter, TaskCosts costs) {
            this.members = members;
            this.out = out;
            this.counter = counter;
            this.costs = costs;
        }

        @Override
        public BoxedUnit apply(Object partition, byte[] replies) {
            int[] indexes = members[(Integer) partition];
            WorkerProtocol.Reply[] parsed;
            try {
                parsed = WorkerProtocol.fromJson(replies, WorkerProtocol.Reply[].class);
                if (parsed.length != indexes.length) {
                    throw new IllegalArgumentException("a batch of " + indexes.length + " simulations came back with " + parsed.length + " replies");
                }
            } catch (RuntimeException e) {
                for (int i : indexes) {
                    out.get(i).completeExceptionally(new BackendFailure("an executor's replies could not be read: " + e.getMessage(), e));
                }
                return BoxedUnit.UNIT;
            }
            for (int k = 0; k < indexes.length; k++) {
                if (parsed[k].result() != null) {
                    costs.simulated(parsed[k].result().wallSeconds());
                }
                try {
                    out.get(indexes[k]).complete(LocalBackend.runOf(parsed[k]));
                } catch (RuntimeException e) {
                    out.get(indexes[k]).completeExceptionally(e);
                }
            }
            if (counter != null) {
                counter.finished(indexes.length);
            }
            return BoxedUnit.UNIT;
        }
    }

    /** The job's own result: nothing, every answer went through {@link Deliver}. */
    private static final class Done extends AbstractFunction0<BoxedUnit> implements Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public BoxedUnit apply() {
            return BoxedUnit.UNIT;
        }
    }

    private static void awaitJob(FutureAction<BoxedUnit> job, Broadcast<List<String>> shared, List<CompletableFuture<RunData>> out,
                                 SparkProgress.Counter counter) {
        try {
            job.get();
        } catch (Exception e) { // Scala's get() declares SparkException and may throw InterruptedException undeclared
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
                out.forEach(f -> f.completeExceptionally(new EvaluationFailure("interrupted", e)));
                return;
            }
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            String why = reason(cause);
            // results already delivered stand (completing a done future does nothing); the rest fail with the job
            out.forEach(f -> f.completeExceptionally(new BackendFailure("the Spark job failed: " + why, cause)));
        } finally {
            if (counter != null) {
                counter.end();
            }
            try {
                shared.destroy();
            } catch (Exception gone) { // Scala may throw InterruptedException undeclared when the context is stopping
                if (gone instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /**
     * What a failed job says, in one line: Spark wraps the reason ("Job aborted due to stage failure:
     * Total size of serialized results ... is bigger than spark.driver.maxResultSize") in exceptions
     * whose own message says only that they waited ("Exception thrown in awaitResult:").
     */
    static String reason(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            String m = c.getMessage() == null ? "" : c.getMessage().lines().findFirst().orElse("").trim();
            if (!m.isEmpty() && !m.startsWith("Exception thrown in awaitResult")) {
                return m;
            }
        }
        return t.getClass().getSimpleName();
    }

    @Override
    public String measurements() {
        return costs.describe();
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
