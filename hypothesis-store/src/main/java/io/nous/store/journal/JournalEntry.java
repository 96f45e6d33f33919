package io.nous.store.journal;

/** A record the discovery loop journals; its type is the journal line's {@code type}. */
public interface JournalEntry {
    /** The journal line's {@code type}, e.g. {@code hypothesis}. */
    String journalType();
}
