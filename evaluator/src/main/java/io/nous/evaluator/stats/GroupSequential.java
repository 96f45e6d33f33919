package io.nous.evaluator.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * A group-sequential plan for a paired comparison: seeds come in looks (the first {@code n0}, then
 * more, up to a cap) and the comparison stops at the first look whose verdict is decided. Each look
 * is judged at {@code 1 - (1 - confidence) / K} for K looks, so by Bonferroni's inequality the
 * chance of calling a pair better or worse when it is neither stays at most {@code 1 - confidence}
 * over all looks together, whatever the correlation between looks. A look is decided when its
 * interval excludes zero, or when it lies inside {@code ±margin}: the pair is equivalent within a
 * difference too small to be worth more seeds. A pair still open at the cap is reported as
 * {@code no-difference}, as a fixed-size comparison would be.
 *
 * @param looks      cumulative seed counts, strictly increasing (one entry: a fixed-size comparison)
 * @param confidence the family confidence over every look
 * @param margin     relative change within which an interval counts as equivalent (0: never)
 */
public record GroupSequential(List<Integer> looks, double confidence, double margin) {

    /** Where a look leaves the comparison. */
    public enum Decision {
        BETTER, WORSE, EQUIVALENT, OPEN,
        /** The comparison cannot go on (a simulation failed, or racing dropped the candidate). */
        HALTED;

        /** Whether the comparison may stop here. */
        public boolean decided() {
            return this != OPEN;
        }
    }

    public GroupSequential {
        looks = List.copyOf(looks);
        if (looks.isEmpty()) {
            throw new IllegalArgumentException("a plan needs at least one look");
        }
        for (int i = 0; i < looks.size(); i++) {
            if (looks.get(i) < 1 || (i > 0 && looks.get(i) <= looks.get(i - 1))) {
                throw new IllegalArgumentException("looks must be increasing seed counts >= 1, got " + looks);
            }
        }
        if (!(confidence > 0.5 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0.5, 1), got " + confidence);
        }
        if (!(margin >= 0 && margin < 1)) {
            throw new IllegalArgumentException("margin must be in [0, 1), got " + margin);
        }
    }

    /** One look of {@code seeds}: the fixed-size comparison every evaluation made before plans. */
    public static GroupSequential fixed(int seeds, double confidence) {
        return new GroupSequential(List.of(seeds), confidence, 0);
    }

    /**
     * Looks at {@code first} seeds, then doubling, and last at {@code cap} (at most {@code first}
     * when the cap is not above it).
     */
    public static GroupSequential doubling(int first, int cap, double confidence, double margin) {
        List<Integer> looks = new ArrayList<>();
        for (int n = first; n < cap; n *= 2) {
            looks.add(n);
        }
        looks.add(Math.max(first, cap));
        return new GroupSequential(looks.stream().distinct().toList(), confidence, margin);
    }

    /** The confidence each look is judged at. */
    public double lookConfidence() {
        return 1 - (1 - confidence) / looks.size();
    }

    /** The seeds of the last look: what the comparison may spend at most. */
    public int cap() {
        return looks.get(looks.size() - 1);
    }

    /** Whether this plan can add seeds at all. */
    public boolean sequential() {
        return looks.size() > 1;
    }

    /** Where an interval of the relative change, at {@link #lookConfidence()}, leaves the comparison. */
    public Decision decide(double ciLow, double ciHigh, boolean lowerIsBetter) {
        if (Double.isNaN(ciLow) || Double.isNaN(ciHigh)) {
            return Decision.OPEN;
        }
        Verdict v = Verdict.of(ciLow, ciHigh, lowerIsBetter);
        if (v == Verdict.BETTER) {
            return Decision.BETTER;
        }
        if (v == Verdict.WORSE) {
            return Decision.WORSE;
        }
        return margin > 0 && ciLow > -margin && ciHigh < margin ? Decision.EQUIVALENT : Decision.OPEN;
    }

    /**
     * Where a comparison stopped: the result of its last look, how many looks and seeds it took, and
     * the decision there ({@link Decision#OPEN} when the cap came first).
     */
    public record Outcome<T>(T last, int looksRun, int seeds, Decision decision) {
    }

    /**
     * Runs the plan: {@code look} makes the comparison on its first n seeds, judged at
     * {@link #lookConfidence()} (it may reuse what earlier looks simulated), and {@code decide}
     * reads a look's result; the first decided look ends it.
     */
    public <T> Outcome<T> run(java.util.function.IntFunction<T> look, java.util.function.Function<T, Decision> decide) {
        T last = null;
        Decision d = Decision.OPEN;
        int i = 0;
        for (int n : looks) {
            i++;
            last = look.apply(n);
            d = decide.apply(last);
            if (d.decided()) {
                break;
            }
        }
        return new Outcome<>(last, i, looks.get(i - 1), d);
    }

    /** The plan in words, for reports: "3, 6, 12 seeds; each look at 98.3 %, family error <= 5 %". */
    public String describe() {
        return String.format(java.util.Locale.ROOT, "looks at %s seeds, each at %.1f %% (at most %.0f %% wrong verdicts over all looks)%s",
                looks.stream().map(String::valueOf).reduce((a, b) -> a + ", " + b).orElse(""), 100 * lookConfidence(),
                100 * (1 - confidence), margin > 0 ? String.format(java.util.Locale.ROOT, "; equivalent within ±%.1f %%", 100 * margin) : "");
    }
}
