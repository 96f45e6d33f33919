package io.nous.sim.workload;

/**
 * A span of time in which a client sends (BLIS {@code lifecycle.windows}): its arrival process runs
 * throughout, and arrivals outside every window of the client are not sent.
 *
 * @param startUs first microsecond of the window
 * @param endUs   first microsecond after it
 */
public record ActiveWindow(long startUs, long endUs) {
    public ActiveWindow {
        if (startUs < 0 || endUs <= startUs) {
            throw new WorkloadException("an active window needs 0 <= start_us < end_us, got [" + startUs + ", " + endUs + ")");
        }
    }

    public boolean contains(long us) {
        return us >= startUs && us < endUs;
    }
}
