package io.nous.observe.fake;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * A model server's engine loop in real time, without a model: steps of continuous batching shaped
 * like vLLM's scheduler (running decodes first, one token each; then prompt chunks in admission
 * order within {@code max_num_batched_tokens}; new requests admitted up to {@code max_num_seqs}),
 * each step lasting {@code β0 + β1·prefill tokens + β2·decode sequences} microseconds. A request's
 * first token comes at the end of the step that finishes its prompt, then one per step. KV-cache
 * capacity is not modelled (no preemption). This is what the fake server streams by, so that an
 * observation of it has known step costs to recover.
 */
public final class FakeEngine implements AutoCloseable {
    /** Step-cost parameters and scheduler limits. */
    public record Costs(double beta0Us, double beta1UsPerPrefillToken, double beta2UsPerDecodeSeq, int maxNumSeqs,
                        int maxNumBatchedTokens) {
        public Costs {
            if (!(beta0Us >= 0) || !(beta1UsPerPrefillToken >= 0) || !(beta2UsPerDecodeSeq >= 0)) {
                throw new IllegalArgumentException("step costs must be >= 0");
            }
            if (maxNumSeqs < 1 || maxNumBatchedTokens < 1) {
                throw new IllegalArgumentException("max_num_seqs and max_num_batched_tokens must be >= 1");
            }
        }
    }

    /** Receives a request's tokens as the engine makes them (called on the engine thread). */
    public interface Sink {
        /**
         * Token {@code n} (1-based) is out; {@code last} when it is the final one; {@code dueNanos} is
         * when the step that made it was due to end ({@link System#nanoTime()}), however late the
         * engine thread woke to deliver it.
         */
        void token(int n, boolean last, long dueNanos);
    }

    private static final class Job {
        final int prompt;
        final int output;
        final Sink sink;
        int computed;
        int generated;
        int chunk;

        Job(int prompt, int output, Sink sink) {
            this.prompt = prompt;
            this.output = output;
            this.sink = sink;
        }
    }

    private final Costs costs;
    private final ArrayDeque<Job> waiting = new ArrayDeque<>();
    private final List<Job> running = new ArrayList<>();
    private final Thread thread;
    private volatile boolean closed;
    private long steps;

    public FakeEngine(Costs costs) {
        this.costs = costs;
        this.thread = new Thread(this::loop, "fake-engine");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /** Queues a request with {@code prompt} tokens that generates {@code output} tokens. */
    public void submit(int prompt, int output, Sink sink) {
        synchronized (waiting) {
            waiting.add(new Job(Math.max(1, prompt), Math.max(1, output), sink));
        }
        LockSupport.unpark(thread);
    }

    /** Steps run so far. */
    public long steps() {
        return steps;
    }

    private void loop() {
        List<Job> decodes = new ArrayList<>();
        List<Job> prefills = new ArrayList<>();
        long lastEnd = Long.MIN_VALUE;
        while (!closed) {
            decodes.clear();
            prefills.clear();
            int budget = costs.maxNumBatchedTokens();
            for (Job j : running) {
                if (j.computed >= j.prompt) {
                    decodes.add(j);
                }
            }
            budget -= decodes.size();
            long prefillTokens = 0;
            for (Job j : running) {
                if (j.computed < j.prompt && budget > 0) {
                    j.chunk = Math.min(j.prompt - j.computed, budget);
                    budget -= j.chunk;
                    prefillTokens += j.chunk;
                    prefills.add(j);
                }
            }
            synchronized (waiting) {
                while (budget > 0 && running.size() < costs.maxNumSeqs() && !waiting.isEmpty()) {
                    Job j = waiting.poll();
                    running.add(j);
                    j.chunk = Math.min(j.prompt, budget);
                    budget -= j.chunk;
                    prefillTokens += j.chunk;
                    prefills.add(j);
                }
            }
            if (decodes.isEmpty() && prefills.isEmpty()) {
                lastEnd = Long.MIN_VALUE;
                LockSupport.parkNanos(50_000_000);
                continue;
            }
            // Back to back, a step starts when the last one was due to end, not when this thread woke
            // (however late): the machine's scheduling delays make tokens late, never the engine slower.
            long start = lastEnd != Long.MIN_VALUE ? lastEnd : System.nanoTime();
            double us = costs.beta0Us() + costs.beta1UsPerPrefillToken() * prefillTokens + costs.beta2UsPerDecodeSeq() * decodes.size();
            lastEnd = start + Math.round(us * 1000);
            sleepUntil(lastEnd);
            steps++;
            for (Job j : decodes) {
                j.generated++;
                j.sink.token(j.generated, j.generated >= j.output, lastEnd);
            }
            for (Job j : prefills) {
                j.computed += j.chunk;
                if (j.computed >= j.prompt) {
                    j.generated++;
                    j.sink.token(j.generated, j.generated >= j.output, lastEnd);
                }
            }
            running.removeIf(j -> j.generated >= j.output);
        }
    }

    private static void sleepUntil(long deadline) {
        for (;;) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            if (left > 150_000) {
                LockSupport.parkNanos(left - 150_000);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }
}
