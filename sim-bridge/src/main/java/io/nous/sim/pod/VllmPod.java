package io.nous.sim.pod;

import io.nous.sim.cost.CostModel;
import io.nous.sim.cost.StepBatch;
import io.nous.sim.request.Request;
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
 * and a heap of their finishing steps, so a step costs O(prefilling requests + completions), not
 * O(batch).
 */
public final class VllmPod {
    private final int index;
    private final PodConfig config;
    private final CostModel cost;
    private final PodListener listener;
    private final int blockSize;
    private final int kvBlocks;

    private final ArrayDeque<Request> waiting = new ArrayDeque<>();
    private Request runHead;
    private Request runTail;
    private int running;
    /** Running requests still in prefill, in admission order. */
    private final ArrayList<Request> prefilling = new ArrayList<>();

    private int decoding;
    private long sumCtxOffset;
    private final int[] phaseCount;
    private final CompletionHeap completions = new CompletionHeap();
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
        this.kvBlocks = config.kvBlocks();
        this.phaseCount = new int[blockSize];
    }

    public int index() {
        return index;
    }

    /** Adds a request to the FCFS waiting queue. Returns true if the pod is idle and must be started. */
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

    public boolean hasWork() {
        return running > 0 || !waiting.isEmpty();
    }

    /**
     * Forms the next step's batch at {@code nowUs} and returns its duration in microseconds, or -1
     * when there is nothing to run (the pod goes idle).
     */
    public long startStep(long nowUs) {
        batch.clear();
        budget = config.maxNumBatchedTokens();
        decodesScheduled = false;
        boolean preempted = false;
        final long s = step;

        // 1. Decodes: each needs one token, and a new block when its context is at a block boundary.
        int needed = phaseCount[Math.floorMod(-s, blockSize)];
        while (usedBlocks + needed > kvBlocks) {
            preempt(runTail, s);
            preempted = true;
            needed = phaseCount[Math.floorMod(-s, blockSize)];
        }
        usedBlocks += needed;
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
            while (usedBlocks + extra > kvBlocks) {
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
                int c = Math.min(r.prefillTarget() - r.computed, budget);
                int extra = blocks(r.computed + c) - blocks(r.computed);
                if (usedBlocks + extra > kvBlocks) {
                    break;
                }
                waiting.pollFirst();
                linkRunning(r);
                prefilling.add(r);
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
        if (usedBlocks > maxUsedBlocks) {
            maxUsedBlocks = usedBlocks;
        }
        return Math.max(1L, Math.round(cost.stepMicros(batch)));
    }

    /** Applies the results of the step that ends at {@code nowUs}. */
    public void endStep(long nowUs) {
        final long s = step;
        long dur = nowUs - stepStartUs;
        busyUs += dur;
        steps++;
        batchSum += batch.decodeSeqs + batch.prefillSeqs;
        kvBlockUs += (double) usedBlocks * dur;

        // Decoders whose last token was produced in this step leave.
        Request top;
        while ((top = completions.peek()) != null && top.finishStep <= s) {
            completions.poll();
            removeDecoding(top);
            usedBlocks -= blocks((int) (top.ctxOffset + s + 1));
            unlinkRunning(top);
            top.decoding = false;
            top.finishUs = nowUs;
            listener.onFinished(top, nowUs);
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
                    if (r.firstTokenUs < 0) {
                        r.firstTokenUs = nowUs;
                        listener.onFirstToken(r, nowUs);
                    }
                    if (r.generated >= r.outputTokens) {
                        usedBlocks -= blocks(r.computed);
                        unlinkRunning(r);
                        r.finishUs = nowUs;
                        listener.onFinished(r, nowUs);
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
        // vLLM makes its scheduler stats after processing a step's output: waiting is what the
        // step's schedule() left waiting (requests that arrived during the step are still in the
        // engine's input queue), running and KV usage are after finished requests were freed.
        publishedWaiting = waitingAfterSchedule;
        publishedRunning = running;
        publishedBlocks = usedBlocks;
    }

    private void schedulePrefill(Request r, int c, int extraBlocks) {
        usedBlocks += extraBlocks;
        r.chunk = c;
        budget -= c;
        batch.prefillTokens += c;
        batch.prefillSeqs++;
        batch.prefillAttentionWork += c * (r.computed + c / 2.0);
        if (r.computed + c == r.prefillTarget()) {
            batch.prefillsCompleting++;
        }
    }

    private void startDecoding(Request r, long firstDecodeStep) {
        r.decoding = true;
        r.decodeEntryStep = firstDecodeStep;
        r.generatedAtDecodeEntry = r.generated;
        r.ctxOffset = r.computed - firstDecodeStep;
        r.finishStep = firstDecodeStep + (r.outputTokens - r.generated) - 1;
        decoding++;
        sumCtxOffset += r.ctxOffset;
        phaseCount[Math.floorMod(r.ctxOffset, blockSize)]++;
        completions.add(r);
    }

    private void removeDecoding(Request r) {
        decoding--;
        sumCtxOffset -= r.ctxOffset;
        phaseCount[Math.floorMod(r.ctxOffset, blockSize)]--;
    }

    /** Preempts {@code victim} (the most recently admitted running request) at the start of step s. */
    private void preempt(Request victim, long s) {
        if (victim == null) {
            throw new IllegalStateException("pod " + index + ": KV cache exhausted with nothing to preempt");
        }
        if (victim.decoding) {
            long ctx = victim.ctxOffset + s;
            boolean allocated = decodesScheduled;
            boolean needsBlock = Math.floorMod(ctx, blockSize) == 0;
            usedBlocks -= blocks((int) ctx) + (allocated && needsBlock ? 1 : 0);
            if (allocated) {
                batch.decodeSeqs--;
                batch.decodeContextTokens -= ctx;
                budget++;
            }
            completions.remove(victim);
            removeDecoding(victim);
            victim.decoding = false;
            victim.generated = victim.generatedAtDecodeEntry + (int) (s - victim.decodeEntryStep);
        } else {
            usedBlocks -= blocks(victim.computed);
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
    public int publishedWaiting() {
        return publishedWaiting;
    }

    /** {@code vllm:num_requests_running} as last published at a step boundary. */
    public int publishedRunning() {
        return publishedRunning;
    }

    /** {@code vllm:kv_cache_usage_perc} as last published at a step boundary (0..1). */
    public double publishedKvUsage() {
        return (double) publishedBlocks / kvBlocks;
    }

    /** The live waiting queue, including requests that arrived during the current step. */
    public int waitingCount() {
        return waiting.size();
    }

    /** The live running set. */
    public int runningCount() {
        return running;
    }

    /** Live KV-cache usage as a fraction of capacity (0..1). */
    public double kvUsage() {
        return (double) usedBlocks / kvBlocks;
    }

    public int usedBlocks() {
        return usedBlocks;
    }

    public int kvBlocks() {
        return kvBlocks;
    }

    // --- statistics ---

    public long busyUs() {
        return busyUs;
    }

    public long steps() {
        return steps;
    }

    public long batchSum() {
        return batchSum;
    }

    public double kvBlockUs() {
        return kvBlockUs;
    }

    public int maxUsedBlocks() {
        return maxUsedBlocks;
    }

    public long preemptions() {
        return preemptions;
    }

    /** Longest the waiting queue has been. */
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
        for (Request r = runHead; r != null; r = r.nextRunning) {
            n++;
            if (r.decoding) {
                dec++;
                blocksHeld += blocks((int) (r.ctxOffset + step));
            } else {
                blocksHeld += blocks(r.computed);
            }
        }
        if (n != running || dec != decoding) {
            throw new AssertionError("pod " + index + ": running " + running + " vs " + n + ", decoding " + decoding + " vs " + dec);
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
