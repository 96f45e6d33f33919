package io.nous.cli;

import io.nous.discover.Problem;
import io.nous.discover.Problems;
import java.util.ArrayList;
import java.util.List;
import java.util.ListResourceBundle;
import java.util.function.Function;

/**
 * The defaults {@code discover}'s help shows for options whose default depends on the problem
 * class (objective, budget, matrix, seed policies), read from the registered classes themselves, so
 * that the help cannot disagree with what a run does: e.g. "150 for flow-control, 300 for
 * admission, 150 for joint". Picocli reads it as the command's resource bundle ({@code ${bundle:KEY}}).
 */
public final class DiscoverHelp extends ListResourceBundle {
    @Override
    protected Object[][] getContents() {
        return new Object[][] {
            {"default.objective", perProblem(Problem::defaultObjective)},
            {"default.budget", perProblem(p -> String.valueOf(p.defaultBudget()))},
            {"default.matrix", perProblem(Problem::defaultMatrix)},
            {"default.seeds", perProblem(p -> String.join(",", p.defaultSeeds()))},
            {"problems", String.join("|", Problems.ids())},
        };
    }

    /** {@code VALUE for ID, VALUE for ID, ...} over every registered problem class, in registration order. */
    private static String perProblem(Function<Problem, String> value) {
        List<String> parts = new ArrayList<>();
        for (String id : Problems.ids()) {
            parts.add(value.apply(Problems.byId(id)) + " for " + id);
        }
        return String.join(", ", parts);
    }
}
