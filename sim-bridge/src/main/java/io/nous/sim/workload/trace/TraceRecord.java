package io.nous.sim.workload.trace;

import io.nous.sim.request.PromptContent;

/**
 * One recorded request: when it arrived (microseconds from the trace's first request), its prompt
 * and output lengths, and, if the trace says, its priority, its tenant, and what its prompt shares
 * with others ({@code blocks}: the ids of its prompt's consecutive {@code blockTokens}-token blocks,
 * equal ids meaning equal prefixes, as Mooncake's {@code hash_ids}), or its {@code content} as a
 * simulation planned it (an observation replayed). {@code line} is where the record was read (1-based;
 * 0 when it was not read from a file), so that a later check can name it.
 */
public record TraceRecord(long arrivalUs, int inputTokens, int outputTokens, Integer priority, String tenant, long[] blocks,
                          int blockTokens, PromptContent content, int line) {

    /** A request whose prompt shares nothing the trace records. */
    public TraceRecord(long arrivalUs, int inputTokens, int outputTokens, Integer priority, String tenant) {
        this(arrivalUs, inputTokens, outputTokens, priority, tenant, null, 0, null, 0);
    }

    /** A request whose prompt is named block by block. */
    public TraceRecord(long arrivalUs, int inputTokens, int outputTokens, Integer priority, String tenant, long[] blocks, int blockTokens) {
        this(arrivalUs, inputTokens, outputTokens, priority, tenant, blocks, blockTokens, null, 0);
    }

    /** The same request arriving at another time. */
    public TraceRecord at(long us) {
        return new TraceRecord(us, inputTokens, outputTokens, priority, tenant, blocks, blockTokens, content, line);
    }

    /** The same request, read from line {@code n}. */
    public TraceRecord onLine(int n) {
        return new TraceRecord(arrivalUs, inputTokens, outputTokens, priority, tenant, blocks, blockTokens, content, n);
    }

    /** Where the record came from, for a message: "line N", or "request at T s" when it was not read from a file. */
    public String where() {
        return line > 0 ? "line " + line : String.format(java.util.Locale.ROOT, "the request at %.6f s", arrivalUs / 1e6);
    }

    /** Whether the record says what its prompt shares. */
    public boolean sharesContent() {
        return blocks != null || content != null;
    }
}
