package io.nous.evaluator;

import java.util.List;

/**
 * How a group-sequential evaluation spent its seeds: the plan's looks and the confidence each was
 * judged at, how many looks and seeds it took, why it stopped there, and the paired simulations
 * (candidate and baseline on one scenario, seed and variant) the cap would have cost beyond them.
 *
 * @param decision {@code better}, {@code worse} or {@code equivalent} (decided), {@code open} (the
 *                 cap came first) or {@code halted} (a failure or racing ended it)
 */
public record SequentialOutcome(List<Integer> looks, double lookConfidence, int looksRun, int seeds, String decision,
                                long pairsSaved) {

    public SequentialOutcome {
        looks = List.copyOf(looks);
    }

    /** Whether the evaluation stopped before its cap because the verdict was clear. */
    public boolean stoppedEarly() {
        return looksRun < looks.size() && !"halted".equals(decision);
    }
}
