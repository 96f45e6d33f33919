package io.nous.codegen.canonical;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.ast.expr.MarkerAnnotationExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithModifiers;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;

/**
 * The identity of a candidate: its source reduced to what determines behaviour (no comments,
 * package, imports or annotations; modifiers sorted; {@code final} dropped from locals and
 * parameters; the class renamed {@code Candidate}; locals and parameters renamed {@code v0, v1, ...}
 * in order of declaration), pretty-printed, and the SHA-256 of that text. Two candidates with the
 * same hash behave identically, so the second need not be simulated.
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
        cu.findAll(MarkerAnnotationExpr.class).forEach(a -> a.remove());
        for (ClassOrInterfaceDeclaration cls : cu.findAll(ClassOrInterfaceDeclaration.class)) {
            String old = cls.getNameAsString();
            cls.setName("Candidate");
            cu.findAll(NameExpr.class, n -> n.getNameAsString().equals(old)).forEach(n -> n.setName("Candidate"));
            cls.getConstructors().forEach(c -> c.setName("Candidate"));
        }
        cu.findAll(Parameter.class).forEach(p -> p.removeModifier(Modifier.Keyword.FINAL));
        cu.findAll(VariableDeclarationExpr.class).forEach(v -> v.removeModifier(Modifier.Keyword.FINAL));
        cu.findAll(com.github.javaparser.ast.Node.class, n -> n instanceof NodeWithModifiers<?>)
                .forEach(n -> sortModifiers((NodeWithModifiers<?>) n));
        for (CallableDeclaration<?> c : cu.findAll(CallableDeclaration.class)) {
            Map<String, String> names = new HashMap<>();
            for (Parameter p : c.getParameters()) {
                names.putIfAbsent(p.getNameAsString(), "v" + names.size());
            }
            for (VariableDeclarator v : c.findAll(VariableDeclarator.class)) {
                names.putIfAbsent(v.getNameAsString(), "v" + names.size());
            }
            c.getParameters().forEach(p -> p.setName(names.get(p.getNameAsString())));
            c.findAll(VariableDeclarator.class).forEach(v -> v.setName(names.get(v.getNameAsString())));
            c.findAll(NameExpr.class).forEach(n -> {
                String to = names.get(n.getNameAsString());
                if (to != null) {
                    n.setName(to);
                }
            });
        }
        return cu.toString();
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
