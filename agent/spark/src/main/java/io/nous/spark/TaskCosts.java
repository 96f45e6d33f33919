package io.nous.spark;

import java.util.Locale;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * What Spark's tasks cost beside the simulations they carry: the successful tasks' durations (launch
 * to finish, as the driver saw them) against the simulated runs' own wall time, so that a benchmark
 * can say how much of a task is overhead (shipping, scheduling, the worker round trip, results).
 */
final class TaskCosts extends SparkListener {
    private final LongAdder tasks = new LongAdder();
    private final LongAdder taskMillis = new LongAdder();
    private final LongAdder simulations = new LongAdder();
    private final DoubleAdder simulationSeconds = new DoubleAdder();

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        if (end.taskInfo().successful()) {
            tasks.increment();
            taskMillis.add(end.taskInfo().duration());
        }
    }

    /** One simulation came back, having run for {@code wallSeconds} inside its worker. */
    void simulated(double wallSeconds) {
        simulations.increment();
        simulationSeconds.add(wallSeconds);
    }

    /** A line for a benchmark, or null before any simulation came back. */
    String describe() {
        long n = simulations.sum();
        if (n == 0) {
            return null;
        }
        double taskSeconds = taskMillis.sum() / 1000.0;
        double own = simulationSeconds.sum();
        double overhead = taskSeconds - own;
        return String.format(Locale.ROOT, "spark: %d simulations in %d tasks, %.1f ms each in its run and %.1f ms beside it "
                + "(%.0f %% of the run: worker round trip, simulation set-up and results, task shipping and scheduling)",
                n, tasks.sum(), 1000 * own / n, 1000 * overhead / n, own > 0 ? 100 * overhead / own : Double.NaN);
    }
}
