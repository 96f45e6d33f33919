package io.nous.codegen.golang;

import com.github.javaparser.ast.Node;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Java library calls an exported policy may make, each with the Go that computes exactly what
 * the Java computed. Go's {@code math} is used only where it is exact by definition (square root,
 * floor, ceiling, rounding to even, absolute value, remainder); Java's
 * {@code max}/{@code min}, {@code round}, {@code signum}, {@code copySign} and casts have Go helpers
 * with Java's special cases; and the transcendental functions, which Go and Java compute with
 * different algorithms (and Go differently per CPU), are ports of fdlibm 5.3, the algorithm that
 * defines Java's {@code StrictMath}. A candidate's {@code Math.pow} and its kin run as
 * {@code StrictMath} in the simulator (the guard rewrites them, {@code GuardInstrumenter.STRICT_MATH}), so the ports match bit for bit on
 * every platform. Anything else is refused with its line and column.
 */
final class MathCalls {
    private MathCalls() {
    }

    /** One-argument double functions and their Go: an exact Go function, or a helper. */
    private static final Map<String, String> UNARY = Map.ofEntries(Map.entry("sqrt", "math.Sqrt"), Map.entry("floor", "math.Floor"),
            Map.entry("ceil", "math.Ceil"), Map.entry("rint", "math.RoundToEven"), Map.entry("exp", "strictExp"),
            Map.entry("expm1", "strictExpm1"), Map.entry("log", "strictLog"), Map.entry("log10", "strictLog10"),
            Map.entry("log1p", "strictLog1p"), Map.entry("cbrt", "strictCbrt"), Map.entry("tanh", "strictTanh"),
            Map.entry("sinh", "strictSinh"), Map.entry("cosh", "strictCosh"), Map.entry("atan", "strictAtan"),
            Map.entry("nextUp", "javaNextUp"),
            Map.entry("nextDown", "javaNextDown"), Map.entry("signum", "javaSignum"));

    /** Two-argument double functions. */
    private static final Map<String, String> BINARY = Map.of("pow", "strictPow", "atan2", "strictAtan2", "hypot", "strictHypot",
            "copySign", "javaCopySign", "IEEEremainder", "math.Remainder", "nextAfter", "javaNextAfter");

    /** The Go helpers the call table names (every one must exist in {@link GoHelpers}). */
    static Set<String> helpersNamed() {
        Set<String> out = new java.util.TreeSet<>();
        UNARY.values().stream().filter(g -> !g.startsWith("math.")).forEach(out::add);
        BINARY.values().stream().filter(g -> !g.startsWith("math.")).forEach(out::add);
        return out;
    }

    /**
     * The Go for {@code scope.name(args)}; {@code args} are translated, in Java's order.
     *
     * @throws Untranslatable for a call with no exact Go counterpart
     */
    static GoExpr translate(ExpressionTranslator ex, Node at, String scope, String name, List<GoExpr> args) {
        Translation tr = ex.tr;
        String s = scope.equals("StrictMath") ? "Math" : scope;
        if (s.equals("Double") && Set.of("isNaN", "isInfinite", "isFinite").contains(name)) {
            tr.imports.add("math");
            String x = ex.convert(args.get(0), JavaType.DOUBLE).bare();
            return switch (name) {
                case "isNaN" -> new GoExpr("math.IsNaN(" + x + ")", JavaType.BOOL);
                case "isInfinite" -> new GoExpr("math.IsInf(" + x + ", 0)", JavaType.BOOL);
                default -> new GoExpr("!math.IsNaN(" + x + ") && !math.IsInf(" + x + ", 0)", JavaType.BOOL, 2);
            };
        }
        if (Set.of("Double", "Integer", "Long").contains(s) && Set.of("max", "min", "sum").contains(name)) {
            JavaType own = s.equals("Double") ? JavaType.DOUBLE : s.equals("Long") ? JavaType.LONG : JavaType.INT;
            List<GoExpr> typed = List.of(ex.convertArgument(args.get(0), own, at), ex.convertArgument(args.get(1), own, at));
            return name.equals("sum") ? ex.arithmetic(at, com.github.javaparser.ast.expr.BinaryExpr.Operator.PLUS, typed.get(0),
                    typed.get(1)) : maxMin(ex, name, typed.get(0), typed.get(1), own);
        }
        if (Set.of("Double", "Integer", "Long").contains(s) && name.equals("compare")) {
            JavaType own = s.equals("Double") ? JavaType.DOUBLE : s.equals("Long") ? JavaType.LONG : JavaType.INT;
            String helper = own == JavaType.DOUBLE ? "javaCompareFloat64" : own == JavaType.LONG ? "javaCompareInt64" : "javaCompareInt32";
            tr.helper(helper);
            return new GoExpr(helper + "(" + ex.convertArgument(args.get(0), own, at).bare() + ", "
                    + ex.convertArgument(args.get(1), own, at).bare() + ")", JavaType.INT);
        }
        if (!s.equals("Math")) {
            throw Untranslatable.at(at, scope + "." + name, scope + "." + name + " has no exact Go counterpart; the export takes Math and "
                    + "StrictMath functions, Double.isNaN/isInfinite/isFinite/compare, and max, min, sum and compare of Double, Integer and Long");
        }
        switch (name) {
            case "max", "min" -> {
                JavaType t = JavaType.promote(args.get(0).type(), args.get(1).type(), at);
                return maxMin(ex, name, ex.convert(args.get(0), t), ex.convert(args.get(1), t), t);
            }
            case "abs" -> {
                JavaType t = args.get(0).type();
                if (t == JavaType.DOUBLE) {
                    tr.imports.add("math");
                    return new GoExpr("math.Abs(" + args.get(0).bare() + ")", t);
                }
                String helper = t == JavaType.INT ? "absInt32" : "absInt64";
                tr.helper(helper);
                return new GoExpr(helper + "(" + args.get(0).bare() + ")", t);
            }
            case "round" -> {
                if (args.get(0).type() != JavaType.DOUBLE) {
                    throw Untranslatable.at(at, scope + ".round", scope + ".round of an " + args.get(0).type().javaName()
                            + " rounds through float in Java; cast the argument to double");
                }
                tr.helper("javaRound");
                return new GoExpr("javaRound(" + args.get(0).bare() + ")", JavaType.LONG);
            }
            case "signum", "copySign", "nextUp", "nextDown", "nextAfter" -> {
                if (args.stream().anyMatch(a -> a.type() != JavaType.DOUBLE)) {
                    throw Untranslatable.at(at, scope + "." + name, scope + "." + name + " of an integer works in float in Java; cast the "
                            + "argument to double");
                }
                return call(ex, at, name.equals("copySign") || name.equals("nextAfter") ? BINARY.get(name) : UNARY.get(name), args);
            }
            case "floorDiv", "floorMod" -> {
                return floorDivMod(ex, at, name, args);
            }
            case "toRadians", "toDegrees" -> {
                // JDK 17: angdeg * DEGREES_TO_RADIANS and angrad * RADIANS_TO_DEGREES, one rounding each
                GoExpr x = ex.convert(args.get(0), JavaType.DOUBLE);
                Constant k = Constant.ofDouble(name.equals("toRadians") ? 0.017453292519943295 : 57.29577951308232);
                return ex.arithmetic(at, com.github.javaparser.ast.expr.BinaryExpr.Operator.MULTIPLY, x, GoExpr.literal(k));
            }
            default -> {
                String go = args.size() == 1 ? UNARY.get(name) : args.size() == 2 ? BINARY.get(name) : null;
                if (go == null) {
                    throw Untranslatable.at(at, scope + "." + name, scope + "." + name + " has no exact Go counterpart"
                            + (Set.of("sin", "cos", "tan").contains(name) ? " (its argument reduction is not ported)"
                                    : Set.of("asin", "acos").contains(name) ? " (not ported)" : "")
                            + "; see docs/discovery.md for the Math functions an exported policy may call");
                }
                return call(ex, at, go, args);
            }
        }
    }

    private static GoExpr call(ExpressionTranslator ex, Node at, String go, List<GoExpr> args) {
        if (go.startsWith("math.")) {
            ex.tr.imports.add("math");
        } else {
            ex.tr.helper(go);
        }
        StringBuilder sb = new StringBuilder(go).append('(');
        for (int i = 0; i < args.size(); i++) {
            sb.append(i > 0 ? ", " : "").append(ex.convert(args.get(i), JavaType.DOUBLE).bare());
        }
        return new GoExpr(sb.append(')').toString(), JavaType.DOUBLE);
    }

    private static GoExpr maxMin(ExpressionTranslator ex, String name, GoExpr a, GoExpr b, JavaType t) {
        String helper = switch (t) {
            case INT -> name + "Int32";
            case LONG -> name + "Int64";
            default -> name.equals("max") ? "javaMax" : "javaMin";
        };
        ex.tr.helper(helper);
        return new GoExpr(helper + "(" + a.bare() + ", " + b.bare() + ")", t);
    }

    /**
     * Java's overloads: {@code (int, int)} gives int, {@code (long, int)} gives long for floorDiv and
     * int for floorMod, anything with a long gives long.
     */
    private static GoExpr floorDivMod(ExpressionTranslator ex, Node at, String name, List<GoExpr> args) {
        JavaType x = args.get(0).type();
        JavaType y = args.get(1).type();
        if (!x.integral() || !y.integral()) {
            throw Untranslatable.at(at, "Math." + name, "Math." + name + " takes integers");
        }
        if (x == JavaType.LONG && y == JavaType.INT) {
            String helper = name.equals("floorDiv") ? "floorDivInt64" : "floorModInt64Int32";
            ex.tr.helper(helper);
            return new GoExpr(helper + "(" + args.get(0).bare() + ", " + ex.convert(args.get(1), name.equals("floorDiv") ? JavaType.LONG
                    : JavaType.INT).bare() + ")", name.equals("floorDiv") ? JavaType.LONG : JavaType.INT);
        }
        JavaType t = x == JavaType.LONG || y == JavaType.LONG ? JavaType.LONG : JavaType.INT;
        String helper = name + (t == JavaType.INT ? "Int32" : "Int64");
        ex.tr.helper(helper);
        return new GoExpr(helper + "(" + ex.convert(args.get(0), t).bare() + ", " + ex.convert(args.get(1), t).bare() + ")", t);
    }

    /**
     * The value of a library call with constant arguments, computed as the candidate computes it
     * (transcendental functions by StrictMath); null for a call this does not fold.
     */
    static Constant fold(String scope, String name, List<Constant> args) {
        String s = scope.equals("StrictMath") ? "Math" : scope;
        if (args.stream().anyMatch(a -> a.type() == JavaType.BOOL)) {
            return null;
        }
        if (!s.equals("Math")) {
            return null;
        }
        if (args.size() == 1 && args.get(0).type() == JavaType.DOUBLE) {
            double x = args.get(0).asDouble();
            Double v = switch (name) {
                case "sqrt" -> StrictMath.sqrt(x);
                case "floor" -> StrictMath.floor(x);
                case "ceil" -> StrictMath.ceil(x);
                case "rint" -> StrictMath.rint(x);
                case "abs" -> Math.abs(x);
                case "exp" -> StrictMath.exp(x);
                case "expm1" -> StrictMath.expm1(x);
                case "log" -> StrictMath.log(x);
                case "log10" -> StrictMath.log10(x);
                case "log1p" -> StrictMath.log1p(x);
                case "cbrt" -> StrictMath.cbrt(x);
                case "tanh" -> StrictMath.tanh(x);
                case "sinh" -> StrictMath.sinh(x);
                case "cosh" -> StrictMath.cosh(x);
                case "atan" -> StrictMath.atan(x);
                case "asin" -> StrictMath.asin(x);
                case "acos" -> StrictMath.acos(x);
                case "signum" -> Math.signum(x);
                case "toRadians" -> Math.toRadians(x);
                case "toDegrees" -> Math.toDegrees(x);
                default -> null;
            };
            if (v != null) {
                return Constant.ofDouble(v);
            }
            return name.equals("round") ? Constant.ofLong(Math.round(x)) : null;
        }
        if (args.size() == 2 && args.get(0).type() == JavaType.DOUBLE && args.get(1).type() == JavaType.DOUBLE) {
            double a = args.get(0).asDouble();
            double b = args.get(1).asDouble();
            Double v = switch (name) {
                case "pow" -> StrictMath.pow(a, b);
                case "atan2" -> StrictMath.atan2(a, b);
                case "hypot" -> StrictMath.hypot(a, b);
                case "copySign" -> StrictMath.copySign(a, b);
                case "max" -> Math.max(a, b);
                case "min" -> Math.min(a, b);
                default -> null;
            };
            return v == null ? null : Constant.ofDouble(v);
        }
        return null;
    }
}
