package io.nous.store.journal;

import io.nous.store.StoreException;

/**
 * The version of the journal's format. Version 1 is every run written before the version was
 * recorded (it has no {@code schema} in its config); version 2 added the field and nothing else, so
 * both read with the same records. A reader refuses a version newer than it knows, naming it.
 */
public final class JournalSchema {
    /** The version this build writes. */
    public static final int CURRENT = 2;
    /** The version of a run whose config does not say. */
    public static final int UNVERSIONED = 1;

    private JournalSchema() {
    }

    /** Refuses a version this build cannot read. */
    public static int check(int version, String where) {
        if (version < UNVERSIONED || version > CURRENT) {
            throw new StoreException(where + " is journal schema version " + version + "; this Nous reads versions "
                    + UNVERSIONED + " to " + CURRENT + " (upgrade Nous to read it)", null);
        }
        return version;
    }
}
