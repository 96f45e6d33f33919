package io.nous.sim.workload.trace;

import io.nous.sim.request.PromptContent;

/**
 * One recorded request: when it arrived (microseconds from the trace's first request), its prompt
 * and output lengths, and, if the trace says, its priority, its tenant, and what its prompt shares
 * with others ({@code blocks}: the ids of its prompt's consecutive {@code blockTokens}-token blocks,
 * equal ids meaning equal prefixes, as Mooncake's {@code hash_ids}), or its {@code content} as a
 * simulation planned it (an observation replayed).
 */
public record TraceRecord(long arrivalUs, int inputTokens, int outputTokens, Integer priority, String tenant, long[] blocks,
                          int blockTokens, PromptContent content) {

    /** A request whose prompt shares nothing the trace records. */
    public TraceRecord(long arrivalUs, int inputTokens, int outputTokens, Integer priority, String tenant) {
        this(arrivalUs, inputTokens, outputTokens, priority, tenant, null, 0, null);
    }

    /** A request whose prompt is named block by block. */
    public TraceRecord(long arrivalUs, int inputTokens, int outputTokens, Integer priority, String tenant, long[] blocks, int blockTokens) {
        this(arrivalUs, inputTokens, outputTokens, priority, tenant, blocks, blockTokens, null);
    }

    /** The same request arriving at another time. */
    public TraceRecord at(long us) {
        return new TraceRecord(us, inputTokens, outputTokens, priority, tenant, blocks, blockTokens, content);
    }

    /** Whether the record says what its prompt shares. */
    public boolean sharesContent() {
        return blocks != null || content != null;
    }
}
