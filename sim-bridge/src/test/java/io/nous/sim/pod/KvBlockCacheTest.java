package io.nous.sim.pod;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.sim.request.PromptContent;
import io.nous.sim.request.Request;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * llm-d-inference-sim's KV cache as the pod keeps it (arrays, an index, an unused list, runs of
 * blocks revived at once) against the plainest model of it: reference counts in a map and the unused
 * blocks in a linked set, least recently freed first. Random tenants' prompts start and finish on a
 * cache small enough to evict all the time.
 */
class KvBlockCacheTest {
    private static final int BLOCK = 4;

    /** The cache on java.util collections: what every start returns, what is used and evicted. */
    private static final class Model {
        final int maxBlocks;
        final Map<Long, Integer> refs = new HashMap<>();
        final LinkedHashSet<Long> unused = new LinkedHashSet<>();
        long evictions;

        Model(int maxBlocks) {
            this.maxBlocks = maxBlocks;
        }

        int used() {
            return refs.size() - unused.size();
        }

        /** As the pod: the counts from the state before, then the blocks in order; -1 when they do not fit. */
        int start(long[] hashes) {
            int fresh = 0;
            int revived = 0;
            int inUse = 0;
            for (long h : hashes) {
                Integer r = refs.get(h);
                if (r == null) {
                    fresh++;
                } else if (r == 0) {
                    revived++;
                } else {
                    inUse++;
                }
            }
            if (used() + fresh + revived > maxBlocks) {
                return -1;
            }
            for (long h : hashes) {
                Integer r = refs.get(h);
                if (r != null && r > 0) {
                    refs.put(h, r + 1);
                    continue;
                }
                if (r != null) {
                    unused.remove(h);
                } else if (refs.size() == maxBlocks) {
                    long oldest = unused.iterator().next();
                    unused.remove(oldest);
                    refs.remove(oldest);
                    evictions++;
                }
                refs.put(h, 1);
            }
            return inUse + revived;
        }

        void finish(long[] hashes) {
            for (long h : hashes) {
                int r = refs.get(h) - 1;
                refs.put(h, r);
                if (r == 0) {
                    unused.add(h);
                }
            }
        }
    }

    /** The chain of a prompt's first {@code blocks} blocks, hashed one by one as a pod names them. */
    static long[] chain(PromptContent content, int blocks, int blockSize) {
        long[] hashes = new long[blocks];
        for (int k = 0; k < blocks; k++) {
            hashes[k] = BlockPool.chain(k == 0 ? 0 : hashes[k - 1], content.blockContent(k, blockSize));
        }
        return hashes;
    }

    @Test
    void agreesWithReferenceCountsAndALinkedUnusedList() {
        SplittableRandom rnd = new SplittableRandom(3);
        long evictions = 0;
        for (int round = 0; round < 30; round++) {
            int maxBlocks = 8 + rnd.nextInt(60);
            InferenceSimPod.KvBlockCache cache = new InferenceSimPod.KvBlockCache(maxBlocks);
            Model model = new Model(maxBlocks);
            int[] prefixTokens = new int[5];
            for (int t = 0; t < prefixTokens.length; t++) {
                prefixTokens[t] = 1 + rnd.nextInt(12 * BLOCK);
            }
            List<Request> running = new ArrayList<>();
            List<long[]> runningHashes = new ArrayList<>();
            for (int step = 0; step < 2_000; step++) {
                if (running.isEmpty() || running.size() < 6 && rnd.nextBoolean()) {
                    // a tenant's prompts share its prefix, all of it or a part: then a prefix's blocks are freed
                    // at different times and lie in the unused list in pieces
                    int tenant = rnd.nextInt(prefixTokens.length);
                    int prefix = rnd.nextBoolean() ? prefixTokens[tenant] : 1 + rnd.nextInt(prefixTokens[tenant]);
                    int in = prefix + 1 + rnd.nextInt(3 * BLOCK);
                    PromptContent content = rnd.nextInt(8) == 0 ? null : PromptContent.sharedPrefix(tenant, prefix, step, in, 4);
                    Request r = new Request(step, 0, 0, tenant, in, 4, 0, 0.5, content);
                    long[] hashes = chain(content != null ? content : PromptContent.unique(step, in, 4), in / BLOCK, BLOCK);
                    int expected = model.start(hashes);
                    assertThat(cache.startRequest(r, BLOCK)).as("start at step %d of round %d", step, round).isEqualTo(expected);
                    if (expected >= 0) {
                        running.add(r);
                        runningHashes.add(hashes);
                    }
                } else {
                    int k = rnd.nextInt(running.size());
                    cache.finishRequest(running.remove(k));
                    model.finish(runningHashes.remove(k));
                }
                assertThat(cache.used()).isEqualTo(model.used());
                assertThat(cache.evictions()).isEqualTo(model.evictions);
            }
            evictions += model.evictions;
        }
        assertThat(evictions).as("the caches were small enough to evict").isPositive();
    }
}
