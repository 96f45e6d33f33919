package io.nous.store;

import io.nous.store.journal.Evidence;
import io.nous.store.journal.FrontEvaluation;
import io.nous.store.journal.JournalEntry;
import io.nous.store.journal.Promotion;
import io.nous.store.journal.UpstreamComparison;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run's sequential comparisons (trials against the incumbent, validation, test, upstream
 * policies) spent, read from its journal: how many there were, how many stopped before their cap
 * because the verdict was clear, how many were still open at it, the seeds they took against the
 * seeds their caps allowed, and the paired simulations the caps would have cost beyond them.
 */
public record SequentialSpend(int comparisons, int stoppedEarly, int openAtCap, long seeds, long seedsAtCap, long pairsSaved) {

    /** Tallies every sequential comparison the journal records (none for a run with fixed seeds). */
    public static SequentialSpend of(List<JournalEntry> entries) {
        List<Evidence.SequentialEvidence> all = new ArrayList<>();
        for (JournalEntry e : entries) {
            if (e instanceof Promotion p) {
                add(all, p.searchVsIncumbent());
                add(all, p.validation());
            } else if (e instanceof Evidence ev) {
                add(all, ev);
            } else if (e instanceof FrontEvaluation f) {
                add(all, f.evidence());
            } else if (e instanceof UpstreamComparison u && u.sequential() != null) {
                all.add(u.sequential());
            }
        }
        int early = 0;
        int open = 0;
        long seeds = 0;
        long cap = 0;
        long saved = 0;
        for (Evidence.SequentialEvidence s : all) {
            boolean decided = !"open".equals(s.decision()) && !"halted".equals(s.decision());
            early += decided && s.looksRun() < s.looks().size() ? 1 : 0;
            open += "open".equals(s.decision()) ? 1 : 0;
            seeds += s.seeds();
            cap += s.looks().get(s.looks().size() - 1);
            saved += s.pairsSaved();
        }
        return new SequentialSpend(all.size(), early, open, seeds, cap, saved);
    }

    private static void add(List<Evidence.SequentialEvidence> all, Evidence e) {
        if (e != null && e.sequential() != null) {
            all.add(e.sequential());
        }
    }

    /** One line for a run's summary, or null when the run compared on fixed seeds. */
    public String line() {
        if (comparisons == 0) {
            return null;
        }
        return String.format(java.util.Locale.ROOT, "%d decisive comparison%s added seeds while open: %d stopped before the cap, %d still open "
                        + "at it; %d seeds of the %d the caps allowed, %d paired simulations saved", comparisons, comparisons == 1 ? "" : "s",
                stoppedEarly, openAtCap, seeds, seedsAtCap, pairsSaved);
    }
}
