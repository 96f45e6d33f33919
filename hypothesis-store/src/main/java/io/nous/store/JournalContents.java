package io.nous.store;

import java.util.List;

/**
 * What a journal file held: its complete records, and whether a torn last line (a crash in the
 * middle of a write) was found and ignored, with how many bytes the complete records take.
 */
public record JournalContents(List<JournalRecord> records, boolean tornTail, long validBytes) {
}
