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
    /** What its tokens are (shared prefixes, a session's history), or null: a prompt shared with no other request. */
    public final PromptContent content;
    /** When its client gives up and disconnects (µs), or {@link Long#MAX_VALUE}: never. */
    public long deadlineUs = Long.MAX_VALUE;
    /** The TTFT objective its client sends in the {@code x-llm-d-slo-ttft-ms} header (ms), or -1: none. */
    public long sloTtftMs = -1;
    /** The closed-loop user that sent it (the source's index), or -1: an open-loop arrival. */
    public int user = -1;
    /** The multi-turn session it is a round of (the source's index), or -1. */
    public int session = -1;
    /** It has left the system: completed, rejected, evicted or given up on. */
    public boolean done;

    // --- flow control (EPP) ---
    public long enqueueUs = -1;
    public long dispatchUs = -1;
    /** Ordering key inside the band queue (enqueue time for FCFS, deadline for EDF). */
    public long orderKey;
    /** Tracked by in-flight eviction: dispatched and not yet ended. */
    public boolean evictionTracked;
    /** Position in the eviction queue's heap, or -1: not evictable. */
    public int evictionIndex = -1;

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
    /** The stamp of its live entry in the pod's completion queue, or 0 when it has none. */
    public long heapStamp;
    /** Running-list links, in admission order. */
    public Request prevRunning;
    public Request nextRunning;
    public boolean decoding;

    // --- pod bookkeeping with prefix caching (null / 0 without) ---
    /** Ids of the KV blocks it holds, first block first. */
    public int[] blockIds;
    /**
     * Its blocks from this one on are held by count alone, without ids ({@link Integer#MAX_VALUE}: none):
     * those past its shared prefix, content of its own that nobody can look up, until a preemption
     * names them.
     */
    public int countedFrom = Integer.MAX_VALUE;
    /** How many of {@link #blockIds} it holds. */
    public int heldBlocks;
    /** Its full blocks' hashes, computed as far as {@link #hashedBlocks}. */
    public long[] blockHashes;
    public int hashedBlocks;
    /** What the pod hashes its blocks from: {@link #content}, or content of its own. */
    public PromptContent kvContent;
    /** Leading blocks of its own that the cache knows it computed (or reused). */
    public int cachedBlocks;
    /**
     * On a vLLM pod: the slot of the pod's hold on its first span's blocks when it holds them through it (one
     * reference for every request of the span), or -1: it holds each of its blocks itself.
     */
    public int spanHold = -1;
    /** Leading blocks it holds that name its chain's hashes in the cache, in order (held since, so still named). */
    public int namedRun;
    /** The previous round of its session, whose prompt and output this prompt repeats; dropped once used. */
    public Request previousRound;
    /** Leading tokens this prompt shares with {@link #previousRound} (that round's prompt and output). */
    public int previousRoundTokens;
    /** Once it finished: its block tables, left for its session's next round (null when nothing is left). */
    public RoundBlocks leftBlocks;
    /** Once routed: what the router's prefix producer hashed of it, left for its session's next round (a cost cache; null when none). */
    public Object routerBlocks;
    /** Prompt tokens found in the prefix cache at first admission ({@code usage.prompt_tokens_details.cached_tokens}). */
    public int cachedPromptTokens;
    /** Links in the pod's list of decoding requests that need a new block in the same steps. */
    public Request prevPhase;
    public Request nextPhase;
    /** Set when its client gave up; the pod drops it at its next step. */
    public boolean cancelled;
    /** Tokens the router's in-flight producer still counts against {@link #pod} for this request. */
    public long routerTokens;
    // --- prefill/decode disaggregation (null / 0 when it runs on one pod) ---
    /** Its prefill on a prefill pod (a request of one output token that the sidecar sends), while that runs. */
    public Request prefillLeg;
    /** On a prefill leg: the user's request it prefills for. */
    public Request pdParent;
    /** Prompt tokens whose KV arrives from the prefill pod: the decode pod computes only the rest. */
    public int remoteKvTokens;
    /** When the KV transfer from the prefill pod ends (µs), or -1. */
    public long kvReadyUs = -1;
    /** The KV transfer's duration (µs), or -1: not disaggregated. */
    public long transferUs = -1;
    /** The prefill pod it was disaggregated to, or -1. */
    public int prefillPod = -1;

    /** Output tokens the engine actually produced when it decides the length itself (llm-d-inference-sim), else -1: {@link #outputTokens}. */
    public int servedTokens = -1;

    /**
     * Whether its session's next round repeats all of it, prompt and output (a round of an accumulating
     * session): then what the pod and the router learned of it is left for that round.
     */
    public boolean repeatedByNextRound() {
        return session >= 0 && content != null && content.sharedTokens() == content.tokens();
    }

    /** Output tokens the response carried. */
    public int responseTokens() {
        return servedTokens >= 0 ? servedTokens : outputTokens;
    }

    public Request(int id, int classIndex, int priority, int tenant, int inputTokens, int outputTokens,
                   long arrivalUs, double admissionDraw) {
        this(id, classIndex, priority, tenant, inputTokens, outputTokens, arrivalUs, admissionDraw, null);
    }

    public Request(int id, int classIndex, int priority, int tenant, int inputTokens, int outputTokens,
                   long arrivalUs, double admissionDraw, PromptContent content) {
        this.content = content;
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
