package io.nous.store.journal;

import io.nous.store.StoreException;

/**
 * The version of the journal's format. Version 1 is every run written before the version was
 * recorded (it has no {@code schema} in its config); version 2 added the field and nothing else, so
 * both read with the same records. Version 3 measures the winner against every policy the router
 * ships for its class (one {@code upstream-comparison} each, where earlier versions had one for the
 * first). Version 4 places a candidate on a {@code --front} only if, under a rule that judges every
 * scenario, no contended scenario is worse with confidence (so breeding and the front follow the rule
 * that promotes). A reader refuses a version newer than it knows, naming it.
 */
public final class JournalSchema {
    /** The version this build writes. */
    public static final int CURRENT = 4;
    /** The first version that measures the winner against every upstream policy of its class. */
    public static final int EVERY_UPSTREAM = 3;
    /** The first version whose trade-off front leaves out a candidate worse with confidence where traffic contends. */
    public static final int WORST_PLACE_FRONT = 4;
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
