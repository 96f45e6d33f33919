package io.nous.discover;

import io.nous.store.journal.Principle;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns evidence into principles that constrain later proposals: a candidate that failed a
 * constraint in a recognisable way teaches a rule (gating too early harms under-capacity traffic;
 * closing the lowest band at 0.8 starves it). Each rule is learned once per run.
 *
 * <p>The rules are about usage-limit policies (bands, gates, duty cycles), so only problem
 * classes that say so ({@link Problem#distilsPrinciples()}) learn them; the others inherit and
 * report principles but learn none yet.
 */
final class PrincipleDistiller {
    private final List<String> learned = new ArrayList<>();
    private final boolean distils;

    /**
     * @param known   principles learned before this run started (from earlier runs), so they are not journaled again
     * @param problem the problem class searched
     */
    PrincipleDistiller(List<String> known, Problem problem) {
        learned.addAll(known);
        distils = problem.distilsPrinciples();
    }

    /** The principles this evidence teaches that were not known yet. */
    List<Principle> distil(Evaluated e) {
        List<Principle> found = new ArrayList<>();
        if (!distils) {
            return found;
        }
        if ("no-harm-under-capacity".equals(e.failedConstraint()) && e.onset() < 0.5) {
            found.add(new Principle("Gating below saturation 0.5 harms under-capacity traffic (min-gate=0.5)", e.candidateId()));
        }
        if ("no-starvation".equals(e.failedConstraint()) && e.dutyAt08() == 0.0) {
            found.add(new Principle("Closing the lowest band completely at saturation 0.8 starves sheddable traffic", e.candidateId()));
        }
        List<Principle> fresh = new ArrayList<>();
        for (Principle p : found) {
            if (!learned.contains(p.principle())) {
                learned.add(p.principle());
                fresh.add(p);
            }
        }
        return fresh;
    }

    /** Every principle known so far, in the order learned. */
    List<String> principles() {
        return List.copyOf(learned);
    }
}
