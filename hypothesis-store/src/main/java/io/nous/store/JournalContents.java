package io.nous.store;

import java.util.List;

/**
 * What a journal file held: its complete records, and whether a torn last line (a crash in the
 * middle of a write) was found and ignored, with how many bytes the complete records take.
 *
 * @param lastChain the integrity chain value of the last record (empty before the first; null for a
 *                  journal written before records were chained)
 * @param broken    the first record whose integrity chain does not hold — it or one before it was
 *                  changed after the run wrote it — as "record N (type)"; null when the chain holds
 */
public record JournalContents(List<JournalRecord> records, boolean tornTail, long validBytes, String lastChain, String broken) {

    /** Contents with no chain to check (nothing read yet). */
    public JournalContents(List<JournalRecord> records, boolean tornTail, long validBytes) {
        this(records, tornTail, validBytes, "", null);
    }
}
