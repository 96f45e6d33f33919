package io.nous.sim.workload.trace;

/**
 * One recorded request: when it arrived (microseconds from the trace's first request), its prompt
 * and output lengths, and, if the trace says, its priority and tenant.
 */
public record TraceRecord(long arrivalUs, int inputTokens, int outputTokens, Integer priority, String tenant) {
}
