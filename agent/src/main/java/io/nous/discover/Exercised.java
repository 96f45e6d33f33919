package io.nous.discover;

import java.util.List;

/**
 * A compiled candidate run for the first time where candidates run: the problems its exercise
 * found (empty when accepted), its behaviour descriptors for MAP-Elites, and its behaviour
 * fingerprint and signature on the probe grid (null when none was taken), by which a candidate that
 * answers everything as an evaluated one does, or within a tolerance of it, is skipped.
 */
public record Exercised(List<String> problems, double[] behaviour, String fingerprint, double[] signature) {
    public Exercised(List<String> problems, double[] behaviour) {
        this(problems, behaviour, null, null);
    }

    public boolean accepted() {
        return problems.isEmpty();
    }
}
