package io.nous.evaluator.scenario;

import java.util.List;

/**
 * A named set of scenarios evaluated with the same seeds (1..seeds) and duration.
 */
public record Matrix(String name, int seeds, double durationSeconds, List<MatrixEntry> entries) {

    public Matrix {
        entries = List.copyOf(entries);
    }

    /** The entries of one split ({@code null} = all). */
    public List<MatrixEntry> entries(Split split) {
        return split == null ? entries : entries.stream().filter(e -> e.split() == split).toList();
    }

    /** The same matrix with another number of seeds. */
    public Matrix withSeeds(int n) {
        return new Matrix(name, n, durationSeconds, entries);
    }

    /** The same matrix with another duration. */
    public Matrix withDuration(double seconds) {
        return new Matrix(name, seeds, seconds, entries);
    }
}
