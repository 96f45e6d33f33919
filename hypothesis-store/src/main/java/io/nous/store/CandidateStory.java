package io.nous.store;

import io.nous.store.journal.CandidateRecord;
import io.nous.store.journal.Evidence;
import io.nous.store.journal.Hypothesis;
import io.nous.store.journal.PredictionVerdict;
import io.nous.store.journal.Principle;
import io.nous.store.journal.Promotion;
import io.nous.store.journal.RacingAudit;
import io.nous.store.journal.UpstreamComparison;
import java.util.List;

/**
 * Everything a run's journal says about one candidate, gathered in one pass: the record that named
 * it, the hypothesis it was proposed under (null for seeds and arms of another iteration), its search
 * evaluation, the racing audit and the judgement of its predictions, the principles it taught, every
 * promotion trial (with the validation evidence), its test evaluation and its comparison with the
 * router's own policy. Absent parts are null or empty.
 */
public record CandidateStory(CandidateRecord record, Hypothesis hypothesis, Evidence search, RacingAudit racingAudit,
                             PredictionVerdict verdict, List<Principle> principles, List<Promotion> promotions, Evidence test,
                             UpstreamComparison upstream) {

    public String id() {
        return record.id();
    }

    public int iteration() {
        return record.iteration();
    }

    public String operator() {
        return record.operator();
    }

    public List<String> parents() {
        return record.parents() == null ? List.of() : record.parents();
    }

    /** The hypothesis's statement, or null. */
    public String statement() {
        return hypothesis == null ? null : hypothesis.statement();
    }

    /** The hypothesis's mechanism, or null. */
    public String mechanism() {
        return hypothesis == null ? null : hypothesis.mechanism();
    }

    /** Whether it is one of the run's seeds. */
    public boolean seed() {
        return "seed".equals(record.operator());
    }

    /** The validation evidence of its last trial that reached validation, or null. */
    public Evidence validation() {
        Evidence v = null;
        for (Promotion p : promotions) {
            if (p.validation() != null) {
                v = p.validation();
            }
        }
        return v;
    }

    /** Whether a promotion of it was accepted. */
    public boolean promoted() {
        return promotions.stream().anyMatch(Promotion::accepted);
    }
}
