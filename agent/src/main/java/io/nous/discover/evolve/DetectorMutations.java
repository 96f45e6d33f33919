package io.nous.discover.evolve;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.DoubleLiteralExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * The offline search's operators for saturation detectors. A detector's structure comes from its
 * seeds (the utilization detector, with or without in-flight credit, the concurrency detector, the
 * lease proposal), which state their thresholds as the arguments their no-argument constructor
 * passes on; the operators tune those (a threshold scaled, a flag flipped) and, failing that, any
 * other constant of the source. Structural changes are the language model's to propose.
 */
public final class DetectorMutations {
    private DetectorMutations() {
    }

    /** One change to {@code source}: mostly a threshold of its constructor call, sometimes another constant; null when none applies. */
    public static Mutations.Result mutate(String source, RandomGenerator rng) {
        Mutations.Result r = rng.nextInt(4) == 0 ? perturbConstant(source, rng) : scaleThreshold(source, rng);
        return r != null ? r : perturbConstant(source, rng);
    }

    /**
     * A threshold the seed states, scaled by a lognormal factor (a whole count stays whole and at
     * least 1), or its flag flipped: an argument the no-argument constructor passes on, or, in a
     * class without one (a joint candidate's detector half, whose constructor was inlined), the
     * literal a field the {@code saturation} method reads starts as; null when there is neither.
     */
    public static Mutations.Result scaleThreshold(String source, RandomGenerator rng) {
        CompilationUnit cu = parse(source);
        if (cu == null) {
            return null;
        }
        Optional<ExplicitConstructorInvocationStmt> call = cu.findAll(ConstructorDeclaration.class, c -> c.getParameters().isEmpty())
                .stream().flatMap(c -> c.findAll(ExplicitConstructorInvocationStmt.class).stream()).findFirst();
        Expression arg;
        String param;
        if (call.isPresent() && !call.get().getArguments().isEmpty()) {
            List<Expression> args = call.get().getArguments();
            int at = rng.nextInt(args.size());
            arg = args.get(at);
            param = parameterName(cu, args.size(), at);
        } else {
            List<VariableDeclarator> fields = statedThresholds(cu);
            if (fields.isEmpty()) {
                return null;
            }
            VariableDeclarator field = fields.get(rng.nextInt(fields.size()));
            arg = field.getInitializer().orElseThrow();
            param = field.getNameAsString();
        }
        if (arg instanceof BooleanLiteralExpr b) {
            b.setValue(!b.getValue());
            return new Mutations.Result(cu.toString(), "toggle-flag", param + " " + !b.getValue() + " -> " + b.getValue(), Double.NaN);
        }
        double factor = Math.exp(0.3 * rng.nextGaussian());
        if (arg instanceof IntegerLiteralExpr i) {
            long old = i.asNumber().longValue();
            long now = Math.max(1, Math.round(old * factor));
            now = now == old ? old + (factor >= 1 ? 1 : -Math.min(1, old - 1)) : now;
            if (now == old || now > Integer.MAX_VALUE) {
                return null;
            }
            i.setValue(Long.toString(now));
            return new Mutations.Result(cu.toString(), "scale-threshold", param + " " + old + " -> " + now, Double.NaN);
        }
        if (arg instanceof LongLiteralExpr l) {
            long old = l.asNumber().longValue();
            long now = Math.max(1, Math.round(old * factor));
            if (now == old) {
                return null;
            }
            l.setValue(now + "L");
            return new Mutations.Result(cu.toString(), "scale-threshold", param + " " + old + " -> " + now, Double.NaN);
        }
        if (arg instanceof DoubleLiteralExpr d) {
            double old = d.asDouble();
            double now = Double.parseDouble(RoutingGenome.literal(old * factor));
            if (param.toLowerCase(java.util.Locale.ROOT).contains("kv")) {
                now = Math.min(1.0, now); // a KV share
            }
            if (now == old || !(now > 0)) {
                return null;
            }
            d.setValue(RoutingGenome.literal(now));
            return new Mutations.Result(cu.toString(), "scale-threshold", param + " " + RoutingGenome.fmt(old) + " -> " + RoutingGenome.fmt(now),
                    Double.NaN);
        }
        return null;
    }

    /** A constant of the {@code saturation} method other than 0 and 1, scaled by a lognormal factor; null when there is none. */
    public static Mutations.Result perturbConstant(String source, RandomGenerator rng) {
        CompilationUnit cu = parse(source);
        if (cu == null) {
            return null;
        }
        List<DoubleLiteralExpr> lits = cu.findAll(MethodDeclaration.class, m -> m.getNameAsString().equals("saturation")).stream()
                .flatMap(m -> m.findAll(DoubleLiteralExpr.class, l -> l.asDouble() > 0 && l.asDouble() != 1.0).stream()).toList();
        if (lits.isEmpty()) {
            return null;
        }
        DoubleLiteralExpr lit = lits.get(rng.nextInt(lits.size()));
        double old = lit.asDouble();
        double now = Double.parseDouble(RoutingGenome.literal(old * Math.exp(0.2 * rng.nextGaussian())));
        if (now == old) {
            now = Double.parseDouble(RoutingGenome.literal(old * 1.1));
        }
        lit.setValue(RoutingGenome.literal(now));
        return new Mutations.Result(cu.toString(), "perturb-constant", "constant " + RoutingGenome.fmt(old) + " -> " + RoutingGenome.fmt(now),
                Double.NaN);
    }

    /**
     * Every saturation the detector returns scaled by 0.9 or 1.1: a change that applies to any
     * detector (the search's last resort when a source has no threshold or constant to tune).
     */
    public static Mutations.Result scaleOutput(String source, RandomGenerator rng) {
        CompilationUnit cu = parse(source);
        if (cu == null) {
            return null;
        }
        List<com.github.javaparser.ast.stmt.ReturnStmt> returns = cu.findAll(MethodDeclaration.class,
                m -> m.getNameAsString().equals("saturation")).stream()
                .flatMap(m -> m.findAll(com.github.javaparser.ast.stmt.ReturnStmt.class).stream()).filter(r -> r.getExpression().isPresent())
                .toList();
        if (returns.isEmpty()) {
            return null;
        }
        String factor = rng.nextBoolean() ? "0.9" : "1.1";
        for (var r : returns) {
            Expression e = r.getExpression().orElseThrow();
            r.setExpression(StaticJavaParser.parseExpression("(" + e + ") * " + factor));
        }
        return new Mutations.Result(cu.toString(), "scale-output", "every saturation x " + factor, Double.NaN);
    }

    /** The name of the full constructor's parameter at {@code at}, or "argument N". */
    /** Fields with a literal initializer (a number or a flag) that the {@code saturation} method reads, in source order. */
    private static List<VariableDeclarator> statedThresholds(CompilationUnit cu) {
        Set<String> read = new HashSet<>();
        cu.findAll(MethodDeclaration.class, m -> m.getNameAsString().equals("saturation"))
                .forEach(m -> {
                    m.findAll(NameExpr.class).forEach(n -> read.add(n.getNameAsString()));
                    m.findAll(FieldAccessExpr.class, a -> a.getScope().isThisExpr()).forEach(a -> read.add(a.getNameAsString()));
                });
        return cu.findAll(FieldDeclaration.class).stream().flatMap(f -> f.getVariables().stream())
                .filter(v -> read.contains(v.getNameAsString()) && v.getInitializer().filter(i -> i instanceof BooleanLiteralExpr
                        || i instanceof IntegerLiteralExpr || i instanceof LongLiteralExpr || i instanceof DoubleLiteralExpr).isPresent())
                .toList();
    }

    private static String parameterName(CompilationUnit cu, int arity, int at) {
        return cu.findAll(ConstructorDeclaration.class, c -> c.getParameters().size() == arity).stream().findFirst()
                .map(c -> c.getParameter(at).getNameAsString()).orElse("argument " + (at + 1));
    }

    private static CompilationUnit parse(String source) {
        try {
            return StaticJavaParser.parse(source);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
