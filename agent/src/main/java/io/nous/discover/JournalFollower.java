package io.nous.discover;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.store.Journal;
import io.nous.store.JournalRecord;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;

/**
 * Writes a run's journal, or, when resuming, walks the records already there first: the loop
 * re-derives each record in order, and while records exist they are checked and reused instead of
 * written (so nothing is repeated and an evaluation already journaled is never simulated again);
 * past the last one, writing resumes. A record that differs from what the run re-derives means the
 * journal and the code disagree, and resuming stops with the position.
 */
final class JournalFollower {
    private static final ObjectMapper JSON = io.nous.store.PlainJson.mapper();

    /** Records compare by their JSON text (an int 7 read back equals the long 7 written). */
    private static String normalized(ObjectNode body) {
        try {
            return JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private final Journal journal;
    private final List<JournalRecord> existing;
    private final boolean readOnly;
    private int cursor;

    /** @param readOnly replay: compare with the journal, never write to it */
    JournalFollower(Journal journal, List<JournalRecord> existing, boolean readOnly) {
        this.journal = journal;
        this.existing = existing;
        this.readOnly = readOnly;
    }

    /** The next existing record if it has this type (to reuse its result), without consuming it. */
    JournalRecord peek(String type) {
        if (cursor < existing.size() && existing.get(cursor).type().equals(type)) {
            return existing.get(cursor);
        }
        return null;
    }

    boolean following() {
        return cursor < existing.size();
    }

    /**
     * True when the existing journal continues with something other than a new proposal (or a
     * proposer's failure to make one): the run
     * that wrote it stopped iterating here (budget, time limit or target).
     */
    boolean stoppedHere() {
        if (cursor >= existing.size()) {
            return false;
        }
        String next = existing.get(cursor).type();
        return !next.equals("hypothesis") && ProposalUnavailable.Kind.ofJournalType(next) == null;
    }

    /** Appends, or verifies and reuses the existing record at this position. */
    JournalRecord record(io.nous.store.journal.JournalEntry entry) {
        return record(entry.journalType(), io.nous.store.Journal.body(entry));
    }

    /** A typed body under a type of the caller's choosing (evidence is journaled as several types). */
    JournalRecord record(String type, Object body) {
        return record(type, io.nous.store.Journal.body(body));
    }

    /**
     * Fields a later version added to a record type: a journal written before them lacks them, and
     * re-deriving such a record still matches (the journal is not rewritten; new runs carry them).
     */
    private static final java.util.Map<String, List<String>> ADDED_FIELDS = java.util.Map.of("candidate",
            io.nous.store.journal.CandidateRecord.ADDED_FIELDS, "upstream-comparison", io.nous.store.journal.UpstreamComparison.ADDED_FIELDS);

    /** Appends, or verifies and reuses the existing record at this position. */
    JournalRecord record(String type, ObjectNode body) {
        if (cursor < existing.size()) {
            JournalRecord old = existing.get(cursor++);
            ObjectNode derived = body;
            for (String added : ADDED_FIELDS.getOrDefault(type, List.of())) {
                if (!old.body().has(added) && derived.has(added)) {
                    derived = derived.deepCopy();
                    derived.remove(added);
                }
            }
            if (!old.type().equals(type) || !normalized(old.body()).equals(normalized(derived))) {
                throw new JournalDivergence(old, type, derived);
            }
            return old;
        }
        if (readOnly) {
            throw new JournalDivergence(null, type, body);
        }
        return journal.append(type, body);
    }
}
