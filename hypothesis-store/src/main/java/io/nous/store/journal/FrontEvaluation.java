package io.nous.store.journal;

/**
 * One evaluation that places a candidate on the run's final trade-off front ({@code front-evaluation},
 * journaled at the end of a run with {@code --front}): on the search split, the upstream policy
 * against the baseline (when it was not itself a candidate); on validation and test, a search-front
 * member against the upstream policy, paired, so that the upstream policy sits at the origin and
 * "better than what the router ships" is read off the intervals directly.
 *
 * @param split     the split evaluated
 * @param candidate the candidate id, or the upstream policy's name on the search split
 * @param against   what it was paired with: the baseline's or the upstream policy's name
 * @param evidence  the evaluation, every front objective under every variant
 */
public record FrontEvaluation(String split, String candidate, String against, Evidence evidence) implements JournalEntry {
    /** The journal line's {@code type}. */
    public static final String TYPE = "front-evaluation";

    @Override
    public String journalType() {
        return TYPE;
    }
}
