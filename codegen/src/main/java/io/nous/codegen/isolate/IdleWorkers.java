package io.nous.codegen.isolate;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Worker JVMs that a closed pool left healthy, kept for a short while so that the next pool of this
 * JVM that would start workers the same way takes them instead (a process that runs many
 * evaluations one after another: an embedding, a cluster executor, a test suite). A worker carries
 * no result-bearing state from job to job (a pool already gives each worker any candidate in any
 * order), so reuse changes how soon a job starts and how warm its code is, never its answer.
 * Workers idle for longer than {@link #KEEP_NANOS}, or beyond {@link #MAX_IDLE}, are killed;
 * all are killed when this JVM exits. {@code NOUS_WORKER_REUSE=off} turns reuse off.
 */
final class IdleWorkers {
    /** How long an idle worker is kept. */
    static final long KEEP_NANOS = TimeUnit.SECONDS.toNanos(60);
    /** The most idle workers kept at once, oldest killed first. */
    static final int MAX_IDLE = Math.max(2, Runtime.getRuntime().availableProcessors());
    /** The environment variable that turns reuse off. */
    static final String ENV = "NOUS_WORKER_REUSE";

    private static final boolean ENABLED = !"off".equalsIgnoreCase(System.getenv(ENV));
    private static final Deque<Entry> IDLE = new ArrayDeque<>();
    private static ScheduledExecutorService reaper;
    /** Set when this JVM's exit has killed the idle workers: a worker given after that is killed at once. */
    private static boolean exiting;

    private record Entry(WorkerProcess worker, long since) {
    }

    private IdleWorkers() {
    }

    /** A live idle worker started with {@code command}, or null. */
    static WorkerProcess take(List<String> command) {
        synchronized (IDLE) {
            for (Iterator<Entry> it = IDLE.iterator(); it.hasNext(); ) {
                WorkerProcess w = it.next().worker();
                if (w.command.equals(command)) {
                    it.remove();
                    if (w.alive()) {
                        w.clearErrors();
                        return w;
                    }
                }
            }
        }
        return null;
    }

    /** Keeps a healthy worker of a closing pool; kills it when reuse is off, it is dead, or this JVM is exiting. */
    static void give(WorkerProcess w) {
        WorkerProcess killed = w;
        if (ENABLED && w.alive()) {
            synchronized (IDLE) {
                if (!exiting && watching()) {
                    IDLE.addLast(new Entry(w, System.nanoTime()));
                    killed = IDLE.size() > MAX_IDLE ? IDLE.removeFirst().worker() : null;
                }
            }
        }
        if (killed != null) {
            killed.kill();
        }
    }

    /**
     * Starts, on the first worker kept, the reaper of expired workers and the hook that kills the
     * kept ones at exit; false when this JVM is already exiting (a pool closed after Ctrl-C), so
     * that nothing is kept. Called with the lock held.
     */
    private static boolean watching() {
        if (reaper != null) {
            return true;
        }
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(IdleWorkers::killAll, "nous-idle-worker-killer"));
        } catch (IllegalStateException shuttingDown) {
            return false;
        }
        reaper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "nous-idle-worker-reaper");
            t.setDaemon(true);
            return t;
        });
        reaper.scheduleWithFixedDelay(IdleWorkers::expire, 5, 5, TimeUnit.SECONDS);
        return true;
    }

    private static void expire() {
        long now = System.nanoTime();
        Deque<WorkerProcess> old = new ArrayDeque<>();
        synchronized (IDLE) {
            while (!IDLE.isEmpty() && now - IDLE.peekFirst().since() > KEEP_NANOS) {
                old.add(IDLE.removeFirst().worker());
            }
        }
        old.forEach(WorkerProcess::kill);
    }

    private static void killAll() {
        synchronized (IDLE) {
            exiting = true;
            IDLE.forEach(e -> e.worker().process.destroyForcibly());
            IDLE.clear();
        }
    }
}
