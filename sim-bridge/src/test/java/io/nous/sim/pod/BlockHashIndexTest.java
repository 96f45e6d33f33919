package io.nous.sim.pod;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The lazily forgetting index (an evicted block's entry goes stale in place, swept out when the table
 * fills) against a map that forgets on eviction, as vLLM's does, over random caching and eviction with
 * few hashes (a hash cached, evicted and cached again in another block) and enough traffic for many
 * sweeps and growths.
 */
class BlockHashIndexTest {

    @Test
    void answersAsAMapThatForgetsOnEviction() {
        SplittableRandom rnd = new SplittableRandom(17);
        for (int round = 0; round < 10; round++) {
            int blocks = 8 + rnd.nextInt(500);
            long[] named = new long[blocks];
            boolean[] naming = new boolean[blocks];
            BlockHashIndex index = new BlockHashIndex(4, (b, h) -> naming[b] && named[b] == h);
            Map<Long, Integer> reference = new HashMap<>();
            int hashes = blocks + rnd.nextInt(3 * blocks);
            for (int step = 0; step < 20_000; step++) {
                int b = rnd.nextInt(blocks);
                long h = rnd.nextInt(hashes) * 0x5851F42D4C957F2DL;
                if (naming[b]) {
                    // evict: the pool clears the block's name, then tells the index
                    naming[b] = false;
                    index.evicted();
                    reference.remove(named[b]);
                } else {
                    boolean added = index.putIfAbsent(h, b);
                    assertThat(added).isEqualTo(!reference.containsKey(h));
                    if (added) {
                        named[b] = h;
                        naming[b] = true;
                        reference.put(h, b);
                    }
                }
                long probe = rnd.nextInt(hashes) * 0x5851F42D4C957F2DL;
                assertThat(index.get(probe)).isEqualTo(reference.getOrDefault(probe, -1));
                assertThat(index.size()).isEqualTo(reference.size());
            }
        }
    }
}
