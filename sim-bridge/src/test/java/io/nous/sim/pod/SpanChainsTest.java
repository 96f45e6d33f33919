package io.nous.sim.pod;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.sim.request.PromptContent;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The process-wide chains of shared spans are the chains a pod would hash itself, however they were grown. */
class SpanChainsTest {
    /** The table is the process's: a span of its own keeps other tests' chains out of these assertions. */
    private static final long SPAN = 0x5EED_C4A1_0058L;

    @Test
    void aChainIsTheSpansOwnWhateverFollowsAndWhoeverAskedFirst() {
        // two prompts of one tenant (a span id no other test uses, 3,800 tokens), with different questions after it
        PromptContent first = PromptContent.sharedPrefix(SPAN, 3_800, 1, 3_900, 50);
        PromptContent second = PromptContent.sharedPrefix(SPAN, 3_800, 2, 4_200, 10);
        long[] shortChain = SpanChains.chain(first, 40, 16);
        assertThat(shortChain).hasSizeGreaterThanOrEqualTo(40);
        assertThat(Arrays.copyOf(shortChain, 40)).containsExactly(KvBlockCacheTest.chain(first, 40, 16));

        long[] longChain = SpanChains.chain(second, 237, 16); // grown from the first 40
        assertThat(longChain).hasSize(237).containsExactly(KvBlockCacheTest.chain(second, 237, 16));
        assertThat(longChain).startsWith(Arrays.copyOf(shortChain, 40));
        assertThat(SpanChains.chain(first, 100, 16)).isSameAs(longChain); // kept: no hashing again

        // another block size is another chain
        long[] byEight = SpanChains.chain(first, 100, 8);
        assertThat(byEight).containsExactly(KvBlockCacheTest.chain(first, 100, 8));
        assertThat(byEight[0]).isNotEqualTo(longChain[0]);
    }
}
