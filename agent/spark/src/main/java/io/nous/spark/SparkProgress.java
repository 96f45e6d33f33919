package io.nous.spark;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * Reports on the console how far each submission to Spark is: simulations done out of its total,
 * counted as their batches come back, every tenth of the total (at most once a second) and when it
 * ends, with the task attempts that failed and that Spark ran again counted apart (a lost executor).
 */
final class SparkProgress extends SparkListener {
    private final PrintStream out;
    /** Failed task attempts by Spark job, and which job each stage belongs to. */
    private final Map<Integer, AtomicInteger> failedByJob = new ConcurrentHashMap<>();
    private final Map<Integer, Integer> jobOfStage = new ConcurrentHashMap<>();

    SparkProgress(PrintStream out) {
        this.out = out;
    }

    /** A submission of {@code total} simulations begins; count its results with the counter. */
    Counter begin(int total) {
        return new Counter(total);
    }

    /** One submission's count, in simulations. */
    final class Counter {
        private final int total;
        private int done;
        private int lastDone;
        private long lastReport = System.nanoTime();
        private volatile int job = -1;

        private Counter(int total) {
            this.total = total;
        }

        /** The Spark job that runs this submission (its failed attempts are this submission's). */
        void job(int id) {
            job = id;
        }

        /** {@code n} more simulations came back. */
        synchronized void finished(int n) {
            done += n;
            long now = System.nanoTime();
            if (done < total && done - lastDone >= Math.max(1, total / 10) && now - lastReport >= 1_000_000_000L) {
                lastDone = done;
                lastReport = now;
                report(false);
            }
        }

        /** The submission's Spark job ended (done or failed). */
        synchronized void end() {
            report(true);
            if (job >= 0) {
                failedByJob.remove(job);
                jobOfStage.values().removeIf(j -> j == job);
            }
        }

        private void report(boolean finished) {
            AtomicInteger f = job < 0 ? null : failedByJob.get(job);
            int failed = f == null ? 0 : f.get();
            out.printf(Locale.ROOT, "spark job %s: %d/%d simulations%s%s%n", job < 0 ? "?" : Integer.toString(job), done, total,
                    failed > 0 ? " (" + failed + " failed task attempt" + (failed == 1 ? "" : "s") + " retried)" : "",
                    finished ? ", done" : "");
            out.flush();
        }
    }

    @Override
    public void onJobStart(SparkListenerJobStart start) {
        failedByJob.putIfAbsent(start.jobId(), new AtomicInteger());
        for (var stage : scala.jdk.javaapi.CollectionConverters.asJava(start.stageInfos())) {
            jobOfStage.put(stage.stageId(), start.jobId());
        }
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        if (end.taskInfo().successful()) {
            return;
        }
        Integer job = jobOfStage.get(end.stageId());
        if (job != null) {
            failedByJob.computeIfAbsent(job, j -> new AtomicInteger()).incrementAndGet();
        }
        out.printf(Locale.ROOT, "spark job %s: a task attempt failed on executor %s (%s) and is retried%n", job == null ? "?" : job,
                end.taskInfo().executorId(), end.reason().getClass().getSimpleName());
        out.flush();
    }
}
