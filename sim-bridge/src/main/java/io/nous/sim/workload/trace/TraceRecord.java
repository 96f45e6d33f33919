package io.nous.sim.workload.trace;

/**
 * One recorded request: when it arrived (microseconds from the trace's first request), its prompt
 * and output lengths, and, if the trace says, its priority, its tenant, and what its prompt shares
 * with others ({@code blocks}: the ids of its prompt's consecutive {@code blockTokens}-token blocks,
 * equal ids meaning equal prefixes, as Mooncake's {@code hash_ids}).
 */
public record TraceRecord(long arrivalUs, int inputTokens, int outputTokens, Integer priority, String tenant, long[] blocks,
                          int blockTokens) {

    /** A request whose prompt shares nothing the trace records. */
    public TraceRecord(long arrivalUs, int inputTokens, int outputTokens, Integer priority, String tenant) {
        this(arrivalUs, inputTokens, outputTokens, priority, tenant, null, 0);
    }

    /** The same request arriving at another time. */
    public TraceRecord at(long us) {
        return new TraceRecord(us, inputTokens, outputTokens, priority, tenant, blocks, blockTokens);
    }
}
