package io.nous.spark;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * Reports on the console how far each of the driver's Spark jobs is: tasks done out of the job's
 * total, every tenth of the job (at most once a second) and when it ends, with failed attempts
 * that Spark retried counted apart.
 */
final class SparkProgress extends SparkListener {
    private final PrintStream out;
    private final Map<Integer, Job> byStage = new ConcurrentHashMap<>();
    private final Map<Integer, Job> byJob = new ConcurrentHashMap<>();

    /** One job's counts. */
    private static final class Job {
        final int id;
        final int total;
        final AtomicInteger done = new AtomicInteger();
        final AtomicInteger failed = new AtomicInteger();
        volatile long lastReport = System.nanoTime();
        volatile int lastDone;

        Job(int id, int total) {
            this.id = id;
            this.total = total;
        }
    }

    SparkProgress(PrintStream out) {
        this.out = out;
    }

    @Override
    public void onJobStart(SparkListenerJobStart start) {
        int tasks = 0;
        var stages = scala.jdk.javaapi.CollectionConverters.asJava(start.stageInfos());
        for (var stage : stages) {
            tasks += stage.numTasks();
        }
        Job j = new Job(start.jobId(), tasks);
        byJob.put(start.jobId(), j);
        for (var stage : stages) {
            byStage.put(stage.stageId(), j);
        }
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        Job j = byStage.get(end.stageId());
        if (j == null) {
            return;
        }
        if (!end.taskInfo().successful()) {
            j.failed.incrementAndGet();
            return;
        }
        int n = j.done.incrementAndGet();
        long now = System.nanoTime();
        if (n < j.total && n - j.lastDone >= Math.max(1, j.total / 10) && now - j.lastReport >= 1_000_000_000L) {
            j.lastDone = n;
            j.lastReport = now;
            report(j, n, false);
        }
    }

    @Override
    public void onJobEnd(SparkListenerJobEnd end) {
        Job j = byJob.remove(end.jobId());
        if (j != null) {
            byStage.values().removeIf(x -> x == j);
            report(j, j.done.get(), true);
        }
    }

    private void report(Job j, int n, boolean finished) {
        int f = j.failed.get();
        out.printf(Locale.ROOT, "spark job %d: %d/%d tasks%s%s%n", j.id, n, j.total,
                f > 0 ? " (" + f + " failed attempt" + (f == 1 ? "" : "s") + " retried)" : "", finished ? ", done" : "");
        out.flush();
    }
}
