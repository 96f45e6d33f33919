package io.nous.codegen.guard;

import com.github.javaparser.JavaToken;
import com.github.javaparser.Position;
import com.github.javaparser.TokenRange;
import com.github.javaparser.ast.ArrayCreationLevel;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LiteralExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.WhileStmt;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Inserts the {@link Budget} guard into verified candidate source. Every insertion is anchored on
 * the parser's syntax tree and tokens (never on a search through the text, so comments and names
 * cannot mislead it), and none adds or removes a line break, so compiler diagnostics keep the
 * author's line numbers:
 * <ul>
 *   <li>an import of {@link $nousGuard} (a name no candidate can declare) and a budget field as the
 *       class's first member, initialized before any other field;</li>
 *   <li>at every method and constructor entry, a charge of the body's work outside loops and a
 *       try/finally depth counter;</li>
 *   <li>at every loop back-edge, a charge of one iteration's work;</li>
 *   <li>around every array dimension, the elements it really allocates (the product with the
 *       dimensions before it);</li>
 *   <li>the functions fdlibm defines become {@code StrictMath} calls ({@link #STRICT_MATH}; {@code pow}
 *       runs as {@code StrictMath.pow} inside the budget, which charges it), so a candidate computes the
 *       same bits on every machine and in its Go export;</li>
 *   <li>floating-point remainders go through the budget, which charges them by their operands.</li>
 * </ul>
 * Work is counted in syntax nodes, with Math functions weighing what they really cost more
 * ({@link #callUnits}) and floating-point remainders charged by their operands as they run
 * ({@code a % b} becomes {@code $nous.rem(a, b)}, see {@link Budget#rem}).
 * Code that runs before the instance exists (static methods, the arguments of {@code this(...)})
 * reaches the budget through the thread instead of {@code this}.
 */
public final class GuardInstrumenter {
    private static final String BUDGET_TYPE = "io.nous.codegen.guard.Budget";
    private static final String GUARD = "$nousGuard";
    private static final String VAR = "$nous";
    /** Name of the inserted instance field holding the budget. */
    public static final String FIELD = "$nousBudget";
    /**
     * Extra work units of one call to a Math/StrictMath function beyond its node: its steady-state
     * time on JDK 17 (x86-64) at about 20 units a nanosecond, the rate at which the shipped templates'
     * nodes run, rounded up; where the time depends on the argument, the slowest case (sin, cos and
     * tan of huge arguments need a long argument reduction; asin and acos are native calls).
     * {@code nous bench --codegen} measures these times again. Remainders, whose cost grows with the
     * exponent gap of their operands, and {@code pow}, whose fast paths are 25 times faster than its
     * general one, are charged as they run ({@link Budget#rem}, {@link Budget#pow}).
     */
    static final Map<String, Integer> CALL_UNITS = Map.ofEntries(
            Map.entry("exp", 200), Map.entry("expm1", 320), Map.entry("log", 260), Map.entry("log10", 400),
            Map.entry("log1p", 340), Map.entry("sinh", 440), Map.entry("cosh", 380), Map.entry("tanh", 440),
            Map.entry("atan", 320), Map.entry("atan2", 480), Map.entry("cbrt", 180), Map.entry("hypot", 300),
            Map.entry("sin", 2100), Map.entry("cos", 2100), Map.entry("tan", 2100),
            Map.entry("asin", 3200), Map.entry("acos", 3200));

    /** Math functions the budget runs and charges by their arguments, with the budget's method for each. */
    private static final Map<String, String> CHARGED_CALLS = Map.of("pow", "pow", "IEEEremainder", "ieeeRemainder");

    /** Extra work units of a call to {@code Math.name} or {@code StrictMath.name}; 0 for the cheap ones. */
    public static int callUnits(String name) {
        return CALL_UNITS.getOrDefault(name, 0);
    }

    public static final Set<String> STRICT_MATH = Set.of("sin", "cos", "tan", "asin", "acos", "atan", "atan2", "exp", "expm1", "log",
            "log10", "log1p", "pow", "cbrt", "hypot", "sinh", "cosh", "tanh", "copySign");

    /** Inserts {@code text} at {@code offset} after removing {@code remove} characters there. */
    private record Edit(int offset, int order, String text, int remove) {
        Edit(int offset, int order, String text) {
            this(offset, order, text, 0);
        }
    }

    private GuardInstrumenter() {
    }

    /** Returns the instrumented source of a parsed, verified candidate. */
    public static String instrument(String source, CompilationUnit unit) {
        int[] lineStarts = lineStarts(source);
        List<Edit> edits = new ArrayList<>();
        int importAt = unit.getPackageDeclaration().map(p -> offset(lineStarts, p.getEnd().orElseThrow()) + 1).orElse(0);
        edits.add(new Edit(importAt, 6, (importAt == 0 ? "" : " ") + "import io.nous.codegen.guard." + GUARD + "; "));
        for (ClassOrInterfaceDeclaration cls : unit.findAll(ClassOrInterfaceDeclaration.class)) {
            edits.add(new Edit(bodyBrace(cls, lineStarts) + 1, 5,
                    " private final " + BUDGET_TYPE + " " + FIELD + " = " + GUARD + ".creating();"));
        }
        for (CallableDeclaration<?> c : unit.findAll(CallableDeclaration.class)) {
            BlockStmt body = c instanceof MethodDeclaration m ? m.getBody().orElse(null) : ((ConstructorDeclaration) c).getBody();
            if (body == null) {
                continue;
            }
            // After an explicit this(...) call, which must stay the constructor's first statement.
            boolean delegates = body.getStatements().isNonEmpty() && body.getStatement(0).isExplicitConstructorInvocationStmt();
            int open = delegates ? offset(lineStarts, body.getStatement(0).getEnd().orElseThrow()) + 1
                    : offset(lineStarts, body.getBegin().orElseThrow()) + 1;
            int close = offset(lineStarts, body.getEnd().orElseThrow());
            int cost = Math.max(1, cost(body, delegates ? body.getStatement(0) : null));
            String lookup = c.isStatic() ? GUARD + ".enter(" + cost + ")" : "this." + FIELD + ".enterMethod(" + cost + ")";
            edits.add(new Edit(open, 0, " final " + BUDGET_TYPE + " " + VAR + " = " + lookup + "; try {"));
            edits.add(new Edit(close, 1, "} finally { " + VAR + ".exit(); } "));
        }
        for (Node loop : unit.findAll(Node.class, n -> n instanceof ForStmt || n instanceof ForEachStmt
                || n instanceof WhileStmt || n instanceof DoStmt)) {
            Statement body;
            int header;
            if (loop instanceof ForStmt f) {
                body = f.getBody();
                header = f.getCompare().map(e -> cost(e, null)).orElse(0) + f.getUpdate().stream().mapToInt(e -> cost(e, null)).sum();
            } else if (loop instanceof ForEachStmt f) {
                body = f.getBody();
                header = 2;
            } else if (loop instanceof WhileStmt w) {
                body = w.getBody();
                header = cost(w.getCondition(), null);
            } else {
                body = ((DoStmt) loop).getBody();
                header = cost(((DoStmt) loop).getCondition(), null);
            }
            int iteration = Math.max(1, cost(body, null) + header);
            if (body instanceof BlockStmt) {
                edits.add(new Edit(offset(lineStarts, body.getBegin().orElseThrow()) + 1, 2, " " + VAR + ".tick(" + iteration + ");"));
            } else {
                edits.add(new Edit(offset(lineStarts, body.getBegin().orElseThrow()), 3, "{ " + VAR + ".tick(" + iteration + "); "));
                edits.add(new Edit(offset(lineStarts, body.getEnd().orElseThrow()) + 1, -1, " }"));
            }
        }
        for (ArrayCreationExpr creation : unit.findAll(ArrayCreationExpr.class)) {
            List<ArrayCreationLevel> given = creation.getLevels().stream().filter(l -> l.getDimension().isPresent()).toList();
            String target = noInstance(creation) ? GUARD + "." : "this." + FIELD + ".";
            for (int i = 0; i < given.size(); i++) {
                String call = given.size() == 1 ? (noInstance(creation) ? "alloc" : "allocate")
                        : i == 0 ? "first" : i == given.size() - 1 ? "last" : "next";
                Node d = given.get(i).getDimension().orElseThrow();
                edits.add(new Edit(offset(lineStarts, d.getBegin().orElseThrow()), 4, target + call + "("));
                edits.add(new Edit(offset(lineStarts, d.getEnd().orElseThrow()) + 1, -2, ")"));
            }
        }
        for (MethodCallExpr call : unit.findAll(MethodCallExpr.class, c -> STRICT_MATH.contains(c.getNameAsString())
                && !CHARGED_CALLS.containsKey(c.getNameAsString()) && c.getScope().filter(s -> s instanceof NameExpr ne && ne.getNameAsString().equals("Math")).isPresent())) {
            edits.add(new Edit(offset(lineStarts, call.getScope().get().getBegin().orElseThrow()), 7, "Strict"));
        }
        remainders(unit, lineStarts, edits);
        // Apply from the end so earlier offsets stay valid; at one offset, closers before openers.
        edits.sort(Comparator.comparingInt(Edit::offset).reversed().thenComparing(Comparator.comparingInt(Edit::order).reversed()));
        StringBuilder sb = new StringBuilder(source);
        for (Edit e : edits) {
            sb.replace(e.offset, e.offset + e.remove, e.text);
        }
        return sb.toString();
    }

    /**
     * Routes every remainder through the budget, which charges it by its operands: {@code a % b}
     * becomes {@code $nous.rem(a, b)} (overloads for int, long, float and double pick the type binary
     * numeric promotion would); {@code t %= b} becomes {@code t %= $nous.remBy(t, b)} where reading
     * {@code t} again has no effect ({@link #withoutEffects}), else {@code $nous.remByWorst(b)}; {@code Math.IEEEremainder(a, b)}
     * becomes {@code $nous.ieeeRemainder(a, b)} and {@code Math.pow(a, b)} {@code $nous.pow(a, b)}. Operands and their order of evaluation are
     * untouched. Remainders of literals alone (constant expressions, which case labels need) are
     * folded by the compiler and left as they are.
     */
    private static void remainders(CompilationUnit unit, int[] lineStarts, List<Edit> edits) {
        for (BinaryExpr rem : unit.findAll(BinaryExpr.class, b -> b.getOperator() == BinaryExpr.Operator.REMAINDER)) {
            if (literalsOnly(rem) || inCaseLabel(rem)) {
                continue;
            }
            int depth = depth(rem);
            edits.add(new Edit(offset(lineStarts, rem.getBegin().orElseThrow()), 100 + depth, budgetAt(rem) + "rem("));
            edits.add(new Edit(operatorOffset(rem, lineStarts), 99, ",", 1));
            edits.add(new Edit(offset(lineStarts, rem.getEnd().orElseThrow()) + 1, -3 - depth, ")"));
        }
        for (AssignExpr rem : unit.findAll(AssignExpr.class, a -> a.getOperator() == AssignExpr.Operator.REMAINDER)) {
            String budget = budgetAt(rem);
            int depth = depth(rem);
            Expression target = rem.getTarget();
            String open = withoutEffects(target) ? budget + "remBy(" + target + ", " : budget + "remByWorst(";
            edits.add(new Edit(offset(lineStarts, rem.getValue().getBegin().orElseThrow()), 100 + depth, open));
            edits.add(new Edit(offset(lineStarts, rem.getValue().getEnd().orElseThrow()) + 1, -3 - depth, ")"));
        }
        for (MethodCallExpr call : unit.findAll(MethodCallExpr.class, c -> CHARGED_CALLS.containsKey(c.getNameAsString()) && isMath(c))) {
            int from = offset(lineStarts, call.getScope().orElseThrow().getBegin().orElseThrow());
            int to = offset(lineStarts, call.getName().getEnd().orElseThrow()) + 1;
            edits.add(new Edit(from, 7, budgetAt(call) + CHARGED_CALLS.get(call.getNameAsString()), to - from));
        }
    }

    /**
     * Nesting depth, which orders edits at one offset: of two openers there the outer one must come
     * first in the text, of two closers the inner one.
     */
    private static int depth(Node n) {
        int d = 0;
        for (Node p = n.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
            d++;
        }
        return d;
    }

    private static boolean inCaseLabel(Node n) {
        return n.findAncestor(SwitchEntry.class).filter(e -> e.getLabels().stream().anyMatch(l -> l.containsWithinRange(n))).isPresent();
    }

    private static boolean isMath(MethodCallExpr call) {
        return call.getScope().filter(s -> s instanceof NameExpr ne
                && (ne.getNameAsString().equals("Math") || ne.getNameAsString().equals("StrictMath"))).isPresent();
    }

    /**
     * True when evaluating {@code e} again changes nothing and, done just after the compound
     * assignment read it, sees the same value: names, fields, array elements and arithmetic, no
     * calls, assignments, increments or allocations.
     */
    private static final Set<UnaryExpr.Operator> STEPS = Set.of(UnaryExpr.Operator.PREFIX_INCREMENT, UnaryExpr.Operator.PREFIX_DECREMENT,
            UnaryExpr.Operator.POSTFIX_INCREMENT, UnaryExpr.Operator.POSTFIX_DECREMENT);

    private static boolean withoutEffects(Expression e) {
        return e.findAll(Node.class).stream().noneMatch(n -> n instanceof MethodCallExpr || n instanceof AssignExpr
                || n instanceof UnaryExpr u && STEPS.contains(u.getOperator())
                || n instanceof com.github.javaparser.ast.expr.ObjectCreationExpr || n instanceof ArrayCreationExpr);
    }

    /** True when {@code e} is built of literals alone: a constant expression the compiler folds. */
    private static boolean literalsOnly(Expression e) {
        return e.findAll(Node.class).stream().allMatch(n -> n instanceof LiteralExpr || n instanceof BinaryExpr
                || n instanceof UnaryExpr || n instanceof EnclosedExpr || n instanceof CastExpr
                || n instanceof com.github.javaparser.ast.type.Type);
    }

    /**
     * How code at {@code n} reaches the budget: the {@code $nous} local inside a method or
     * constructor body, the budget field in an instance field initializer, the thread's budget
     * where there is no instance.
     */
    private static String budgetAt(Node n) {
        for (Node p = n.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
            if (p instanceof ExplicitConstructorInvocationStmt) {
                return GUARD + ".";
            }
            if (p instanceof CallableDeclaration<?>) {
                return VAR + ".";
            }
            if (p instanceof FieldDeclaration f) {
                return f.isStatic() ? GUARD + "." : "this." + FIELD + ".";
            }
            if (p instanceof InitializerDeclaration i) {
                return i.isStatic() ? GUARD + "." : "this." + FIELD + ".";
            }
        }
        return GUARD + ".";
    }

    /** The offset of a binary expression's operator token: the first token after its left operand. */
    private static int operatorOffset(BinaryExpr b, int[] lineStarts) {
        Position leftEnd = b.getLeft().getEnd().orElseThrow();
        for (JavaToken t : b.getTokenRange().orElseThrow()) {
            Position p = t.getRange().orElseThrow().begin;
            if (p.isAfter(leftEnd) && t.getText().equals(b.getOperator().asString())) {
                return offset(lineStarts, p);
            }
        }
        throw new IllegalStateException("no operator token in " + b);
    }

    /** True for code that runs where {@code this} cannot be used: static code and the arguments of this(...). */
    private static boolean noInstance(Node n) {
        if (n.findAncestor(ExplicitConstructorInvocationStmt.class).isPresent()) {
            return true;
        }
        return n.findAncestor(CallableDeclaration.class).map(CallableDeclaration::isStatic)
                .orElseGet(() -> n.findAncestor(FieldDeclaration.class).map(FieldDeclaration::isStatic).orElse(true));
    }

    /** The offset of the '{' that opens the class body: the first such token after the class's name. */
    private static int bodyBrace(ClassOrInterfaceDeclaration cls, int[] lineStarts) {
        TokenRange range = cls.getTokenRange().orElseThrow();
        Position name = cls.getName().getBegin().orElseThrow();
        for (JavaToken t : range) {
            if (t.getText().equals("{") && t.getCategory() == JavaToken.Category.SEPARATOR) {
                Position p = t.getRange().orElseThrow().begin;
                if (p.isAfter(name)) {
                    return offset(lineStarts, p);
                }
            }
        }
        throw new IllegalStateException("class " + cls.getNameAsString() + " has no body");
    }

    /**
     * Work units of {@code root}: its syntax nodes, not descending into loop bodies (each loop
     * charges its own iterations) nor into {@code skip}, plus {@link #callUnits} per
     * Math function. Iterative: the verifier bounds the tree's depth, but no walk here recurses.
     */
    static int cost(Node root, Node skip) {
        Map<Node, Boolean> loopBodies = new IdentityHashMap<>();
        int units = 0;
        ArrayDeque<Node> todo = new ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            Node n = todo.pop();
            if (n == skip || n instanceof Comment || loopBodies.containsKey(n)) {
                continue;
            }
            units++;
            if (n instanceof ForStmt f) {
                loopBodies.put(f.getBody(), true);
                f.getCompare().ifPresent(c -> loopBodies.put(c, true));
                f.getUpdate().forEach(u -> loopBodies.put(u, true));
            } else if (n instanceof ForEachStmt f) {
                loopBodies.put(f.getBody(), true);
            } else if (n instanceof WhileStmt w) {
                loopBodies.put(w.getBody(), true);
                loopBodies.put(w.getCondition(), true);
            } else if (n instanceof DoStmt d) {
                loopBodies.put(d.getBody(), true);
                loopBodies.put(d.getCondition(), true);
            } else if (n instanceof MethodCallExpr call && isMath(call)) {
                units += callUnits(call.getNameAsString());
            }
            for (Node c : n.getChildNodes()) {
                todo.push(c);
            }
        }
        return units;
    }

    private static int[] lineStarts(String s) {
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\r') {
                if (i + 1 < s.length() && s.charAt(i + 1) == '\n') {
                    i++;
                }
                starts.add(i + 1);
            } else if (c == '\n') {
                starts.add(i + 1);
            }
        }
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    /** True when the class has code that runs without an instance, which finds the budget on the thread. */
    public static boolean needsThreadBudget(CompilationUnit unit) {
        return unit.findAll(CallableDeclaration.class).stream().anyMatch(CallableDeclaration::isStatic)
                || unit.findAll(FieldDeclaration.class).stream().anyMatch(f -> f.isStatic() && callsGuard(f))
                || unit.findAll(InitializerDeclaration.class).stream().anyMatch(i -> i.isStatic() && callsGuard(i))
                || unit.findAll(ExplicitConstructorInvocationStmt.class).stream().anyMatch(GuardInstrumenter::callsGuard);
    }

    /** True when instrumenting {@code n} puts a call on the thread's budget in it: an allocation or a remainder. */
    private static boolean callsGuard(Node n) {
        return !n.findAll(ArrayCreationLevel.class).isEmpty()
                || !n.findAll(BinaryExpr.class, b -> b.getOperator() == BinaryExpr.Operator.REMAINDER).isEmpty()
                || !n.findAll(AssignExpr.class, a -> a.getOperator() == AssignExpr.Operator.REMAINDER).isEmpty()
                || !n.findAll(MethodCallExpr.class, c -> CHARGED_CALLS.containsKey(c.getNameAsString()) && isMath(c)).isEmpty();
    }

    /** javaparser positions are 1-based lines and columns, tabs counting as one column. */
    private static int offset(int[] lineStarts, Position p) {
        return lineStarts[p.line - 1] + p.column - 1;
    }
}
