package io.nous.codegen.isolate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A second wall around untrusted candidates: simulations run in separate worker JVMs with a
 * bounded heap. A worker that takes longer than the timeout, dies, or answers garbage is killed
 * and replaced; the job fails with the reason and the caller's JVM is untouched. Thread-safe: up
 * to {@code workers} jobs run at once. A closed pool's healthy workers serve the next pool of the
 * same JVM and settings for a while ({@link IdleWorkers}) rather than being started again.
 */
public final class WorkerPool implements AutoCloseable {

    /**
     * @param workers number of worker JVMs
     * @param maxHeap the workers' -Xmx, e.g. {@code 512m}
     * @param timeout longest a job may take, start-up excluded
     */
    public record Options(int workers, String maxHeap, Duration timeout) {
        public Options {
            if (workers < 1) {
                throw new IllegalArgumentException("workers must be >= 1");
            }
            if (!maxHeap.matches("[0-9]+[kmgKMG]?")) {
                throw new IllegalArgumentException("heap must look like 512m or 2g, got '" + maxHeap + "'");
            }
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("timeout must be positive");
            }
        }
    }

    /** The environment variable with extra JVM options for the workers. */
    public static final String JVM_OPTIONS_ENV = "NOUS_WORKER_JAVA_OPTIONS";

    private final Options options;
    private final BlockingQueue<WorkerProcess> idle;
    private final ExecutorService readers = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "nous-worker-io");
        t.setDaemon(true);
        return t;
    });
    private final AtomicLong nextId = new AtomicLong();
    private final AtomicLong replaced = new AtomicLong();
    private final java.util.Set<WorkerProcess> all = new java.util.HashSet<>();
    /** Kills the workers when this JVM exits on a signal (SIGTERM, Ctrl-C); a killed JVM's workers notice on their own. */
    private final Thread hook = new Thread(this::killAll, "nous-worker-reaper");
    private volatile boolean closed;
    /** How every worker of this pool starts (the same for each, so resolved once). */
    private final List<String> command;

    public WorkerPool(Options options) {
        this.options = options;
        this.command = command(options);
        Runtime.getRuntime().addShutdownHook(hook);
        this.idle = new ArrayBlockingQueue<>(options.workers());
        for (int i = 0; i < options.workers(); i++) {
            idle.add(start());
        }
    }

    /**
     * The workers' class path: this JVM's, and the jar or directory {@link WorkerMain} was loaded
     * from when that is not on it (an application jar that a cluster engine loaded at run time).
     */
    static String classPath() {
        String cp = System.getProperty("java.class.path");
        try {
            var source = WorkerMain.class.getProtectionDomain().getCodeSource();
            if (source != null && source.getLocation() != null) {
                String own = Path.of(source.getLocation().toURI()).toString();
                if (java.util.Arrays.stream(cp.split(java.io.File.pathSeparator)).noneMatch(e -> samePath(e, own))) {
                    return cp.isEmpty() ? own : own + java.io.File.pathSeparator + cp;
                }
            }
        } catch (java.net.URISyntaxException | SecurityException | IllegalArgumentException e) {
            // fall back to this JVM's class path
        }
        return cp;
    }

    private static boolean samePath(String entry, String path) {
        try {
            return Path.of(entry).toAbsolutePath().normalize().equals(Path.of(path).toAbsolutePath().normalize());
        } catch (java.nio.file.InvalidPathException e) {
            return false;
        }
    }

    /** Runs one job in a worker and waits for its reply (a failure reply on timeout or crash). */
    public WorkerProtocol.Reply run(WorkerProtocol.Job job) throws InterruptedException {
        byte[] json = runBytes(job);
        try {
            return WorkerProtocol.JSON.readValue(json, WorkerProtocol.Reply.class);
        } catch (IOException e) {
            return new WorkerProtocol.Reply(-1, null, "worker I/O failed: " + e.getMessage());
        }
    }

    /**
     * {@link #run}, the reply as the worker wrote it ({@link WorkerProtocol#toJson} form), checked for
     * its job number only: for a caller that passes it on (a Spark executor), which would otherwise
     * parse a reply of a few hundred kilobytes of samples only to write it out again.
     */
    public String runJson(WorkerProtocol.Job job) throws InterruptedException {
        return new String(runBytes(job), StandardCharsets.UTF_8);
    }

    /** {@link #runJson} as the UTF-8 bytes the worker wrote, never decoded to characters. */
    private byte[] runBytes(WorkerProtocol.Job job) throws InterruptedException {
        if (closed) {
            throw new IllegalStateException("worker pool is closed");
        }
        long id = nextId.incrementAndGet();
        WorkerProtocol.Job numbered = job.withId(id);
        WorkerProcess w = idle.take();
        try {
            if (!w.alive()) {
                w = replace(w);
            }
            w.send(WorkerProtocol.write(numbered));
            byte[] line = w.readMessage(readers, options.timeout());
            if (line == null) {
                String why = w.deathReason();
                w = replace(w);
                return failure(id, why);
            }
            byte[] json = WorkerProtocol.jsonOf(line);
            long answered = WorkerProtocol.replyId(json);
            if (answered != id) {
                w = replace(w);
                return failure(id, "worker answered job " + answered + " instead of " + id);
            }
            return json;
        } catch (TimeoutException e) {
            w = replace(w);
            return failure(id, "timed out after " + options.timeout().toMillis() / 1000.0 + " s; the worker was killed");
        } catch (IOException e) {
            w = replace(w);
            return failure(id, "worker I/O failed: " + e.getMessage());
        } finally {
            idle.put(w);
        }
    }

    private static byte[] failure(long id, String why) {
        return WorkerProtocol.toJson(new WorkerProtocol.Reply(id, null, why)).getBytes(StandardCharsets.UTF_8);
    }

    /** Workers killed and replaced so far (timeouts, crashes). */
    public long replacedWorkers() {
        return replaced.get();
    }

    /** The live worker processes, idle or busy (for tests and diagnostics). */
    public List<ProcessHandle> processes() {
        List<ProcessHandle> out = new ArrayList<>();
        synchronized (all) {
            all.forEach(w -> {
                if (w.alive()) {
                    out.add(w.process.toHandle());
                }
            });
        }
        return out;
    }

    /**
     * Stops the pool. Its idle, healthy workers are handed on for a later pool of this JVM that
     * would start them the same way (see {@link IdleWorkers}); the rest are killed.
     */
    @Override
    public void close() {
        closed = true;
        List<WorkerProcess> workers;
        List<WorkerProcess> healthy = new ArrayList<>();
        synchronized (all) {
            idle.drainTo(healthy);
            workers = new ArrayList<>(all);
            all.clear();
        }
        workers.removeAll(healthy);
        workers.forEach(WorkerProcess::kill);
        healthy.forEach(IdleWorkers::give);
        readers.shutdownNow();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down and the hook is running
        }
    }

    private WorkerProcess replace(WorkerProcess w) {
        w.kill();
        synchronized (all) {
            all.remove(w);
        }
        replaced.incrementAndGet();
        return start();
    }

    /**
     * Extra JVM options of every worker, whitespace-separated, from {@value #JVM_OPTIONS_ENV}: for example
     * {@code -XX:TieredStopAtLevel=1}, which halves the CPU that short simulations spend compiling
     * the simulator in each new worker (what the test suite runs). Results do not depend on them.
     */
    public static List<String> extraJvmOptions(String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String o : value.trim().split("\\s+")) {
            if (!o.startsWith("-")) {
                throw new IllegalArgumentException(JVM_OPTIONS_ENV + " holds JVM options such as -XX:TieredStopAtLevel=1; '" + o
                        + "' is not one");
            }
            out.add(o);
        }
        return out;
    }

    private void killAll() {
        synchronized (all) {
            all.forEach(w -> w.process.destroyForcibly());
        }
    }

    private static List<String> command(Options options) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // the user's options first, so that the heap bound and the exit on exhaustion (the walls) come last and win
        List<String> extra = extraJvmOptions(System.getenv(JVM_OPTIONS_ENV));
        cmd.addAll(extra);
        WorkerArchive.Launch launch = WorkerArchive.forClassPath(classPath(), extra);
        cmd.addAll(launch.jvmOptions());
        cmd.addAll(List.of("-Xmx" + options.maxHeap(), "-XX:+ExitOnOutOfMemoryError", "-XX:+UseSerialGC", "-cp", launch.classPath(),
                WorkerMain.class.getName()));
        return List.copyOf(cmd);
    }

    private WorkerProcess start() {
        WorkerProcess reused = IdleWorkers.take(command);
        if (reused != null) {
            synchronized (all) {
                all.add(reused);
            }
            return reused;
        }
        ProcessBuilder pb = new ProcessBuilder(command);
        try {
            WorkerProcess w = new WorkerProcess(pb.start(), command);
            synchronized (all) {
                all.add(w);
            }
            String ready = w.readLine(readers, Duration.ofSeconds(60));
            if (ready == null || !ready.contains("\"ready\"")) {
                w.kill();
                throw new IllegalStateException("a worker JVM did not start" + w.lastErrors());
            }
            return w;
        } catch (IOException | TimeoutException e) {
            throw new IllegalStateException("cannot start a worker JVM: " + e.getMessage(), e);
        }
    }
}
