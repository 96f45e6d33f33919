package io.nous.codegen.golang;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.EmptyStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.WhileStmt;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which stores of a method's locals (and parameters) are read, by a backward liveness analysis
 * over the structured body (loops iterate to a fixed point; {@code break}, {@code continue} and
 * {@code return} go where Java sends them). Go rejects a local that is never used and staticcheck
 * flags a value that is overwritten before it is read (SA4006), where Java accepts both; the
 * translation therefore leaves out every store nobody reads, keeping what it does besides storing
 * (a call that changes state, a counter increment: {@code long now = tick++} still counts). A store
 * left out makes nothing it reads live. Names are resolved to declarations by Java's scoping, so two
 * locals of one name in sibling blocks are judged apart.
 */
final class DeadLocals {
    private final Predicate<Expression> effects;
    /** The value of a condition Java evaluates at compile time, or null. */
    private final java.util.function.Function<Expression, Boolean> constant;
    private final Map<NameExpr, Node> resolved = new IdentityHashMap<>();
    private final Map<Node, Integer> index = new IdentityHashMap<>();
    private final Set<Node> liveStores = Collections.newSetFromMap(new IdentityHashMap<>());
    private final BitSet read = new BitSet();

    /** Where a {@code break} and a {@code continue} in the loop being analysed lead. */
    private record Targets(BitSet onBreak, BitSet onContinue) {
    }

    /**
     * @param effects  whether an expression has effects the translation must keep (calls that change
     *                 state, counter increments)
     * @param constant the value of a condition that is a compile-time constant, else null
     */
    DeadLocals(MethodDeclaration m, Predicate<Expression> effects, java.util.function.Function<Expression, Boolean> constant) {
        this.effects = effects;
        this.constant = constant;
        Deque<Map<String, Node>> scopes = new ArrayDeque<>();
        scopes.push(new HashMap<>());
        for (Parameter p : m.getParameters()) {
            declare(scopes, p.getNameAsString(), p);
        }
        m.getBody().ifPresent(b -> resolve(b, scopes));
        m.getBody().ifPresent(b -> statement(b, new BitSet(), null));
    }

    /** Whether the declaration (a {@link VariableDeclarator} or {@link Parameter}) is never read: it needs no Go variable. */
    boolean isDead(Node declaration) {
        Integer i = index.get(declaration);
        return i == null || !read.get(i);
    }

    /**
     * Whether a store (an assignment, an increment statement, or a declarator's initializer) writes a
     * value nobody reads.
     */
    boolean deadStore(Node store) {
        return !liveStores.contains(store);
    }

    /**
     * Whether the translation evaluates {@code n}: false when it is only part of the value of a store
     * that is left out (a store without effects), or in the branch of a constant condition Java does not take.
     */
    boolean evaluated(Node n, Predicate<Expression> effects) {
        Node child = n;
        Node p = n.getParentNode().orElse(null);
        while (p != null && !(p instanceof Statement)) {
            if (p instanceof com.github.javaparser.ast.expr.ConditionalExpr c && child != c.getCondition()
                    && constant.apply(c.getCondition()) != null && (constant.apply(c.getCondition()) ? c.getElseExpr() : c.getThenExpr()) == child) {
                return false; // the branch Java does not take
            }
            if (p instanceof AssignExpr a && a.getValue() == child && a.getTarget() instanceof NameExpr t && resolved.containsKey(t)) {
                return liveStores.contains(a) || effects.test(a.getValue());
            }
            if (p instanceof VariableDeclarator v && v.getInitializer().orElse(null) == child) {
                return liveStores.contains(v) || effects.test(v.getInitializer().get());
            }
            child = p;
            p = p.getParentNode().orElse(null);
        }
        return true;
    }

    // ---- names to declarations ----

    private void declare(Deque<Map<String, Node>> scopes, String name, Node declaration) {
        scopes.peek().put(name, declaration);
        index.put(declaration, index.size());
    }

    /** Declarations come into scope in source order; blocks, loops and switch entries open scopes. */
    private void resolve(Node n, Deque<Map<String, Node>> scopes) {
        boolean scope = n instanceof BlockStmt || n instanceof ForStmt || n instanceof ForEachStmt || n instanceof SwitchEntry;
        if (scope) {
            scopes.push(new HashMap<>());
        }
        if (n instanceof NameExpr ne) {
            for (Map<String, Node> s : scopes) {
                Node d = s.get(ne.getNameAsString());
                if (d != null) {
                    resolved.put(ne, d);
                    break;
                }
            }
        }
        if (n instanceof VariableDeclarator v) {
            v.getInitializer().ifPresent(init -> resolve(init, scopes));
            declare(scopes, v.getNameAsString(), v);
        } else {
            for (Node c : n.getChildNodes()) {
                resolve(c, scopes);
            }
        }
        if (scope) {
            scopes.pop();
        }
    }

    private int local(Expression e) {
        if (e instanceof NameExpr n && resolved.containsKey(n)) {
            return index.get(resolved.get(n));
        }
        return -1;
    }

    /**
     * Adds the locals {@code e} reads to {@code live} (they are read for a live purpose). A
     * conditional whose condition is a constant reads only the branch Java takes, as the translation
     * writes only that branch.
     */
    private void uses(Node e, BitSet live) {
        Deque<Node> todo = new ArrayDeque<>();
        todo.push(e);
        while (!todo.isEmpty()) {
            Node n = todo.pop();
            if (n instanceof NameExpr ne) {
                Node d = resolved.get(ne);
                if (d != null) {
                    int i = index.get(d);
                    live.set(i);
                    read.set(i);
                }
            }
            if (n instanceof com.github.javaparser.ast.expr.ConditionalExpr c && constant.apply(c.getCondition()) != null) {
                todo.push(constant.apply(c.getCondition()) ? c.getThenExpr() : c.getElseExpr());
                continue;
            }
            n.getChildNodes().forEach(todo::push);
        }
    }

    // ---- backward analysis: each method returns what is live before the statement ----

    private BitSet statement(Statement s, BitSet out, Targets loop) {
        if (s instanceof BlockStmt b) {
            BitSet live = (BitSet) out.clone();
            List<Statement> list = b.getStatements();
            for (int i = list.size() - 1; i >= 0; i--) {
                live = statement(list.get(i), live, loop);
            }
            return live;
        }
        if (s instanceof ExpressionStmt es) {
            BitSet live = (BitSet) out.clone();
            expressionStatement(es.getExpression(), live);
            return live;
        }
        if (s instanceof IfStmt i) {
            BitSet live = statement(i.getThenStmt(), out, loop);
            live.or(i.getElseStmt().map(e -> statement(e, out, loop)).orElse(out));
            uses(i.getCondition(), live);
            return live;
        }
        if (s instanceof WhileStmt w) {
            BitSet head = new BitSet();
            while (true) {
                BitSet next = (BitSet) out.clone();
                next.or(statement(w.getBody(), head, new Targets(out, head)));
                uses(w.getCondition(), next);
                if (next.equals(head)) {
                    return head;
                }
                head = next;
            }
        }
        if (s instanceof DoStmt d) {
            BitSet body = new BitSet();
            while (true) {
                BitSet cond = (BitSet) out.clone();
                cond.or(body);
                uses(d.getCondition(), cond);
                BitSet next = statement(d.getBody(), cond, new Targets(out, cond));
                if (next.equals(body)) {
                    return body;
                }
                body = next;
            }
        }
        if (s instanceof ForStmt f) {
            BitSet head = new BitSet();
            while (true) {
                BitSet update = (BitSet) head.clone();
                for (int k = f.getUpdate().size() - 1; k >= 0; k--) {
                    expressionStatement(f.getUpdate().get(k), update);
                }
                BitSet next = (BitSet) out.clone();
                next.or(statement(f.getBody(), update, new Targets(out, update)));
                f.getCompare().ifPresent(c -> uses(c, next));
                if (next.equals(head)) {
                    break;
                }
                head = next;
            }
            BitSet live = (BitSet) head.clone();
            for (int k = f.getInitialization().size() - 1; k >= 0; k--) {
                expressionStatement(f.getInitialization().get(k), live);
            }
            return live;
        }
        if (s instanceof ForEachStmt fe) {
            int variable = index.get(fe.getVariable().getVariables().get(0));
            BitSet head = new BitSet();
            while (true) {
                BitSet body = statement(fe.getBody(), head, new Targets(out, head));
                body.clear(variable); // each iteration assigns it
                BitSet next = (BitSet) out.clone();
                next.or(body);
                if (next.equals(head)) {
                    break;
                }
                head = next;
            }
            BitSet live = (BitSet) head.clone();
            uses(fe.getIterable(), live);
            return live;
        }
        if (s instanceof ReturnStmt r) {
            BitSet live = new BitSet();
            r.getExpression().ifPresent(e -> uses(e, live));
            return live;
        }
        if (s instanceof BreakStmt) {
            return loop == null ? new BitSet() : (BitSet) loop.onBreak().clone();
        }
        if (s instanceof ContinueStmt) {
            return loop == null ? new BitSet() : (BitSet) loop.onContinue().clone();
        }
        if (s instanceof EmptyStmt) {
            return (BitSet) out.clone();
        }
        // outside the exported subset (the translator refuses it): conservatively, everything it names is live
        BitSet live = (BitSet) out.clone();
        uses(s, live);
        markAllStores(s);
        return live;
    }

    /** Updates {@code live} (what is live after {@code e}) to what is live before it. */
    private void expressionStatement(Expression e, BitSet live) {
        if (e instanceof VariableDeclarationExpr d) {
            List<VariableDeclarator> vars = d.getVariables();
            for (int k = vars.size() - 1; k >= 0; k--) {
                VariableDeclarator v = vars.get(k);
                int i = index.get(v);
                boolean isLive = live.get(i);
                if (isLive) {
                    liveStores.add(v);
                }
                live.clear(i);
                v.getInitializer().ifPresent(init -> {
                    if (isLive || effects.test(init)) {
                        uses(init, live);
                    }
                });
            }
            return;
        }
        if (e instanceof AssignExpr a && local(a.getTarget()) >= 0) {
            int i = local(a.getTarget());
            if (faults(a)) {
                // an integer division or remainder may throw: Java does it whether or not the result is read
                liveStores.add(a);
                uses(a, live);
                return;
            }
            boolean isLive = live.get(i);
            if (isLive) {
                liveStores.add(a);
            }
            if (a.getOperator() == AssignExpr.Operator.ASSIGN) {
                live.clear(i);
            }
            // a compound store reads the old value only to compute the new: it stays live exactly when the store is
            if (isLive || effects.test(a.getValue())) {
                uses(a.getValue(), live);
            }
            if (isLive && a.getOperator() != AssignExpr.Operator.ASSIGN) {
                live.set(i);
                read.set(i);
            }
            return;
        }
        if (e instanceof UnaryExpr u && Translation.isIncrement(u) && local(u.getExpression()) >= 0) {
            int i = local(u.getExpression());
            if (live.get(i)) {
                liveStores.add(u);
                read.set(i);
            }
            return;
        }
        uses(e, live);
    }

    /** A compound integer division or remainder ({@code x /= v}, {@code x %= v}): it throws on a zero divisor. */
    static boolean faults(AssignExpr a) {
        if (a.getOperator() != AssignExpr.Operator.DIVIDE && a.getOperator() != AssignExpr.Operator.REMAINDER
                || !(a.getTarget() instanceof NameExpr n)) {
            return false;
        }
        JavaType t = ExpressionTranslator.declaredType(n);
        return t == null || t.integral();
    }

    private void markAllStores(Node s) {
        s.findAll(AssignExpr.class).forEach(liveStores::add);
        s.findAll(VariableDeclarator.class).forEach(liveStores::add);
        s.findAll(UnaryExpr.class).forEach(liveStores::add);
        s.findAll(VariableDeclarator.class).forEach(v -> read.set(index.get(v)));
    }
}
