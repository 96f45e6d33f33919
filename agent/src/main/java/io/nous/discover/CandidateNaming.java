package io.nous.discover;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.expr.NameExpr;
import io.nous.codegen.verify.SourceLimits;
import java.util.List;

/**
 * Gives each candidate its own identity in its source: the class is named after its id
 * ({@code c0032} becomes {@code C0032Policy}) and documented from its hypothesis, so that a
 * mutated candidate no longer carries the name and the doc comment of the policy it came from
 * into reviews and exports. Behaviour is untouched (the canonical hash ignores both).
 */
final class CandidateNaming {
    private CandidateNaming() {
    }

    static String className(String id) {
        return Character.toUpperCase(id.charAt(0)) + id.substring(1) + "Policy";
    }

    /** The source with its class renamed and documented, or unchanged when it cannot be parsed. */
    static String apply(String source, String id, String statement, String mechanism, String operator, List<String> parents) {
        if (!SourceLimits.check(source).isEmpty()) {
            return source;
        }
        CompilationUnit cu;
        try {
            cu = StaticJavaParser.parse(source);
        } catch (StackOverflowError | RuntimeException e) {
            return source;
        }
        ClassOrInterfaceDeclaration cls = cu.findFirst(ClassOrInterfaceDeclaration.class).orElse(null);
        if (cls == null) {
            return source;
        }
        String old = cls.getNameAsString();
        String now = className(id);
        cls.setName(now);
        cls.getConstructors().forEach(k -> k.setName(now));
        cu.findAll(NameExpr.class, n -> n.getNameAsString().equals(old)).forEach(n -> n.setName(now));
        StringBuilder doc = new StringBuilder();
        doc.append("\n Candidate ").append(id).append(" of a Nous discovery run.\n");
        if (statement != null && !statement.isBlank()) {
            doc.append(" <p>Hypothesis: ").append(plain(statement)).append('\n');
        }
        if (mechanism != null && !mechanism.isBlank()) {
            doc.append(" <p>Mechanism: ").append(plain(mechanism)).append('\n');
        }
        doc.append(" <p>Made by ").append(plain(operator)).append(parents.isEmpty() ? "" : " from " + String.join(", ", parents))
                .append(".\n");
        cls.setJavadocComment(wrap(doc.toString()));
        return cu.toString();
    }

    /** ASCII text that cannot end the comment early. */
    static String plain(String s) {
        String t = s.replace("*/", "* /").replace("≥", ">=").replace("≤", "<=").replace("−", "-").replace("–", "-").replace("—", "-")
                .replace("×", "x").replace("…", "...").replace("’", "'").replace("‘", "'").replace("“", "\"").replace("”", "\"");
        StringBuilder sb = new StringBuilder();
        for (char c : t.toCharArray()) {
            sb.append(c == '\n' || c == '\r' ? ' ' : c < 0x20 || c > 0x7E ? '?' : c);
        }
        return sb.toString().trim();
    }

    /** Javadoc lines of at most ~100 characters. */
    private static String wrap(String doc) {
        StringBuilder out = new StringBuilder();
        for (String line : doc.split("\n", -1)) {
            StringBuilder cur = new StringBuilder();
            for (String word : line.split(" ")) {
                if (cur.length() + word.length() > 96 && cur.length() > 0) {
                    out.append(cur.toString().stripTrailing()).append("\n ");
                    cur.setLength(0);
                }
                cur.append(word).append(' ');
            }
            out.append(cur.toString().stripTrailing()).append('\n');
        }
        return out.toString().stripTrailing() + "\n ";
    }
}
