package io.nous.codegen.verify;

import com.github.javaparser.Position;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.SwitchEntry;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Stores to a {@code final} local, parameter or loop variable: javac rejects them, the in-memory
 * compiler accepts a plain or compound assignment (it only refuses {@code ++}), and what javac
 * rejects must not be accepted, or the exported Java module would not build. Names are resolved by
 * Java's scoping.
 */
final class FinalAssignments {
    private FinalAssignments() {
    }

    static List<Violation> check(CompilationUnit cu) {
        List<Violation> out = new ArrayList<>();
        for (CallableDeclaration<?> c : cu.findAll(CallableDeclaration.class)) {
            Deque<Map<String, Boolean>> scopes = new ArrayDeque<>();
            scopes.push(new HashMap<>());
            for (Parameter p : c.getParameters()) {
                scopes.peek().put(p.getNameAsString(), p.isFinal());
            }
            for (Node child : c.getChildNodes()) {
                if (child instanceof BlockStmt b) {
                    walk(b, scopes, out);
                }
            }
        }
        return out;
    }

    private static void walk(Node n, Deque<Map<String, Boolean>> scopes, List<Violation> out) {
        boolean scope = n instanceof BlockStmt || n instanceof ForStmt || n instanceof ForEachStmt || n instanceof SwitchEntry;
        if (scope) {
            scopes.push(new HashMap<>());
        }
        if (n instanceof VariableDeclarator v) {
            v.getInitializer().ifPresent(init -> walk(init, scopes, out));
            boolean fin = v.getParentNode().orElse(null) instanceof VariableDeclarationExpr d && d.isFinal();
            scopes.peek().put(v.getNameAsString(), fin);
        } else {
            NameExpr target = n instanceof AssignExpr a && a.getTarget() instanceof NameExpr t ? t
                    : n instanceof UnaryExpr u && u.getExpression() instanceof NameExpr t && isIncrement(u) ? t : null;
            if (target != null && isFinal(scopes, target.getNameAsString())) {
                Position p = n.getBegin().orElse(new Position(1, 1));
                out.add(new Violation(p.line, p.column, "final", "'" + target.getNameAsString() + "' is final and cannot be assigned (javac "
                        + "rejects it)", "drop 'final' from its declaration, or store the new value in another variable."));
            }
            for (Node c : n.getChildNodes()) {
                walk(c, scopes, out);
            }
        }
        if (scope) {
            scopes.pop();
        }
    }

    private static boolean isIncrement(UnaryExpr u) {
        return switch (u.getOperator()) {
            case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT -> true;
            default -> false;
        };
    }

    private static boolean isFinal(Deque<Map<String, Boolean>> scopes, String name) {
        for (Map<String, Boolean> s : scopes) {
            Boolean f = s.get(name);
            if (f != null) {
                return f;
            }
        }
        return false;
    }
}
