package io.nous.sim.request;

/**
 * One simulated inference request: what the client sent (immutable), and the mutable state the
 * flow controller and the pod keep about it. Fields are public because the simulator's hot paths
 * read and write them millions of times per run; only the simulator may write them.
 */
public final class Request {
    // --- what the client sent ---
    public final int id;
    public final int classIndex;
    public final int priority;
    public final int tenant;
    public final int inputTokens;
    public final int outputTokens;
    public final long arrivalUs;
    /** Uniform draw in [0, 1) reserved for this request's admission decision (common random numbers). */
    public final double admissionDraw;

    // --- flow control (EPP) ---
    public long enqueueUs = -1;
    public long dispatchUs = -1;
    /** Ordering key inside the band queue (enqueue time for FCFS, deadline for EDF). */
    public long orderKey;

    // --- pod (vLLM engine) ---
    public int pod = -1;
    /** Tokens whose KV is computed; meaningful while waiting or prefilling. */
    public int computed;
    /** Output tokens produced so far; meaningful while waiting or prefilling. */
    public int generated;
    /** Prompt chunk scheduled in the current step. */
    public int chunk;
    public int preemptions;
    public long firstTokenUs = -1;
    public long finishUs = -1;

    // --- pod bookkeeping for decoding requests (O(1) per step) ---
    /** KV tokens at step s are {@code ctxOffset + s} while decoding. */
    public long ctxOffset;
    /** Output tokens produced at the moment the request entered decoding. */
    public int generatedAtDecodeEntry;
    /** Step at which the request entered decoding. */
    public long decodeEntryStep;
    /** Step at whose end the last output token is produced. */
    public long finishStep;
    /** Position in the pod's completion heap, or -1. */
    public int heapIndex = -1;
    /** Running-list links, in admission order. */
    public Request prevRunning;
    public Request nextRunning;
    public boolean decoding;

    public Request(int id, int classIndex, int priority, int tenant, int inputTokens, int outputTokens,
                   long arrivalUs, double admissionDraw) {
        this.id = id;
        this.classIndex = classIndex;
        this.priority = priority;
        this.tenant = tenant;
        this.inputTokens = inputTokens;
        this.outputTokens = outputTokens;
        this.arrivalUs = arrivalUs;
        this.admissionDraw = admissionDraw;
    }

    /** Tokens that must be in the KV cache before the next token can be sampled, after a (re)start. */
    public int prefillTarget() {
        return inputTokens + generated;
    }

    @Override
    public String toString() {
        return "Request#" + id + "(p=" + priority + ", in=" + inputTokens + ", out=" + outputTokens + ")";
    }
}
