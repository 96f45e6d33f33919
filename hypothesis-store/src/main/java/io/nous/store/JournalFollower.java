package io.nous.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.store.journal.CandidateRecord;
import io.nous.store.journal.Hypothesis;
import io.nous.store.journal.JournalEntry;
import io.nous.store.journal.ProposalFailure;
import io.nous.store.journal.UpstreamComparison;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes a run's journal, or, when resuming, walks the records already there first: the loop
 * re-derives each record in order, and while records exist they are checked and reused instead of
 * written (so nothing is repeated and an evaluation already journaled is never simulated again);
 * past the last one, writing resumes. A record that differs from what the run re-derives means the
 * journal and the code disagree, and resuming stops with the position.
 */
public final class JournalFollower {
    private static final ObjectMapper JSON = PlainJson.mapper();

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
    public JournalFollower(Journal journal, List<JournalRecord> existing, boolean readOnly) {
        this.journal = journal;
        this.existing = existing;
        this.readOnly = readOnly;
    }

    /** The next existing record if it has this type (to reuse its result), as its record, without consuming it. */
    public <T extends JournalEntry> Optional<T> peek(String type, Class<T> kind) {
        if (cursor < existing.size() && existing.get(cursor).type().equals(type)) {
            JournalEntry e = existing.get(cursor).entry();
            return kind.isInstance(e) ? Optional.of(kind.cast(e)) : Optional.empty();
        }
        return Optional.empty();
    }

    /** Whether records of the existing journal remain to be re-derived. */
    public boolean following() {
        return cursor < existing.size();
    }

    /**
     * True when the existing journal continues with something other than a new proposal (or a
     * proposer's failure to make one): the run
     * that wrote it stopped iterating here (budget, time limit or target).
     */
    public boolean stoppedHere() {
        if (cursor >= existing.size()) {
            return false;
        }
        String next = existing.get(cursor).type();
        return !next.equals(Hypothesis.TYPE) && !ProposalFailure.TYPES.contains(next);
    }

    /** Appends, or verifies and reuses the existing record at this position. */
    public JournalRecord record(JournalEntry entry) {
        return record(entry.journalType(), Journal.body(entry));
    }

    /**
     * Fields a later version added to a record type: a journal written before them lacks them, and
     * re-deriving such a record still matches (the journal is not rewritten; new runs carry them).
     */
    private static final Map<String, List<String>> ADDED_FIELDS = Map.of(CandidateRecord.TYPE, CandidateRecord.ADDED_FIELDS,
            UpstreamComparison.TYPE, UpstreamComparison.ADDED_FIELDS);

    private JournalRecord record(String type, ObjectNode body) {
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
