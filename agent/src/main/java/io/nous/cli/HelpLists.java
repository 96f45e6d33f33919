package io.nous.cli;

import io.nous.discover.Problem;
import io.nous.discover.Problems;
import java.util.ArrayList;
import java.util.List;
import java.util.ListResourceBundle;
import java.util.function.Function;

/**
 * The lists and defaults the help shows, read from the registries themselves (problem classes,
 * objectives, matrices, shipped router configs, and the defaults that depend on the problem class,
 * e.g. "150 for flow-control, 300 for admission"), so that the help cannot disagree with what a run
 * does. Picocli reads it as every command's resource bundle ({@code ${bundle:KEY}}).
 */
public final class HelpLists extends ListResourceBundle {
    @Override
    protected Object[][] getContents() {
        return new Object[][] {
            {"default.objective", perProblem(Problem::defaultObjective)},
            {"default.budget", perProblem(p -> String.valueOf(p.defaultBudget()))},
            {"default.matrix", perProblem(Problem::defaultMatrix)},
            {"default.seeds", perProblem(p -> String.join(",", p.defaultSeeds()))},
            {"problems", String.join("|", Problems.ids())},
            {"problem.descriptions", String.join("; ", Problems.ids().stream().map(HelpLists::describe).toList())},
            {"objectives", String.join(", ", io.nous.evaluator.objective.Objectives.all().keySet())},
            {"matrices", String.join("|", io.nous.evaluator.scenario.MatrixCatalog.BUILT_IN)},
            {"epp.presets", String.join(", ", io.nous.sim.routing.RoutingConfig.PRESET_NAMES)},
        };
    }

    /** One problem class in the help: what it searches, against what, on which matrix. */
    private static String describe(String id) {
        Problem p = Problems.byId(id);
        return id + " (a " + p.noun() + " against " + p.baselineName() + ", on the " + p.defaultMatrix() + " matrix)";
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
