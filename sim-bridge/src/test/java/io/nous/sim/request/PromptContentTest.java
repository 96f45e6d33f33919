package io.nous.sim.request;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A prompt's block names, computed block by block and along the blocks at once. */
class PromptContentTest {

    /**
     * A session's content grows two spans a round (its turn and its output), so blocks cross span ends often: the
     * names walked along the blocks are each block's own, from any first block to any last, at any block size.
     */
    @Test
    void blockContentsWalkTheSpansAsEachBlockSearchesThem() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int c = 0; c < 40; c++) {
            PromptContent content = rnd.nextBoolean()
                    ? PromptContent.sessionStart(rnd.nextInt(4), rnd.nextInt(300), c, 301 + rnd.nextInt(200), 1 + rnd.nextInt(100))
                    : PromptContent.unique(c, 1 + rnd.nextInt(500), 1 + rnd.nextInt(100));
            int rounds = rnd.nextInt(12);
            for (int round = 0; round < rounds; round++) {
                content = PromptContent.nextTurn(content, content.tokens(), 1000 + round, 1 + rnd.nextInt(80), 1 + rnd.nextInt(40));
            }
            int blockSize = 1 << rnd.nextInt(7);
            int blocks = (content.tokens() + blockSize - 1) / blockSize;
            int from = rnd.nextInt(blocks + 1);
            int to = from + rnd.nextInt(blocks - from + 1);
            long[] walked = new long[blocks];
            content.blockContents(from, to, blockSize, walked);
            for (int k = 0; k < blocks; k++) {
                assertThat(walked[k]).as("block %d of %d (%d..%d, %d tokens each)", k, blocks, from, to, blockSize)
                        .isEqualTo(k >= from && k < to ? content.blockContent(k, blockSize) : 0L);
            }
        }
    }

    /** Only the generator's own prompts promise that nobody else has their own tokens; content read back may repeat. */
    @Test
    void ownSpansAreUniqueOnlyForTheGeneratorsPrompts() {
        PromptContent own = PromptContent.unique(7, 100, 10);
        PromptContent shared = PromptContent.sharedPrefix(3, 64, 8, 100, 10);
        assertThat(own.ownSpansUnique()).isTrue();
        assertThat(shared.ownSpansUnique()).isTrue();
        assertThat(PromptContent.restore(shared.spanIds(), shared.spanEnds(), 64, 100, 100, 10, 9).ownSpansUnique()).isFalse();
        assertThat(PromptContent.tracedBlocks(new long[] {1, 2}, 16, 10, 40, 5).ownSpansUnique()).isFalse();
        assertThat(PromptContent.of(new long[] {1, 2}, new int[] {10, 20}).ownSpansUnique()).isFalse();
        assertThat(PromptContent.sessionStart(3, 64, 11, 100, 10).ownSpansUnique()).isFalse();
    }
}
