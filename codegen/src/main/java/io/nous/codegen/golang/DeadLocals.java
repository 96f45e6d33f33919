package io.nous.codegen.golang;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.SwitchEntry;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The locals (and parameters) of a method whose values nothing reads: Go rejects a local that is
 * never used and staticcheck flags a store nobody reads, where Java accepts both. A read counts only
 * when it is live: a read inside the value stored to a dead local (a chain such as {@code period}
 * feeding an {@code open} nobody reads) does not, unless that value has effects, which the
 * translation keeps. Names are resolved to their declarations by Java's scoping, so two locals of one
 * name in sibling blocks are judged apart.
 */
final class DeadLocals {
    private final Map<Node, List<NameExpr>> uses = new IdentityHashMap<>();
    private final Map<NameExpr, Node> resolved = new IdentityHashMap<>();
    private final Set<Node> dead = java.util.Collections.newSetFromMap(new IdentityHashMap<>());

    /**
     * @param effects whether an expression has effects the translation must keep (calls that change
     *                state, counter increments)
     */
    DeadLocals(MethodDeclaration m, Predicate<Expression> effects) {
        Deque<Map<String, Node>> scopes = new ArrayDeque<>();
        scopes.push(new HashMap<>());
        for (Parameter p : m.getParameters()) {
            declare(scopes, p.getNameAsString(), p);
        }
        m.getBody().ifPresent(b -> walk(b, scopes));
        // the least fixed point: a store to a local that is not (yet) live does not make what it reads live
        Set<Node> live = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Map.Entry<Node, List<NameExpr>> e : uses.entrySet()) {
                if (!live.contains(e.getKey()) && e.getValue().stream().anyMatch(n -> countedRead(n, live, effects))) {
                    live.add(e.getKey());
                    grew = true;
                }
            }
        }
        for (Node d : uses.keySet()) {
            if (!live.contains(d)) {
                dead.add(d);
            }
        }
    }

    /** Whether the declaration (a {@link VariableDeclarator} or {@link Parameter}) is never read. */
    boolean isDead(Node declaration) {
        return dead.contains(declaration);
    }

    private void declare(Deque<Map<String, Node>> scopes, String name, Node declaration) {
        scopes.peek().put(name, declaration);
        uses.put(declaration, new ArrayList<>());
    }

    /** Declarations come into scope in source order; blocks, loops and switch entries open scopes. */
    private void walk(Node n, Deque<Map<String, Node>> scopes) {
        boolean scope = n instanceof BlockStmt || n instanceof ForStmt || n instanceof ForEachStmt || n instanceof SwitchEntry;
        if (scope) {
            scopes.push(new HashMap<>());
        }
        if (n instanceof NameExpr ne) {
            for (Map<String, Node> s : scopes) {
                Node d = s.get(ne.getNameAsString());
                if (d != null) {
                    uses.get(d).add(ne);
                    resolved.put(ne, d);
                    break;
                }
            }
        }
        if (n instanceof VariableDeclarator v) {
            // the initializer is in scope of the declared name only after it (Java forbids self-reference anyway)
            v.getInitializer().ifPresent(init -> walk(init, scopes));
            declare(scopes, v.getNameAsString(), v);
        } else {
            for (Node c : n.getChildNodes()) {
                walk(c, scopes);
            }
        }
        if (scope) {
            scopes.pop();
        }
    }

    /** A use that reads the value for a live purpose: not a store, and not only feeding a store to a local that is not live. */
    private boolean countedRead(NameExpr n, Set<Node> live, Predicate<Expression> effects) {
        Node parent = n.getParentNode().orElse(null);
        if (parent instanceof AssignExpr a && a.getTarget() == n) {
            return false; // a store; a compound one reads the old value only to compute the new
        }
        if (parent instanceof UnaryExpr u && Translation.isIncrement(u) && u.getParentNode().orElse(null) instanceof ExpressionStmt) {
            return false;
        }
        Node child = n;
        Node p = parent;
        while (p != null && !(p instanceof com.github.javaparser.ast.stmt.Statement)) {
            if (p instanceof AssignExpr a && a.getValue() == child && a.getTarget() instanceof NameExpr t && resolved.containsKey(t)) {
                return live.contains(resolved.get(t)) || effects.test(a.getValue());
            }
            if (p instanceof VariableDeclarator v && v.getInitializer().orElse(null) == child) {
                return live.contains(v) || effects.test(v.getInitializer().get());
            }
            child = p;
            p = p.getParentNode().orElse(null);
        }
        return true;
    }

}
