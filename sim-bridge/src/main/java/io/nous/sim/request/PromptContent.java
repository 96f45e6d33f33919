package io.nous.sim.request;

import java.util.Arrays;

/**
 * What a request's tokens are, without the tokens: its prompt and then its output, as consecutive
 * spans each named by a content id (a tenant's system prompt, a prefix group's shared text, this
 * request's own question, this request's answer). Two requests whose first spans are the same
 * content share those tokens exactly, so the pod's prefix cache can reuse their KV blocks.
 *
 * <p>A KV block is named by the pieces of the spans it covers ({@link #blockContent}), so the name
 * does not depend on how the text was split into spans, only on what it is and where: a multi-turn
 * session's next prompt (previous prompt + answer + new turn) names its first blocks exactly as
 * the previous request's prompt and output did.
 */
public final class PromptContent {
    /** Tags that keep the ids of different kinds of content apart. */
    private static final long OWN_INPUT = 0x5EED_0001L;
    private static final long OWN_OUTPUT = 0x5EED_0002L;
    private static final long SHARED = 0x5EED_0003L;
    private static final long TRACED = 0x5EED_0004L;

    private final long[] ids;
    private final int[] ends;
    private final int sharedTokens;
    /** Whether its own spans' ids are made from its request's id (see {@link #ownSpansUnique}). */
    private final boolean ownSpansUnique;

    private PromptContent(long[] ids, int[] ends, int sharedTokens) {
        this(ids, ends, sharedTokens, false);
    }

    private PromptContent(long[] ids, int[] ends, int sharedTokens, boolean ownSpansUnique) {
        this.ids = ids;
        this.ends = ends;
        this.sharedTokens = sharedTokens;
        this.ownSpansUnique = ownSpansUnique;
    }

    /**
     * Content made of {@code ids.length} spans; span i covers tokens [ends[i-1], ends[i]).
     *
     * @throws IllegalArgumentException when the spans are empty or their ends do not increase
     */
    public static PromptContent of(long[] ids, int[] ends) {
        if (ids.length == 0 || ids.length != ends.length) {
            throw new IllegalArgumentException("content needs one end per span and at least one span");
        }
        int prev = 0;
        for (int e : ends) {
            if (e <= prev) {
                throw new IllegalArgumentException("span ends must increase from > 0, got " + Arrays.toString(ends));
            }
            prev = e;
        }
        return new PromptContent(ids.clone(), ends.clone(), ends[ends.length - 1]);
    }

    /** A prompt of its own (shared with nobody) followed by its own output: what a request is without declared structure. */
    public static PromptContent unique(int requestId, int inputTokens, int outputTokens) {
        return new PromptContent(new long[] {own(OWN_INPUT, requestId), own(OWN_OUTPUT, requestId)},
                new int[] {inputTokens, inputTokens + outputTokens}, 0, true);
    }

    /**
     * A prompt that starts with {@code prefixTokens} tokens of shared content {@code prefixId} and
     * continues with the request's own text, then the request's own output. {@code prefixTokens}
     * must be below {@code inputTokens}.
     */
    public static PromptContent sharedPrefix(long prefixId, int prefixTokens, int requestId, int inputTokens, int outputTokens) {
        if (prefixTokens <= 0 || prefixTokens >= inputTokens) {
            return unique(requestId, inputTokens, outputTokens);
        }
        return new PromptContent(new long[] {sharedId(prefixId), own(OWN_INPUT, requestId), own(OWN_OUTPUT, requestId)},
                new int[] {prefixTokens, inputTokens, inputTokens + outputTokens}, prefixTokens, true);
    }

    /**
     * A recorded prompt named block by block, as a trace records it (Mooncake's {@code hash_ids}):
     * block i of {@code blockTokens} tokens is content {@code blockIds[i]}, the last block may be
     * partial, and what the ids do not cover is the request's own; then its own output. Trace block ids
     * already name whole prefixes, and the pod's own chaining keeps them so at its block size.
     */
    public static PromptContent tracedBlocks(long[] blockIds, int blockTokens, int requestId, int inputTokens, int outputTokens) {
        int n = 0;
        while (n < blockIds.length && (long) n * blockTokens < inputTokens) {
            n++;
        }
        int covered = (int) Math.min((long) n * blockTokens, inputTokens);
        boolean rest = covered < inputTokens;
        long[] ids = new long[n + (rest ? 2 : 1)];
        int[] ends = new int[ids.length];
        for (int i = 0; i < n; i++) {
            ids[i] = mix(TRACED * 0x9E3779B97F4A7C15L + blockIds[i]);
            ends[i] = (int) Math.min((long) (i + 1) * blockTokens, inputTokens);
        }
        if (rest) {
            ids[n] = own(OWN_INPUT, requestId);
            ends[n] = inputTokens;
        }
        ids[ids.length - 1] = own(OWN_OUTPUT, requestId);
        ends[ids.length - 1] = inputTokens + outputTokens;
        return new PromptContent(ids, ends, covered);
    }

    /**
     * The first round of a session: a prompt (after {@code prefixTokens} of shared content
     * {@code prefixId}, or none) whose every token, output included, the session's next round repeats.
     */
    public static PromptContent sessionStart(long prefixId, int prefixTokens, int requestId, int inputTokens, int outputTokens) {
        PromptContent c = sharedPrefix(prefixId, prefixTokens, requestId, inputTokens, outputTokens);
        return new PromptContent(c.ids, c.ends, c.tokens());
    }

    /**
     * The content of a session's next round: everything {@code previous} was (its prompt and the
     * {@code previousTokens} tokens of it that were sent or produced), then a new turn of
     * {@code turnTokens} tokens, then this round's output.
     */
    public static PromptContent nextTurn(PromptContent previous, int previousTokens, int requestId, int turnTokens, int outputTokens) {
        if (turnTokens <= 0 || outputTokens <= 0) {
            throw new IllegalArgumentException("a turn and its output need at least one token each");
        }
        if (previousTokens <= 0 || previousTokens > previous.tokens()) {
            throw new IllegalArgumentException("a session continues from 1.." + previous.tokens() + " tokens of its previous round, got "
                    + previousTokens);
        }
        int n = 0;
        while (n < previous.ends.length && previous.ends[n] < previousTokens) {
            n++;
        }
        long[] ids = Arrays.copyOf(previous.ids, n + 3);
        int[] ends = Arrays.copyOf(previous.ends, n + 3);
        ends[n] = previousTokens;
        ids[n + 1] = own(OWN_INPUT, requestId);
        ends[n + 1] = previousTokens + turnTokens;
        ids[n + 2] = own(OWN_OUTPUT, requestId);
        ends[n + 2] = previousTokens + turnTokens + outputTokens;
        return new PromptContent(ids, ends, ends[n + 2]);
    }

    /**
     * How many leading tokens another request may also have (a shared prefix, or a session's whole
     * history): only blocks within them can be hit by anyone but the request itself, so only they
     * need naming as soon as they are computed. 0 for content of its own.
     */
    public int sharedTokens() {
        return sharedTokens;
    }

    /**
     * Whether no other request can have a token of its own (past {@link #sharedTokens}): true for the
     * prompts {@link #unique} and {@link #sharedPrefix} make, whose own spans are named by the request's
     * id (one request of a simulation per id); false for content read from a file or a trace, which
     * may repeat. Whoever indexes blocks by hash may then keep such a prompt's own blocks unindexed:
     * no lookup by another request can ask for them.
     */
    public boolean ownSpansUnique() {
        return ownSpansUnique;
    }

    /**
     * A name for token {@code i} alone (its span's id and its offset in the span), for whoever must
     * render the content as text or token ids: equal content renders equal.
     */
    public long tokenName(int i) {
        int k = span(i);
        long start = k == 0 ? 0 : ends[k - 1];
        return mix(ids[k] + 0x9E3779B97F4A7C15L * (i - start + 1));
    }

    /** The spans' content ids (a copy), for files that carry a request's content. */
    public long[] spanIds() {
        return ids.clone();
    }

    /** The spans' ends in tokens (a copy). */
    public int[] spanEnds() {
        return ends.clone();
    }

    /**
     * Content read back from {@link #spanIds}, {@link #spanEnds} and {@link #sharedTokens}, with its
     * prompt resized to {@code inputTokens} (a server may count a few tokens more or fewer than were
     * asked for): the span holding the end of the prompt absorbs the difference, and the output is the
     * request's own {@code outputTokens}.
     */
    public static PromptContent restore(long[] ids, int[] ends, int sharedTokens, int promptTokens, int inputTokens, int outputTokens,
                                        int requestId) {
        if (ids.length == 0 || ids.length != ends.length) {
            throw new IllegalArgumentException("content needs one end per span");
        }
        int n = 0;
        while (n < ends.length && ends[n] < promptTokens) {
            n++;
        }
        // spans wholly inside the prompt keep their ends as long as they fit the new prompt
        int keep = 0;
        while (keep < n && ends[keep] < inputTokens) {
            keep++;
        }
        long[] outIds = Arrays.copyOf(ids, keep + 2);
        int[] outEnds = Arrays.copyOf(ends, keep + 2);
        outIds[keep] = keep < ids.length ? ids[keep] : own(OWN_INPUT, requestId);
        outEnds[keep] = inputTokens;
        outIds[keep + 1] = own(OWN_OUTPUT, requestId);
        outEnds[keep + 1] = inputTokens + outputTokens;
        return new PromptContent(outIds, outEnds, Math.min(sharedTokens, inputTokens));
    }

    /** The content id of the first span (a shared prefix's, when there is one). */
    public long firstSpanId() {
        return ids[0];
    }

    /** Tokens of the first span; blocks wholly inside it are named by {@link #firstSpanId} and their index alone. */
    public int firstSpanTokens() {
        return ends[0];
    }

    /** Tokens described (prompt and output). */
    public int tokens() {
        return ends[ends.length - 1];
    }

    /**
     * A name for the tokens of block {@code k} (tokens [k·blockSize, (k+1)·blockSize)): equal
     * for blocks with equal content at equal offsets of equal spans. Chained with the parent
     * block's hash by the pod, it names the prefix that ends with this block.
     */
    public long blockContent(int k, int blockSize) {
        long from = (long) k * blockSize;
        return rangeContent(from, from + blockSize);
    }

    /**
     * A name for tokens [from, to), equal for ranges of equal content at equal offsets: what the
     * router hashes when it cuts a prompt into blocks of its own size.
     */
    public long rangeContent(long from, long to) {
        return rangeContent(span(from), from, to);
    }

    /**
     * {@link #blockContent} of blocks [from, to) into {@code out[from, to)}: the spans are walked along
     * the blocks once instead of searched for each (an accumulating session's prompt has two spans a round).
     */
    public void blockContents(int from, int to, int blockSize, long[] out) {
        if (from >= to) {
            return;
        }
        int last = ends.length - 1;
        int i = span((long) from * blockSize);
        for (int k = from; k < to; k++) {
            long start = (long) k * blockSize;
            while (i < last && ends[i] <= start) {
                i++;
            }
            out[k] = rangeContent(i, start, start + blockSize);
        }
    }

    /** {@link #rangeContent(long, long)} from span {@code i}, the first that ends after {@code from}. */
    private long rangeContent(int i, long from, long to) {
        long h = 0x243F6A8885A308D3L;
        long start = i == 0 ? 0 : ends[i - 1];
        while (true) {
            long lo = Math.max(from, start) - start;
            long hi = Math.min(to, ends[i]) - start;
            h = mix(h ^ ids[i]);
            h = mix(h + (lo << 32 | hi));
            if (ends[i] >= to || i == ends.length - 1) {
                return h;
            }
            start = ends[i];
            i++;
        }
    }

    /** The first span that ends after {@code token}. */
    private int span(long token) {
        int lo = 0;
        int hi = ends.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ends[mid] > token) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** The id of shared content {@code id} (a tenant's or a prefix group's). */
    public static long sharedId(long id) {
        return mix(SHARED * 0x9E3779B97F4A7C15L + id);
    }

    private static long own(long tag, int requestId) {
        return mix(tag * 0x9E3779B97F4A7C15L + requestId);
    }

    /** SplitMix64's finaliser. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
