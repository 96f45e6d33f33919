package io.nous.sim.workload.trace;

/** What to do with a malformed trace row: stop with its line number, or skip it and report it. */
public enum BadRows {
    FAIL, SKIP
}
