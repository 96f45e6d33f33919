package io.nous.sim.routing;

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
    private int hashCount;

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
        for (int i = 0; i < hashCount; i++) {
            long holders = index.holders(hashes[i]);
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

    @Override
    public void preRequest(SchedulingContext c, int pod) {
        index.add(hashes, hashCount, pod, capacity(c));
    }

    /** The chained hashes of the prompt's router blocks; returns how many. */
    private int hash(Request r, long routerTokens, int blockSize, int maxBlocks) {
        long blocks = Math.min((routerTokens + blockSize - 1) / blockSize, maxBlocks);
        if (blocks > hashes.length) {
            hashes = new long[(int) Math.max(blocks, hashes.length * 2L)];
        }
        PromptContent content = r.content;
        long prev = PromptContent.mix(0x4D4F44454C5F4E41L); // the model name's hash: one model per pool
        for (int j = 0; j < blocks; j++) {
            long fromRouter = (long) j * blockSize;
            long toRouter = Math.min(fromRouter + blockSize, routerTokens);
            long from = prompt.engineToken(fromRouter, r.inputTokens);
            long to = prompt.engineToken(toRouter, r.inputTokens);
            long block = content == null ? PromptContent.mix(0x0B1D_0000_0000L + r.id * 0x9E3779B97F4A7C15L + j) : content.rangeContent(from, to);
            prev = PromptContent.mix(block * 0xC2B2AE3D27D4EB4FL ^ prev);
            hashes[j] = prev;
        }
        return (int) blocks;
    }

    /** Blocks the index holds for endpoint {@code pod}, for tests and reports. */
    int indexedBlocks(int pod) {
        return index.blocks(pod);
    }
}
