package io.nous.codegen.golang;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the translation of one class knows while it walks the methods: the Go names, the constants,
 * the counter, the policy's own methods (and which of them change state), the scopes of locals, and
 * the helpers and imports the Go needs.
 */
final class Translation {
    /** A Java final field as a Go constant (or, for a value Go constants cannot hold, a run-time expression). */
    record Field(String go, JavaType type, Constant value) {
    }

    /** A Java local or parameter in scope: its Go name, type and declaration (null for one the translator made). */
    record Local(String go, JavaType type, Node declaration) {
    }

    /** A method of the policy: its Go name, parameter types and result. */
    record Method(String go, MethodDeclaration decl, java.util.List<JavaType> parameters, JavaType returns) {
    }

    final GoNames names;
    final Map<String, Field> constants = new LinkedHashMap<>();
    final Map<String, Method> methods = new HashMap<>();
    /** Methods that write an array element or the counter, themselves or through another method. */
    final Set<String> changing = new HashSet<>();
    final Set<String> helpers = new TreeSet<>();
    final Set<String> imports = new TreeSet<>();
    /** The candidate's class name (a constant may be read as {@code ClassName.X}). */
    String className;
    /** The entry method ({@code computeLimit} or {@code admit}), which no other method may call. */
    MethodDeclaration entry;
    /** The Java and Go names of the counter field, or null. */
    String counter;
    String counterGo;
    /** The Java name of the entry's priorities parameter (a usage-limit policy), or null. */
    String priorities;
    private final Deque<Map<String, Local>> scopes = new ArrayDeque<>();

    Translation(GoNames names) {
        this.names = names;
    }

    void push() {
        scopes.push(new HashMap<>());
    }

    void pop() {
        scopes.pop();
    }

    /** Declares a Java local (or parameter) in the innermost scope, under the Go name given. */
    void declare(String java, String go, JavaType type, Node declaration) {
        scopes.peek().put(java, new Local(go, type, declaration));
    }

    /** The local of this name in scope, or null. */
    Local local(String java) {
        for (Map<String, Local> s : scopes) {
            Local l = s.get(java);
            if (l != null) {
                return l;
            }
        }
        return null;
    }

    /** Uses a Go helper (and what it calls), with the math import when any of them needs it. */
    void helper(String name) {
        Set<String> all = new TreeSet<>(GoHelpers.needs(name));
        all.add(name);
        for (String h : all) {
            helpers.add(h);
            if (GoHelpers.needsMath(h)) {
                imports.add("math");
            }
        }
    }

    /** Whether {@code e} names the counter field (not a local that shadows it). */
    boolean isCounter(Expression e) {
        if (counter == null) {
            return false;
        }
        if (e instanceof NameExpr n) {
            return n.getNameAsString().equals(counter) && local(counter) == null;
        }
        return e instanceof FieldAccessExpr fa && fa.getScope() instanceof ThisExpr && fa.getNameAsString().equals(counter);
    }

    /** Whether {@code e} is the router's priorities (read-only: no call can change its elements). */
    boolean isPriorities(Expression e) {
        return priorities != null && e instanceof NameExpr n && n.getNameAsString().equals(priorities)
                && local(priorities) != null && local(priorities).type() == JavaType.PRIORITIES;
    }

    /** A call of one of the policy's own methods. */
    static boolean ownCall(Node n) {
        return n instanceof MethodCallExpr m && (m.getScope().isEmpty() || m.getScope().get() instanceof ThisExpr);
    }

    /**
     * Whether evaluating {@code e} can change what another expression reads: it calls a method of
     * the policy that writes an array or the counter, or it increments the counter.
     */
    boolean effects(Expression e) {
        for (Node n : e.findAll(Node.class)) {
            if (ownCall(n) && changing.contains(((MethodCallExpr) n).getNameAsString())) {
                return true;
            }
            if (n instanceof UnaryExpr u && isIncrement(u) && isCounter(u.getExpression())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the value of {@code e} can be changed by another expression's effects: it reads an
     * array element (other than the read-only priorities), the counter, or calls a method of the
     * policy (which may read them).
     */
    boolean reads(Expression e) {
        for (Node n : e.findAll(Node.class)) {
            if (n instanceof ArrayAccessExpr aa && !isPriorities(aa.getName())) {
                return true;
            }
            if (n instanceof Expression x && isCounter(x) || ownCall(n)) {
                return true;
            }
        }
        return false;
    }

    static boolean isIncrement(UnaryExpr u) {
        return switch (u.getOperator()) {
            case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT -> true;
            default -> false;
        };
    }

    /**
     * Finds the methods that change state: they write an array element or the counter, or call one
     * that does (a fixed point over the call graph).
     */
    void findChangingMethods() {
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Method m : methods.values()) {
                String name = m.decl().getNameAsString();
                if (!changing.contains(name) && m.decl().getBody().isPresent() && changesState(m.decl())) {
                    changing.add(name);
                    grew = true;
                }
            }
        }
    }

    private boolean changesState(MethodDeclaration m) {
        for (Node n : m.getBody().get().findAll(Node.class)) {
            if (n instanceof AssignExpr a && (a.getTarget() instanceof ArrayAccessExpr || isCounterName(a.getTarget()))) {
                return true;
            }
            if (n instanceof UnaryExpr u && isIncrement(u) && (u.getExpression() instanceof ArrayAccessExpr
                    || isCounterName(u.getExpression()))) {
                return true;
            }
            if (ownCall(n) && changing.contains(((MethodCallExpr) n).getNameAsString())) {
                return true;
            }
        }
        return false;
    }

    /** The counter by name (a local that shadows it counts too: conservative). */
    private boolean isCounterName(Expression e) {
        if (counter == null) {
            return false;
        }
        if (e instanceof FieldAccessExpr fa && fa.getScope() instanceof ThisExpr) {
            return fa.getNameAsString().equals(counter);
        }
        return e instanceof NameExpr n && n.getNameAsString().equals(counter);
    }
}
