package io.nous.sim.pod;

import io.nous.sim.request.PromptContent;
import io.nous.sim.request.Request;
import java.util.ArrayDeque;
import java.util.SplittableRandom;

/**
 * A pod of llm-d-inference-sim (github.com/llm-d/llm-d-inference-sim), the vLLM stand-in labs put
 * behind the real router, modelled on its source rather than on vLLM:
 * <ul>
 * <li>{@code max-num-seqs} workers each serve one request start to end; others wait in a FIFO queue of
 *     {@code max-waiting-queue-length} (full: HTTP 429) (pkg/llm-d-inference-sim/simulator.go,
 *     worker.go).</li>
 * <li>A request's time to first token is {@code (prefill-overhead · f + uncached prompt tokens ·
 *     prefill-time-per-token · f)}, its tokens after the first come every {@code inter-token-latency · f},
 *     where {@code f = 1 + (time-factor-under-load − 1) · (running − 1) / (max-num-seqs − 1)} with the
 *     running count at that moment, itself included; each delay is truncated to whole milliseconds, as
 *     {@code common.RandomNormDuration} does (latencies.go, utils.go).</li>
 * <li>With {@code --enable-kvcache}, the prompt's full blocks, chained by hash, are looked up and held
 *     for the request's life: blocks in use by another request or unused since an earlier one count as
 *     cached, in whatever position; new blocks evict the least recently freed unused block; a request
 *     whose blocks do not fit fails (HTTP 500). KV usage is blocks in use over {@code kv-cache-size}
 *     (pkg/kv-cache/block_cache.go, kv_cache.go).</li>
 * <li>A request with {@code max_tokens} gets a response length from the simulator's histogram over
 *     [1, max_tokens] (pkg/dataset/histogram_helper.go), or exactly {@code max_tokens} when the clients
 *     send {@code ignore_eos}; the request's output length is its {@code max_tokens}.</li>
 * <li>A client that disconnects does not stop its worker: the simulator writes the rest of the response
 *     to nobody.</li>
 * </ul>
 * Metrics are its live gauges ({@code vllm:num_requests_running}, {@code _waiting},
 * {@code kv_cache_usage_perc}).
 */
public final class InferenceSimPod implements ModelServer {
    /** What the pod tells the cluster besides first tokens and completions. */
    public interface Failures {
        /** The pod refused {@code r} at {@code nowUs} with this HTTP status (429 queue full, 400 too long, 500 KV full). */
        void onRejected(Request r, long nowUs, int httpStatus);
    }

    private static final double[] BUCKETS = {0.2, 0.3, 0.2, 0.05, 0.1, 0.15};
    private static final int FLEX_BUCKET = 3;
    private static final int MAX_FIXED_BUCKET = 20;

    private final int index;
    private final InferenceSimConfig config;
    private final PodListener listener;
    private final Failures failures;
    private final SplittableRandom random;
    private final double[] cumulative = new double[BUCKETS.length];

    private final Request[] worker;
    private final long[] nextUs;
    private final int[] tokensLeft;
    private final ArrayDeque<Request> waiting = new ArrayDeque<>();
    private int running;
    private long dueUs = Long.MAX_VALUE;

    private final KvBlockCache cache;

    private long busySince = -1;
    private long busyUs;
    private long lastKvChangeUs;
    private double kvBlockUs;
    private long steps;
    private long batchSum;
    private int maxWaiting;
    private long aborted;
    private long queriedTokens;
    private long hitTokens;

    public InferenceSimPod(int index, InferenceSimConfig config, PodListener listener, Failures failures, SplittableRandom random) {
        this.index = index;
        this.config = config;
        this.listener = listener;
        this.failures = failures;
        this.random = random;
        double sum = 0;
        for (int i = 0; i < BUCKETS.length; i++) {
            sum += BUCKETS[i];
            cumulative[i] = sum;
        }
        int n = config.maxNumSeqs();
        this.worker = new Request[n];
        this.nextUs = new long[n];
        this.tokensLeft = new int[n];
        this.cache = config.enableKvCache() ? new KvBlockCache(config.kvCacheSize()) : null;
    }

    @Override
    public int index() {
        return index;
    }

    @Override
    public boolean enqueue(Request r, long nowUs) {
        r.pod = index;
        int free = freeWorker();
        if (free < 0) {
            if (waiting.size() >= config.maxWaitingQueueLength()) {
                failures.onRejected(r, nowUs, 429);
                return false;
            }
            waiting.addLast(r);
            maxWaiting = Math.max(maxWaiting, waiting.size());
            return false;
        }
        start(free, r, nowUs);
        return worker[free] != null && nextUs[free] < dueUs;
    }

    private int freeWorker() {
        for (int i = 0; i < worker.length; i++) {
            if (worker[i] == null) {
                return i;
            }
        }
        return -1;
    }

    /** A worker takes {@code r}: running grows, the KV cache is consulted, the first token is timed. */
    private void start(int w, Request r, long nowUs) {
        accountKv(nowUs);
        if (running == 0) {
            busySince = nowUs;
        }
        running++;
        worker[w] = r;
        if (r.inputTokens + r.outputTokens > config.maxModelLen()) {
            release(w, nowUs);
            failures.onRejected(r, nowUs, 400);
            return;
        }
        int cachedTokens = 0;
        if (cache != null) {
            int cached = cache.startRequest(r, config.blockSize());
            if (cached < 0) {
                release(w, nowUs);
                failures.onRejected(r, nowUs, 500);
                return;
            }
            cachedTokens = cached * config.blockSize();
            queriedTokens += r.inputTokens;
            hitTokens += cachedTokens;
        }
        r.cachedPromptTokens = cachedTokens;
        tokensLeft[w] = config.ignoreEos() ? r.outputTokens : responseTokens(r.outputTokens);
        nextUs[w] = nowUs + timeToFirstTokenUs(r.inputTokens, cachedTokens);
    }

    /** The worker gives its slot up at {@code nowUs} and takes the next waiting request, if any. */
    private void release(int w, long nowUs) {
        accountKv(nowUs);
        Request r = worker[w];
        worker[w] = null;
        running--;
        if (cache != null && r.blockIds != null) {
            cache.finishRequest(r);
        }
        if (running == 0) {
            busyUs += nowUs - busySince;
        }
        Request next = waiting.pollFirst();
        if (next != null) {
            start(w, next, nowUs);
        }
    }

    @Override
    public boolean hasWork() {
        return running > 0;
    }

    @Override
    public boolean cancel(Request r, long nowUs) {
        if (r.cancelled) {
            return false;
        }
        r.cancelled = true;
        aborted++;
        // a waiting request leaves the queue; a running one keeps its worker to the end, unread
        waiting.remove(r);
        return false;
    }

    @Override
    public long startStep(long nowUs) {
        long next = Long.MAX_VALUE;
        for (int i = 0; i < worker.length; i++) {
            if (worker[i] != null) {
                next = Math.min(next, nextUs[i]);
            }
        }
        if (next == Long.MAX_VALUE) {
            dueUs = Long.MAX_VALUE;
            return -1;
        }
        dueUs = Math.max(next, nowUs + 1);
        return dueUs - nowUs;
    }

    @Override
    public void endStep(long nowUs) {
        dueUs = Long.MAX_VALUE;
        boolean any = true;
        while (any) {
            any = false;
            for (int i = 0; i < worker.length; i++) {
                if (worker[i] != null && nextUs[i] <= nowUs) {
                    any = true;
                    emitToken(i, nowUs);
                }
            }
        }
    }

    /** Worker {@code w}'s next token goes out at {@code nowUs}. */
    private void emitToken(int w, long nowUs) {
        Request r = worker[w];
        steps++;
        batchSum += running;
        if (r.firstTokenUs < 0) {
            r.firstTokenUs = nowUs;
            if (!r.cancelled) {
                listener.onFirstToken(r, nowUs);
            }
        }
        r.generated++;
        if (--tokensLeft[w] <= 0) {
            r.finishUs = nowUs;
            r.servedTokens = r.generated;
            release(w, nowUs);
            if (!r.cancelled) {
                listener.onFinished(r, nowUs);
            }
            return;
        }
        nextUs[w] = nowUs + interTokenLatencyUs();
    }

    // ------------------------------------------------------------------ latencies (latencies.go)

    private double loadFactor() {
        if (config.maxNumSeqs() <= 1) {
            return 1.0;
        }
        return 1 + (config.timeFactorUnderLoad() - 1) * (running - 1) / (double) (config.maxNumSeqs() - 1);
    }

    long timeToFirstTokenUs(int promptTokens, int cachedTokens) {
        double f = loadFactor();
        if (config.perToken()) {
            long overhead = (long) (config.prefillOverheadNs() * f);
            long perToken = (long) (config.prefillTimePerTokenNs() * f);
            return normalMs(overhead + (long) (promptTokens - cachedTokens) * perToken, config.prefillTimeStdDevNs());
        }
        return normalMs((long) (config.timeToFirstTokenNs() * f), config.timeToFirstTokenStdDevNs());
    }

    long interTokenLatencyUs() {
        return normalMs((long) (config.interTokenLatencyNs() * loadFactor()), config.interTokenLatencyStdDevNs());
    }

    /**
     * {@code common.RandomNormDuration}: mean and deviation truncated to whole milliseconds, a normal
     * draw clamped to [0.3, 1.7] of the mean, truncated to milliseconds; in microseconds.
     */
    private long normalMs(long meanNs, long stdDevNs) {
        long mean = meanNs / 1_000_000;
        long std = stdDevNs / 1_000_000;
        double v = mean;
        if (std != 0) {
            v = gaussian() * std + mean;
            v = Math.max(0.3 * mean, Math.min(1.7 * mean, v));
        }
        return (long) v * 1000;
    }

    private double gaussian() {
        // Box–Muller over the pod's seeded stream
        double u1 = random.nextDouble();
        double u2 = random.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
    }

    /** The response length for {@code max_tokens} (histogram_helper.go, {@code getResponseLengthByHistogram}). */
    int responseTokens(int maxTokens) {
        if (maxTokens <= 1) {
            return maxTokens;
        }
        if (maxTokens <= cumulative.length) {
            return 1 + random.nextInt(maxTokens);
        }
        double u = random.nextDouble();
        if (u > cumulative[cumulative.length - 2]) {
            return maxTokens;
        }
        int bucket = cumulative.length - 1;
        for (int i = 0; i < cumulative.length; i++) {
            if (u <= cumulative[i]) {
                bucket = i;
                break;
            }
        }
        int start;
        int end;
        int equalMax = MAX_FIXED_BUCKET * (cumulative.length - 1) + 1;
        if (maxTokens <= equalMax) {
            double size = (maxTokens - 1) / (double) (cumulative.length - 1);
            start = (int) (size * bucket) + 1;
            end = (int) (size * (bucket + 1));
        } else if (bucket < FLEX_BUCKET) {
            start = MAX_FIXED_BUCKET * bucket + 1;
            end = MAX_FIXED_BUCKET * (bucket + 1);
        } else {
            int flex = maxTokens - MAX_FIXED_BUCKET * (cumulative.length - 2);
            if (bucket == FLEX_BUCKET) {
                start = MAX_FIXED_BUCKET * bucket + 1;
                end = MAX_FIXED_BUCKET * bucket + flex;
            } else {
                start = MAX_FIXED_BUCKET * (bucket - 1) + flex + 1;
                end = MAX_FIXED_BUCKET * bucket + flex;
            }
        }
        return start + random.nextInt(Math.max(1, end - start + 1));
    }

    // ------------------------------------------------------------------ metrics

    private void accountKv(long nowUs) {
        if (cache != null && running > 0) {
            kvBlockUs += (double) cache.used() * (nowUs - lastKvChangeUs);
        }
        lastKvChangeUs = nowUs;
    }

    @Override
    public int publishedWaiting() {
        return waiting.size();
    }

    @Override
    public int publishedRunning() {
        return running;
    }

    @Override
    public double publishedKvUsage() {
        return kvUsage();
    }

    @Override
    public int waitingCount() {
        return waiting.size();
    }

    @Override
    public int runningCount() {
        return running;
    }

    @Override
    public double kvUsage() {
        return cache == null ? 0 : (double) cache.used() / config.kvCacheSize();
    }

    @Override
    public int blockSize() {
        return config.blockSize();
    }

    @Override
    public int kvBlocks() {
        return config.kvCacheSize();
    }

    @Override
    public long prefixQueriedTokens() {
        return queriedTokens;
    }

    @Override
    public long prefixHitTokens() {
        return hitTokens;
    }

    @Override
    public long preemptedQueriedTokens() {
        return 0;
    }

    @Override
    public long preemptedHitTokens() {
        return 0;
    }

    @Override
    public long prefixEvictions() {
        return cache == null ? 0 : cache.evictions();
    }

    @Override
    public long aborted() {
        return aborted;
    }

    @Override
    public long busyUs() {
        return busyUs;
    }

    @Override
    public long steps() {
        return steps;
    }

    @Override
    public long batchSum() {
        return batchSum;
    }

    @Override
    public double kvBlockUs() {
        return kvBlockUs;
    }

    @Override
    public int maxUsedBlocks() {
        return cache == null ? 0 : cache.maxUsed();
    }

    @Override
    public int maxWaiting() {
        return maxWaiting;
    }

    @Override
    public long preemptions() {
        return 0;
    }

    /** The block cache (block_cache.go): blocks in use with reference counts, and unused blocks by the time they were freed. */
    static final class KvBlockCache {
        private static final int NONE = -1;
        private final int maxBlocks;
        /** Block hash to entry; an entry is in use ({@code refs > 0}) or unused (0, and in the unused list). */
        private final BlockHashIndex index;
        private long[] hashOf;
        private int[] refs;
        private int[] prev;
        private int[] next;
        /** The hashes of the request being started past its shared prefix (reused, scratch). */
        private long[] own = new long[0];
        /** Entries that hold no block ({@code refs} -1), to be reused; {@code entries} have ever been handed out. */
        private int[] spare;
        private int spareCount;
        private int entries;
        private int usedCount;
        private int unusedCount;
        /** Unused blocks, least recently freed first (ties in the order the request held them). */
        private int head = NONE;
        private int tail = NONE;
        private long evictions;
        private int maxUsed;
        private final PrefixHashes sharedPrefixes = new PrefixHashes();

        KvBlockCache(int maxBlocks) {
            this.maxBlocks = maxBlocks;
            // sized up front for a cache of up to 2,048 blocks (the lab's has 1,024), which fills in the first
            // seconds of a run: its tables then neither grow nor rehash while it runs; a larger one grows as it fills
            int initial = Math.min(maxBlocks, 1 << 11);
            this.index = new BlockHashIndex(initial + 1);
            hashOf = new long[initial];
            refs = new int[initial];
            prev = new int[initial];
            next = new int[initial];
            spare = new int[initial];
        }

        int used() {
            return usedCount;
        }

        int maxUsed() {
            return maxUsed;
        }

        long evictions() {
            return evictions;
        }

        /** Holds {@code r}'s full prompt blocks; the number already cached, or -1 when they do not fit. */
        int startRequest(Request r, int blockSize) {
            int n = r.inputTokens / blockSize;
            PromptContent content = r.content != null ? r.content : PromptContent.unique(r.id, r.inputTokens, r.outputTokens);
            // the same chain the vLLM pod names blocks by: a shared prefix's computed once and read in place (block
            // i < k), the rest into the scratch table (block i at i - k)
            int k = content.sharedTokens() > 0 ? PrefixHashes.spanBlocks(content, n, blockSize) : 0;
            long[] shared = k > 0 ? sharedPrefixes.chain(content, k, blockSize) : null;
            if (own.length < n - k) {
                own = new long[Math.max(n - k, 2 * own.length)];
            }
            long parent = k > 0 ? shared[k - 1] : 0;
            for (int i = k; i < n; i++) {
                parent = BlockPool.chain(parent, content.blockContent(i, blockSize));
                own[i - k] = parent;
            }
            // where the shared prefix's blocks were last found on this pod: checked before the index is probed
            int[] seen = k > 0 ? sharedPrefixes.blocksSeen(content) : null;
            int hinted = seen == null ? 0 : Math.min(k, seen.length);
            int fresh = 0;
            int revived = 0;
            int inUse = 0;
            int firstFresh = n;
            // the first pass writes the entry it found for each block where the request's table will hold it
            int[] held = new int[n];
            for (int i = 0; i < n; i++) {
                long h = i < k ? shared[i] : own[i - k];
                int e;
                if (i < hinted && names(seen[i], h)) {
                    e = seen[i];
                } else {
                    e = index.get(h);
                    if (i < hinted) {
                        seen[i] = e;
                    }
                }
                held[i] = e;
                if (e < 0) {
                    if (fresh++ == 0) {
                        firstFresh = i;
                    }
                } else if (refs[e] == 0) {
                    revived++;
                } else {
                    inUse++;
                }
            }
            if (usedCount + fresh + revived > maxBlocks) {
                return -1;
            }
            // Up to the first new block nothing is evicted or added, so what the first pass found stands: blocks
            // in use gain a reference, and unused ones come out of the unused list a run at a time (a prefix the
            // last request of its tenant freed lies there in order, first block first).
            int i = 0;
            while (i < firstFresh) {
                int e = held[i];
                if (refs[e] > 0) {
                    refs[e]++;
                    i++;
                    continue;
                }
                int last = i;
                while (last + 1 < firstFresh && next[held[last]] == held[last + 1] && refs[held[last + 1]] == 0) {
                    last++;
                }
                int run = last - i + 1;
                unlinkRun(e, held[last], run);
                usedCount += run;
                for (; i <= last; i++) {
                    refs[held[i]] = 1;
                }
            }
            for (; i < n; i++) {
                long h = i < k ? shared[i] : own[i - k];
                // what the first pass found, unless an eviction in this pass took it (or a repeated hash was added since)
                int e = held[i];
                if (e < 0 || refs[e] < 0 || hashOf[e] != h) {
                    e = index.get(h);
                }
                if (e >= 0 && refs[e] > 0) {
                    refs[e]++;
                    held[i] = e;
                    continue;
                }
                if (e >= 0) {
                    unlink(e);
                } else {
                    if (usedCount + unusedCount == maxBlocks) {
                        int oldest = head;
                        unlink(oldest);
                        index.remove(hashOf[oldest], oldest);
                        refs[oldest] = -1;
                        spare[spareCount++] = oldest;
                        evictions++;
                    }
                    e = newEntry();
                    hashOf[e] = h;
                    index.putIfAbsent(h, e);
                }
                refs[e] = 1;
                usedCount++;
                held[i] = e;
            }
            maxUsed = Math.max(maxUsed, usedCount);
            r.blockIds = held;
            return inUse + revived;
        }

        /**
         * Lets go of {@code r}'s blocks, first block first. The entries it took are still its blocks' (an
         * entry in use is never evicted), so they are released without looking the hashes up again.
         */
        void finishRequest(Request r) {
            // appended one after another at the tail, kept in a local until the end
            int last = tail;
            int freed = 0;
            for (int e : r.blockIds) {
                if (--refs[e] == 0) {
                    prev[e] = last;
                    next[e] = NONE;
                    if (last == NONE) {
                        head = e;
                    } else {
                        next[last] = e;
                    }
                    last = e;
                    freed++;
                }
            }
            tail = last;
            usedCount -= freed;
            unusedCount += freed;
            r.blockIds = null;
        }

        /**
         * Whether entry {@code e} holds the block named {@code hash}: an entry handed out and not spare
         * is in the index under its hash, and the index holds each hash once, so this is the index's answer.
         */
        private boolean names(int e, long hash) {
            return e >= 0 && e < entries && refs[e] >= 0 && hashOf[e] == hash;
        }

        /** An entry for a new block: a spare one, or the next never used (the arrays grow up to the cache's size). */
        private int newEntry() {
            if (spareCount > 0) {
                return spare[--spareCount];
            }
            if (entries == hashOf.length) {
                int cap = (int) Math.min(maxBlocks, Math.max(64L, 2L * entries));
                hashOf = java.util.Arrays.copyOf(hashOf, cap);
                refs = java.util.Arrays.copyOf(refs, cap);
                prev = java.util.Arrays.copyOf(prev, cap);
                next = java.util.Arrays.copyOf(next, cap);
                spare = java.util.Arrays.copyOf(spare, cap);
            }
            return entries++;
        }

        /** Takes the {@code length} entries from {@code first} to {@code last}, consecutive in the unused list, out of it. */
        private void unlinkRun(int first, int last, int length) {
            int p = prev[first];
            int n = next[last];
            if (p == NONE) {
                head = n;
            } else {
                next[p] = n;
            }
            if (n == NONE) {
                tail = p;
            } else {
                prev[n] = p;
            }
            unusedCount -= length;
        }

        private void unlink(int e) {
            int p = prev[e];
            int n = next[e];
            if (p == NONE) {
                head = n;
            } else {
                next[p] = n;
            }
            if (n == NONE) {
                tail = p;
            } else {
                prev[n] = p;
            }
            unusedCount--;
        }
    }
}
