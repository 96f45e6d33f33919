package io.nous.codegen.guard;

import com.github.javaparser.Position;
import com.github.javaparser.ast.ArrayCreationLevel;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.WhileStmt;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Inserts the {@link Budget} guard into verified candidate source: a budget field as the class's
 * first member (so it is initialized before any other field), a step and a try/finally depth
 * counter at every method and constructor entry, a step at every loop back-edge, and a size check
 * around every array dimension. Instance code reaches the budget through {@code this}; only static
 * methods look it up on the thread. It edits the text in place and never adds or removes a line
 * break, so compiler diagnostics keep the author's line numbers.
 */
public final class GuardInstrumenter {
    private static final String BUDGET = "io.nous.codegen.guard.Budget";
    private static final String VAR = "$nous";
    /** Name of the inserted instance field holding the budget. */
    public static final String FIELD = "$nousBudget";

    private record Edit(int offset, int order, String text) {
    }

    private GuardInstrumenter() {
    }

    /** Returns the instrumented source of a parsed, verified candidate. */
    public static String instrument(String source, CompilationUnit unit) {
        int[] lineStarts = lineStarts(source);
        List<Edit> edits = new ArrayList<>();
        for (ClassOrInterfaceDeclaration cls : unit.findAll(ClassOrInterfaceDeclaration.class)) {
            // The class body's '{' is the first one after the name and header.
            int headerEnd = cls.getMembers().isEmpty()
                    ? offset(lineStarts, cls.getEnd().orElseThrow())
                    : offset(lineStarts, cls.getMember(0).getBegin().orElseThrow());
            int brace = source.lastIndexOf('{', headerEnd - 1);
            edits.add(new Edit(brace + 1, 5, " private final " + BUDGET + " " + FIELD + " = " + BUDGET + ".creating();"));
        }
        for (CallableDeclaration<?> c : unit.findAll(CallableDeclaration.class)) {
            BlockStmt body = c instanceof MethodDeclaration m ? m.getBody().orElse(null)
                    : ((ConstructorDeclaration) c).getBody();
            if (body == null) {
                continue;
            }
            // After an explicit this(...) call, which must stay the constructor's first statement.
            int open = body.getStatements().isNonEmpty() && body.getStatement(0).isExplicitConstructorInvocationStmt()
                    ? offset(lineStarts, body.getStatement(0).getEnd().orElseThrow()) + 1
                    : offset(lineStarts, body.getBegin().orElseThrow()) + 1;
            int close = offset(lineStarts, body.getEnd().orElseThrow());
            String lookup = c.isStatic() ? BUDGET + ".enter()" : "this." + FIELD + ".enterMethod()";
            edits.add(new Edit(open, 0, " final " + BUDGET + " " + VAR + " = " + lookup + "; try {"));
            edits.add(new Edit(close, 1, "} finally { " + VAR + ".exit(); } "));
        }
        for (Node loop : unit.findAll(Node.class, n -> n instanceof ForStmt || n instanceof ForEachStmt
                || n instanceof WhileStmt || n instanceof DoStmt)) {
            Statement body;
            if (loop instanceof ForStmt f) {
                body = f.getBody();
            } else if (loop instanceof ForEachStmt f) {
                body = f.getBody();
            } else if (loop instanceof WhileStmt w) {
                body = w.getBody();
            } else {
                body = ((DoStmt) loop).getBody();
            }
            if (body instanceof BlockStmt) {
                edits.add(new Edit(offset(lineStarts, body.getBegin().orElseThrow()) + 1, 2, " " + VAR + ".tick();"));
            } else {
                edits.add(new Edit(offset(lineStarts, body.getBegin().orElseThrow()), 3, "{ " + VAR + ".tick(); "));
                edits.add(new Edit(offset(lineStarts, body.getEnd().orElseThrow()) + 1, -1, " }"));
            }
        }
        for (ArrayCreationLevel level : unit.findAll(ArrayCreationLevel.class)) {
            boolean staticContext = level.findAncestor(CallableDeclaration.class).map(CallableDeclaration::isStatic)
                    .orElseGet(() -> level.findAncestor(FieldDeclaration.class).map(FieldDeclaration::isStatic).orElse(true));
            String check = staticContext ? BUDGET + ".alloc(" : "this." + FIELD + ".allocate(";
            level.getDimension().ifPresent(d -> {
                edits.add(new Edit(offset(lineStarts, d.getBegin().orElseThrow()), 4, check));
                edits.add(new Edit(offset(lineStarts, d.getEnd().orElseThrow()) + 1, -2, ")"));
            });
        }
        // Apply from the end so earlier offsets stay valid; at one offset, closers before openers.
        edits.sort(Comparator.comparingInt(Edit::offset).reversed().thenComparing(Comparator.comparingInt(Edit::order).reversed()));
        StringBuilder sb = new StringBuilder(source);
        for (Edit e : edits) {
            sb.insert(e.offset, e.text);
        }
        return sb.toString();
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

    /** True when the class has static methods, whose guard looks the budget up on the thread. */
    public static boolean needsThreadBudget(CompilationUnit unit) {
        return unit.findAll(CallableDeclaration.class).stream().anyMatch(CallableDeclaration::isStatic)
                || unit.findAll(FieldDeclaration.class).stream().anyMatch(f -> f.isStatic()
                        && !f.findAll(ArrayCreationLevel.class).isEmpty());
    }

    /** javaparser positions are 1-based lines and columns, tabs counting as one column. */
    private static int offset(int[] lineStarts, Position p) {
        return lineStarts[p.line - 1] + p.column - 1;
    }
}
