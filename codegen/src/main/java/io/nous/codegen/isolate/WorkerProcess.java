package io.nous.codegen.isolate;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** One worker JVM, the command it was started with, and its pipes; stderr is drained into a short tail for error messages. */
final class WorkerProcess {
    final Process process;
    /** How it was started: a worker is only ever reused by a pool that would start it the same way. */
    final List<String> command;
    private final BufferedWriter in;
    private final ByteLines out;
    private final Deque<String> errTail = new ArrayDeque<>();

    WorkerProcess(Process p, List<String> command) {
        this.process = p;
        this.command = command;
        this.in = new BufferedWriter(new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8));
        this.out = new ByteLines(p.getInputStream());
        Thread drain = new Thread(() -> {
            try (BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String l; (l = err.readLine()) != null; ) {
                    noise(l);
                }
            } catch (IOException ignored) {
                // the process is gone
            }
        }, "nous-worker-stderr");
        drain.setDaemon(true);
        drain.start();
    }

    boolean alive() {
        return process.isAlive();
    }

    void send(String line) throws IOException {
        in.write(line);
        in.newLine();
        in.flush();
    }

    /** The next protocol line; other lines (a dying JVM's last words) go to the error tail. */
    String readLine(ExecutorService readers, Duration timeout) throws TimeoutException, IOException {
        byte[] line = readMessage(readers, timeout);
        return line == null ? null : new String(line, StandardCharsets.UTF_8);
    }

    /**
     * {@link #readLine} as the UTF-8 bytes the worker wrote (a reply with samples is a megabyte or
     * more, which the JSON parser reads fastest as bytes); null when the worker's output ended.
     */
    byte[] readMessage(ExecutorService readers, Duration timeout) throws TimeoutException, IOException {
        CompletableFuture<byte[]> f = CompletableFuture.supplyAsync(() -> {
            try {
                for (byte[] l; (l = out.next()) != null; ) {
                    if (WorkerProtocol.isMessage(l)) {
                        return l;
                    }
                    noise(new String(l, StandardCharsets.UTF_8));
                }
                return null;
            } catch (IOException e) {
                return null;
            }
        }, readers);
        try {
            return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        } catch (ExecutionException e) {
            throw new IOException(e.getCause());
        }
    }

    private void noise(String line) {
        synchronized (errTail) {
            errTail.addLast(line);
            if (errTail.size() > 5) {
                errTail.removeFirst();
            }
        }
    }

    /** Forgets what the worker printed so far: a reused worker's messages start from its new pool's first job. */
    void clearErrors() {
        synchronized (errTail) {
            errTail.clear();
        }
    }

    /** Why the worker ended, in the user's terms. */
    String deathReason() {
        try {
            process.waitFor(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        String tail;
        synchronized (errTail) {
            tail = String.join(" | ", errTail);
        }
        if (tail.contains("OutOfMemoryError")) {
            return "ran out of memory in its worker JVM (heap limit reached); the worker was replaced";
        }
        return "the worker JVM died while running the job" + (process.isAlive() ? "" : " (exit code " + process.exitValue() + ")")
                + lastErrors();
    }

    String lastErrors() {
        synchronized (errTail) {
            return errTail.isEmpty() ? "" : " (stderr: " + String.join(" | ", errTail) + ")";
        }
    }

    void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
