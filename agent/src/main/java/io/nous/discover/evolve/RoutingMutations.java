package io.nous.discover.evolve;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.expr.DoubleLiteralExpr;
import io.nous.discover.evolve.RoutingGenome.Affinity;
import io.nous.discover.evolve.RoutingGenome.Gate;
import io.nous.discover.evolve.RoutingGenome.Load;
import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * Mutations of a routing scorer in {@link RoutingGenome}'s canonical form. What the lab's
 * configurations could not do, and a search over one form can, is combine their two signals:
 * affinity (how much of this prompt an endpoint holds) gated by a load reading, against a load term
 * of another kind. The operators change one thing a reviewer can name — which signal gates
 * affinity and where, whether affinity is a step or graded, which load the rest is judged by, the
 * weight between the two, one constant — and a crossover joins one parent's affinity with the
 * other's load. A source outside the form only has a double literal varied.
 */
final class RoutingMutations {
    private RoutingMutations() {
    }

    /** Ratios of load weight to affinity weight the reweight operator draws from. */
    static final double[] LOAD_RATIOS = {0.05, 0.1, 0.2, 0.5, 1, 2, 5};

    /** One operator drawn for a canonical parent, or a literal varied for any other. */
    static Mutations.Result mutate(String source, RandomGenerator rng) {
        RoutingGenome g = RoutingGenome.parse(source);
        if (g == null) {
            return perturbLiteral(source, rng);
        }
        return switch (rng.nextInt(6)) {
            case 0 -> regate(source, g, rng);
            case 1 -> reformAffinity(source, g);
            case 2 -> reload(source, g, rng);
            case 3 -> reweight(source, g, rng);
            default -> perturbConstant(source, g, rng);
        };
    }

    /** Another signal (or none) turns affinity off past a limit drawn around a typical value for it. */
    static Mutations.Result regate(String source, RoutingGenome g, RandomGenerator rng) {
        Gate[] gates = Gate.values();
        Gate now;
        do {
            now = gates[rng.nextInt(gates.length)];
        } while (now == g.gate());
        double limit = now == Gate.NONE ? Double.NaN : limitNear(now, now.initial * Math.pow(2, rng.nextInt(5) - 2));
        RoutingGenome child = g.withGate(now, limit);
        String change = now == Gate.NONE ? "affinity no longer gated (was " + g.gate().words + ")"
                : "affinity only while " + now.words + " < " + RoutingGenome.fmt(limit);
        return result(source, child, "regate", change);
    }

    /** A sticky endpoint worth a flat 1, or worth the share of the prompt it holds. */
    static Mutations.Result reformAffinity(String source, RoutingGenome g) {
        Affinity now = g.affinity() == Affinity.STEP ? Affinity.GRADED : Affinity.STEP;
        return result(source, g.withAffinity(now), "reform-affinity", now == Affinity.GRADED ? "affinity graded by the share held"
                : "affinity a flat bonus");
    }

    /** The rest judged by another load reading. */
    static Mutations.Result reload(String source, RoutingGenome g, RandomGenerator rng) {
        Load[] loads = Load.values();
        Load now;
        do {
            now = loads[rng.nextInt(loads.length)];
        } while (now == g.load());
        double scale = now.scaled() ? Math.rint(now.initialScale * Math.pow(4, rng.nextInt(3) - 1)) : Double.NaN;
        return result(source, g.withLoad(now, scale), "reload", "load judged by " + now.words);
    }

    /** Another balance between affinity and load. */
    static Mutations.Result reweight(String source, RoutingGenome g, RandomGenerator rng) {
        double ratio = g.loadWeight() / g.affinityWeight();
        double now;
        do {
            now = LOAD_RATIOS[rng.nextInt(LOAD_RATIOS.length)];
        } while (Math.abs(now - ratio) < 1e-9);
        return result(source, g.withWeights(1.0, now), "reweight", "load weighted " + RoutingGenome.fmt(now) + " of affinity");
    }

    /** One constant moved: the threshold by about 0.1, a weight, scale or limit by a log-normal factor (about ±30 %). */
    static Mutations.Result perturbConstant(String source, RoutingGenome g, RandomGenerator rng) {
        List<String> names = List.copyOf(g.constants().keySet());
        String name = names.get(rng.nextInt(names.size()));
        double factor = Math.exp(0.3 * rng.nextGaussian());
        RoutingGenome child = switch (name) {
            case "AFFINITY_THRESHOLD" -> g.withThreshold(round(Math.max(0, Math.min(1, g.threshold() + 0.1 * rng.nextGaussian()))));
            case "AFFINITY_WEIGHT" -> g.withWeights(round(g.affinityWeight() * factor), g.loadWeight());
            case "LOAD_WEIGHT" -> g.withWeights(g.affinityWeight(), round(g.loadWeight() * factor));
            case "GATE_LIMIT" -> g.withGate(g.gate(), limitNear(g.gate(), g.gateLimit() * factor));
            default -> g.withLoad(g.load(), Math.max(1, Math.rint(g.loadScale() * factor)));
        };
        if (child.equals(g)) {
            return null;
        }
        double old = g.constants().get(name);
        double now = child.constants().get(name);
        return result(source, child, "perturb-constant", name + " " + RoutingGenome.fmt(old) + " -> " + RoutingGenome.fmt(now));
    }

    /** One parent's affinity term (form, threshold, gate) with the other's load term, weighted as the first. */
    static Mutations.Result cross(String a, String b) {
        RoutingGenome ga = RoutingGenome.parse(a);
        RoutingGenome gb = RoutingGenome.parse(b);
        if (ga == null || gb == null || ga.load() == gb.load() && ga.loadScale() == gb.loadScale() || ga.equals(gb)) {
            return null;
        }
        RoutingGenome child = ga.withLoad(gb.load(), gb.loadScale());
        return result(a, child, "cross-scorers", "this affinity with the other parent's " + gb.load().words);
    }

    /** A source outside the canonical form: one positive double literal other than 1 scaled (about ±20 %). */
    static Mutations.Result perturbLiteral(String source, RandomGenerator rng) {
        CompilationUnit cu;
        try {
            cu = StaticJavaParser.parse(source);
        } catch (RuntimeException e) {
            return null;
        }
        List<DoubleLiteralExpr> lits = cu.findAll(DoubleLiteralExpr.class, l -> l.asDouble() > 0 && l.asDouble() != 1.0);
        if (lits.isEmpty()) {
            return null;
        }
        DoubleLiteralExpr lit = lits.get(rng.nextInt(lits.size()));
        double old = lit.asDouble();
        double now = round(old * Math.exp(0.2 * rng.nextGaussian()));
        if (now == old) {
            now = round(old * 1.1);
        }
        lit.setValue(RoutingGenome.literal(now));
        return new Mutations.Result(cu.toString(), "perturb-constant", "constant " + RoutingGenome.fmt(old) + " -> " + RoutingGenome.fmt(now),
                Double.NaN);
    }

    /** A gate limit as the signal allows it: a whole count of at least 1, or a KV share in (0, 1]. */
    private static double limitNear(Gate gate, double x) {
        return gate.counts ? Math.max(1, Math.rint(x)) : round(Math.max(0.05, Math.min(1, x)));
    }

    private static double round(double x) {
        return Double.parseDouble(RoutingGenome.literal(x));
    }

    private static Mutations.Result result(String parent, RoutingGenome child, String operator, String change) {
        CompilationUnit cu = StaticJavaParser.parse(parent);
        String pkg = cu.getPackageDeclaration().map(p -> p.getNameAsString()).orElse(null);
        String name = cu.findFirst(ClassOrInterfaceDeclaration.class).map(ClassOrInterfaceDeclaration::getNameAsString).orElse("Candidate");
        return new Mutations.Result(child.render(pkg, name), operator, change, Double.NaN);
    }
}
