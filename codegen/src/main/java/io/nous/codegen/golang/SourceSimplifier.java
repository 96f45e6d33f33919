package io.nous.codegen.golang;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.Statement;
import java.util.List;

/**
 * Rewrites a candidate's Java into a plainer form with the same meaning before it is translated, so
 * the Go a reviewer reads has no dead conditions or nesting a search left behind:
 * <ul>
 *   <li>a comparison of a counting loop's variable that the loop's bounds decide ({@code i > 0} in a
 *       loop from 1 that never assigns {@code i}) becomes {@code true} or {@code false}, and
 *       {@code true &&}, {@code false ||} and their mirrors drop;</li>
 *   <li>a statement that assigns a conditional expression to a plain target
 *       ({@code c[i] = a ? x : (b ? y : z);}, side-effect free) becomes an if/else chain;</li>
 *   <li>an {@code else} whose block holds only an {@code if} becomes an {@code else if}.</li>
 * </ul>
 * Each rule keeps Java's evaluation order and results (only side-effect-free conditions and
 * targets are moved); the export's equivalence proof then checks the Go against the original Java's
 * recorded calls, so a mistake here cannot pass unseen.
 */
final class SourceSimplifier {
    private SourceSimplifier() {
    }

    /** Simplifies {@code cu} in place. */
    static void simplify(CompilationUnit cu) {
        for (ForStmt loop : cu.findAll(ForStmt.class)) {
            decideLoopComparisons(loop);
        }
        // one rewrite at a time, on the tree as it now is, until none applies (each one shrinks or flattens the tree, so this
        // ends; the bound is a guard, not a limit a source can reach)
        for (int round = 0; round < 10_000; round++) {
            boolean changed = cu.findAll(BinaryExpr.class).stream().anyMatch(SourceSimplifier::dropBooleanIdentity)
                    || cu.findAll(ExpressionStmt.class).stream().anyMatch(SourceSimplifier::conditionalAssignmentToIf)
                    || cu.findAll(IfStmt.class).stream().anyMatch(SourceSimplifier::flattenElse);
            if (!changed) {
                return;
            }
        }
    }

    /** In {@code for (int i = K; ...; i++)} with {@code K >= 0} and no other write to i: i > c, i >= c for c < K, and mirrors, are true. */
    private static void decideLoopComparisons(ForStmt loop) {
        if (loop.getInitialization().size() != 1 || !(loop.getInitialization().get(0) instanceof VariableDeclarationExpr decl)
                || decl.getVariables().size() != 1 || decl.getVariable(0).getInitializer().isEmpty()
                || !(decl.getVariable(0).getInitializer().get() instanceof IntegerLiteralExpr start)) {
            return;
        }
        String v = decl.getVariable(0).getNameAsString();
        if (loop.getUpdate().size() != 1 || !(loop.getUpdate().get(0) instanceof UnaryExpr up) || !(up.getExpression() instanceof NameExpr n)
                || !n.getNameAsString().equals(v) || (up.getOperator() != UnaryExpr.Operator.POSTFIX_INCREMENT
                && up.getOperator() != UnaryExpr.Operator.PREFIX_INCREMENT)) {
            return;
        }
        Number k = start.asNumber();
        if (k.longValue() < 0 || writes(loop.getBody(), v)) {
            return; // i only grows from K: every value in the body is >= K
        }
        long min = k.longValue();
        for (BinaryExpr b : loop.getBody().findAll(BinaryExpr.class)) {
            Boolean decided = decided(b, v, min);
            if (decided != null) {
                b.replace(new BooleanLiteralExpr(decided));
            }
        }
    }

    /** Whether {@code b} compares {@code v} (known >= min) with a constant that decides it; null when it does not. */
    private static Boolean decided(BinaryExpr b, String v, long min) {
        boolean left = isName(b.getLeft(), v) && b.getRight() instanceof IntegerLiteralExpr;
        boolean right = isName(b.getRight(), v) && b.getLeft() instanceof IntegerLiteralExpr;
        if (!left && !right) {
            return null;
        }
        long c = ((IntegerLiteralExpr) (left ? b.getRight() : b.getLeft())).asNumber().longValue();
        BinaryExpr.Operator op = b.getOperator();
        if (right) {
            op = switch (op) {
                case LESS -> BinaryExpr.Operator.GREATER;        // c < v  ==  v > c
                case LESS_EQUALS -> BinaryExpr.Operator.GREATER_EQUALS;
                case GREATER -> BinaryExpr.Operator.LESS;
                case GREATER_EQUALS -> BinaryExpr.Operator.LESS_EQUALS;
                default -> op;
            };
        }
        return switch (op) {
            case GREATER -> min > c ? Boolean.TRUE : null;
            case GREATER_EQUALS -> min >= c ? Boolean.TRUE : null;
            case LESS -> min >= c ? Boolean.FALSE : null;
            case LESS_EQUALS -> min > c ? Boolean.FALSE : null;
            default -> null;
        };
    }

    private static boolean isName(Expression e, String v) {
        return e instanceof NameExpr n && n.getNameAsString().equals(v);
    }

    /** Whether {@code body} assigns, increments or redeclares {@code v}. */
    private static boolean writes(Node body, String v) {
        for (AssignExpr a : body.findAll(AssignExpr.class)) {
            if (isName(a.getTarget(), v)) {
                return true;
            }
        }
        for (UnaryExpr u : body.findAll(UnaryExpr.class)) {
            if (isName(u.getExpression(), v) && (u.getOperator().isPostfix() || u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT
                    || u.getOperator() == UnaryExpr.Operator.PREFIX_DECREMENT)) {
                return true;
            }
        }
        return body.findAll(com.github.javaparser.ast.body.VariableDeclarator.class).stream().anyMatch(d -> d.getNameAsString().equals(v));
    }

    /** {@code true && x} is x, {@code false || x} is x (and their mirrors: the literal has no effect to keep). */
    private static boolean dropBooleanIdentity(BinaryExpr b) {
        if (b.getParentNode().isEmpty()) {
            return false;
        }
        boolean and = b.getOperator() == BinaryExpr.Operator.AND;
        boolean or = b.getOperator() == BinaryExpr.Operator.OR;
        if (!and && !or) {
            return false;
        }
        Expression keep = null;
        if (literal(b.getLeft(), and)) {
            keep = b.getRight();
        } else if (literal(b.getRight(), and)) {
            keep = b.getLeft();
        }
        if (keep != null) {
            b.replace(keep.clone());
            return true;
        }
        return false;
    }

    private static boolean literal(Expression e, boolean value) {
        Expression x = e;
        while (x instanceof EnclosedExpr en) {
            x = en.getInner();
        }
        return x instanceof BooleanLiteralExpr l && l.getValue() == value;
    }

    /** {@code t = c ? a : b;} with a plain target and side-effect-free parts is {@code if (c) t = a; else t = b;}, recursively. */
    private static boolean conditionalAssignmentToIf(ExpressionStmt st) {
        if (!(st.getExpression() instanceof AssignExpr a) || a.getOperator() != AssignExpr.Operator.ASSIGN
                || !(unwrap(a.getValue()) instanceof ConditionalExpr) || !plainTarget(a.getTarget()) || !pure(a.getValue())
                || st.getParentNode().isEmpty()) {
            return false;
        }
        return st.replace(toIf(a.getTarget(), unwrap(a.getValue())));
    }

    private static Statement toIf(Expression target, Expression value) {
        if (value instanceof ConditionalExpr c) {
            Statement then = toIf(target, unwrap(c.getThenExpr()));
            Statement otherwise = toIf(target, unwrap(c.getElseExpr()));
            return new IfStmt(unwrap(c.getCondition()).clone(), block(then), otherwise instanceof IfStmt ? otherwise : block(otherwise));
        }
        return new ExpressionStmt(new AssignExpr(target.clone(), value.clone(), AssignExpr.Operator.ASSIGN));
    }

    private static BlockStmt block(Statement s) {
        return new BlockStmt(new com.github.javaparser.ast.NodeList<>(List.of(s)));
    }

    private static Expression unwrap(Expression e) {
        Expression x = e;
        while (x instanceof EnclosedExpr en) {
            x = en.getInner();
        }
        return x;
    }

    /** A local or field name, or an array element indexed by a name or a literal. */
    private static boolean plainTarget(Expression t) {
        return t instanceof NameExpr || t instanceof ArrayAccessExpr aa && aa.getName() instanceof NameExpr
                && (aa.getIndex() instanceof NameExpr || aa.getIndex() instanceof IntegerLiteralExpr);
    }

    /** No assignment, increment or call that could change state (the Math functions are pure). */
    private static boolean pure(Expression e) {
        if (!e.findAll(AssignExpr.class).isEmpty()) {
            return false;
        }
        for (UnaryExpr u : e.findAll(UnaryExpr.class)) {
            if (u.getOperator().isPostfix() || u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT
                    || u.getOperator() == UnaryExpr.Operator.PREFIX_DECREMENT) {
                return false;
            }
        }
        for (MethodCallExpr m : e.findAll(MethodCallExpr.class)) {
            if (m.getScope().isEmpty() || !(m.getScope().get() instanceof NameExpr s)
                    || !(s.getNameAsString().equals("Math") || s.getNameAsString().equals("StrictMath"))) {
                return false;
            }
        }
        return true;
    }

    /** {@code else { if (...) ... }} is {@code else if (...) ...}. */
    private static boolean flattenElse(IfStmt i) {
        if (i.getElseStmt().isPresent() && i.getElseStmt().get() instanceof BlockStmt b && b.getStatements().size() == 1
                && b.getStatement(0) instanceof IfStmt inner) {
            i.setElseStmt(inner.clone());
            return true;
        }
        return false;
    }
}
