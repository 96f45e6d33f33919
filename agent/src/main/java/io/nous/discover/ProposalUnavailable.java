package io.nous.discover;

import io.nous.store.journal.ProposalFailure;

/**
 * A proposer produced no proposal this iteration. Depending on {@link Kind} the loop journals it and
 * moves on (a model that kept failing), or stops cleanly (the token budget is spent, or the endpoint
 * cannot be used at all: unreachable, refused credentials, unknown model).
 */
public final class ProposalUnavailable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Why there is no proposal, and the journal record type that says so. */
    public enum Kind {
        /** This iteration only; the next may succeed. */
        FAILED(ProposalFailure.FAILED, false),
        /** The token budget is spent: the run ends normally. */
        BUDGET_SPENT(ProposalFailure.BUDGET_EXHAUSTED, true),
        /** The endpoint or its configuration is unusable: the run ends and the command fails. */
        ENDPOINT_UNUSABLE(ProposalFailure.ENDPOINT_UNUSABLE, true);

        private final String journalType;
        private final boolean stopsRun;

        Kind(String journalType, boolean stopsRun) {
            this.journalType = journalType;
            this.stopsRun = stopsRun;
        }

        public String journalType() {
            return journalType;
        }

        public boolean stopsRun() {
            return stopsRun;
        }

        /** The kind a journal record type stands for, or null if it is not one of these. */
        public static Kind ofJournalType(String type) {
            for (Kind k : values()) {
                if (k.journalType.equals(type)) {
                    return k;
                }
            }
            return null;
        }
    }

    private final Kind kind;

    public ProposalUnavailable(String reason, Kind kind) {
        super(reason);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
