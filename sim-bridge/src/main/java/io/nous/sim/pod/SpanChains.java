package io.nous.sim.pod;

import io.nous.sim.request.PromptContent;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The block-hash chains of shared first spans (a tenant's system prompt), kept once for the whole
 * process: a block wholly inside a content's first span is named by that span's id, its index and the
 * block size alone, so every pod of every simulation that meets the span computes the same chain. A pod
 * used to compute it for itself in every run (a lab cell's 8 pods, 16 tenants' 237 blocks each). The
 * arrays handed out are never written again (a longer chain replaces a shorter one), so any thread
 * may read them. Bounded: past {@link #MAX_CHAINS} spans or {@link #MAX_HASHES} hashes in all, a chain is
 * computed for its caller and not kept (a trace whose every request starts with content of its own).
 */
final class SpanChains {
    static final int MAX_CHAINS = 4096;
    static final long MAX_HASHES = 1L << 22;

    private record Key(long spanId, int blockSize) {
    }

    private static final ConcurrentHashMap<Key, long[]> CHAINS = new ConcurrentHashMap<>();
    private static final AtomicLong HASHES = new AtomicLong();

    private SpanChains() {
    }

    /**
     * The chain of {@code content}'s first span at {@code blockSize}: every entry computed, at least
     * {@code blocks} of them ({@code blocks} must not exceed the span's whole blocks). Read only.
     */
    static long[] chain(PromptContent content, int blocks, int blockSize) {
        Key key = new Key(content.firstSpanId(), blockSize);
        long[] known = CHAINS.get(key);
        if (known != null && known.length >= blocks) {
            return known;
        }
        int have = known == null ? 0 : known.length;
        long[] chain = known == null ? new long[blocks] : Arrays.copyOf(known, blocks);
        for (int k = have; k < blocks; k++) {
            chain[k] = BlockPool.chain(k == 0 ? 0 : chain[k - 1], content.blockContent(k, blockSize));
        }
        if (CHAINS.size() < MAX_CHAINS && HASHES.addAndGet(blocks - have) <= MAX_HASHES) {
            CHAINS.merge(key, chain, (kept, offered) -> kept.length >= offered.length ? kept : offered);
        }
        return chain;
    }
}
