package io.nous.evaluator.scenario;

import io.nous.sim.Scenario;
import io.nous.sim.epp.RouterRelease;
import java.util.List;

/**
 * A named set of scenarios evaluated with the same seeds (1..seeds) and duration, on one router
 * release, under one or more simulator variants (the nominal deployment and the what-ifs of facts
 * nobody can pin down), with the rule that says how many variants must agree.
 */
public record Matrix(String name, int seeds, double durationSeconds, List<MatrixEntry> entries, RouterRelease router,
                     List<Variant> variants, PromotionRule promotion) {

    public Matrix {
        entries = List.copyOf(entries);
        variants = List.copyOf(variants);
        if (variants.isEmpty()) {
            throw new IllegalArgumentException("a matrix needs at least one variant");
        }
    }

    /** A matrix on today's router, nominal deployment only. */
    public Matrix(String name, int seeds, double durationSeconds, List<MatrixEntry> entries) {
        this(name, seeds, durationSeconds, entries, RouterRelease.DEFAULT, List.of(Variant.NOMINAL), PromotionRule.ALL);
    }

    /** The entries of one split ({@code null} = all). */
    public List<MatrixEntry> entries(Split split) {
        return split == null ? entries : entries.stream().filter(e -> e.split() == split).toList();
    }

    /** The simulation of one entry, seed and variant. */
    public Scenario scenario(MatrixEntry e, int seed, Variant v) {
        return v.apply(e.scenario(seed, durationSeconds, router));
    }

    /** The same matrix with another number of seeds. */
    public Matrix withSeeds(int n) {
        return new Matrix(name, n, durationSeconds, entries, router, variants, promotion);
    }

    /** The same matrix with another duration. */
    public Matrix withDuration(double seconds) {
        return new Matrix(name, seeds, seconds, entries, router, variants, promotion);
    }

    /** The same matrix with only the nominal variant (or the first one). */
    public Matrix nominalOnly() {
        return new Matrix(name, seeds, durationSeconds, entries, router, List.of(variants.get(0)), promotion);
    }

    /** The same matrix with another promotion rule. */
    public Matrix withPromotion(PromotionRule rule) {
        return new Matrix(name, seeds, durationSeconds, entries, router, variants, rule);
    }
}
