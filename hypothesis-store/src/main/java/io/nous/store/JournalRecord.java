package io.nous.store;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.store.journal.JournalEntry;
import io.nous.store.journal.ProposalFailure;

/**
 * One journal line: its sequence number (1, 2, ...), its type (hypothesis, evaluation, ...), the
 * wall-clock time it was written (the only non-deterministic field), and its body.
 */
public record JournalRecord(long seq, String type, String timestamp, ObjectNode body) {
    /** Reads a record written by a later version that added fields: what this version knows is still there. */
    private static final com.fasterxml.jackson.databind.ObjectMapper READER = PlainJson.tolerant();

    /** The body as its typed record; a body that does not fit is a corrupt journal, named by its line. */
    public <T> T as(Class<T> type) {
        try {
            return READER.treeToValue(body, type);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw invalid(type, e.getOriginalMessage(), e);
        } catch (IllegalArgumentException e) {
            throw invalid(type, e.getMessage(), e);
        }
    }

    /**
     * The body as the record its type names ({@link JournalEntry#classOf}); a type a later version
     * added reads as {@link JournalEntry.Unknown}. A body that does not fit is a corrupt journal.
     */
    public JournalEntry entry() {
        Class<? extends JournalEntry> c = JournalEntry.classOf(type);
        if (c == JournalEntry.Unknown.class) {
            return new JournalEntry.Unknown(type);
        }
        JournalEntry e = as(c);
        return e instanceof ProposalFailure f ? f.withKind(type) : e;
    }

    private StoreException invalid(Class<?> type, String why, Exception e) {
        return new StoreException("journal record " + seq + " (" + this.type + ") is not a valid " + type.getSimpleName() + ": " + why, e);
    }
}
