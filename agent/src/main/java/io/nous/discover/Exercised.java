package io.nous.discover;

import java.util.List;

/**
 * A compiled candidate run for the first time where candidates run: the problems its exercise
 * found (empty when accepted) and its behaviour descriptors for MAP-Elites.
 */
public record Exercised(List<String> problems, double[] behaviour) {
    public boolean accepted() {
        return problems.isEmpty();
    }
}
