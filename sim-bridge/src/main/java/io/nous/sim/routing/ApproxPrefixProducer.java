package io.nous.sim.routing;

import io.nous.sim.pod.BlockPool;
import io.nous.sim.request.PromptContent;
import io.nous.sim.request.Request;
import java.util.Arrays;

/**
 * {@code approx-prefix-cache-producer} (llm-d-router v0.10.0,
 * pkg/epp/framework/plugins/requestcontrol/dataproducer/approximateprefix/plugin.go and
 * .../prefixhash/hashing.go). The router cuts the prompt, as its token producer counts it, into blocks
 * of {@code blockSizeTokens} (the engine's published block size with {@code autoTune}, and never
 * under 64), the last one partial, at most {@code maxPrefixTokensToMatch / blockSize} of them, and
 * chains their hashes. An endpoint's match is the number of those blocks, walked from the first and
 * stopping at the first block no endpoint holds, that its LRU holds; each request's blocks are added to
 * the LRU of the endpoint it was sent to, sized by the engine's published block count with
 * {@code autoTune}, else {@code lruCapacityPerServer}.
 *
 * <p>The engine's static {@code vllm:cache_config_info} is taken as scraped before the first request
 * (the router has been running before the load starts).
 */
final class ApproxPrefixProducer implements DataProducer {
    /** The floor upstream puts on the block size (approximateprefix/plugin.go, {@code minBlockSizeTokens}; issue #1158). */
    static final int MIN_BLOCK_SIZE_TOKENS = 64;

    /** Validated parameters with upstream's defaults (approximateprefix/types.go). */
    record Config(boolean autoTune, int blockSizeTokens, int maxPrefixBlocksToMatch, int maxPrefixTokensToMatch, int lruCapacityPerServer) {
        static final Config DEFAULTS = new Config(true, 16, 2048, 131072, 31250);
    }

    private final Config config;
    private final RouterPrompt prompt;
    private final PrefixIndex index;
    private long[] hashes = new long[256];
    /** Per shared first span, its whole router blocks (the same for every prompt that starts with it). */
    private final java.util.ArrayList<SharedSpan> sharedSpans = new java.util.ArrayList<>();
    /** Span id → its place in {@link #sharedSpans} (unboxed: every prompt with a span looks its span up). */
    private final LongLongMap spanPlaces = new LongLongMap(64);
    private int hashCount;
    /** The span the last hashed prompt starts with, and how many of its blocks lie wholly inside it (0: none). */
    private SharedSpan span;
    private int spanBlocks;
    /** The stretch of the last hashed prompt's blocks past its span when a session's rounds repeat them, else null. */
    private PrefixIndex.Stretch history;
    /** The last hashed prompt's first block of its own (no other prompt has it, nobody looks it up), or its block count: none. */
    private int ownFrom;
    /** Index entries found before for the last hashed prompt's first {@code knownCount} blocks: hints the index checks. */
    private int[] knownEntries;
    private int knownCount;
    /** The last add's entries, block by block. */
    private int[] addedEntries = new int[256];
    /** Tables a consumed {@link RoundHashes} gave back, for the next one this producer leaves. */
    private long[] spareHashes;
    private int[] spareEntries;

    /**
     * What this producer computed for a round of an accumulating session, left on the request for the
     * session's next round, whose prompt repeats it: the chained hashes of its router blocks (the next
     * prompt's first blocks hash alike) and their index entries as hints.
     */
    private record RoundHashes(ApproxPrefixProducer producer, int blockSize, long[] hashes, int blocks, int[] entries, long routerTokens,
                               int spanBlocks, PrefixIndex.Stretch history) {
    }

    /**
     * A shared span's chain of block hashes, and its blocks as the index's stretch (which also keeps their entries
     * as the last request carrying them left them, hints the index checks): a tenant's every request reads and
     * records the same entries, found once.
     */
    private static final class SharedSpan {
        long[] chain;
        final PrefixIndex.Stretch stretch;

        SharedSpan(long[] chain, PrefixIndex.Stretch stretch) {
            this.chain = chain;
            this.stretch = stretch;
        }
    }

    ApproxPrefixProducer(Config config, RouterPrompt prompt, int pods) {
        this.config = config;
        this.prompt = prompt;
        this.index = new PrefixIndex(pods);
    }

    int blockSize(SchedulingContext c) {
        int size = config.blockSizeTokens();
        if (config.autoTune() && c.engineBlockSize > 0) {
            size = c.engineBlockSize;
        }
        return Math.max(size, MIN_BLOCK_SIZE_TOKENS);
    }

    int maxBlocks(int blockSize) {
        if (config.maxPrefixTokensToMatch() > 0) {
            return config.maxPrefixTokensToMatch() / blockSize;
        }
        return config.maxPrefixBlocksToMatch() == 0 ? Integer.MAX_VALUE : config.maxPrefixBlocksToMatch();
    }

    private int capacity(SchedulingContext c) {
        if (config.autoTune() && c.engineBlocks > 0) {
            return c.engineBlocks;
        }
        return config.lruCapacityPerServer() > 0 ? config.lruCapacityPerServer() : Config.DEFAULTS.lruCapacityPerServer();
    }

    @Override
    public void produce(SchedulingContext c) {
        int blockSize = blockSize(c);
        hashCount = hash(c.request, c.inputTokens, blockSize, maxBlocks(blockSize));
        Arrays.fill(c.matchBlocks, 0);
        // the walk ends at the first block of the prompt's own, if not before: nobody holds those
        for (int i = matchStretches(c.matchBlocks), end = Math.min(hashCount, ownFrom); i < end; i++) {
            long holders = i < knownCount ? index.holders(hashes[i], knownEntries[i]) : index.holders(hashes[i]);
            if (holders == 0) {
                break;
            }
            while (holders != 0) {
                int p = Long.numberOfTrailingZeros(holders);
                c.matchBlocks[p]++;
                holders &= holders - 1;
            }
        }
        c.prefixInfo = true;
        c.totalBlocks = hashCount;
        c.blockSizeTokens = blockSize;
    }

    /**
     * Counts the endpoints' matches of the prompt's span and then its history as the index's stretches tell them
     * whole; returns the block the walk goes on from (past the prompt when it stopped inside them).
     */
    private int matchStretches(int[] matched) {
        int from = 0;
        if (span != null) {
            int passed = index.match(span.stretch, spanBlocks, matched);
            if (passed < 0) {
                return 0;
            }
            if (passed < spanBlocks) {
                return hashCount; // a block nobody holds: the walk ends there
            }
            from = spanBlocks;
        }
        if (history != null) {
            int passed = index.match(history, hashCount - from, matched);
            if (passed >= 0) {
                return hashCount; // its runs counted, and the walk ended inside it or passed the prompt
            }
        }
        return from;
    }

    @Override
    public void preRequest(SchedulingContext c, int pod) {
        index.add(hashes, hashCount, pod, capacity(c), knownEntries, knownCount, span == null ? null : span.stretch, spanBlocks, history,
                ownFrom);
        boolean leave = c.request.repeatedByNextRound();
        // the entries as they stand now, as far as someone reads them again: the span's next request, the
        // session's next round, and the prefill pick's add that may follow in this route (the only one to find the
        // prompt's own blocks again)
        int n = leave || ownFrom < hashCount ? hashCount : span != null ? spanBlocks : 0;
        if (addedEntries.length < n) {
            addedEntries = new int[Math.max(n, addedEntries.length * 2)];
        }
        for (int i = 0; i < n; i++) {
            addedEntries[i] = index.addedEntry(i);
        }
        knownEntries = addedEntries;
        knownCount = n;
        if (leave) {
            leaveForNextRound(c.request, c.blockSizeTokens, c.inputTokens);
        }
    }

    /** Leaves a copy of this prompt's hashes and entries on {@code r} for its session's next round (see {@link RoundHashes}). */
    private void leaveForNextRound(Request r, int blockSize, long routerTokens) {
        long[] h;
        int[] e;
        if (r.routerBlocks instanceof RoundHashes mine && mine.producer() == this) {
            h = mine.hashes(); // a second pick of the same route (P/D's prefill pod): same hashes, entries as they stand now
            e = mine.entries();
        } else {
            // with room to grow: the session's next rounds, longer by a turn each, hand these back and reuse them
            int room = Math.max(hashCount + hashCount / 2, 16);
            h = spareHashes != null && spareHashes.length >= hashCount ? spareHashes : new long[room];
            e = spareEntries != null && spareEntries.length >= hashCount ? spareEntries : new int[room];
            spareHashes = null;
            spareEntries = null;
        }
        System.arraycopy(hashes, 0, h, 0, hashCount);
        System.arraycopy(addedEntries, 0, e, 0, hashCount);
        r.routerBlocks = new RoundHashes(this, blockSize, h, hashCount, e, routerTokens, spanBlocks, history);
    }

    /** The chained hashes of the prompt's router blocks; returns how many. */
    private int hash(Request r, long routerTokens, int blockSize, int maxBlocks) {
        int blocks = (int) Math.min((routerTokens + blockSize - 1) / blockSize, maxBlocks);
        if (blocks > hashes.length) {
            hashes = new long[Math.max(blocks, hashes.length * 2)];
        }
        PromptContent content = r.content != null ? r.content : PromptContent.unique(r.id, r.inputTokens, r.outputTokens);
        int j = 0;
        span = null;
        spanBlocks = 0;
        history = null;
        knownEntries = null;
        knownCount = 0;
        if (content.sharedTokens() == 0 && !sharedSpans.isEmpty()) {
            forgetSpan(content.firstSpanId());
        }
        if (content.sharedTokens() > 0) {
            // blocks wholly inside a shared first span hash alike for every prompt that starts with it: kept per span
            int shared = (int) Math.min(blocks, prompt.routerTokensWithin(content.firstSpanTokens(), r.inputTokens, routerTokens) / blockSize);
            SharedSpan s = sharedSpan(content.firstSpanId());
            if (s == null || s.chain.length < shared) {
                long[] chain = new long[shared];
                for (int k = 0; k < shared; k++) {
                    chain[k] = chainHash(k == 0 ? 0 : chain[k - 1], content, k, blockSize, r.inputTokens, routerTokens);
                }
                if (s == null) {
                    // none of its blocks in the index yet (hand-made content may have put some there): no endpoint holds any
                    s = new SharedSpan(chain, index.stretch(index.knowsAny(chain, shared)));
                    spanPlaces.put(content.firstSpanId(), sharedSpans.size());
                    sharedSpans.add(s);
                } else {
                    s.chain = chain;
                }
            }
            System.arraycopy(s.chain, 0, hashes, 0, shared);
            j = shared;
            span = s;
            spanBlocks = shared;
            knownEntries = s.stretch.entries();
            knownCount = Math.min(s.stretch.known(), shared);
        }
        if (r.previousRound != null && r.previousRound.routerBlocks instanceof RoundHashes left && left.producer() == this
                && left.blockSize() == blockSize) {
            int taken = takeOver(r, left, blocks, blockSize, routerTokens);
            j = Math.max(j, taken);
            if (left.spanBlocks() == spanBlocks && left.history() != null && r.repeatedByNextRound()) {
                history = left.history(); // the same blocks past the same span, as far as the two rounds share them
                history.trim(Math.max(0, taken - spanBlocks));
            }
        }
        if (history == null && r.repeatedByNextRound()) {
            // a session's first round: its blocks past the span are its own, held nowhere yet; a later round whose
            // predecessor's records are not at hand: they may be held anywhere
            history = index.stretch(r.previousRoundTokens > 0);
        }
        for (; j < blocks; j++) {
            hashes[j] = chainHash(j == 0 ? 0 : hashes[j - 1], content, j, blockSize, r.inputTokens, routerTokens);
        }
        // past its shared span a prompt made with unique own spans has blocks no other request has (a request is routed once)
        ownFrom = !r.repeatedByNextRound() && (r.content == null || content.ownSpansUnique()) ? spanBlocks : blocks;
        return blocks;
    }

    /**
     * A prompt of its own whose first span has the id of a shared span seen before (only hand-made content does
     * that): the span's blocks may now come with adds that do not carry its stretch, so it starts over as a span
     * any endpoint may hold some of.
     */
    private void forgetSpan(long spanId) {
        long place = spanPlaces.get(spanId);
        if (place != LongLongMap.MISSING) {
            sharedSpans.set((int) place, new SharedSpan(sharedSpans.get((int) place).chain, index.stretch(true)));
        }
    }

    private SharedSpan sharedSpan(long spanId) {
        long place = spanPlaces.get(spanId);
        return place == LongLongMap.MISSING ? null : sharedSpans.get((int) place);
    }

    /**
     * Takes the hashes of the previous round's blocks that lie wholly inside the prompt it shares with
     * {@code r} (they are {@code r}'s first blocks' hashes), and their entries as hints;
     * returns how many blocks are hashed. The previous round's tables come back to this producer.
     */
    private int takeOver(Request r, RoundHashes left, int blocks, int blockSize, long routerTokens) {
        Request previous = r.previousRound;
        previous.routerBlocks = null;
        // a block hashes alike in both prompts when it is whole in both and its engine tokens end inside the previous
        // prompt (whose tokens this prompt repeats): then neither prompt's end cuts its range short
        long within = prompt.routerTokensWithin(Math.min(previous.inputTokens, r.previousRoundTokens), r.inputTokens,
                Math.min(routerTokens, left.routerTokens()));
        int n = (int) Math.min(Math.min(blocks, left.blocks()), within / blockSize);
        System.arraycopy(left.hashes(), 0, hashes, 0, n);
        if (n > knownCount) {
            if (addedEntries.length < n) {
                addedEntries = new int[Math.max(n, addedEntries.length * 2)];
            }
            System.arraycopy(left.entries(), 0, addedEntries, 0, n);
            knownEntries = addedEntries;
            knownCount = n;
        }
        spareEntries = left.entries();
        spareHashes = left.hashes();
        return n;
    }

    /** Router block {@code j}'s hash under its parent's, named by the engine tokens it covers. */
    private long chainHash(long parent, PromptContent content, int j, int blockSize, int engineTokens, long routerTokens) {
        long fromRouter = (long) j * blockSize;
        long toRouter = Math.min(fromRouter + blockSize, routerTokens);
        return BlockPool.chain(parent, content.rangeContent(prompt.engineToken(fromRouter, engineTokens),
                prompt.engineToken(toRouter, engineTokens)));
    }
}
