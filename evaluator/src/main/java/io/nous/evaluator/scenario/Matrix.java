package io.nous.evaluator.scenario;

import io.nous.sim.Scenario;
import io.nous.sim.epp.RouterRelease;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A named set of scenarios evaluated with the same seeds (1..seeds) and duration, on one router
 * release, under one or more simulator variants (the nominal deployment and the what-ifs of facts
 * nobody can pin down), with the rule that says how many variants must agree. A split may run more
 * (or fewer) seeds than the rest ({@code splitSeeds}): the held-out splits confirm or report once,
 * so they can afford the seeds that a scenario with wide tails needs to decide anything.
 *
 * <p>{@code prefixCaching} is vLLM's automatic prefix caching on every pod: on, as vLLM V1 runs, except
 * for runs made before Nous simulated it, which replay as they were measured.
 */
public record Matrix(String name, int seeds, double durationSeconds, List<MatrixEntry> entries, RouterRelease router,
                     List<Variant> variants, PromotionRule promotion, Map<Split, Integer> splitSeeds, boolean prefixCaching) {

    public Matrix {
        entries = List.copyOf(entries);
        variants = List.copyOf(variants);
        if (variants.isEmpty()) {
            throw new IllegalArgumentException("a matrix needs at least one variant");
        }
        EnumMap<Split, Integer> copy = new EnumMap<>(Split.class);
        copy.putAll(splitSeeds);
        splitSeeds = Collections.unmodifiableMap(copy);
    }

    /** A matrix with prefix caching on. */
    public Matrix(String name, int seeds, double durationSeconds, List<MatrixEntry> entries, RouterRelease router,
                  List<Variant> variants, PromotionRule promotion, Map<Split, Integer> splitSeeds) {
        this(name, seeds, durationSeconds, entries, router, variants, promotion, splitSeeds, true);
    }

    /** A matrix with the same seeds on every split. */
    public Matrix(String name, int seeds, double durationSeconds, List<MatrixEntry> entries, RouterRelease router,
                  List<Variant> variants, PromotionRule promotion) {
        this(name, seeds, durationSeconds, entries, router, variants, promotion, Map.of());
    }

    /** A matrix on today's router, nominal deployment only. */
    public Matrix(String name, int seeds, double durationSeconds, List<MatrixEntry> entries) {
        this(name, seeds, durationSeconds, entries, RouterRelease.DEFAULT, List.of(Variant.NOMINAL), PromotionRule.ALL);
    }

    /** The entries of one split ({@code null} = all). */
    public List<MatrixEntry> entries(Split split) {
        return split == null ? entries : entries.stream().filter(e -> e.split() == split).toList();
    }

    /** Seeds of one split ({@code null} = all: the matrix's own number). */
    public int seeds(Split split) {
        return split == null ? seeds : splitSeeds.getOrDefault(split, seeds);
    }

    /** The simulation of one entry, seed and variant. */
    public Scenario scenario(MatrixEntry e, int seed, Variant v) {
        Scenario s = v.apply(e.scenario(seed, durationSeconds, router));
        return s.podConfig().prefixCaching() == prefixCaching ? s
                : s.toBuilder().podConfig(s.podConfig().withPrefixCaching(prefixCaching)).build();
    }

    /** The same matrix with {@code n} seeds on every split. */
    public Matrix withSeeds(int n) {
        return new Matrix(name, n, durationSeconds, entries, router, variants, promotion, Map.of(), prefixCaching);
    }

    /** The same matrix with these splits on their own numbers of seeds, the others on the matrix's. */
    public Matrix withSplitSeeds(Map<Split, Integer> bySplit) {
        return new Matrix(name, seeds, durationSeconds, entries, router, variants, promotion, bySplit, prefixCaching);
    }

    /** The same matrix with one split on {@code n} seeds (the first n: those it had, and more), the others as they were. */
    public Matrix withSeeds(Split split, int n) {
        Map<Split, Integer> bySplit = new java.util.EnumMap<>(Split.class);
        bySplit.putAll(splitSeeds);
        bySplit.put(split, n);
        return withSplitSeeds(bySplit);
    }

    /** The same matrix with another duration. */
    public Matrix withDuration(double seconds) {
        return new Matrix(name, seeds, seconds, entries, router, variants, promotion, splitSeeds, prefixCaching);
    }

    /** The same matrix with only the nominal variant (or the first one). */
    public Matrix nominalOnly() {
        return new Matrix(name, seeds, durationSeconds, entries, router, List.of(variants.get(0)), promotion, splitSeeds, prefixCaching);
    }

    /** The same matrix with these variants and promotion rule. */
    public Matrix withVariants(List<Variant> keep, PromotionRule rule) {
        return new Matrix(name, seeds, durationSeconds, entries, router, keep, rule, splitSeeds, prefixCaching);
    }

    /**
     * The same matrix with prefix caching on or off on every pod. Off, it is the matrix as runs from
     * before Nous simulated caching knew it: the variants about shared prefixes go, since those runs
     * had none.
     */
    public Matrix withPrefixCaching(boolean on) {
        List<Variant> kept = on ? variants : variants.stream().filter(v -> !v.needsPrefixCaching()).toList();
        return new Matrix(name, seeds, durationSeconds, entries, router, kept.isEmpty() ? variants : kept, promotion, splitSeeds, on);
    }

    /** The same matrix with another promotion rule. */
    public Matrix withPromotion(PromotionRule rule) {
        return new Matrix(name, seeds, durationSeconds, entries, router, variants, rule, splitSeeds, prefixCaching);
    }
}
