package io.nous.sim.pod;

import io.nous.sim.request.PromptContent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The block hashes of shared prompt prefixes, by the content id of the prefix: every request of a
 * group starts with the same chain, so a pod computes it once rather than once per request (a
 * 3,800-token system prompt is 237 hashes). Blocks wholly inside a content's first span are named by
 * that span alone, so the chain is the same whatever follows it.
 */
final class PrefixHashes {
    private final BlockHashIndex slots = new BlockHashIndex(64);
    private final List<long[]> chains = new ArrayList<>();
    /** Hashes computed so far, by slot. */
    private int[] known = new int[8];

    /**
     * Writes the hashes of {@code content}'s blocks that lie wholly inside its first span into
     * {@code out} (from index 0) and returns how many, at most {@code out.length}.
     */
    int copy(PromptContent content, long[] out, int blockSize) {
        int n = Math.min(content.firstSpanTokens() / blockSize, out.length);
        if (n == 0) {
            return 0;
        }
        long id = content.firstSpanId();
        int slot = slots.get(id);
        if (slot < 0) {
            slot = chains.size();
            slots.putIfAbsent(id, slot);
            chains.add(new long[0]);
            if (slot == known.length) {
                known = Arrays.copyOf(known, 2 * slot);
            }
        }
        long[] chain = chains.get(slot);
        int have = known[slot];
        if (have < n) {
            if (chain.length < n) {
                chain = Arrays.copyOf(chain, Math.max(n, 2 * chain.length));
                chains.set(slot, chain);
            }
            for (int k = have; k < n; k++) {
                chain[k] = BlockPool.chain(k == 0 ? 0 : chain[k - 1], content.blockContent(k, blockSize));
            }
            known[slot] = n;
        }
        System.arraycopy(chain, 0, out, 0, n);
        return n;
    }
}
