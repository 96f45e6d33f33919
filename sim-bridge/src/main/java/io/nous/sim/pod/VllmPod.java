package io.nous.sim.pod;

import io.nous.sim.cost.CostModel;
import io.nous.sim.cost.StepBatch;
import io.nous.sim.request.PromptContent;
import io.nous.sim.request.Request;
import io.nous.sim.request.RoundBlocks;
import java.util.ArrayDeque;
import java.util.ArrayList;

/**
 * One vLLM engine (V1 scheduler semantics), simulated a step at a time, never a token at a time.
 *
 * <p>Each step: every running request that finished its prompt decodes one token; requests still
 * in prefill take prompt chunks under the {@code max_num_batched_tokens} budget (chunked prefill);
 * then requests join from the FCFS waiting queue while fewer than {@code max_num_seqs} run and
 * their first chunk fits in the KV cache. KV lives in 16-token blocks; when a step cannot
 * allocate, the most recently admitted running request is preempted by recompute (its blocks are
 * freed and it goes back to the front of the waiting queue to prefill prompt + generated tokens
 * again), and no new request is admitted in that step. The step's duration comes from the
 * {@link CostModel}.
 *
 * <p>Decoding requests are kept as running totals (count, summed context, blocks due per step phase)
 * and a queue of their finishing steps ({@link CompletionQueue}), so a step costs O(prefilling
 * requests + completions), not O(batch).
 *
 * <p>With prefix caching (vLLM V1's default) the blocks are real: a {@link BlockPool} names every
 * full block by the hash of its prefix, a request admitted from the waiting queue reuses the longest
 * run of cached leading blocks and prefills only the rest, and finished requests' blocks stay cached
 * until they are evicted (vllm/v1/core/kv_cache_manager.py, block_pool.py, kv_cache_utils.py).
 * Decoding requests are then also kept in one list per step phase, so that a step touches only the
 * requests that need a new block or fill one (1 in 16 of them), never the whole batch. Without
 * caching the pod only counts blocks, as before.
 *
 * <p>A request whose client gives up ({@link #cancel}) leaves the waiting queue at once, and a
 * running one is aborted before the next step is formed, freeing its blocks, as vLLM's engine core
 * handles aborts between steps.
 */
public final class VllmPod implements ModelServer {
    private final int index;
    private final PodConfig config;
    private final CostModel cost;
    private final PodListener listener;
    private final int blockSize;
    /** {@code blockSize - 1} when the block size is a power of two (vLLM's are), else -1: see {@link #phaseOf}. */
    private final int blockMask;
    private final int kvBlocks;
    /** The KV blocks themselves, with prefix caching on; null: blocks are only counted. */
    private final BlockPool pool;
    /**
     * With prefix caching: decoding requests that hold blocks by id, by {@code ctxOffset mod blockSize},
     * linked through {@code nextPhase}.
     */
    private final Request[] phaseHead;
    /**
     * With prefix caching: how many decoding requests hold their blocks by count, by phase as above. They
     * are not visited when their phase takes its blocks: their {@code heldBlocks} is brought up to date
     * from their context when they stop decoding ({@link #heldWhileDecoding}).
     */
    private final int[] phaseCounted;
    /** Decoding requests whose output another request may repeat (a session's rounds), whose blocks are named as they fill. */
    private int sharingDecoders;
    /** Block tables of requests that left, for the next ones. */
    private final BlockTables tables = new BlockTables();
    /** The hash chains of shared prefixes, computed once per pod instead of once per request. */
    private final PrefixHashes sharedPrefixHashes = new PrefixHashes();
    /** Running requests whose clients gave up, aborted at the start of the next step. */
    private final ArrayList<Request> aborting = new ArrayList<>();

    private final ArrayDeque<Request> waiting = new ArrayDeque<>();
    private Request runHead;
    private Request runTail;
    private int running;
    /** Running requests still in prefill, in admission order. */
    private final ArrayList<Request> prefilling = new ArrayList<>();

    private int decoding;
    private long sumCtxOffset;
    private final int[] phaseCount;
    private final CompletionQueue completions = new CompletionQueue();
    private int usedBlocks;

    private long step;
    private boolean busy;
    private boolean decodesScheduled;
    private int budget;
    private long stepStartUs;
    private final StepBatch batch = new StepBatch();

    // statistics
    private long busyUs;
    private long steps;
    private long batchSum;
    private double kvBlockUs;
    private int maxUsedBlocks;
    private long preemptions;
    private int maxWaiting;
    private long aborted;

    // what the engine last published (vLLM SchedulerStats, made once per step at its end)
    private int waitingAfterSchedule;
    private int publishedWaiting;
    private int publishedRunning;
    private int publishedBlocks;

    public VllmPod(int index, PodConfig config, CostModel cost, PodListener listener) {
        this.index = index;
        this.config = config;
        this.cost = cost;
        this.listener = listener;
        this.blockSize = config.blockSize();
        this.blockMask = Integer.bitCount(blockSize) == 1 ? blockSize - 1 : -1;
        this.kvBlocks = config.kvBlocks();
        this.phaseCount = new int[blockSize];
        this.pool = config.prefixCaching() ? new BlockPool(kvBlocks, blockSize) : null;
        this.phaseHead = pool != null ? new Request[blockSize] : null;
        this.phaseCounted = pool != null ? new int[blockSize] : null;
    }

    @Override
    public int index() {
        return index;
    }

    /** Adds a request to the FCFS waiting queue. Returns true if the pod is idle and must be started. */
    @Override
    public boolean enqueue(Request r, long nowUs) {
        return enqueue(r);
    }

    @Override
    public boolean cancel(Request r, long nowUs) {
        cancel(r);
        return false; // a running request is aborted before the pod's next step, which is already due
    }

    @Override
    public int blockSize() {
        return blockSize;
    }

    @Override
    public long prefixQueriedTokens() {
        return pool == null ? 0 : pool.queriedTokens();
    }

    @Override
    public long prefixHitTokens() {
        return pool == null ? 0 : pool.hitTokens();
    }

    @Override
    public long preemptedQueriedTokens() {
        return pool == null ? 0 : pool.preemptedQueriedTokens();
    }

    @Override
    public long preemptedHitTokens() {
        return pool == null ? 0 : pool.preemptedHitTokens();
    }

    @Override
    public long prefixEvictions() {
        return pool == null ? 0 : pool.evictions();
    }

    public boolean enqueue(Request r) {
        r.pod = index;
        waiting.addLast(r);
        if (waiting.size() > maxWaiting) {
            maxWaiting = waiting.size();
        }
        return !busy;
    }

    public boolean busy() {
        return busy;
    }

    @Override
    public boolean hasWork() {
        return running > 0 || !waiting.isEmpty();
    }

    /**
     * The client of {@code r}, which this pod holds, gave up: a waiting request leaves the queue now,
     * a running one is aborted before the next step is formed (its blocks are freed then; a step
     * already under way still finishes it, unreported). The listener is not told; the caller counts it.
     */
    public void cancel(Request r) {
        if (r.cancelled) {
            return;
        }
        r.cancelled = true;
        aborted++;
        if (runHead == r || r.prevRunning != null) {
            aborting.add(r);
        } else if (!waiting.remove(r)) {
            throw new IllegalStateException("pod " + index + " is asked to cancel " + r + ", which it does not hold");
        }
    }

    /**
     * Forms the next step's batch at {@code nowUs} and returns its duration in microseconds, or -1
     * when there is nothing to run (the pod goes idle).
     */
    @Override
    public long startStep(long nowUs) {
        batch.clear();
        budget = config.maxNumBatchedTokens();
        decodesScheduled = false;
        boolean preempted = false;
        final long s = step;
        if (!aborting.isEmpty()) {
            abortCancelled();
        }

        // 1. Decodes: each needs one token, and a new block when its context is at a block boundary.
        final int phase = phaseOf(-s);
        int needed = phaseCount[phase];
        while (!canAllocate(needed)) {
            preempt(runTail, s);
            preempted = true;
            needed = phaseCount[phase];
        }
        if (pool != null) {
            // which request gets which of these blocks cannot matter: every named one taken is evicted
            if (phaseCounted[phase] > 0) {
                pool.allocateCounted(phaseCounted[phase]);
            }
            for (Request r = phaseHead[phase]; r != null; r = r.nextPhase) {
                pool.allocate(1, r.blockIds, r.heldBlocks++);
            }
            // This step's token fills the last block of these; vLLM names a block as soon as it is allocated full.
            if (sharingDecoders > 0) {
                for (Request r = phaseHead[phaseOf(-s - 1)]; r != null; r = r.nextPhase) {
                    cacheFullBlocks(r, (int) ((r.ctxOffset + s + 1) / blockSize));
                }
            }
        } else {
            usedBlocks += needed;
        }
        decodesScheduled = true;
        batch.decodeSeqs = decoding;
        batch.decodeContextTokens = sumCtxOffset + (long) decoding * s;
        budget -= decoding;

        // 2. Running requests still in prefill take chunks, in admission order.
        for (int i = 0; i < prefilling.size() && budget > 0; i++) {
            Request r = prefilling.get(i);
            int c = Math.min(r.prefillTarget() - r.computed, budget);
            int extra = blocks(r.computed + c) - blocks(r.computed);
            boolean self = false;
            while (!canAllocate(extra)) {
                Request victim = runTail;
                preempt(victim, s);
                preempted = true;
                if (victim == r) {
                    self = true;
                    break;
                }
            }
            if (self) {
                break;
            }
            schedulePrefill(r, c, extra);
        }

        // 3. Admit from the waiting queue, but not in a step that had to preempt (vLLM V1), unless
        //    the preemption emptied the batch: then this is in effect the next step.
        if (!preempted || batch.isEmpty()) {
            while (budget > 0 && running < config.maxNumSeqs() && !waiting.isEmpty()) {
                Request r = waiting.peekFirst();
                int target = r.prefillTarget();
                int hits = 0;
                int freeHits = 0;
                int slot = -1; // its span's slot in the pod's shared-prefix table
                int spanHeld = 0; // leading blocks it takes through its span's hold
                int spanForms = 0; // or, the span's blocks whose hold it starts with its own references
                if (pool != null) {
                    // KVCacheManager.get_computed_blocks: the longest cached run, at most target - 1 tokens.
                    int handedOver = r.previousRound == null ? 0 : takeOver(r);
                    // past its shared prefix, content of its own: no lookup can find those blocks, so it holds them by
                    // count (until a preemption names them; a readmitted request, or a round taking over, holds all by id)
                    boolean fresh = r.preemptions == 0 && r.blockIds == null && sharedTokens(r) <= r.inputTokens;
                    r.countedFrom = fresh ? sharedTokens(r) / blockSize : Integer.MAX_VALUE;
                    if (r.countedFrom > 0 || sharedTokens(r) > 0) {
                        prepareBlocks(r); // ids for the blocks it may find or name (a lookup writes its hits there)
                    }
                    // Content of its own can only be found again by itself, after a preemption.
                    int cap = sharedTokens(r) == 0 && r.preemptions == 0 ? 0 : (target - 1) / blockSize;
                    // where this pod last found the blocks of the request's shared prefix: checked, unless no
                    // block was evicted since they were last confirmed
                    int[] seen = null;
                    int seenLimit = 0;
                    int known = 0;
                    if (cap > 0 && sharedTokens(r) > 0) {
                        blockHash(r, 0); // the request's chain starts from the pod's copy of its prefix
                        seen = sharedPrefixHashes.blocksSeen(r.kvContent);
                        seenLimit = Math.min(seen.length, r.kvContent.firstSpanTokens() / blockSize);
                        known = Math.min(Math.min(cap, seenLimit), sharedPrefixHashes.confirmed(r.kvContent, pool.evictions()));
                        System.arraycopy(seen, 0, r.blockIds, 0, known);
                        slot = sharedPrefixHashes.slot(r.kvContent);
                        if (holdable(r, slot, seenLimit, cap) && sharedPrefixHashes.holders(slot) > 0
                                && sharedPrefixHashes.holdBlocks(slot) == seenLimit) {
                            // requests running here hold the whole span: its blocks are cached, and the ones seen last
                            spanHeld = seenLimit;
                            System.arraycopy(seen, 0, r.blockIds, 0, spanHeld);
                            known = spanHeld;
                        }
                    }
                    // the previous round's blocks, known kept since it freed them (they name this chain's first hashes);
                    // the shared prefix's hints are confirmed below as far as the run goes, so they learn these too
                    if (handedOver > known) {
                        int from = known;
                        known = Math.min(cap, handedOver);
                        if (seen != null && seenLimit > from) {
                            System.arraycopy(r.blockIds, from, seen, from, Math.min(known, seenLimit) - from);
                        }
                    }
                    hits = cap == 0 ? 0 : pool.cachedRun(k -> blockHash(r, k), cap, r.blockIds, seen, seenLimit, known);
                    if (seen != null) {
                        sharedPrefixHashes.confirm(r.kvContent, Math.min(hits, seenLimit), pool.evictions());
                    }
                    freeHits = pool.freeAmong(r.blockIds, spanHeld, hits);
                    if (spanHeld == 0 && holdable(r, slot, seenLimit, cap) && hits >= seenLimit && sharedPrefixHashes.holders(slot) == 0) {
                        spanForms = seenLimit;
                    }
                    if (hits > r.countedFrom) {
                        r.countedFrom = Integer.MAX_VALUE; // found past its prefix after all (a hash collision): all by id
                    }
                }
                int computed = hits * blockSize;
                // A request prefilled on another pod (P/D): its prompt's KV was transferred in, all but the last
                // token, which this pod computes to sample the first output token (vLLM's scheduler,
                // _update_waiting_for_remote_kv: num_computed_tokens -= 1 when the whole prompt arrived).
                boolean remote = r.remoteKvTokens > 0 && r.preemptions == 0;
                if (remote) {
                    computed = Math.max(computed, Math.min(r.remoteKvTokens, target - 1));
                }
                int c = Math.min(target - computed, budget);
                int extra = blocks(computed + c) - hits;
                // allocate_slots: reused blocks that sit in the free queue are taken from it too.
                if (!canAllocate(extra + freeHits)) {
                    break;
                }
                waiting.pollFirst();
                linkRunning(r);
                prefilling.add(r);
                if (pool != null) {
                    pool.take(r.blockIds, spanHeld, hits);
                    if (spanHeld > 0) {
                        sharedPrefixHashes.join(slot);
                        r.spanHold = slot;
                    } else if (spanForms > 0) {
                        sharedPrefixHashes.hold(slot, spanForms); // its references on the span's blocks become the hold's
                        r.spanHold = slot;
                    }
                    r.heldBlocks = hits;
                    r.cachedBlocks = hits;
                    r.namedRun = hits;
                    r.computed = computed;
                    pool.record(target, hits * blockSize, r.preemptions > 0);
                    if (r.preemptions == 0) {
                        r.cachedPromptTokens = hits * blockSize;
                    }
                } else if (remote) {
                    r.computed = computed;
                }
                schedulePrefill(r, c, extra);
            }
        }

        if (batch.isEmpty()) {
            if (hasWork()) {
                throw new IllegalStateException("pod " + index + " has work but formed an empty step (kv " + usedBlocks + "/" + kvBlocks + ")");
            }
            busy = false;
            return -1;
        }
        busy = true;
        stepStartUs = nowUs;
        waitingAfterSchedule = waiting.size();
        if (pool != null) {
            usedBlocks = pool.usedBlocks();
        }
        if (usedBlocks > maxUsedBlocks) {
            maxUsedBlocks = usedBlocks;
        }
        return Math.max(1L, Math.round(cost.stepMicros(batch)));
    }

    /** Applies the results of the step that ends at {@code nowUs}. */
    @Override
    public void endStep(long nowUs) {
        final long s = step;
        long dur = nowUs - stepStartUs;
        busyUs += dur;
        steps++;
        batchSum += batch.decodeSeqs + batch.prefillSeqs;
        kvBlockUs += (double) usedBlocks * dur;

        // Decoders whose last token was produced in this step leave.
        while (completions.finishesBy(s)) {
            Request top = completions.poll();
            removeDecoding(top);
            heldWhileDecoding(top, (int) (top.ctxOffset + s + 1));
            finishBlocks(top, (int) (top.ctxOffset + s + 1));
            unlinkRunning(top);
            top.decoding = false;
            if (!top.cancelled) {
                top.finishUs = nowUs;
                listener.onFinished(top, nowUs);
            }
        }

        // Prefill chunks complete; a finished prompt samples a token.
        int kept = 0;
        for (int i = 0; i < prefilling.size(); i++) {
            Request r = prefilling.get(i);
            if (r.chunk > 0) {
                r.computed += r.chunk;
                r.chunk = 0;
                if (r.computed == r.prefillTarget()) {
                    r.generated++;
                    if (r.firstTokenUs < 0 && !r.cancelled) {
                        r.firstTokenUs = nowUs;
                        listener.onFirstToken(r, nowUs);
                    }
                    if (r.generated >= r.outputTokens) {
                        finishBlocks(r, r.computed);
                        unlinkRunning(r);
                        if (!r.cancelled) {
                            r.finishUs = nowUs;
                            listener.onFinished(r, nowUs);
                        }
                    } else {
                        startDecoding(r, s + 1);
                    }
                    continue;
                }
            }
            prefilling.set(kept++, r);
        }
        for (int i = prefilling.size() - 1; i >= kept; i--) {
            prefilling.remove(i);
        }
        step = s + 1;
        busy = false;
        if (pool != null) {
            usedBlocks = pool.usedBlocks();
        }
        // vLLM makes its scheduler stats after processing a step's output: waiting is what the
        // step's schedule() left waiting (requests that arrived during the step are still in the
        // engine's input queue), running and KV usage are after finished requests were freed.
        publishedWaiting = waitingAfterSchedule;
        publishedRunning = running;
        publishedBlocks = usedBlocks;
    }

    private void schedulePrefill(Request r, int c, int extraBlocks) {
        if (pool != null) {
            int byId = Math.max(0, Math.min(extraBlocks, r.countedFrom - r.heldBlocks));
            if (byId > 0) {
                pool.allocate(byId, r.blockIds, r.heldBlocks);
            }
            if (byId < extraBlocks) {
                pool.allocateCounted(extraBlocks - byId);
            }
            r.heldBlocks += extraBlocks;
            cacheFullBlocks(r, (r.computed + c) / blockSize);
        } else {
            usedBlocks += extraBlocks;
        }
        r.chunk = c;
        budget -= c;
        batch.prefillTokens += c;
        batch.prefillSeqs++;
        batch.prefillAttentionWork += c * (r.computed + c / 2.0);
        if (r.computed + c == r.prefillTarget()) {
            batch.prefillsCompleting++;
        }
    }

    /**
     * {@code x} modulo the block size, in {@code [0, blockSize)}: where a context of {@code x} tokens (or a step
     * count) stands against the block boundaries. A mask when the size is a power of two, which is the same
     * value for negative {@code x} too, and not a division on every step.
     */
    private int phaseOf(long x) {
        return blockMask >= 0 ? (int) (x & blockMask) : Math.floorMod(x, blockSize);
    }

    private void startDecoding(Request r, long firstDecodeStep) {
        r.decoding = true;
        r.decodeEntryStep = firstDecodeStep;
        r.generatedAtDecodeEntry = r.generated;
        r.ctxOffset = r.computed - firstDecodeStep;
        r.finishStep = firstDecodeStep + (r.outputTokens - r.generated) - 1;
        decoding++;
        sumCtxOffset += r.ctxOffset;
        int ph = phaseOf(r.ctxOffset);
        phaseCount[ph]++;
        if (countedDecoder(r)) {
            phaseCounted[ph]++;
        } else if (phaseHead != null) {
            if (sharedTokens(r) > r.inputTokens) {
                sharingDecoders++;
            }
            r.prevPhase = null;
            r.nextPhase = phaseHead[ph];
            if (r.nextPhase != null) {
                r.nextPhase.prevPhase = r;
            }
            phaseHead[ph] = r;
        }
        completions.add(r);
    }

    private void removeDecoding(Request r) {
        decoding--;
        sumCtxOffset -= r.ctxOffset;
        int ph = phaseOf(r.ctxOffset);
        phaseCount[ph]--;
        if (countedDecoder(r)) {
            phaseCounted[ph]--;
        } else if (phaseHead != null) {
            if (sharedTokens(r) > r.inputTokens) {
                sharingDecoders--;
            }
            if (r.prevPhase == null) {
                phaseHead[ph] = r.nextPhase;
            } else {
                r.prevPhase.nextPhase = r.nextPhase;
            }
            if (r.nextPhase != null) {
                r.nextPhase.prevPhase = r.prevPhase;
            }
            r.prevPhase = null;
            r.nextPhase = null;
        }
    }

    private boolean canAllocate(int blocks) {
        return pool != null ? pool.canAllocate(blocks) : usedBlocks + blocks <= kvBlocks;
    }

    /**
     * Brings the block count of a request that held its blocks by count while decoding up to date: it
     * holds the blocks of the {@code tokens} tokens its KV has (each decode step took a block at a block
     * boundary, counted for its phase, without visiting it).
     */
    private void heldWhileDecoding(Request r, int tokens) {
        if (countedDecoder(r)) {
            r.heldBlocks = blocks(tokens);
        }
    }

    /**
     * Whether a decoding request takes its blocks by count: one that holds any by count (its decode
     * blocks lie past its prefix, so they would be its own), with prefix caching on.
     */
    private boolean countedDecoder(Request r) {
        return phaseCounted != null && r.countedFrom != Integer.MAX_VALUE;
    }

    /** Gives back the blocks of a request that holds {@code tokens} tokens of KV. */
    private void releaseBlocks(Request r, int tokens) {
        if (pool != null) {
            // its last blocks first, as vLLM frees a request's blocks in reverse
            int byId = Math.min(r.heldBlocks, r.countedFrom);
            pool.freeCounted(r.heldBlocks - byId);
            int readAhead = r.content == null ? byId : Math.min(byId, r.content.firstSpanTokens() / blockSize);
            if (r.spanHold >= 0) {
                // the blocks past its span, tail first; the span's only when the last holder leaves, as its reference would
                int span = sharedPrefixHashes.holdBlocks(r.spanHold);
                pool.free(r.blockIds, span, byId, readAhead);
                if (sharedPrefixHashes.leave(r.spanHold)) {
                    pool.free(r.blockIds, 0, span, span);
                }
                r.spanHold = -1;
            } else {
                pool.free(r.blockIds, byId, readAhead);
            }
            r.countedFrom = Integer.MAX_VALUE;
            r.heldBlocks = 0;
            r.cachedBlocks = 0;
            r.namedRun = 0;
        } else {
            usedBlocks -= blocks(tokens);
        }
    }

    /**
     * A request that finished: its blocks are freed, and its block tables go to its session's next round
     * when that round repeats all of it (an accumulating session), else back to the pod's spares.
     */
    private void finishBlocks(Request r, int tokens) {
        if (pool == null || r.cancelled || !r.repeatedByNextRound() || r.kvContent != r.content) {
            releaseBlocks(r, tokens);
            forgetBlocks(r);
            return;
        }
        int mark = pool.freeMark();
        int named = r.namedRun;
        int[] ids = r.blockIds;
        releaseBlocks(r, tokens);
        r.leftBlocks = new RoundBlocks(pool.id(), mark, blockSize, ids, named, r.blockHashes, r.hashedBlocks);
        r.blockIds = null;
        r.blockHashes = null;
        r.hashedBlocks = 0;
    }

    /**
     * Takes over the block tables the previous round of {@code r}'s session left ({@link RoundBlocks}):
     * the hashes of the blocks inside the tokens the two share are the same chain, and when the round
     * ran on this pool and none of its blocks has been evicted since, its leading named blocks are cached
     * blocks of {@code r}'s prompt. Returns how many leading blocks are known cached that way (0 when
     * none); the lookup goes on from there exactly as it would have from the start.
     */
    private int takeOver(Request r) {
        Request previous = r.previousRound;
        r.previousRound = null;
        RoundBlocks left = previous.leftBlocks;
        previous.leftBlocks = null;
        if (left == null || left.blockSize() != blockSize || r.blockIds != null || r.blockHashes != null || r.content == null) {
            return 0;
        }
        int shared = r.previousRoundTokens / blockSize;
        int size = tableSize(r);
        if (left.hashes() != null) {
            int hashed = Math.min(left.hashedBlocks(), shared);
            long[] hashes = left.hashes();
            if (hashes.length < size) {
                hashes = tables.hashes(size);
                System.arraycopy(left.hashes(), 0, hashes, 0, hashed);
                tables.release(left.hashes());
            }
            r.kvContent = r.content;
            r.blockHashes = hashes;
            r.hashedBlocks = hashed;
        }
        int known = left.pool() == pool.id() && pool.keptSince(left.freeMark()) ? Math.min(Math.min(left.namedBlocks(), shared), r.hashedBlocks) : 0;
        int[] ids = left.ids();
        if (ids.length < size) {
            ids = tables.ids(size);
            System.arraycopy(left.ids(), 0, ids, 0, known);
            tables.release(left.ids());
        }
        r.blockIds = ids;
        return known;
    }

    /** A request that has left: its block tables go back to the pod's spares (its content's blocks may stay cached). */
    private void forgetBlocks(Request r) {
        tables.release(r.blockIds);
        tables.release(r.blockHashes);
        r.blockIds = null;
        r.blockHashes = null;
        r.hashedBlocks = 0;
    }

    /**
     * Whether the request may hold its span's blocks through the span's hold: it takes all of the span's whole
     * blocks ({@code spanBlocks}, every one of them) and none beyond through it.
     */
    private boolean holdable(Request r, int slot, int spanBlocks, int cap) {
        return slot >= 0 && spanBlocks > 0 && spanBlocks <= cap && spanBlocks == r.kvContent.firstSpanTokens() / blockSize;
    }

    /** Every block the request can come to hold. */
    private int tableSize(Request r) {
        return blocks(r.inputTokens + r.outputTokens);
    }

    /** Room for every block the request can come to hold, kept across preemptions. */
    private void prepareBlocks(Request r) {
        if (r.blockIds == null) {
            r.blockIds = tables.ids(tableSize(r));
        }
    }

    /** Leading tokens of the request that other requests may share (none for content of its own). */
    private static int sharedTokens(Request r) {
        return r.content == null ? 0 : r.content.sharedTokens();
    }

    /** The hash of the request's block {@code k}: its content chained to the hash of block k - 1 (kv_cache_utils.hash_block_tokens). */
    private long blockHash(Request r, int k) {
        if (r.blockHashes == null) {
            r.blockHashes = tables.hashes(tableSize(r));
            if (r.kvContent == null) {
                r.kvContent = r.content != null ? r.content : PromptContent.unique(r.id, r.inputTokens, r.outputTokens);
            }
            if (sharedTokens(r) > 0) {
                r.hashedBlocks = sharedPrefixHashes.copy(r.kvContent, r.blockHashes, tableSize(r), blockSize);
            }
        }
        int from = r.hashedBlocks;
        if (from <= k) {
            // the blocks' contents first, then chained in place
            long[] h = r.blockHashes;
            r.kvContent.blockContents(from, k + 1, blockSize, h);
            for (int j = from; j <= k; j++) {
                h[j] = BlockPool.chain(j == 0 ? 0 : h[j - 1], h[j]);
            }
            r.hashedBlocks = k + 1;
        }
        return r.blockHashes[k];
    }

    /**
     * Names the request's first {@code full} blocks in the cache as they are computed
     * (BlockPool.cache_full_blocks), as far as other requests can share them: blocks of the request's
     * own content are named when it is preempted instead ({@link #cacheOwnBlocks}), which leaves the
     * cache exactly as vLLM's would be for every lookup, at a fraction of the cost.
     */
    private void cacheFullBlocks(Request r, int full) {
        int shared = sharedTokens(r) / blockSize;
        if (full > shared) {
            full = shared;
        }
        if (full - r.cachedBlocks > 1) {
            blockHash(r, full - 1);
            pool.warm(r.blockHashes, r.cachedBlocks, full);
        }
        for (int k = r.cachedBlocks; k < full; k++) {
            if (pool.cache(r.blockIds[k], blockHash(r, k)) && k == r.namedRun) {
                r.namedRun++;
            }
        }
        if (full > r.cachedBlocks) {
            r.cachedBlocks = full;
        }
    }

    /** Names every full block a preempted request computed, so that its readmission can reuse them. */
    private void cacheOwnBlocks(Request r, int computedTokens) {
        if (r.countedFrom < r.heldBlocks) {
            // its own blocks had no ids while nobody could look them up; now they are to be named
            prepareBlocks(r);
            pool.identify(r.heldBlocks - r.countedFrom, r.blockIds, r.countedFrom);
        }
        r.countedFrom = Integer.MAX_VALUE;
        int full = Math.min(computedTokens / blockSize, r.heldBlocks);
        for (int k = r.cachedBlocks; k < full; k++) {
            if (pool.cache(r.blockIds[k], blockHash(r, k)) && k == r.namedRun) {
                r.namedRun++;
            }
        }
    }

    /** Aborts the running requests whose clients gave up; between steps, so no chunk is scheduled. */
    private void abortCancelled() {
        for (Request r : aborting) {
            if (!(runHead == r || r.prevRunning != null)) {
                continue; // finished in the step that was under way
            }
            if (r.decoding) {
                completions.remove(r);
                removeDecoding(r);
                r.decoding = false;
                heldWhileDecoding(r, (int) (r.ctxOffset + step));
                releaseBlocks(r, (int) (r.ctxOffset + step));
            } else {
                prefilling.remove(r);
                releaseBlocks(r, r.computed);
            }
            forgetBlocks(r);
            unlinkRunning(r);
        }
        aborting.clear();
        if (pool != null) {
            usedBlocks = pool.usedBlocks();
        }
    }

    /** Preempts {@code victim} (the most recently admitted running request) at the start of step s. */
    private void preempt(Request victim, long s) {
        if (victim == null) {
            throw new IllegalStateException("pod " + index + ": KV cache exhausted with nothing to preempt");
        }
        if (victim.decoding) {
            long ctx = victim.ctxOffset + s;
            boolean allocated = decodesScheduled;
            boolean needsBlock = phaseOf(ctx) == 0;
            completions.remove(victim);
            removeDecoding(victim);
            if (pool != null) {
                heldWhileDecoding(victim, (int) ctx + (allocated && needsBlock ? 1 : 0));
                cacheOwnBlocks(victim, (int) ctx);
                releaseBlocks(victim, 0);
            } else {
                usedBlocks -= blocks((int) ctx) + (allocated && needsBlock ? 1 : 0);
            }
            if (allocated) {
                batch.decodeSeqs--;
                batch.decodeContextTokens -= ctx;
                budget++;
            }
            victim.decoding = false;
            victim.generated = victim.generatedAtDecodeEntry + (int) (s - victim.decodeEntryStep);
        } else {
            if (pool != null) {
                cacheOwnBlocks(victim, victim.computed);
            }
            releaseBlocks(victim, victim.computed);
            if (victim.chunk > 0) {
                throw new IllegalStateException("preempting a request whose chunk is already scheduled");
            }
            prefilling.remove(victim);
        }
        victim.computed = 0;
        victim.preemptions++;
        preemptions++;
        unlinkRunning(victim);
        waiting.addFirst(victim);
    }

    private int blocks(int tokens) {
        return (tokens + blockSize - 1) / blockSize;
    }

    private void linkRunning(Request r) {
        r.prevRunning = runTail;
        r.nextRunning = null;
        if (runTail == null) {
            runHead = r;
        } else {
            runTail.nextRunning = r;
        }
        runTail = r;
        running++;
    }

    private void unlinkRunning(Request r) {
        if (r.prevRunning == null) {
            runHead = r.nextRunning;
        } else {
            r.prevRunning.nextRunning = r.nextRunning;
        }
        if (r.nextRunning == null) {
            runTail = r.prevRunning;
        } else {
            r.nextRunning.prevRunning = r.prevRunning;
        }
        r.prevRunning = null;
        r.nextRunning = null;
        running--;
    }

    // --- what the pod's metrics endpoint exposes ---

    /** {@code vllm:num_requests_waiting} as last published at a step boundary. */
    @Override
    public int publishedWaiting() {
        return publishedWaiting;
    }

    /** {@code vllm:num_requests_running} as last published at a step boundary. */
    @Override
    public int publishedRunning() {
        return publishedRunning;
    }

    /** {@code vllm:kv_cache_usage_perc} as last published at a step boundary (0..1). */
    @Override
    public double publishedKvUsage() {
        return (double) publishedBlocks / kvBlocks;
    }

    /** The live waiting queue, including requests that arrived during the current step. */
    @Override
    public int waitingCount() {
        return waiting.size();
    }

    /** The live running set. */
    @Override
    public int runningCount() {
        return running;
    }

    /** Live KV-cache usage as a fraction of capacity (0..1). */
    @Override
    public double kvUsage() {
        return (double) usedBlocks / kvBlocks;
    }

    public int usedBlocks() {
        return usedBlocks;
    }

    @Override
    public int kvBlocks() {
        return kvBlocks;
    }

    /** The pod's prefix cache, or null when prefix caching is off. */
    public BlockPool prefixCache() {
        return pool;
    }

    /** Requests whose clients gave up while this pod held them. */
    @Override
    public long aborted() {
        return aborted;
    }

    // --- statistics ---

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
        return maxUsedBlocks;
    }

    @Override
    public long preemptions() {
        return preemptions;
    }

    /** Longest the waiting queue has been. */
    @Override
    public int maxWaiting() {
        return maxWaiting;
    }

    /**
     * Recomputes the KV accounting from scratch and checks it against the running totals. O(batch);
     * for tests. Valid between steps.
     */
    public void checkInvariants() {
        int blocksHeld = 0;
        int n = 0;
        int dec = 0;
        long references = 0;
        for (Request r = runHead; r != null; r = r.nextRunning) {
            n++;
            int due = r.decoding ? blocks((int) (r.ctxOffset + step)) : blocks(r.computed);
            blocksHeld += due;
            if (r.decoding) {
                dec++;
            }
            if (pool != null) {
                // a decoder that holds its blocks by count holds those of its context; the pool's count says whether it does
                int held = r.decoding && countedDecoder(r) ? due : r.heldBlocks;
                if (held != due) {
                    throw new AssertionError("pod " + index + ": " + r + " holds " + held + " blocks for " + due + " blocks of KV");
                }
                references += held;
            }
        }
        if (n != running || dec != decoding) {
            throw new AssertionError("pod " + index + ": running " + running + " vs " + n + ", decoding " + decoding + " vs " + dec);
        }
        if (pool != null) {
            // a span's hold counts one reference on each of its blocks for all its holders
            references -= sharedPrefixHashes.sharedReferences();
            if (references != pool.references()) {
                throw new AssertionError("pod " + index + ": requests hold " + references + " block references (a span's holders counted once), "
                        + "the pool counts " + pool.references());
            }
            if (usedBlocks != pool.usedBlocks()) {
                throw new AssertionError("pod " + index + ": used blocks " + usedBlocks + " but the pool has " + pool.usedBlocks() + " in use");
            }
            blocksHeld = usedBlocks;
        }
        if (blocksHeld != usedBlocks) {
            throw new AssertionError("pod " + index + ": used blocks " + usedBlocks + " but requests hold " + blocksHeld);
        }
        if (usedBlocks > kvBlocks || usedBlocks < 0) {
            throw new AssertionError("pod " + index + ": used blocks " + usedBlocks + " outside [0, " + kvBlocks + "]");
        }
        for (Request r : waiting) {
            if (r.computed != 0) {
                throw new AssertionError("waiting request holds KV: " + r);
            }
        }
    }
}
