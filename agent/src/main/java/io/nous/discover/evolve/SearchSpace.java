package io.nous.discover.evolve;

import io.nous.discover.Evaluated;
import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * How the offline search breeds the candidates of one problem class: which operators vary a
 * parent, when and how two parents cross, what to do when nothing applied, and which MAP-Elites
 * cell a candidate falls in. A problem class returns its own ({@code Problem.search()}); the
 * proposer only selects parents and words the hypothesis.
 */
public interface SearchSpace {

    /** The elites a child may be crossed with: how many there are, and one drawn by tournament. */
    interface Elites {
        int size();

        Evaluated draw();
    }

    /**
     * One child of {@code parent}, or null to draw another parent. A crossover adds the second
     * parent's id to {@code parents}.
     *
     * @param minGate the lowest saturation gate the principles allow (0: none)
     */
    Mutations.Result vary(Evaluated parent, Elites elites, RandomGenerator rng, double minGate, List<String> parents);

    /** When no draw produced a child: a small change to {@code base}, which always applies. */
    Mutations.Result fallback(Evaluated base, RandomGenerator rng, double minGate);

    /**
     * The candidate's cell in the behaviour grid: its two probe axes in fifths (a sixth bin for an
     * axis the probe could not measure) and, for an admitter, which form of {@code admit} it
     * implements (the search split has no long-context traffic, so a child that separates the
     * saturation's terms scores like its parent there and would be lost before it is tuned).
     */
    default String cell(Evaluated e) {
        return bin(e.onset()) + "/" + bin(e.dutyAt08()) + (AdmissionMutations.termsForm(e.source()) ? "/terms" : "");
    }

    private static int bin(double x) {
        return Double.isNaN(x) ? 5 : Math.min(4, (int) Math.floor(x * 5));
    }
}
