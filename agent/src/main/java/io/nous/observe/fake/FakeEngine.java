package io.nous.observe.fake;

import java.util.ArrayDeque;
import java.util.concurrent.locks.LockSupport;

/**
 * A model server's engine loop in real time, without a model: {@link EngineSteps}' steps of
 * continuous batching, slept through on one thread. The steps are shaped like vLLM's scheduler (running decodes first, one token each; then prompt chunks in admission
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
 *
 * <p>{@link EngineTimeline} runs the same steps on a virtual clock: the schedule this engine keeps
 * when the machine is quiet, whatever the machine is doing.
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

    private final Costs costs;
    /** Requests handed over by connection threads, not yet seen by the engine thread. */
    private final ArrayDeque<Runnable> incoming = new ArrayDeque<>();
    private final EngineSteps engine;
    private final Thread thread;
    private volatile boolean closed;

    public FakeEngine(Costs costs) {
        this.costs = costs;
        this.engine = new EngineSteps(costs);
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
        synchronized (incoming) {
            incoming.add(() -> engine.submit(prompt, blocks, output, sink));
        }
        LockSupport.unpark(thread);
    }

    /** Whether the engine caches prompt prefixes. */
    public boolean cachesPrefixes() {
        return costs.prefixCacheBlocks() > 0;
    }

    private void loop() {
        long lastEnd = Long.MIN_VALUE;
        while (!closed) {
            synchronized (incoming) {
                for (Runnable r; (r = incoming.poll()) != null; ) {
                    r.run();
                }
            }
            long ns = engine.plan();
            if (ns < 0) {
                lastEnd = Long.MIN_VALUE;
                LockSupport.parkNanos(50_000_000);
                continue;
            }
            // Back to back, a step starts when the last one was due to end, not when this thread woke
            // (however late): the machine's scheduling delays make tokens late, never the engine slower.
            long start = lastEnd != Long.MIN_VALUE ? lastEnd : System.nanoTime();
            lastEnd = start + ns;
            sleepUntil(lastEnd);
            engine.finish(lastEnd);
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
