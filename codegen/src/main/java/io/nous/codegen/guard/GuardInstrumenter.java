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
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
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
 *   <li>{@code Math.pow} and the other functions fdlibm defines become {@code StrictMath} calls
 *       ({@link #STRICT_MATH}), so a candidate computes the same bits on every machine and in its Go export.</li>
 * </ul>
 * Work is counted in syntax nodes, with transcendental helpers weighing {@value #HEAVY_CALL} more.
 * Code that runs before the instance exists (static methods, the arguments of {@code this(...)})
 * reaches the budget through the thread instead of {@code this}.
 */
public final class GuardInstrumenter {
    private static final String BUDGET_TYPE = "io.nous.codegen.guard.Budget";
    private static final String GUARD = "$nousGuard";
    private static final String VAR = "$nous";
    /** Name of the inserted instance field holding the budget. */
    public static final String FIELD = "$nousBudget";
    /** Extra work units of one call to a transcendental Math/StrictMath helper. */
    public static final int HEAVY_CALL = 20;
    /**
     * Functions a candidate calls as {@code Math.X} that run as {@code StrictMath.X}: the ones fdlibm
     * defines. Java's {@code Math} may use CPU-specific intrinsics for them (results differ between
     * machines by an ulp, and from any Go port); {@code StrictMath} is the same bits everywhere, and
     * the Go export carries ports of exactly it.
     */
    public static final Set<String> STRICT_MATH = Set.of("sin", "cos", "tan", "asin", "acos", "atan", "atan2", "exp", "expm1", "log",
            "log10", "log1p", "pow", "cbrt", "hypot", "sinh", "cosh", "tanh", "copySign");

    private static final Set<String> HEAVY = Set.of("sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
            "exp", "expm1", "log", "log10", "log1p", "pow", "cbrt", "hypot", "IEEEremainder");

    private record Edit(int offset, int order, String text) {
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
                && c.getScope().filter(s -> s instanceof NameExpr ne && ne.getNameAsString().equals("Math")).isPresent())) {
            edits.add(new Edit(offset(lineStarts, call.getScope().get().getBegin().orElseThrow()), 7, "Strict"));
        }
        // Apply from the end so earlier offsets stay valid; at one offset, closers before openers.
        edits.sort(Comparator.comparingInt(Edit::offset).reversed().thenComparing(Comparator.comparingInt(Edit::order).reversed()));
        StringBuilder sb = new StringBuilder(source);
        for (Edit e : edits) {
            sb.insert(e.offset, e.text);
        }
        return sb.toString();
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
     * charges its own iterations) nor into {@code skip}, plus {@link #HEAVY_CALL} per
     * transcendental helper. Iterative: the verifier bounds the tree's depth, but no walk here recurses.
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
            } else if (n instanceof MethodCallExpr call && HEAVY.contains(call.getNameAsString())
                    && call.getScope().filter(s -> s instanceof NameExpr ne
                            && (ne.getNameAsString().equals("Math") || ne.getNameAsString().equals("StrictMath"))).isPresent()) {
                units += HEAVY_CALL;
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
                || unit.findAll(FieldDeclaration.class).stream().anyMatch(f -> f.isStatic()
                        && !f.findAll(ArrayCreationLevel.class).isEmpty())
                || unit.findAll(ExplicitConstructorInvocationStmt.class).stream()
                        .anyMatch(e -> !e.findAll(ArrayCreationLevel.class).isEmpty());
    }

    /** javaparser positions are 1-based lines and columns, tabs counting as one column. */
    private static int offset(int[] lineStarts, Position p) {
        return lineStarts[p.line - 1] + p.column - 1;
    }
}
