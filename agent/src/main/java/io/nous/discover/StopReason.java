package io.nous.discover;

import io.nous.evaluator.objective.Direction;
import io.nous.store.journal.RunStopped;

/**
 * Why a discovery run stopped proposing: its budget of proposals was used, its time limit passed,
 * the incumbent reached the target, or the proposer could not go on (token budget spent, endpoint
 * unusable). Journaled as {@code run-stopped}, written to the summary and printed, because a run
 * stopped by the clock can end with a different winner than the same seed given its whole budget.
 *
 * @param reason       {@code budget}, {@code time-limit}, {@code target} or {@code proposer}
 * @param detail       a sentence for people
 * @param proposerKind the proposer's journal type when {@code reason} is {@code proposer}, else null
 */
public record StopReason(String reason, String detail, String proposerKind) {
    public static final String BUDGET = "budget";
    public static final String TIME_LIMIT = "time-limit";
    public static final String TARGET = "target";
    public static final String PROPOSER = "proposer";

    static StopReason budget(int budget) {
        return new StopReason(BUDGET, "all " + budget + " proposals of the budget were made", null);
    }

    static StopReason timeLimit(double seconds, int made, int budget) {
        return new StopReason(TIME_LIMIT, String.format(java.util.Locale.ROOT,
                "the %s time limit passed after %d of %d proposals (the same seed with more time may find a different winner)",
                seconds(seconds), made, budget), null);
    }

    static StopReason target(double target, String incumbent, double change, Direction direction) {
        return new StopReason(TARGET, String.format(java.util.Locale.ROOT, "%s reached the target (%+.1f%% %s %+.1f%%)", incumbent,
                100 * change, direction.reachedSign(), 100 * target), null);
    }

    static StopReason proposer(ProposalUnavailable u) {
        return new StopReason(PROPOSER, u.getMessage(), u.kind().journalType());
    }

    /** Whether a person should be told that the run did not use its whole budget. */
    public boolean early() {
        return !reason.equals(BUDGET) && !reason.equals(TARGET);
    }

    /** As journaled ({@code run-stopped}, with the iterations done) or summarized (iterations null). */
    public RunStopped record(Integer iterations) {
        return new RunStopped(reason, detail, proposerKind, iterations);
    }

    /** A journaled stop. */
    public static StopReason of(RunStopped r) {
        return new StopReason(r.reason() == null ? "" : r.reason(), r.detail() == null ? "" : r.detail(), r.kind());
    }

    private static String seconds(double s) {
        if (s >= 3600 && s % 3600 == 0) {
            return (long) (s / 3600) + " h";
        }
        if (s >= 60 && s % 60 == 0) {
            return (long) (s / 60) + " min";
        }
        return (s == Math.rint(s) ? String.valueOf((long) s) : String.valueOf(s)) + " s";
    }
}
