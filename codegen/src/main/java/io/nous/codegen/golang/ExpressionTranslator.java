package io.nous.codegen.golang;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.CharLiteralExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.DoubleLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.type.ArrayType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * Translates expressions of the exported subset with Java's semantics made explicit:
 * <ul>
 *   <li>every constant expression is evaluated in Java ({@link Constant}) and only its value is
 *       written, so Go's exact constant arithmetic never sees it;</li>
 *   <li>Java evaluates operands strictly left to right, Go orders only calls: where a call that can
 *       change an array or the counter meets a read of one, the earlier operand is evaluated into a
 *       temporary first (the statements go into the expression's prelude, in order);</li>
 *   <li>a conditional expression becomes an if/else in the prelude, and the right operand of
 *       {@code &&} or {@code ||} that needs a prelude becomes a guarded block;</li>
 *   <li>every double product is wrapped in {@code float64(...)}: the Go spec lets a compiler fuse
 *       {@code x*y + z} into one rounding (arm64 and others do), Java never does, and an explicit
 *       conversion is the spec's way to forbid it;</li>
 *   <li>shift counts are masked as Java masks them, and conversions are Java's (saturating casts).</li>
 * </ul>
 * A prelude of null means the expression stands where Go allows no statement (a loop's update); one
 * that would need statements there is refused.
 */
final class ExpressionTranslator {
    final Translation tr;

    ExpressionTranslator(Translation tr) {
        this.tr = tr;
    }

    /** Double products written as {@code float64(x*y)}, by identity, with the bare product each wraps. */
    private final java.util.Map<GoExpr, GoExpr> products = new java.util.IdentityHashMap<>();

    /** The bare product a protective conversion wraps, or {@code e} itself. */
    private GoExpr unfused(GoExpr e) {
        GoExpr bare = products.get(e);
        return bare == null ? e : bare;
    }

    // ---- constants ----

    /** The value of {@code e} when Java evaluates it at compile time (JLS 15.29, and pure Math calls); else null. */
    Constant fold(Expression e) {
        if (e instanceof EnclosedExpr en) {
            return fold(en.getInner());
        }
        if (e instanceof IntegerLiteralExpr i) {
            return Constant.ofInt((int) parseIntegral(i.getValue(), false));
        }
        if (e instanceof LongLiteralExpr l) {
            return Constant.ofLong(parseIntegral(l.getValue().replaceAll("[lL]$", ""), true));
        }
        if (e instanceof DoubleLiteralExpr d) {
            String v = d.getValue().replace("_", "");
            if (v.endsWith("f") || v.endsWith("F")) {
                return null;
            }
            return Constant.ofDouble(Double.parseDouble(v.replaceAll("[dD]$", "")));
        }
        if (e instanceof BooleanLiteralExpr b) {
            return Constant.ofBool(b.getValue());
        }
        if (e instanceof NameExpr n) {
            if (tr.local(n.getNameAsString()) != null || declaredType(n) != null) {
                return null;
            }
            Translation.Field f = tr.constants.get(n.getNameAsString());
            return f == null ? null : f.value();
        }
        if (e instanceof FieldAccessExpr fa) {
            return foldField(fa);
        }
        if (e instanceof UnaryExpr u) {
            if (Translation.isIncrement(u)) {
                return null;
            }
            Constant x = fold(u.getExpression());
            return x == null ? null : x.unary(u.getOperator());
        }
        if (e instanceof BinaryExpr b) {
            Constant l = fold(b.getLeft());
            Constant r = l == null ? null : fold(b.getRight());
            return r == null ? null : Constant.binary(b.getOperator(), l, r);
        }
        if (e instanceof ConditionalExpr c) {
            Constant cond = fold(c.getCondition());
            if (cond == null || cond.type() != JavaType.BOOL) {
                return null;
            }
            Constant taken = fold(cond.asBool() ? c.getThenExpr() : c.getElseExpr());
            if (taken != null) {
                // not a constant expression in Java's sense when the other branch is not, but its value is this one
                try {
                    JavaType t = conditionalType(c);
                    return taken.type() == t ? taken : taken.type().numeric() && t.numeric() ? taken.to(t) : null;
                } catch (Untranslatable u) {
                    return null;
                }
            }
            Constant a = fold(c.getThenExpr());
            Constant b = a == null ? null : fold(c.getElseExpr());
            if (b == null) {
                return null;
            }
            if (a.type() == b.type()) {
                return cond.asBool() ? a : b;
            }
            if (!a.type().numeric() || !b.type().numeric()) {
                return null;
            }
            JavaType t = JavaType.promote(a.type(), b.type(), c);
            return (cond.asBool() ? a : b).to(t);
        }
        if (e instanceof CastExpr c) {
            Constant x = fold(c.getExpression());
            if (x == null) {
                return null;
            }
            JavaType t;
            try {
                t = JavaType.of(c.getType(), c);
            } catch (Untranslatable u) {
                return null;
            }
            if (t == x.type()) {
                return x;
            }
            return t.numeric() && x.type().numeric() ? x.to(t) : null;
        }
        if (e instanceof MethodCallExpr m && m.getScope().isPresent() && m.getScope().get() instanceof NameExpr scope) {
            List<Constant> args = new ArrayList<>();
            for (Expression a : m.getArguments()) {
                Constant c = fold(a);
                if (c == null) {
                    return null;
                }
                args.add(c);
            }
            return MathCalls.fold(scope.getNameAsString(), m.getNameAsString(), args);
        }
        return null;
    }

    private Constant foldField(FieldAccessExpr fa) {
        String field = fa.getNameAsString();
        if (fa.getScope() instanceof ThisExpr) {
            Translation.Field f = tr.constants.get(field);
            return f == null ? null : f.value();
        }
        if (!(fa.getScope() instanceof NameExpr scope)) {
            return null;
        }
        return switch (scope.getNameAsString() + "." + field) {
            case "Math.PI", "StrictMath.PI" -> Constant.ofDouble(Math.PI);
            case "Math.E", "StrictMath.E" -> Constant.ofDouble(Math.E);
            case "Double.MAX_VALUE" -> Constant.ofDouble(Double.MAX_VALUE);
            case "Double.MIN_VALUE" -> Constant.ofDouble(Double.MIN_VALUE);
            case "Double.MIN_NORMAL" -> Constant.ofDouble(Double.MIN_NORMAL);
            case "Double.POSITIVE_INFINITY" -> Constant.ofDouble(Double.POSITIVE_INFINITY);
            case "Double.NEGATIVE_INFINITY" -> Constant.ofDouble(Double.NEGATIVE_INFINITY);
            case "Double.NaN" -> Constant.ofDouble(Double.NaN);
            case "Integer.MAX_VALUE" -> Constant.ofInt(Integer.MAX_VALUE);
            case "Integer.MIN_VALUE" -> Constant.ofInt(Integer.MIN_VALUE);
            case "Long.MAX_VALUE" -> Constant.ofLong(Long.MAX_VALUE);
            case "Long.MIN_VALUE" -> Constant.ofLong(Long.MIN_VALUE);
            default -> {
                Translation.Field f = tr.constants.get(field);
                yield f != null && scope.getNameAsString().equals(tr.className) ? f.value() : null;
            }
        };
    }

    /** A Java integer literal's value: hex, octal and binary digits are the two's-complement bits, as Java reads them. */
    static long parseIntegral(String literal, boolean isLong) {
        String v = literal.replace("_", "");
        if (v.startsWith("0x") || v.startsWith("0X")) {
            return isLong ? Long.parseUnsignedLong(v.substring(2), 16) : Integer.parseUnsignedInt(v.substring(2), 16);
        }
        if (v.startsWith("0b") || v.startsWith("0B")) {
            return isLong ? Long.parseUnsignedLong(v.substring(2), 2) : Integer.parseUnsignedInt(v.substring(2), 2);
        }
        if (v.length() > 1 && v.startsWith("0")) {
            return isLong ? Long.parseUnsignedLong(v.substring(1), 8) : Integer.parseUnsignedInt(v.substring(1), 8);
        }
        // 2147483648 and 9223372036854775808L are only legal under a unary minus, whose negation wraps back
        return isLong ? Long.parseUnsignedLong(v) : (int) Long.parseLong(v);
    }

    /**
     * Whether evaluating {@code e} can throw in Java (and so panic in Go): an array access, an integer
     * division or remainder by anything but a non-zero constant, an array created with a computed
     * size, floorDiv or floorMod, or a call of the policy's own methods. Such an expression is kept
     * where its value is not needed, and is ordered against effects like a read.
     */
    boolean mayFault(Expression e) {
        for (com.github.javaparser.ast.Node n : e.findAll(com.github.javaparser.ast.Node.class)) {
            if (n instanceof ArrayAccessExpr || Translation.ownCall(n)) {
                return true;
            }
            if (n instanceof ArrayCreationExpr ac && ac.getLevels().stream().anyMatch(l -> l.getDimension().map(d -> fold(d) == null)
                    .orElse(false))) {
                return true;
            }
            if (n instanceof MethodCallExpr m && (m.getNameAsString().equals("floorDiv") || m.getNameAsString().equals("floorMod"))) {
                return true;
            }
            if (n instanceof BinaryExpr b && (b.getOperator() == BinaryExpr.Operator.DIVIDE || b.getOperator() == BinaryExpr.Operator.REMAINDER)) {
                Constant divisor = fold(b.getRight());
                if (divisor != null && divisor.type().integral() && divisor.asLong() != 0 || divisor != null && divisor.type() == JavaType.DOUBLE) {
                    continue;
                }
                try {
                    if (staticType(b).integral()) {
                        return true;
                    }
                } catch (Untranslatable u) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The declared type of the local or parameter a name refers to, found in the syntax tree by
     * Java's scoping (so it does not depend on how far the translation has come), or null for a
     * field or an unknown name.
     */
    static JavaType declaredType(NameExpr n) {
        String name = n.getNameAsString();
        com.github.javaparser.ast.Node child = n;
        com.github.javaparser.ast.Node p = n.getParentNode().orElse(null);
        while (p != null) {
            if (p instanceof com.github.javaparser.ast.stmt.BlockStmt b) {
                JavaType found = null;
                for (com.github.javaparser.ast.stmt.Statement st : b.getStatements()) {
                    if (st == child) {
                        break;
                    }
                    if (st instanceof com.github.javaparser.ast.stmt.ExpressionStmt es
                            && es.getExpression() instanceof com.github.javaparser.ast.expr.VariableDeclarationExpr d) {
                        for (com.github.javaparser.ast.body.VariableDeclarator v : d.getVariables()) {
                            if (v.getNameAsString().equals(name)) {
                                found = typeOrNull(v.getType(), v);
                            }
                        }
                    }
                }
                if (found != null) {
                    return found;
                }
            } else if (p instanceof com.github.javaparser.ast.stmt.ForStmt f) {
                for (Expression init : f.getInitialization()) {
                    if (init instanceof com.github.javaparser.ast.expr.VariableDeclarationExpr d && init != child) {
                        for (com.github.javaparser.ast.body.VariableDeclarator v : d.getVariables()) {
                            if (v.getNameAsString().equals(name)) {
                                return typeOrNull(v.getType(), v);
                            }
                        }
                    }
                }
            } else if (p instanceof com.github.javaparser.ast.stmt.ForEachStmt fe && child != fe.getVariable() && child != fe.getIterable()) {
                com.github.javaparser.ast.body.VariableDeclarator v = fe.getVariable().getVariables().get(0);
                if (v.getNameAsString().equals(name)) {
                    return typeOrNull(v.getType(), v);
                }
            } else if (p instanceof com.github.javaparser.ast.body.CallableDeclaration<?> c) {
                for (com.github.javaparser.ast.body.Parameter prm : c.getParameters()) {
                    if (prm.getNameAsString().equals(name)) {
                        return typeOrNull(prm.getType(), prm);
                    }
                }
                return null;
            }
            child = p;
            p = p.getParentNode().orElse(null);
        }
        return null;
    }

    private static JavaType typeOrNull(com.github.javaparser.ast.type.Type t, com.github.javaparser.ast.Node at) {
        try {
            return JavaType.of(t, at);
        } catch (Untranslatable u) {
            return null;
        }
    }

    /** What must be kept even where a value is not needed: effects, and what may throw. */
    boolean mustEvaluate(Expression e) {
        return tr.effects(e) || mayFault(e);
    }

    // ---- expressions ----

    /** Translates {@code e}; statements it needs first go into {@code pre} (null: none may be written here). */
    GoExpr expr(Expression e, GoLines pre) {
        Constant c = fold(e);
        if (c != null) {
            if (GoLiteral.needsMath(c)) {
                tr.imports.add("math");
            }
            return GoExpr.literal(c);
        }
        if (e instanceof EnclosedExpr en) {
            return expr(en.getInner(), pre);
        }
        if (e instanceof DoubleLiteralExpr) {
            throw Untranslatable.at(e, "float", "float literals are not exported; use double");
        }
        if (e instanceof CharLiteralExpr) {
            throw Untranslatable.at(e, "char", "char values are not exported; use int");
        }
        if (e instanceof NameExpr n) {
            return name(n);
        }
        if (e instanceof FieldAccessExpr fa) {
            return fieldAccess(fa, pre);
        }
        if (e instanceof ArrayAccessExpr aa) {
            List<GoExpr> parts = ordered(List.of(aa.getName(), aa.getIndex()), pre);
            GoExpr arr = parts.get(0);
            if (arr.type().element() == null) {
                throw Untranslatable.at(e, "index", "indexing a non-array");
            }
            String idx = arr.go() + "[" + convertArgument(parts.get(1), JavaType.INT, aa.getIndex()).bare() + "]";
            return arr.type() == JavaType.PRIORITIES ? new GoExpr("int32(" + idx + ")", JavaType.INT)
                    : new GoExpr(idx, arr.type().element());
        }
        if (e instanceof BinaryExpr b) {
            return binary(b, pre);
        }
        if (e instanceof UnaryExpr u) {
            return unary(u, pre);
        }
        if (e instanceof ConditionalExpr c2) {
            return conditional(c2, pre);
        }
        if (e instanceof CastExpr cast) {
            JavaType t = JavaType.of(cast.getType(), cast);
            return narrow(expr(cast.getExpression(), pre), t, cast);
        }
        if (e instanceof MethodCallExpr m) {
            return call(m, pre);
        }
        if (e instanceof ArrayCreationExpr ac) {
            return arrayCreation(ac, pre);
        }
        if (e instanceof ArrayInitializerExpr ai) {
            throw Untranslatable.at(ai, "array", "write new T[] {...} for an array value");
        }
        if (e instanceof AssignExpr) {
            throw Untranslatable.at(e, "assignment expression", "assign in a statement of its own");
        }
        throw Untranslatable.at(e, e.getClass().getSimpleName().replace("Expr", "").toLowerCase(Locale.ROOT),
                "this expression is outside the exported subset");
    }

    private GoExpr name(NameExpr n) {
        String name = n.getNameAsString();
        Translation.Local local = tr.local(name);
        if (local != null) {
            return new GoExpr(local.go(), local.type());
        }
        if (name.equals(tr.counter)) {
            return new GoExpr("p." + tr.counterGo + ".Load()", JavaType.LONG);
        }
        Translation.Field f = tr.constants.get(name);
        if (f != null) {
            return new GoExpr(f.go(), f.type());
        }
        throw Untranslatable.at(n, "name", "unknown name '" + name + "'");
    }

    private GoExpr fieldAccess(FieldAccessExpr fa, GoLines pre) {
        if (fa.getScope() instanceof ThisExpr) {
            String name = fa.getNameAsString();
            if (name.equals(tr.counter)) {
                return new GoExpr("p." + tr.counterGo + ".Load()", JavaType.LONG);
            }
            Translation.Field f = tr.constants.get(name);
            if (f != null) {
                return new GoExpr(f.go(), f.type());
            }
            throw Untranslatable.at(fa, "field", "unknown field '" + name + "'");
        }
        if (fa.getNameAsString().equals("length")) {
            GoExpr arr = expr(fa.getScope(), pre);
            if (arr.type().element() == null) {
                throw Untranslatable.at(fa, "length", "length of a non-array");
            }
            return new GoExpr("int32(len(" + arr.bare() + "))", JavaType.INT);
        }
        throw Untranslatable.at(fa, "field access", "'" + fa + "' is outside the exported subset");
    }

    /**
     * Translates operands that Java evaluates left to right. Where one operand's evaluation can
     * change what another reads (or both have effects), each earlier operand is evaluated into a
     * temporary in the prelude before the next is translated, so Go sees them in Java's order.
     */
    List<GoExpr> ordered(List<? extends Expression> operands, GoLines pre) {
        int n = operands.size();
        boolean[] effects = new boolean[n];
        boolean[] reads = new boolean[n];
        for (int i = 0; i < n; i++) {
            effects[i] = tr.effects(operands.get(i));
            // an operand that may throw must not move across an effect either: Java would throw before (or after) it
            reads[i] = tr.reads(operands.get(i)) || mayFault(operands.get(i));
        }
        List<GoExpr> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            GoExpr x = expr(operands.get(i), pre);
            boolean effectsAfter = false;
            boolean readsAfter = false;
            for (int j = i + 1; j < n; j++) {
                effectsAfter |= effects[j];
                readsAfter |= reads[j] || effects[j];
            }
            if (i < n - 1 && !x.isConstant() && ((reads[i] || effects[i]) && effectsAfter || effects[i] && readsAfter)) {
                x = spill(x, pre, operands.get(i));
            }
            out.add(x);
        }
        return out;
    }

    /** Evaluates {@code x} into a fresh temporary (a statement of the prelude); the temporary stands for it. */
    GoExpr spill(GoExpr x, GoLines pre, Node at) {
        if (pre == null) {
            throw Untranslatable.at(at, "evaluation order", "this expression needs its operands evaluated in order, which Go cannot do "
                    + "here (a loop update); move it into the loop body");
        }
        String t = tr.names.temp();
        pre.add(t + " := " + typedValue(x));
        return new GoExpr(t, x.type());
    }

    /** Source of {@code x} that carries its Java type by itself (a short declaration infers the type from it). */
    static String typedValue(GoExpr x) {
        return x.isConstant() ? GoLiteral.typed(x.constant()) : x.bare();
    }

    private GoExpr binary(BinaryExpr b, GoLines pre) {
        BinaryExpr.Operator op = b.getOperator();
        if (op == BinaryExpr.Operator.AND || op == BinaryExpr.Operator.OR || booleanWithoutEffects(b)) {
            return shortCircuit(b, pre);
        }
        List<GoExpr> parts = ordered(List.of(b.getLeft(), b.getRight()), pre);
        GoExpr l = parts.get(0);
        GoExpr r = parts.get(1);
        if ((op == BinaryExpr.Operator.BINARY_AND || op == BinaryExpr.Operator.BINARY_OR || op == BinaryExpr.Operator.XOR)
                && l.type() == JavaType.BOOL && r.type() == JavaType.BOOL) {
            // Java's & and | on booleans evaluate both sides; Go's && and || would skip the right one (and what it does or throws)
            if (op != BinaryExpr.Operator.XOR && mustEvaluate(b.getRight())) {
                l = l.isConstant() ? l : spill(l, pre, b.getLeft());
                r = spill(r, pre, b.getRight());
            }
            return join(l, op == BinaryExpr.Operator.BINARY_AND ? "&&" : op == BinaryExpr.Operator.BINARY_OR ? "||" : "!=", r,
                    JavaType.BOOL);
        }
        return arithmetic(b, op, l, r);
    }

    /**
     * A binary operator on two translated operands, with Java's promotion, shift rules and remainder.
     * Two constant operands are combined here, in Java: Go would evaluate them exactly.
     */
    GoExpr arithmetic(Node at, BinaryExpr.Operator op, GoExpr l, GoExpr r) {
        if (l.isConstant() && r.isConstant()) {
            Constant v = Constant.binary(op, l.constant(), r.constant());
            if (v != null) {
                if (GoLiteral.needsMath(v)) {
                    tr.imports.add("math");
                }
                return GoExpr.literal(v);
            }
        }
        if (op != BinaryExpr.Operator.PLUS && op != BinaryExpr.Operator.MINUS) {
            // a product consumed by a division, a remainder, another product or a comparison cannot be fused into an
            // addition there: its protective conversion would only be noise
            l = unfused(l);
            r = unfused(r);
        }
        switch (op) {
            case EQUALS, NOT_EQUALS, LESS, LESS_EQUALS, GREATER, GREATER_EQUALS -> {
                if (l.type() == JavaType.BOOL && r.type() == JavaType.BOOL && (op == BinaryExpr.Operator.EQUALS
                        || op == BinaryExpr.Operator.NOT_EQUALS)) {
                    return join(l, op.asString(), r, JavaType.BOOL);
                }
                JavaType t = JavaType.promote(l.type(), r.type(), at);
                return join(convert(l, t), op.asString(), convert(r, t), JavaType.BOOL);
            }
            case PLUS, MINUS, MULTIPLY, DIVIDE, REMAINDER -> {
                JavaType t = JavaType.promote(l.type(), r.type(), at);
                GoExpr a = convert(l, t);
                GoExpr c = convert(r, t);
                if ((op == BinaryExpr.Operator.DIVIDE || op == BinaryExpr.Operator.REMAINDER) && t.integral() && c.isConstant()
                        && c.constant().asLong() == 0) {
                    throw Untranslatable.at(at, op.asString(), "integer division by zero (Java throws here; Go does not compile it)");
                }
                if (op == BinaryExpr.Operator.REMAINDER && t == JavaType.DOUBLE) {
                    tr.imports.add("math");
                    return new GoExpr("math.Mod(" + a.bare() + ", " + c.bare() + ")", JavaType.DOUBLE);
                }
                if (op == BinaryExpr.Operator.MULTIPLY && t == JavaType.DOUBLE) {
                    // an explicit conversion keeps Go from fusing this product into a later addition (Go spec, Arithmetic operators)
                    GoExpr product = join(a, "*", c, t);
                    GoExpr wrapped = new GoExpr("float64(" + product.go() + ")", t);
                    products.put(wrapped, product);
                    return wrapped;
                }
                return join(a, op.asString(), c, t);
            }
            case BINARY_AND, BINARY_OR, XOR -> {
                if (!l.type().integral() || !r.type().integral()) {
                    throw Untranslatable.at(at, op.asString(), "bitwise operators are exported on integers and booleans only");
                }
                JavaType t = JavaType.promote(l.type(), r.type(), at);
                return join(convert(l, t), op.asString(), convert(r, t), t);
            }
            case LEFT_SHIFT, SIGNED_RIGHT_SHIFT, UNSIGNED_RIGHT_SHIFT -> {
                return shift(at, op, l, r);
            }
            default -> throw Untranslatable.at(at, op.asString(), "this operator is outside the exported subset");
        }
    }

    /** Java's shifts: the left operand keeps its own type, the count is masked to its width, {@code >>>} shifts in zeros. */
    private GoExpr shift(Node at, BinaryExpr.Operator op, GoExpr l, GoExpr r) {
        if (!l.type().integral() || !r.type().integral()) {
            throw Untranslatable.at(at, op.asString(), "shifts are exported on integers only");
        }
        int width = l.type() == JavaType.INT ? 32 : 64;
        String count = r.isConstant() ? Long.toString(r.constant().asLong() & (width - 1))
                : "(" + join(r, "&", GoExpr.literal(r.type() == JavaType.INT ? Constant.ofInt(width - 1) : Constant.ofLong(width - 1)),
                r.type()).go() + ")";
        String left = l.isConstant() ? GoLiteral.typed(l.constant()) : l.prec() < GoExpr.ATOM ? "(" + l.go() + ")" : l.go();
        if (op == BinaryExpr.Operator.UNSIGNED_RIGHT_SHIFT) {
            String unsigned = width == 32 ? "uint32" : "uint64";
            // a constant's unsigned bits are written as such: Go does not convert a negative constant to an unsigned type
            String bits = !l.isConstant() ? GoExpr.strip(left) : width == 32 ? Integer.toUnsignedString(l.constant().asInt())
                    : Long.toUnsignedString(l.constant().asLong());
            return new GoExpr(l.type().go + "(" + unsigned + "(" + bits + ") >> " + count + ")", l.type());
        }
        return new GoExpr(left + (op == BinaryExpr.Operator.LEFT_SHIFT ? " << " : " >> ") + count, l.type(), 5);
    }

    /**
     * A chain {@code a && b && c} (or {@code ||}): an operand that needs statements gets them only
     * when Java would evaluate it. An operand that repeats an earlier one with nothing in between
     * that could change it is dropped (the value is the same, and go vet calls it redundant), and
     * {@code x != 1 || x != 2} keeps its second comparison in a temporary (its value, and go vet's
     * "suspect" check, would otherwise be a problem only for the linter).
     */
    private GoExpr shortCircuit(BinaryExpr b, GoLines pre) {
        BinaryExpr.Operator op = shortForm(b.getOperator());
        boolean and = op == BinaryExpr.Operator.AND;
        String goOp = and ? "&&" : "||";
        List<Expression> operands = new ArrayList<>();
        flatten(b, op, operands);
        GoExpr acc = null;
        List<String> seen = new ArrayList<>();
        List<GoExpr> comparisons = new ArrayList<>();
        boolean effectsSince = false;
        for (Expression operand : operands) {
            GoLines inner = new GoLines();
            GoExpr x = expr(operand, acc == null ? pre : inner);
            if (x.type() != JavaType.BOOL) {
                throw Untranslatable.at(operand, op.asString(), "needs booleans");
            }
            boolean effects = tr.effects(operand);
            if (acc == null) {
                acc = x;
                seen.add(x.bare());
                comparisons.add(x);
                effectsSince = effects;
                continue;
            }
            if (inner.isEmpty() && !effects && !effectsSince && seen.contains(x.bare())) {
                continue;
            }
            if (inner.isEmpty() && suspect(comparisons, x, and)) {
                if (pre == null) {
                    throw Untranslatable.at(operand, "condition", "this condition cannot be written here in Go (a loop update); compute it "
                            + "in the loop body");
                }
                x = spill(x, pre, operand);
            }
            effectsSince |= effects;
            seen.add(x.bare());
            comparisons.add(x);
            if (inner.isEmpty()) {
                acc = join(acc, goOp, x, JavaType.BOOL);
                continue;
            }
            if (pre == null) {
                throw Untranslatable.at(b, "evaluation order", "this condition needs statements, which Go cannot place here (a loop update)");
            }
            String t = tr.names.temp();
            pre.add(t + " := " + typedValue(acc));
            pre.add("if " + (and ? t : "!" + t) + " {");
            GoLines body = new GoLines();
            body.addAll(inner);
            body.add(t + " = " + x.bare());
            pre.addIndented(body);
            pre.add("}");
            acc = new GoExpr(t, JavaType.BOOL);
        }
        return acc;
    }

    /**
     * Java's {@code &} and {@code |} on booleans whose right side has no effects and cannot throw mean
     * {@code &&} and {@code ||} (skipping such a side changes nothing).
     */
    private boolean booleanWithoutEffects(BinaryExpr b) {
        return (b.getOperator() == BinaryExpr.Operator.BINARY_AND || b.getOperator() == BinaryExpr.Operator.BINARY_OR)
                && !mustEvaluate(b.getRight()) && staticType(b.getLeft()) == JavaType.BOOL && staticType(b.getRight()) == JavaType.BOOL;
    }

    private static BinaryExpr.Operator shortForm(BinaryExpr.Operator op) {
        return op == BinaryExpr.Operator.BINARY_AND ? BinaryExpr.Operator.AND : op == BinaryExpr.Operator.BINARY_OR ? BinaryExpr.Operator.OR : op;
    }

    /** The operands of a chain of one operator (or its non-short-circuit twin without effects), left to right, through parentheses. */
    private void flatten(Expression e, BinaryExpr.Operator op, List<Expression> out) {
        Expression u = unwrap(e);
        if (u instanceof BinaryExpr b && (b.getOperator() == op || booleanWithoutEffects(b) && shortForm(b.getOperator()) == op)) {
            flatten(b.getLeft(), op, out);
            flatten(b.getRight(), op, out);
        } else {
            out.add(e);
        }
    }

    /** go vet's "suspect or/and": {@code x != c1 || x != c2} (or {@code x == c1 && x == c2}) with two different constants. */
    private static boolean suspect(List<GoExpr> earlier, GoExpr x, boolean and) {
        String want = and ? " == " : " != ";
        int at = x.go().indexOf(want);
        if (x.prec() != 3 || at < 0) {
            return false;
        }
        String left = x.go().substring(0, at);
        String right = x.go().substring(at + want.length());
        for (GoExpr e : earlier) {
            int k = e.go().indexOf(want);
            if (e.prec() == 3 && k >= 0 && e.go().substring(0, k).equals(left) && !e.go().substring(k + want.length()).equals(right)
                    && right.matches("-?[0-9.eE+x]+|true|false") && e.go().substring(k + want.length()).matches("-?[0-9.eE+x]+|true|false")) {
                return true;
            }
        }
        return false;
    }

    /** {@code c ? a : b} as an if/else in the prelude that assigns a temporary; with a constant condition, the branch Java takes. */
    private GoExpr conditional(ConditionalExpr c, GoLines pre) {
        Constant cond = fold(c.getCondition());
        if (cond != null && cond.type() == JavaType.BOOL) {
            return convert(expr(cond.asBool() ? c.getThenExpr() : c.getElseExpr(), pre), conditionalType(c));
        }
        if (pre == null) {
            throw Untranslatable.at(c, "conditional", "a conditional expression cannot stand here in Go (a loop update); compute it in "
                    + "the loop body");
        }
        JavaType t = conditionalType(c);
        String v = tr.names.temp();
        pre.add("var " + v + " " + t.go);
        lowerConditional(c, x -> v + " = " + convert(x.translated(), t).bare(), pre);
        return new GoExpr(v, t);
    }

    /** The Java type of {@code c ? a : b} (numeric branches are promoted). */
    JavaType conditionalType(ConditionalExpr c) {
        JavaType a = staticType(c.getThenExpr());
        JavaType b = staticType(c.getElseExpr());
        return a == b ? a : JavaType.promote(a, b, c);
    }

    /** A branch of a lowered conditional: its expression, translated on demand into the branch's own prelude. */
    interface Branch {
        GoExpr translated();
    }

    /**
     * Writes {@code c ? a : b} (and a chain of them in the else branch) as statements: each branch's
     * statements and {@code leaf} of its value inside the branch (see {@link Chain#layout}).
     */
    void lowerConditional(ConditionalExpr c, Function<Branch, String> leaf, GoLines out) {
        List<Chain.Link> links = new ArrayList<>();
        Expression els = c;
        // a constant condition: only the branch Java takes is written
        while (unwrap(els) instanceof ConditionalExpr ec && fold(ec) == null && fold(ec.getCondition()) != null) {
            els = fold(ec.getCondition()).asBool() ? ec.getThenExpr() : ec.getElseExpr();
        }
        if (!(unwrap(els) instanceof ConditionalExpr first) || fold(first) != null) {
            Expression only = els;
            out.add(leaf.apply(() -> expr(only, out)));
            return;
        }
        while (unwrap(els) instanceof ConditionalExpr ec && fold(ec) == null) {
            if (fold(ec.getCondition()) != null) {
                els = fold(ec.getCondition()).asBool() ? ec.getThenExpr() : ec.getElseExpr();
                continue;
            }
            GoLines condPre = new GoLines();
            String cond = condition(ec.getCondition(), condPre);
            GoLines body = new GoLines();
            Expression value = ec.getThenExpr();
            body.add(leaf.apply(() -> expr(value, body)));
            links.add(new Chain.Link(condPre, cond, body));
            els = ec.getElseExpr();
        }
        GoLines otherwise = new GoLines();
        Expression last = els;
        otherwise.add(leaf.apply(() -> expr(last, otherwise)));
        Chain.layout(links, otherwise, true, out);
    }

    static Expression unwrap(Expression e) {
        while (e instanceof EnclosedExpr en) {
            e = en.getInner();
        }
        return e;
    }

    /** A boolean condition's Go source (statements it needs go into {@code pre}). */
    String condition(Expression e, GoLines pre) {
        GoExpr x = expr(e, pre);
        if (x.type() != JavaType.BOOL) {
            throw Untranslatable.at(e, "condition", "a condition must be boolean");
        }
        return x.bare();
    }

    private GoExpr unary(UnaryExpr u, GoLines pre) {
        UnaryExpr.Operator op = u.getOperator();
        if (Translation.isIncrement(u)) {
            if (!tr.isCounter(u.getExpression())) {
                throw Untranslatable.at(u, "increment in an expression", "Go has no increment expressions; increment in a statement of "
                        + "its own");
            }
            boolean inc = op == UnaryExpr.Operator.PREFIX_INCREMENT || op == UnaryExpr.Operator.POSTFIX_INCREMENT;
            String add = "p." + tr.counterGo + ".Add(" + (inc ? "1" : "-1") + ")";
            return op.isPrefix() ? new GoExpr(add, JavaType.LONG) : new GoExpr(add + (inc ? " - 1" : " + 1"), JavaType.LONG, 4);
        }
        GoExpr x = expr(u.getExpression(), pre);
        if (x.isConstant() && x.constant().unary(op) != null) {
            Constant v = x.constant().unary(op);
            if (GoLiteral.needsMath(v)) {
                tr.imports.add("math");
            }
            return GoExpr.literal(v);
        }
        return switch (op) {
            case LOGICAL_COMPLEMENT -> {
                if (x.type() != JavaType.BOOL) {
                    throw Untranslatable.at(u, "!", "! needs a boolean");
                }
                yield new GoExpr("!" + paren(x), JavaType.BOOL, GoExpr.UNARY);
            }
            case MINUS -> {
                if (!x.type().numeric()) {
                    throw Untranslatable.at(u, "-", "- needs a number");
                }
                yield new GoExpr("-" + paren(x), x.type(), GoExpr.UNARY);
            }
            case PLUS -> x;
            case BITWISE_COMPLEMENT -> {
                if (!x.type().integral()) {
                    throw Untranslatable.at(u, "~", "~ needs an integer");
                }
                yield new GoExpr("^" + paren(x), x.type(), GoExpr.UNARY);
            }
            default -> throw Untranslatable.at(u, op.asString(), "unsupported operator");
        };
    }

    /** The operand of a unary operator: parenthesized when it binds looser, or when it starts with a sign (Go reads "--" as one token). */
    private static String paren(GoExpr x) {
        return x.prec() < GoExpr.UNARY || x.go().startsWith("-") || x.go().startsWith("+") ? "(" + x.go() + ")" : x.go();
    }

    private GoExpr call(MethodCallExpr m, GoLines pre) {
        List<GoExpr> args = ordered(m.getArguments(), pre);
        String name = m.getNameAsString();
        if (Translation.ownCall(m)) {
            Translation.Method decl = tr.methods.get(name);
            if (decl == null || decl.decl() == tr.entry) {
                throw Untranslatable.at(m, "call", "'" + name + "' is not a method of this policy that can be exported");
            }
            if (decl.parameters().size() != args.size()) {
                throw Untranslatable.at(m, "call", "'" + name + "' takes " + decl.parameters().size() + " arguments");
            }
            StringBuilder sb = new StringBuilder("p.").append(decl.go()).append('(');
            for (int i = 0; i < args.size(); i++) {
                sb.append(i > 0 ? ", " : "").append(convertArgument(args.get(i), decl.parameters().get(i), m.getArgument(i)).bare());
            }
            return new GoExpr(sb.append(')').toString(), decl.returns());
        }
        String scope = m.getScope().map(Object::toString).orElseThrow();
        return MathCalls.translate(this, m, scope, name, args);
    }

    private GoExpr arrayCreation(ArrayCreationExpr ac, GoLines pre) {
        JavaType t = JavaType.of(new ArrayType(ac.getElementType()), ac);
        if (ac.getLevels().size() != 1) {
            throw Untranslatable.at(ac, "array", "only one-dimensional arrays are exported");
        }
        if (ac.getInitializer().isPresent()) {
            ArrayInitializerExpr init = ac.getInitializer().get();
            List<GoExpr> values = ordered(init.getValues(), pre);
            StringBuilder sb = new StringBuilder(t.go).append('{');
            for (int i = 0; i < values.size(); i++) {
                sb.append(i > 0 ? ", " : "").append(convertArgument(values.get(i), t.element(), init.getValues().get(i)).bare());
            }
            return new GoExpr(sb.append('}').toString(), t);
        }
        Expression dim = ac.getLevels().get(0).getDimension().orElseThrow();
        return new GoExpr("make(" + t.go + ", " + convertArgument(expr(dim, pre), JavaType.INT, dim).bare() + ")", t);
    }

    // ---- types and conversions ----

    /** Java's widening conversion (int to long to double); a constant is converted in Java. */
    GoExpr convert(GoExpr x, JavaType to) {
        if (x.type() == to || to == JavaType.VOID) {
            return x;
        }
        if (x.isConstant() && to.numeric() && x.type().numeric()) {
            return GoExpr.literal(x.constant().to(to));
        }
        if (to.numeric() && x.type().numeric()) {
            return new GoExpr(to.go + "(" + x.bare() + ")", to);
        }
        throw new Untranslatable(0, "types", "cannot use " + x.type().javaName() + " as " + to.javaName());
    }

    /** {@link #convert} for a value passed or assigned, refused with the place when Java would not allow it either. */
    GoExpr convertArgument(GoExpr x, JavaType to, Node at) {
        if (x.type() == to) {
            return x;
        }
        if (x.type() == JavaType.PRIORITIES) {
            throw Untranslatable.at(at, "priorities", "priorities is the router's []int and cannot be passed or copied as an int[]; "
                    + "pass the values it holds instead");
        }
        if (!x.type().numeric() || !to.numeric() || widening(x.type(), to)) {
            try {
                return convert(x, to);
            } catch (Untranslatable u) {
                throw Untranslatable.at(at, "types", "cannot use " + x.type().javaName() + " as " + to.javaName());
            }
        }
        throw Untranslatable.at(at, "types", "cannot use " + x.type().javaName() + " as " + to.javaName() + " without a cast");
    }

    private static boolean widening(JavaType from, JavaType to) {
        return from == JavaType.INT && (to == JavaType.LONG || to == JavaType.DOUBLE) || from == JavaType.LONG && to == JavaType.DOUBLE;
    }

    /** An explicit cast (or a compound assignment's conversion back), with Java's saturating double-to-integer rule. */
    GoExpr narrow(GoExpr x, JavaType to, Node at) {
        if (x.type() == to) {
            return x;
        }
        if (x.isConstant() && x.type().numeric() && to.numeric()) {
            return GoExpr.literal(x.constant().to(to));
        }
        if (x.type() == JavaType.DOUBLE && to.integral()) {
            String helper = to == JavaType.INT ? "javaToInt32" : "javaToInt64";
            tr.helper(helper);
            return new GoExpr(helper + "(" + x.bare() + ")", to);
        }
        if (x.type() == JavaType.LONG && to == JavaType.INT) {
            return new GoExpr("int32(" + x.bare() + ")", to);
        }
        if (x.type().numeric() && to.numeric()) {
            return convert(x, to);
        }
        throw Untranslatable.at(at, "cast", "cannot cast " + x.type().javaName() + " to " + to.javaName());
    }

    /**
     * The Java type of an expression without translating it (for a temporary declared before its
     * value is known).
     */
    JavaType staticType(Expression e) {
        Constant c = fold(e);
        if (c != null) {
            return c.type();
        }
        e = unwrap(e);
        if (e instanceof NameExpr n) {
            Translation.Local l = tr.local(n.getNameAsString());
            JavaType declared = l == null ? declaredType(n) : null;
            return l != null ? l.type() : declared != null ? declared : name(n).type();
        }
        if (e instanceof FieldAccessExpr fa) {
            if (fa.getScope() instanceof ThisExpr) {
                return fieldAccess(fa, null).type();
            }
            if (fa.getNameAsString().equals("length")) {
                return JavaType.INT;
            }
        }
        if (e instanceof ArrayAccessExpr aa) {
            JavaType arr = staticType(aa.getName());
            if (arr.element() == null) {
                throw Untranslatable.at(aa, "index", "indexing a non-array");
            }
            return arr.element();
        }
        if (e instanceof CastExpr cast) {
            return JavaType.of(cast.getType(), cast);
        }
        if (e instanceof ConditionalExpr c2) {
            return conditionalType(c2);
        }
        if (e instanceof UnaryExpr u) {
            if (Translation.isIncrement(u)) {
                return JavaType.LONG;
            }
            JavaType t = staticType(u.getExpression());
            return t;
        }
        if (e instanceof BinaryExpr b) {
            return switch (b.getOperator()) {
                case AND, OR, EQUALS, NOT_EQUALS, LESS, LESS_EQUALS, GREATER, GREATER_EQUALS -> JavaType.BOOL;
                case LEFT_SHIFT, SIGNED_RIGHT_SHIFT, UNSIGNED_RIGHT_SHIFT -> staticType(b.getLeft());
                default -> {
                    JavaType l = staticType(b.getLeft());
                    JavaType r = staticType(b.getRight());
                    yield l == JavaType.BOOL && r == JavaType.BOOL ? JavaType.BOOL : JavaType.promote(l, r, b);
                }
            };
        }
        if (e instanceof ArrayCreationExpr ac) {
            return JavaType.of(new ArrayType(ac.getElementType()), ac);
        }
        if (e instanceof MethodCallExpr m) {
            if (Translation.ownCall(m)) {
                Translation.Method decl = tr.methods.get(m.getNameAsString());
                if (decl == null) {
                    throw Untranslatable.at(m, "call", "'" + m.getNameAsString() + "' is not a method of this policy");
                }
                return decl.returns();
            }
            return libraryType(m);
        }
        throw Untranslatable.at(e, e.getClass().getSimpleName().replace("Expr", "").toLowerCase(Locale.ROOT),
                "this expression is outside the exported subset");
    }

    private JavaType libraryType(MethodCallExpr m) {
        String name = m.getNameAsString();
        String scope = m.getScope().map(Object::toString).orElse("");
        List<JavaType> args = m.getArguments().stream().map(this::staticType).toList();
        if (scope.equals("Double") && Set.of("isNaN", "isInfinite", "isFinite").contains(name)) {
            return JavaType.BOOL;
        }
        if (name.equals("compare")) {
            return JavaType.INT;
        }
        if (Set.of("Double", "Integer", "Long").contains(scope)) {
            return scope.equals("Double") ? JavaType.DOUBLE : scope.equals("Long") ? JavaType.LONG : JavaType.INT;
        }
        return switch (name) {
            case "max", "min" -> JavaType.promote(args.get(0), args.get(1), m);
            case "abs" -> args.get(0);
            case "round" -> JavaType.LONG;
            case "floorDiv" -> args.contains(JavaType.LONG) ? JavaType.LONG : JavaType.INT;
            case "floorMod" -> args.get(1) == JavaType.LONG ? JavaType.LONG : JavaType.INT;
            default -> JavaType.DOUBLE;
        };
    }

    /** Joins two operands with only the parentheses Go needs (Java's own are re-derived, not copied). */
    static GoExpr join(GoExpr l, String op, GoExpr r, JavaType type) {
        int p = precedence(op);
        boolean comparison = p == 3;
        String left = l.prec() < p || comparison && l.prec() == 3 ? "(" + l.go() + ")" : l.go();
        String right = r.prec() <= p ? "(" + r.go() + ")" : r.go();
        return new GoExpr(left + " " + op + " " + right, type, p);
    }

    /** Go's binary precedence (5 binds tightest). */
    static int precedence(String op) {
        return switch (op) {
            case "*", "/", "%", "&", "<<", ">>", "&^" -> 5;
            case "+", "-", "|", "^" -> 4;
            case "==", "!=", "<", "<=", ">", ">=" -> 3;
            case "&&" -> 2;
            case "||" -> 1;
            default -> throw new IllegalArgumentException("not a Go binary operator: " + op);
        };
    }
}
