package io.nous.cli;

import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * Measures what the machine is doing to a thread's timing while a test runs, the way jHiccup does: a
 * daemon thread asks to sleep 1 ms over and over and records how much later than asked it woke. A test
 * that times a real server sizes its tolerance by this instead of assuming a quiet machine.
 */
final class SchedulingNoise implements AutoCloseable {
    private static final long ASK_NS = 1_000_000;
    private final Histogram overshootUs = new Histogram(3);
    private final Thread probe;
    private volatile boolean stop;

    /** What the probe saw: wake-ups, mean and 90th-percentile overshoot, in microseconds. */
    record Summary(long wakeUps, double meanUs, double p90Us) {
        @Override
        public String toString() {
            return String.format(java.util.Locale.ROOT, "%d wake-ups, overshoot mean %.0f us, p90 %.0f us", wakeUps, meanUs, p90Us);
        }
    }

    SchedulingNoise() {
        probe = new Thread(this::loop, "scheduling-noise");
        probe.setDaemon(true);
        probe.start();
    }

    private void loop() {
        while (!stop) {
            long t0 = System.nanoTime();
            LockSupport.parkNanos(ASK_NS);
            long over = System.nanoTime() - t0 - ASK_NS;
            synchronized (overshootUs) {
                overshootUs.recordValue(Math.max(0, over / 1000));
            }
        }
    }

    Summary summary() {
        synchronized (overshootUs) {
            return new Summary(overshootUs.getTotalCount(), overshootUs.getMean(), overshootUs.getValueAtPercentile(90));
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop = true;
        probe.join();
    }
}
