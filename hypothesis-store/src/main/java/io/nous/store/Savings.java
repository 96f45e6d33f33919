package io.nous.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.nous.store.journal.Duplicate;
import io.nous.store.journal.Evidence;
import io.nous.store.journal.JournalEntry;
import io.nous.store.journal.NoveltyAudit;
import io.nous.store.journal.RacingAudit;
import java.util.List;

/**
 * What a run did not simulate, read from its journal: proposals the novelty filter skipped (by code,
 * by exact behaviour, within the tolerance), each of which would have cost up to one search
 * evaluation, and the variant evaluations racing stopped, in full search evaluations; with what the
 * audits found when the run was asked to check the filter or racing.
 *
 * @param searchEvaluations     search evaluations run
 * @param racedOut              of them, those racing stopped early
 * @param variantsRun           variant evaluations they ran (a variant: every search scenario and seed under one simulator variant)
 * @param variantsSkipped       variant evaluations racing did not run
 * @param noveltyAudited        skipped proposals evaluated anyway by {@code --novelty-audit}
 * @param noveltyWouldPromote   of them, those that would have been promoted
 * @param racingAudited         raced-out candidates evaluated fully by {@code --racing-audit}
 * @param racingWouldPromote    of them, those that would have been promoted
 */
public record Savings(@JsonProperty("duplicates_by_code") int byCode, @JsonProperty("duplicates_by_behaviour") int byBehaviour,
                      @JsonProperty("duplicates_within_tolerance") int withinTolerance,
                      @JsonProperty("search_evaluations") int searchEvaluations, @JsonProperty("raced_out") int racedOut,
                      @JsonProperty("variants_run") int variantsRun, @JsonProperty("variants_skipped") int variantsSkipped,
                      @JsonProperty("evaluations_saved_by_racing") double savedByRacing,
                      @JsonProperty("novelty_audited") int noveltyAudited, @JsonProperty("novelty_would_promote") int noveltyWouldPromote,
                      @JsonProperty("racing_audited") int racingAudited, @JsonProperty("racing_would_promote") int racingWouldPromote) {

    /** Search evaluations the novelty filter saved: one per skipped proposal. */
    @JsonProperty("evaluations_saved_by_novelty")
    public int savedByNovelty() {
        return byCode + byBehaviour + withinTolerance;
    }

    /** Tallies the journal's entries. */
    public static Savings of(List<JournalEntry> entries) {
        int code = 0;
        int behaviour = 0;
        int near = 0;
        int evaluations = 0;
        int raced = 0;
        int run = 0;
        int skipped = 0;
        double saved = 0;
        int nAudited = 0;
        int nPromote = 0;
        int rAudited = 0;
        int rPromote = 0;
        for (JournalEntry e : entries) {
            if (e instanceof Duplicate d) {
                if (!d.byBehaviour()) {
                    code++;
                } else if (d.distance() == null) {
                    behaviour++;
                } else {
                    near++;
                }
            } else if (e instanceof Evidence ev && Evidence.EVALUATION.equals(ev.journalType()) && "search".equals(ev.split())) {
                evaluations++;
                int ran = ev.variants() == null ? 0 : ev.variants().size();
                int of = Math.max(ev.variantsInMatrix(), ran);
                run += ran;
                if (ev.racedOut() != null) {
                    raced++;
                    skipped += of - ran;
                    saved += of == 0 ? 0 : (of - ran) / (double) of;
                }
            } else if (e instanceof NoveltyAudit a) {
                nAudited++;
                nPromote += a.wouldHaveBeenPromoted() ? 1 : 0;
            } else if (e instanceof RacingAudit a) {
                rAudited++;
                rPromote += a.wouldHaveBeenPromoted() ? 1 : 0;
            }
        }
        return new Savings(code, behaviour, near, evaluations, raced, run, skipped, saved, nAudited, nPromote, rAudited, rPromote);
    }
}
