package io.nous.observe.fake;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fake engine's scheduler without a clock: it forms vLLM-shaped steps (running decodes first,
 * one token each; then prompt chunks in admission order within {@code max_num_batched_tokens}; new
 * requests admitted from the waiting queue up to {@code max_num_seqs}) and prices each at
 * {@code β0 + β1·prefill tokens + β2·decode sequences} microseconds. Who owns the clock decides when a
 * step ends: {@link FakeEngine} sleeps through it on a real thread; {@link EngineTimeline} advances a
 * virtual clock. One thread at a time.
 */
final class EngineSteps {
    private static final class Job {
        final int prompt;
        final int output;
        final FakeEngine.Sink sink;
        final long[] blocks;
        int computed;
        int generated;
        int chunk;

        Job(int prompt, long[] blocks, int output, FakeEngine.Sink sink) {
            this.prompt = prompt;
            this.blocks = blocks;
            this.output = output;
            this.sink = sink;
        }
    }

    private final FakeEngine.Costs costs;
    /** Block hashes of computed prompt blocks, least recently used first. */
    private final LinkedHashMap<Long, Boolean> cache;
    private final ArrayDeque<Job> waiting = new ArrayDeque<>();
    private final List<Job> running = new ArrayList<>();
    private final List<Job> decodes = new ArrayList<>();
    private final List<Job> prefills = new ArrayList<>();
    private long steps;

    EngineSteps(FakeEngine.Costs costs) {
        this.costs = costs;
        int capacity = costs.prefixCacheBlocks();
        this.cache = capacity == 0 ? null : new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
                return size() > capacity;
            }
        };
    }

    /** Whether the engine caches prompt prefixes. */
    boolean cachesPrefixes() {
        return cache != null;
    }

    /** Queues a request (prompt and output at least one token each). */
    void submit(int prompt, long[] blocks, int output, FakeEngine.Sink sink) {
        waiting.add(new Job(Math.max(1, prompt), blocks, Math.max(1, output), sink));
    }

    /** Steps finished so far. */
    long steps() {
        return steps;
    }

    /**
     * Forms the next step from what is running and waiting and returns how long it takes in
     * nanoseconds, or -1 when there is nothing to do. {@link #finish} must follow before the next plan.
     */
    long plan() {
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
        if (decodes.isEmpty() && prefills.isEmpty()) {
            return -1;
        }
        double us = costs.beta0Us() + costs.beta1UsPerPrefillToken() * prefillTokens + costs.beta2UsPerDecodeSeq() * decodes.size();
        return Math.round(us * 1000);
    }

    /** The planned step ended at {@code endNanos} (on the owner's clock): its tokens go out. */
    void finish(long endNanos) {
        steps++;
        for (Job j : decodes) {
            j.generated++;
            j.sink.token(j.generated, j.generated >= j.output, endNanos);
        }
        for (Job j : prefills) {
            j.computed += j.chunk;
            if (j.computed >= j.prompt) {
                remember(j);
                j.generated++;
                j.sink.token(j.generated, j.generated >= j.output, endNanos);
            }
        }
        running.removeIf(j -> j.generated >= j.output);
    }

    /** Tokens of the job's prompt found cached: whole leading blocks, at most prompt - 1 tokens. */
    private int cachedPrefix(Job j) {
        if (cache == null || j.blocks == null) {
            return 0;
        }
        int cap = Math.min(j.blocks.length, (j.prompt - 1) / FakeEngine.BLOCK_TOKENS);
        int hits = 0;
        while (hits < cap && cache.get(j.blocks[hits]) != null) {
            hits++;
        }
        return hits * FakeEngine.BLOCK_TOKENS;
    }

    /** A prompt computed: its full blocks are cached. */
    private void remember(Job j) {
        if (cache != null && j.blocks != null) {
            for (long b : j.blocks) {
                cache.put(b, Boolean.TRUE);
            }
        }
    }
}
