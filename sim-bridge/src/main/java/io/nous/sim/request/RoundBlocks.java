package io.nous.sim.request;

/**
 * What a finished round of an accumulating session leaves for the session's next round, whose prompt
 * repeats all of it: the round's block hashes (the next prompt's chain starts with them) and, on the pod
 * that ran it, the blocks that held them with a mark of that pod's free queue, by which the pod tells in
 * O(1) whether any of them has been evicted since. A cost cache only: the next round finds the same
 * blocks with it or without it, by walking its whole context block by block.
 *
 * @param pool         the block pool that ran the round ({@code BlockPool.id})
 * @param freeMark     the pool's free-queue mark just before the round freed its blocks
 * @param blockSize    tokens per block of that pool (the hashes are at this size)
 * @param ids          the round's block ids, first block first
 * @param namedBlocks  leading blocks of {@code ids} that named the round's chain when it freed them
 * @param hashes       the round's block hashes, first block first, or null when none was computed
 * @param hashedBlocks how many of {@code hashes} were computed
 */
public record RoundBlocks(long pool, int freeMark, int blockSize, int[] ids, int namedBlocks, long[] hashes, int hashedBlocks) {
}
