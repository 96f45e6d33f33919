package io.nous.cli;

import io.nous.discover.Problem;
import io.nous.discover.Problems;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The lists and defaults the help shows, read from the registries themselves (problem classes,
 * objectives, matrices, shipped router configs, and the defaults that depend on the problem class,
 * e.g. "150 for flow-control, 300 for admission"), so that the help cannot disagree with what a run
 * does. Picocli reads it as every command's resource bundle ({@code ${bundle:KEY}}); each value is
 * computed when it is asked for, so a command that never shows its help loads no registry for it.
 */
public final class HelpLists extends ResourceBundle {
    private static final Map<String, Supplier<String>> VALUES = new LinkedHashMap<>();

    static {
        VALUES.put("default.objective", () -> perProblem(Problem::defaultObjective));
        VALUES.put("default.budget", () -> perProblem(p -> String.valueOf(p.defaultBudget())));
        VALUES.put("default.matrix", () -> perProblem(Problem::defaultMatrix));
        VALUES.put("default.seeds", () -> perProblem(p -> String.join(",", p.defaultSeeds())));
        VALUES.put("problems", () -> String.join("|", Problems.ids()));
        VALUES.put("problem.descriptions", () -> String.join("; ", Problems.ids().stream().map(HelpLists::describe).toList()));
        VALUES.put("objectives", () -> String.join(", ", io.nous.evaluator.objective.Objectives.all().keySet()));
        VALUES.put("matrices", () -> String.join("|", io.nous.evaluator.scenario.MatrixCatalog.BUILT_IN));
        VALUES.put("pd.links", () -> String.join(", ", io.nous.sim.pd.KvTransfer.VARIANTS.stream().map(io.nous.sim.pd.KvTransfer::name).toList()));
        VALUES.put("pd.deployments", () -> String.join(", ", io.nous.sim.pd.Deployment.names()));
        VALUES.put("epp.presets", () -> String.join(", ", io.nous.sim.routing.RoutingConfig.PRESET_NAMES));
    }

    @Override
    protected Object handleGetObject(String key) {
        Supplier<String> v = VALUES.get(key);
        return v == null ? null : v.get();
    }

    @Override
    public Enumeration<String> getKeys() {
        return Collections.enumeration(VALUES.keySet());
    }

    /** One problem class in the help: what it searches, against what, on which matrix. */
    private static String describe(String id) {
        Problem p = Problems.byId(id);
        return id + " (" + p.noun() + " against " + p.baselineName() + ", on the " + p.defaultMatrix() + " matrix)";
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
