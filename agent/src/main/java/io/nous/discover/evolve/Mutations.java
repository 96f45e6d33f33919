package io.nous.discover.evolve;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.DoubleLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.type.PrimitiveType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * Source-to-source mutation operators on a usage-limit policy's {@code computeLimit}, over the
 * javaparser AST. Each returns the new source and a phrase saying what changed, or null when it
 * does not apply to this source.
 */
public final class Mutations {
    /** What a mutation did. */
    public record Result(String source, String operator, String change, double gate) {
    }

    private Mutations() {
    }

    /** The parsed policy and the names its computeLimit uses. */
    static final class Target {
        final CompilationUnit cu;
        final MethodDeclaration method;
        final String saturation;
        final String ceilings;

        Target(String source) {
            cu = StaticJavaParser.parse(source);
            method = cu.findFirst(MethodDeclaration.class, m -> m.getNameAsString().equals("computeLimit"))
                    .orElseThrow(() -> new IllegalArgumentException("no computeLimit"));
            saturation = method.getParameter(0).getNameAsString();
            ceilings = method.getParameter(2).getNameAsString();
        }

        /** Assignments {@code ceilings[x] = value} whose index is a variable (a band loop). */
        List<AssignExpr> bandAssignments() {
            List<AssignExpr> out = new ArrayList<>();
            for (AssignExpr a : method.findAll(AssignExpr.class)) {
                if (a.getOperator() == AssignExpr.Operator.ASSIGN && a.getTarget() instanceof ArrayAccessExpr ae
                        && ae.getName().toString().equals(ceilings) && ae.getIndex() instanceof NameExpr) {
                    out.add(a);
                }
            }
            return out;
        }

        String print() {
            return cu.toString();
        }
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.3f", v).replaceAll("0+$", "").replaceAll("\\.$", ".0");
    }

    private static <T> T pick(List<T> xs, RandomGenerator rng) {
        return xs.get(rng.nextInt(xs.size()));
    }

    static Result perturbConstant(String source, RandomGenerator rng) {
        Target t = new Target(source);
        List<DoubleLiteralExpr> lits = t.cu.findAll(DoubleLiteralExpr.class);
        if (lits.isEmpty()) {
            return null;
        }
        DoubleLiteralExpr lit = pick(lits, rng);
        double old = lit.asDouble();
        double now = Math.max(0, Math.min(1.0, old + 0.1 * rng.nextGaussian()));
        now = Math.round(now * 1000) / 1000.0;
        if (now == old) {
            now = Math.max(0, Math.min(1.0, old + (old >= 0.5 ? -0.05 : 0.05)));
        }
        lit.setValue(fmt(now));
        return new Result(t.print(), "perturb-constant", "constant " + fmt(old) + " -> " + fmt(now), Double.NaN);
    }

    static Result insertGate(String source, RandomGenerator rng, double minGate) {
        Target t = new Target(source);
        List<AssignExpr> as = t.bandAssignments();
        if (as.isEmpty()) {
            return null;
        }
        AssignExpr a = pick(as, rng);
        String idx = ((ArrayAccessExpr) a.getTarget()).getIndex().toString();
        double lo = Math.max(0.5, minGate);
        double theta = Math.round((lo + (0.97 - lo) * rng.nextDouble()) * 100) / 100.0;
        Expression gated = StaticJavaParser.parseExpression(
                "(" + idx + " > 0 && " + t.saturation + " >= " + fmt(theta) + ") ? 0.0 : (" + a.getValue() + ")");
        a.setValue(gated);
        return new Result(t.print(), "insert-gate", "bands below the first close at saturation >= " + fmt(theta), theta);
    }

    static Result addDutyCycle(String source, RandomGenerator rng) {
        Target t = new Target(source);
        List<ConditionalExpr> gates = t.method.findAll(ConditionalExpr.class,
                c -> c.getThenExpr() instanceof DoubleLiteralExpr d && d.asDouble() == 0.0);
        if (gates.isEmpty()) {
            return null;
        }
        ClassOrInterfaceDeclaration cls = t.cu.findFirst(ClassOrInterfaceDeclaration.class).orElseThrow();
        // the router allows one piece of state, a long counter: reuse the policy's own if it has one
        String counter = counter(cls);
        if (counter == null) {
            counter = "cycle";
            cls.addField(PrimitiveType.longType(), counter, Modifier.Keyword.PRIVATE);
            t.method.getBody().orElseThrow().addStatement(0, StaticJavaParser.parseStatement(counter + "++;"));
        }
        String period;
        String change;
        if (rng.nextBoolean()) {
            int p = 2 + rng.nextInt(6);
            period = String.valueOf(p);
            change = "gated bands open on one cycle in " + p;
        } else {
            double k = Math.round((0.5 + 1.5 * rng.nextDouble()) * 100) / 100.0;
            period = "Math.max(1, Math.round(" + fmt(k) + " * " + t.saturation + " / (1.0 - " + t.saturation + " + 1e-9)))";
            change = "gated bands open on one cycle in round(" + fmt(k) + " s/(1-s))";
        }
        pick(gates, rng).setThenExpr(StaticJavaParser.parseExpression("(" + counter + " % " + period + " == 0 ? 1.0 : 0.0)"));
        return new Result(t.print(), "add-duty-cycle", change, Double.NaN);
    }

    static Result changePeriod(String source, RandomGenerator rng) {
        Target t = new Target(source);
        List<IntegerLiteralExpr> periods = t.method.findAll(IntegerLiteralExpr.class,
                l -> l.getParentNode().filter(p -> p instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.REMAINDER
                        && b.getRight() == l).isPresent());
        if (periods.isEmpty()) {
            return null;
        }
        IntegerLiteralExpr l = pick(periods, rng);
        int old = l.asNumber().intValue();
        int now = Math.max(2, old + (rng.nextBoolean() ? 1 : -1));
        if (now == old) {
            now = old + 1;
        }
        l.setValue(String.valueOf(now));
        return new Result(t.print(), "change-period", "duty-cycle period " + old + " -> " + now, Double.NaN);
    }

    /** Makes a duty-cycle period grow with saturation: P becomes round(k * s / (1 - s)), at least 1. */
    static Result scalePeriod(String source, RandomGenerator rng) {
        Target t = new Target(source);
        List<IntegerLiteralExpr> periods = t.method.findAll(IntegerLiteralExpr.class,
                l -> l.getParentNode().filter(p -> p instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.REMAINDER
                        && b.getRight() == l).isPresent());
        if (periods.isEmpty()) {
            return null;
        }
        IntegerLiteralExpr l = pick(periods, rng);
        double k = Math.round((0.5 + 1.5 * rng.nextDouble()) * 100) / 100.0;
        l.replace(StaticJavaParser.parseExpression("Math.max(1, Math.round(" + fmt(k) + " * " + t.saturation + " / (1.0 - "
                + t.saturation + " + 1e-9)))"));
        return new Result(t.print(), "scale-period", "duty-cycle period " + l + " becomes round(" + fmt(k) + " s/(1-s))", Double.NaN);
    }

    static Result flipComparison(String source, RandomGenerator rng) {
        Target t = new Target(source);
        List<BinaryExpr> cmps = t.method.findAll(BinaryExpr.class, b -> mentions(b, t.saturation) && switch (b.getOperator()) {
            case LESS, LESS_EQUALS, GREATER, GREATER_EQUALS -> true;
            default -> false;
        });
        if (cmps.isEmpty()) {
            return null;
        }
        BinaryExpr b = pick(cmps, rng);
        BinaryExpr.Operator old = b.getOperator();
        b.setOperator(switch (old) {
            case LESS -> BinaryExpr.Operator.LESS_EQUALS;
            case LESS_EQUALS -> BinaryExpr.Operator.LESS;
            case GREATER -> BinaryExpr.Operator.GREATER_EQUALS;
            default -> BinaryExpr.Operator.GREATER;
        });
        return new Result(t.print(), "flip-comparison", "'" + old.asString() + "' -> '" + b.getOperator().asString() + "'", Double.NaN);
    }

    static Result reflectiveCeiling(String source, RandomGenerator rng) {
        Target t = new Target(source);
        List<AssignExpr> as = t.bandAssignments();
        if (as.isEmpty()) {
            return null;
        }
        AssignExpr a = pick(as, rng);
        String idx = ((ArrayAccessExpr) a.getTarget()).getIndex().toString();
        double k = Math.round((0.6 + 0.8 * rng.nextDouble()) * 100) / 100.0;
        a.setValue(StaticJavaParser.parseExpression("Math.max(0.0, Math.min(1.0, 1.0 - " + fmt(k) + " * " + idx + " * " + t.saturation
                + " / Math.max(1, " + t.ceilings + ".length - 1)))"));
        return new Result(t.print(), "reflective-ceiling", "band i's ceiling becomes 1 - " + fmt(k) + "*i*s/(N-1)", Double.NaN);
    }

    /** Puts B's ceiling expression into A, when it uses nothing but B's saturation, band index, literals and Math. */
    static Result crossover(String a, String b, RandomGenerator rng) {
        Target ta = new Target(a);
        Target tb = new Target(b);
        List<AssignExpr> aa = ta.bandAssignments();
        List<AssignExpr> bb = tb.bandAssignments();
        if (aa.isEmpty() || bb.isEmpty()) {
            return null;
        }
        AssignExpr into = pick(aa, rng);
        AssignExpr from = pick(bb, rng);
        String idxA = ((ArrayAccessExpr) into.getTarget()).getIndex().toString();
        String idxB = ((ArrayAccessExpr) from.getTarget()).getIndex().toString();
        String counterA = counter(ta.cu.findFirst(ClassOrInterfaceDeclaration.class).orElseThrow());
        String counterB = counter(tb.cu.findFirst(ClassOrInterfaceDeclaration.class).orElseThrow());
        Expression value = from.getValue().clone();
        for (NameExpr n : value.findAll(NameExpr.class)) {
            String name = n.getNameAsString();
            if (name.equals(tb.saturation)) {
                n.setName(ta.saturation);
            } else if (name.equals(idxB)) {
                n.setName(idxA);
            } else if (name.equals(tb.ceilings)) {
                n.setName(ta.ceilings);
            } else if (name.equals(counterB) && counterA != null) {
                n.setName(counterA); // both count dispatch cycles; A keeps its one counter
            } else if (!name.equals("Math")) {
                return null;
            }
        }
        if (value.toString().equals(into.getValue().toString())) {
            return null;
        }
        into.setValue(value instanceof ConditionalExpr ? new EnclosedExpr(value) : value);
        return new Result(ta.print(), "crossover", "ceiling expression taken from another elite", Double.NaN);
    }

    /** The policy's one mutable long field (its dispatch counter), or null. */
    static String counter(ClassOrInterfaceDeclaration cls) {
        return cls.getFields().stream().filter(f -> !f.isFinal() && !f.isStatic() && f.getElementType().isPrimitiveType()
                        && f.getElementType().asPrimitiveType().getType() == PrimitiveType.Primitive.LONG)
                .flatMap(f -> f.getVariables().stream()).map(v -> v.getNameAsString()).findFirst().orElse(null);
    }

    private static boolean mentions(Node n, String name) {
        return n.findFirst(NameExpr.class, x -> x.getNameAsString().equals(name)).isPresent();
    }
}
