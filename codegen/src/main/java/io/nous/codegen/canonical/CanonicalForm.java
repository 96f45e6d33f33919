package io.nous.codegen.canonical;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MarkerAnnotationExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithModifiers;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.SwitchStmt;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The identity of a candidate: its source reduced to what determines behaviour, pretty-printed,
 * and the SHA-256 of that text. Two candidates with the same hash behave identically, so the
 * second need not be simulated.
 *
 * <p>Removed: comments, package, imports, annotations, {@code final} on locals and parameters.
 * Normalized: modifier order; the class is called {@code Candidate}; fields are renamed
 * {@code f0, f1, ...} in declaration order and every local and parameter {@code v0, v1, ...} in
 * order of declaration within its method. Renaming resolves scopes first: every name is bound to
 * the declaration it really refers to (the innermost one in scope at that point, else a field), so
 * a field read before a same-named local is declared stays a field read, and a switch block is
 * one scope, as in Java. The verifier bounds the
 * tree's depth, so the walk's recursion is bounded; everything else is linear in the source.
 */
public final class CanonicalForm {
    private CanonicalForm() {
    }

    public static String text(CompilationUnit parsed) {
        CompilationUnit cu = parsed.clone();
        for (Comment c : cu.getAllContainedComments()) {
            c.remove();
        }
        cu.getComment().ifPresent(c -> cu.removeComment());
        cu.removePackageDeclaration();
        cu.getImports().clear();
        cu.findAll(MarkerAnnotationExpr.class).forEach(Node::remove);
        cu.findAll(Parameter.class).forEach(p -> p.removeModifier(Modifier.Keyword.FINAL));
        cu.findAll(VariableDeclarationExpr.class).forEach(v -> v.removeModifier(Modifier.Keyword.FINAL));
        cu.findAll(Node.class, n -> n instanceof NodeWithModifiers<?>).forEach(n -> sortModifiers((NodeWithModifiers<?>) n));
        for (ClassOrInterfaceDeclaration cls : cu.findAll(ClassOrInterfaceDeclaration.class)) {
            String old = cls.getNameAsString();
            Map<String, String> fields = new HashMap<>();
            for (FieldDeclaration f : cls.getFields()) {
                for (VariableDeclarator v : f.getVariables()) {
                    fields.put(v.getNameAsString(), "f" + fields.size());
                }
            }
            // bind every name before renaming anything
            List<Runnable> renames = new ArrayList<>();
            for (FieldDeclaration f : cls.getFields()) {
                for (VariableDeclarator v : f.getVariables()) {
                    String to = fields.get(v.getNameAsString());
                    renames.add(() -> v.setName(to));
                    v.getInitializer().ifPresent(init -> new Binder(fields, old, renames).walk(init));
                }
            }
            for (CallableDeclaration<?> c : cls.findAll(CallableDeclaration.class)) {
                Binder b = new Binder(fields, old, renames);
                b.scopes.push(new HashMap<>());
                for (Parameter p : c.getParameters()) {
                    String to = b.declare(p.getNameAsString());
                    renames.add(() -> p.setName(to));
                }
                c.getChildNodes().stream().filter(n -> n instanceof BlockStmt).forEach(b::walk);
            }
            renames.forEach(Runnable::run);
            cls.setName("Candidate");
            cls.getConstructors().forEach(k -> k.setName("Candidate"));
        }
        return cu.toString();
    }

    /** Resolves names to declarations in source order, recording the renames to apply later. */
    private static final class Binder {
        final Deque<Map<String, String>> scopes = new ArrayDeque<>();
        final Map<String, String> fields;
        final String className;
        final List<Runnable> renames;
        int locals;

        Binder(Map<String, String> fields, String className, List<Runnable> renames) {
            this.fields = fields;
            this.className = className;
            this.renames = renames;
        }

        String declare(String name) {
            String to = "v" + locals++;
            scopes.peek().put(name, to);
            return to;
        }

        String resolve(String name) {
            for (Map<String, String> s : scopes) {
                String to = s.get(name);
                if (to != null) {
                    return to;
                }
            }
            return fields.get(name);
        }

        void walk(Node n) {
            // a switch block is one scope: a local declared under one case label is in scope under the
            // labels after it (JLS 6.3); an arrow case's block is a block of its own
            boolean scoped = n instanceof BlockStmt || n instanceof ForStmt || n instanceof ForEachStmt || n instanceof SwitchStmt;
            if (scoped) {
                scopes.push(new HashMap<>());
            }
            if (n instanceof VariableDeclarator v) {
                // the initializer runs before the name is in scope
                v.getInitializer().ifPresent(this::walk);
                String to = declare(v.getNameAsString());
                renames.add(() -> v.setName(to));
            } else if (n instanceof NameExpr ne) {
                String name = ne.getNameAsString();
                String to = resolve(name);
                if (to != null) {
                    renames.add(() -> ne.setName(to));
                } else if (name.equals(className)) {
                    renames.add(() -> ne.setName("Candidate"));
                }
            } else if (n instanceof FieldAccessExpr fa && (fa.getScope() instanceof ThisExpr
                    || fa.getScope() instanceof NameExpr s && s.getNameAsString().equals(className))) {
                String to = fields.get(fa.getNameAsString());
                if (fa.getScope() instanceof NameExpr s) {
                    renames.add(() -> s.setName("Candidate"));
                }
                if (to != null) {
                    renames.add(() -> fa.setName(to));
                }
            } else if (n instanceof ForEachStmt fe) {
                walk(fe.getIterable());
                for (VariableDeclarator v : fe.getVariable().getVariables()) {
                    String to = declare(v.getNameAsString());
                    renames.add(() -> v.setName(to));
                }
                walk(fe.getBody());
            } else {
                for (Node c : new ArrayList<>(n.getChildNodes())) {
                    walk(c);
                }
            }
            if (scoped) {
                scopes.pop();
            }
        }
    }

    public static String hash(CompilationUnit parsed) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text(parsed).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always available", e);
        }
    }

    private static void sortModifiers(NodeWithModifiers<?> n) {
        NodeList<Modifier> mods = n.getModifiers();
        if (mods.size() > 1) {
            NodeList<Modifier> sorted = new NodeList<>(mods);
            sorted.sort(Comparator.comparingInt(m -> m.getKeyword().ordinal()));
            n.setModifiers(sorted);
        }
    }
}
