package io.nous.observe.fake;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * A model server's engine loop in real time, without a model: steps of continuous batching shaped
 * like vLLM's scheduler (running decodes first, one token each; then prompt chunks in admission
 * order within {@code max_num_batched_tokens}; new requests admitted up to {@code max_num_seqs}),
 * each step lasting {@code β0 + β1·prefill tokens + β2·decode sequences} microseconds. A request's
 * first token comes at the end of the step that finishes its prompt, then one per step. KV-cache
 * capacity is not modelled (no preemption). This is what the fake server streams by, so that an
 * observation of it has known step costs to recover.
 *
 * <p>With a prefix cache ({@code prefixCacheBlocks > 0}) a request admitted from the waiting queue
 * skips the leading 16-token blocks of its prompt that an earlier prompt computed, at most
 * {@code prompt - 1} tokens, and prefills the rest; the cache keeps the most recently used blocks.
 * This is vLLM's rule without its block accounting (usage, refcounts): enough to check that a
 * simulation's hit rate is the server's.
 */
public final class FakeEngine implements AutoCloseable {
    /** Step-cost parameters and scheduler limits. */
    public record Costs(double beta0Us, double beta1UsPerPrefillToken, double beta2UsPerDecodeSeq, int maxNumSeqs,
                        int maxNumBatchedTokens, int prefixCacheBlocks) {

        /** An engine without a prefix cache. */
        public Costs(double beta0Us, double beta1UsPerPrefillToken, double beta2UsPerDecodeSeq, int maxNumSeqs, int maxNumBatchedTokens) {
            this(beta0Us, beta1UsPerPrefillToken, beta2UsPerDecodeSeq, maxNumSeqs, maxNumBatchedTokens, 0);
        }

        /** The same engine with a prefix cache of this many 16-token blocks (0: none). */
        public Costs withPrefixCache(int blocks) {
            return new Costs(beta0Us, beta1UsPerPrefillToken, beta2UsPerDecodeSeq, maxNumSeqs, maxNumBatchedTokens, blocks);
        }

        public Costs {
            if (prefixCacheBlocks < 0) {
                throw new IllegalArgumentException("the prefix cache holds >= 0 blocks");
            }
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

        /** The engine found {@code tokens} of the prompt cached when it admitted the request (before any token). */
        default void cached(int tokens) {
        }
    }

    /** Tokens per prefix-cache block, vLLM's default block size. */
    public static final int BLOCK_TOKENS = 16;

    private static final class Job {
        final int prompt;
        final int output;
        final Sink sink;
        final long[] blocks;
        int computed;
        int generated;
        int chunk;

        Job(int prompt, long[] blocks, int output, Sink sink) {
            this.prompt = prompt;
            this.blocks = blocks;
            this.output = output;
            this.sink = sink;
        }
    }

    private final Costs costs;
    /** Block hashes of computed prompt blocks, least recently used first (engine thread only). */
    private final LinkedHashMap<Long, Boolean> cache;
    private final ArrayDeque<Job> waiting = new ArrayDeque<>();
    private final List<Job> running = new ArrayList<>();
    private final Thread thread;
    private volatile boolean closed;
    private long steps;

    public FakeEngine(Costs costs) {
        this.costs = costs;
        int capacity = costs.prefixCacheBlocks();
        this.cache = capacity == 0 ? null : new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
                return size() > capacity;
            }
        };
        this.thread = new Thread(this::loop, "fake-engine");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /** Queues a request with {@code prompt} tokens that generates {@code output} tokens. */
    public void submit(int prompt, int output, Sink sink) {
        submit(prompt, null, output, sink);
    }

    /**
     * Queues a request whose prompt's full 16-token blocks are named by {@code blocks} (each hash
     * naming the prefix up to its block; null: no name, never a hit).
     */
    public void submit(int prompt, long[] blocks, int output, Sink sink) {
        synchronized (waiting) {
            waiting.add(new Job(Math.max(1, prompt), blocks, Math.max(1, output), sink));
        }
        LockSupport.unpark(thread);
    }

    /** Whether the engine caches prompt prefixes. */
    public boolean cachesPrefixes() {
        return cache != null;
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
                    j.computed = cachedPrefix(j);
                    j.sink.cached(j.computed);
                    j.chunk = Math.min(j.prompt - j.computed, budget);
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
                    remember(j);
                    j.generated++;
                    j.sink.token(j.generated, j.generated >= j.output, lastEnd);
                }
            }
            running.removeIf(j -> j.generated >= j.output);
        }
    }

    /** Tokens of the job's prompt found cached: whole leading blocks, at most prompt - 1 tokens. */
    private int cachedPrefix(Job j) {
        if (cache == null || j.blocks == null) {
            return 0;
        }
        int cap = Math.min(j.blocks.length, (j.prompt - 1) / BLOCK_TOKENS);
        int hits = 0;
        while (hits < cap && cache.get(j.blocks[hits]) != null) {
            hits++;
        }
        return hits * BLOCK_TOKENS;
    }

    /** A prompt computed: its full blocks are cached. */
    private void remember(Job j) {
        if (cache != null && j.blocks != null) {
            for (long b : j.blocks) {
                cache.put(b, Boolean.TRUE);
            }
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
