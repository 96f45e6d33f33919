package io.nous.store.journal;

/**
 * A record the discovery loop journals; its type is the journal line's {@code type}. The set is
 * closed: every type a journal line can have is declared once, as a constant on its record, and
 * {@link #classOf} is the only map from a line's type to the record that reads it. A type this
 * version does not know reads as {@link Unknown}, which readers skip.
 */
public sealed interface JournalEntry permits DiscoveryConfig, Hypothesis, ProposalFailure, Rejection, Duplicate, CandidateRecord,
        Evidence, RacingAudit, NoveltyAudit, PredictionVerdict, Principle, Promotion, IterationDone, RunStopped, UpstreamComparison, RunFinished,
        FrontEvaluation, JournalEntry.Unknown {

    /** The journal line's {@code type}, e.g. {@code hypothesis}. */
    String journalType();

    /** The record that reads a line of this type, or {@link Unknown} for a type written by a later version. */
    static Class<? extends JournalEntry> classOf(String type) {
        return switch (type) {
            case DiscoveryConfig.TYPE -> DiscoveryConfig.class;
            case Hypothesis.TYPE -> Hypothesis.class;
            case ProposalFailure.FAILED, ProposalFailure.BUDGET_EXHAUSTED, ProposalFailure.ENDPOINT_UNUSABLE -> ProposalFailure.class;
            case Rejection.TYPE -> Rejection.class;
            case Duplicate.TYPE -> Duplicate.class;
            case CandidateRecord.TYPE -> CandidateRecord.class;
            case Evidence.EVALUATION, Evidence.TEST_EVALUATION -> Evidence.class;
            case RacingAudit.TYPE -> RacingAudit.class;
            case NoveltyAudit.TYPE -> NoveltyAudit.class;
            case PredictionVerdict.TYPE -> PredictionVerdict.class;
            case Principle.TYPE -> Principle.class;
            case Promotion.TYPE -> Promotion.class;
            case IterationDone.TYPE -> IterationDone.class;
            case RunStopped.TYPE -> RunStopped.class;
            case UpstreamComparison.TYPE -> UpstreamComparison.class;
            case RunFinished.TYPE -> RunFinished.class;
            case FrontEvaluation.TYPE -> FrontEvaluation.class;
            default -> Unknown.class;
        };
    }

    /** A line of a type this version does not know (a later version wrote it); it carries only its type. */
    record Unknown(String type) implements JournalEntry {
        @Override
        public String journalType() {
            return type;
        }
    }
}
