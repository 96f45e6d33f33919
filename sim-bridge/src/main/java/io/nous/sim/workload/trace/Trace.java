package io.nous.sim.workload.trace;

import java.util.List;

/**
 * A recorded request trace in arrival order, with what reading it skipped.
 *
 * @param skippedRows malformed rows skipped under {@link BadRows#SKIP}, as "line N: reason"
 */
public record Trace(String name, List<TraceRecord> records, List<String> skippedRows) {

    public Trace {
        records = List.copyOf(records);
        skippedRows = List.copyOf(skippedRows);
    }

    /** Seconds between the first and the last arrival. */
    public double spanSeconds() {
        return records.isEmpty() ? 0 : records.get(records.size() - 1).arrivalUs() / 1e6;
    }
}
