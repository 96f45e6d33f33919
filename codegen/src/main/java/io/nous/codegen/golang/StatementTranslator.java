package io.nous.codegen.golang;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
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
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Translates the statements of one method body. Each statement's preparation (the temporaries
 * {@link ExpressionTranslator} needs for Java's evaluation order, a lowered conditional) is written
 * before it; stores nobody reads are left out but their effects are kept ({@code long now = tick++}
 * still counts); compound assignments evaluate their target once and read it before the right-hand
 * side, as Java does.
 */
final class StatementTranslator {
    private final Translation tr;
    private final ExpressionTranslator ex;
    private JavaType returns;
    private MethodDeclaration method;
    private DeadLocals dead;

    StatementTranslator(Translation tr, ExpressionTranslator ex) {
        this.tr = tr;
        this.ex = ex;
    }

    /** The Go statements of {@code m}'s body; its parameters are declared under the Go names given. */
    GoLines body(MethodDeclaration m, Map<Parameter, String> parameterNames, List<JavaType> parameterTypes, JavaType ret) {
        tr.push();
        for (int i = 0; i < m.getParameters().size(); i++) {
            Parameter prm = m.getParameter(i);
            tr.declare(prm.getNameAsString(), parameterNames.get(prm), parameterTypes.get(i), prm);
        }
        returns = ret;
        method = m;
        dead = new DeadLocals(m, ex::mustEvaluate, c -> {
            Constant k = ex.fold(c);
            return k != null && k.type() == JavaType.BOOL ? k.asBool() : null;
        });
        GoLines out = new GoLines();
        for (Statement s : m.getBody().orElseThrow().getStatements()) {
            stmt(s, out);
        }
        tr.pop();
        return out;
    }

    private void stmt(Statement s, GoLines out) {
        if (s instanceof BlockStmt b) {
            GoLines inner = new GoLines();
            block(b, inner);
            out.add("{");
            out.addIndented(inner);
            out.add("}");
        } else if (s instanceof EmptyStmt) {
            return;
        } else if (s instanceof ExpressionStmt e) {
            exprStmt(e.getExpression(), out);
        } else if (s instanceof IfStmt i) {
            ifChain(i, out);
        } else if (s instanceof ForStmt f) {
            forLoop(f, out);
        } else if (s instanceof ForEachStmt fe) {
            forEach(fe, out);
        } else if (s instanceof WhileStmt w) {
            GoLines pre = new GoLines();
            String c = ex.condition(w.getCondition(), pre);
            GoLines body = new GoLines();
            if (pre.isEmpty()) {
                out.add("for " + c + " {");
            } else {
                out.add("for {");
                body.addAll(pre);
                body.add("if " + negate(c) + " {");
                body.add("\tbreak");
                body.add("}");
            }
            block(w.getBody(), body);
            out.addIndented(body);
            out.add("}");
        } else if (s instanceof DoStmt d) {
            doWhile(d, out);
        } else if (s instanceof BreakStmt b) {
            if (b.getLabel().isPresent()) {
                throw Untranslatable.at(b, "labeled break", "labels cannot be exported");
            }
            out.add("break");
        } else if (s instanceof ContinueStmt c) {
            if (c.getLabel().isPresent()) {
                throw Untranslatable.at(c, "labeled continue", "labels cannot be exported");
            }
            out.add("continue");
        } else if (s instanceof ReturnStmt r) {
            returnStmt(r, out);
        } else if (s instanceof SwitchStmt sw) {
            throw Untranslatable.at(sw, "switch", "switch statements are not exported; write if/else");
        } else {
            throw Untranslatable.at(s, s.getClass().getSimpleName().replace("Stmt", "").toLowerCase(Locale.ROOT),
                    "this statement is outside the exported subset");
        }
    }

    /** The statements of {@code s} in a scope of their own, without braces (the caller writes the block). */
    private void block(Statement s, GoLines out) {
        tr.push();
        if (s instanceof BlockStmt b) {
            for (Statement x : b.getStatements()) {
                stmt(x, out);
            }
        } else {
            stmt(s, out);
        }
        tr.pop();
    }

    private static String negate(String cond) {
        return cond.matches("[A-Za-z_][A-Za-z0-9_.]*(\\(\\))?") ? "!" + cond : "!(" + cond + ")";
    }

    private void ifChain(IfStmt first, GoLines out) {
        List<Chain.Link> links = new ArrayList<>();
        Statement els = first;
        while (els instanceof IfStmt i) {
            GoLines pre = new GoLines();
            String c = ex.condition(i.getCondition(), pre);
            GoLines body = new GoLines();
            block(i.getThenStmt(), body);
            links.add(new Chain.Link(pre, c, body));
            els = i.getElseStmt().orElse(null);
        }
        GoLines otherwise = null;
        if (els != null) {
            otherwise = new GoLines();
            block(els, otherwise);
        }
        Chain.layout(links, otherwise, !breaksOut(first), out);
    }

    /** Whether a break inside the chain leaves an enclosing loop (a Go switch would capture it, so the chain stays if/else). */
    private static boolean breaksOut(IfStmt chain) {
        for (BreakStmt b : chain.findAll(BreakStmt.class)) {
            Node n = b.getParentNode().orElse(null);
            boolean captured = false;
            while (n != null && n != chain) {
                if (n instanceof ForStmt || n instanceof ForEachStmt || n instanceof WhileStmt || n instanceof DoStmt
                        || n instanceof SwitchStmt) {
                    captured = true;
                    break;
                }
                n = n.getParentNode().orElse(null);
            }
            if (!captured) {
                return true;
            }
        }
        return false;
    }

    private void forLoop(ForStmt f, GoLines out) {
        if (f.getInitialization().size() > 1 || f.getUpdate().size() > 1) {
            throw Untranslatable.at(f, "for", "use one initializer and one update in a for loop");
        }
        tr.push();
        GoLines header = new GoLines();
        String init = f.getInitialization().isEmpty() ? "" : headerStatement(f.getInitialization().get(0), header, true);
        GoLines condPre = new GoLines();
        String cond = f.getCompare().map(c -> ex.condition(c, condPre)).orElse("");
        String update = f.getUpdate().isEmpty() ? "" : headerStatement(f.getUpdate().get(0), null, false);
        out.addAll(header);
        GoLines body = new GoLines();
        if (!condPre.isEmpty()) {
            body.addAll(condPre);
            body.add("if " + negate(cond) + " {");
            body.add("\tbreak");
            body.add("}");
            cond = "";
        }
        block(f.getBody(), body);
        out.add(init.isEmpty() && update.isEmpty() ? (cond.isEmpty() ? "for {" : "for " + cond + " {")
                : "for " + init + "; " + cond + "; " + update + " {");
        out.addIndented(body);
        out.add("}");
        tr.pop();
    }

    /**
     * The init or update of a for header: one simple statement. The init's preparation goes before
     * the loop; an update has none (Go's post statement is a single simple statement).
     */
    private String headerStatement(Expression e, GoLines pre, boolean init) {
        GoLines lines = new GoLines();
        if (init && e instanceof VariableDeclarationExpr d && d.getVariables().size() == 1) {
            VariableDeclarator v = d.getVariables().get(0);
            JavaType t = JavaType.of(v.getType(), v);
            if (dead.isDead(v)) {
                // never read: Go would reject the loop variable; what its value does still happens before the loop
                tr.declare(v.getNameAsString(), tr.names.fresh("unused"), t, v);
                v.getInitializer().ifPresent(x -> effectsOnly(x, pre));
                return "";
            }
            String go = tr.names.javaName(v.getNameAsString());
            String value = v.getInitializer().map(x -> ExpressionTranslator.typedValue(ex.convertArgument(ex.expr(x, pre), t, x)))
                    .orElse(zero(t));
            tr.declare(v.getNameAsString(), go, t, v);
            return go + " := " + value;
        }
        exprStmt(e, lines);
        String s = lines.render(0).strip();
        if (s.contains("\n")) {
            throw Untranslatable.at(e, "for header", "this " + (init ? "initializer" : "update") + " is too complex for a Go for "
                    + "header; move it into the loop");
        }
        return s;
    }

    private void forEach(ForEachStmt fe, GoLines out) {
        GoLines pre = new GoLines();
        GoExpr it = ex.expr(fe.getIterable(), pre);
        if (it.type().element() == null) {
            throw Untranslatable.at(fe, "for-each", "only arrays can be iterated");
        }
        out.addAll(pre);
        VariableDeclarator v = fe.getVariable().getVariables().get(0);
        tr.push();
        GoLines body = new GoLines();
        if (dead.isDead(v)) {
            tr.declare(v.getNameAsString(), tr.names.fresh("unused"), it.type().element(), v);
            out.add("for range " + it.bare() + " {");
        } else {
            String go = tr.names.javaName(v.getNameAsString());
            tr.declare(v.getNameAsString(), go, it.type().element(), v);
            if (it.type() == JavaType.PRIORITIES) {
                String raw = tr.names.temp();
                out.add("for _, " + raw + " := range " + it.bare() + " {");
                body.add(go + " := int32(" + raw + ")");
            } else {
                out.add("for _, " + go + " := range " + it.bare() + " {");
            }
        }
        block(fe.getBody(), body);
        out.addIndented(body);
        out.add("}");
        tr.pop();
    }

    /** {@code do body while (c)}: the body, then the condition; a continue would skip Java's condition check, so it is refused. */
    private void doWhile(DoStmt d, GoLines out) {
        for (ContinueStmt c : d.getBody().findAll(ContinueStmt.class)) {
            Node n = c.getParentNode().orElse(null);
            boolean nested = false;
            while (n != null && n != d) {
                nested |= n instanceof ForStmt || n instanceof ForEachStmt || n instanceof WhileStmt || n instanceof DoStmt;
                n = n.getParentNode().orElse(null);
            }
            if (!nested) {
                throw Untranslatable.at(c, "continue", "continue in a do-while loop cannot be exported; use a while loop");
            }
        }
        GoLines body = new GoLines();
        block(d.getBody(), body);
        String c = ex.condition(d.getCondition(), body);
        body.add("if " + negate(c) + " {");
        body.add("\tbreak");
        body.add("}");
        out.add("for {");
        out.addIndented(body);
        out.add("}");
    }

    private void returnStmt(ReturnStmt r, GoLines out) {
        if (r.getExpression().isEmpty()) {
            out.add("return");
            return;
        }
        Expression e = r.getExpression().get();
        if (ExpressionTranslator.unwrap(e) instanceof ConditionalExpr c && ex.fold(c) == null) {
            ex.lowerConditional(c, x -> "return " + ex.convertArgument(x.translated(), returns, c).bare(), out);
            return;
        }
        GoLines pre = new GoLines();
        GoExpr v = ex.convertArgument(ex.expr(e, pre), returns, e);
        out.addAll(pre);
        out.add("return " + v.bare());
    }

    // ---- expression statements ----

    private void exprStmt(Expression e, GoLines out) {
        if (e instanceof VariableDeclarationExpr d) {
            for (VariableDeclarator v : d.getVariables()) {
                declaration(v, out);
            }
        } else if (e instanceof AssignExpr a) {
            assignment(a, out);
        } else if (e instanceof UnaryExpr u && Translation.isIncrement(u)) {
            increment(u, out);
        } else if (e instanceof MethodCallExpr m) {
            GoLines pre = new GoLines();
            GoExpr call = ex.expr(m, pre);
            out.addAll(pre);
            out.add(call.type() == JavaType.VOID ? call.bare() : "_ = " + call.bare());
        } else {
            throw Untranslatable.at(e, "expression statement", "this expression cannot stand alone in the exported subset");
        }
    }

    private void declaration(VariableDeclarator v, GoLines out) {
        JavaType t = JavaType.of(v.getType(), v);
        String java = v.getNameAsString();
        if (dead.isDead(v)) {
            tr.declare(java, tr.names.fresh("unused"), t, v);
            v.getInitializer().ifPresent(x -> effectsOnly(x, out));
            return;
        }
        String go = tr.names.javaName(java);
        if (v.getInitializer().isEmpty() || dead.deadStore(v)) {
            // no value, or one nobody reads before the next store: a plain declaration (what the value does still happens)
            tr.declare(java, go, t, v);
            v.getInitializer().ifPresent(x -> effectsOnly(x, out));
            out.add("var " + go + " " + t.go);
            return;
        }
        Expression init = v.getInitializer().get();
        if (ExpressionTranslator.unwrap(init) instanceof ConditionalExpr c && ex.fold(c) == null) {
            out.add("var " + go + " " + t.go);
            ex.lowerConditional(c, x -> assignment(go, ex.convertArgument(x.translated(), t, c).bare()), out);
            tr.declare(java, go, t, v);
            return;
        }
        GoLines pre = new GoLines();
        GoExpr value = ex.convertArgument(ex.expr(init, pre), t, init);
        out.addAll(pre);
        tr.declare(java, go, t, v);
        // a short declaration, typed by its value (staticcheck ST1023 flags a type the value already gives)
        out.add(go + " := " + ExpressionTranslator.typedValue(value));
    }

    /** What a store nobody reads must still do: its effects (a call that changes state, a counter increment), or throw as Java would. */
    private void effectsOnly(Expression value, GoLines out) {
        if (!ex.mustEvaluate(value)) {
            return;
        }
        Expression v = ExpressionTranslator.unwrap(value);
        if (v instanceof UnaryExpr u && Translation.isIncrement(u) && tr.isCounter(u.getExpression())) {
            increment(u, out);
            return;
        }
        GoLines pre = new GoLines();
        GoExpr x = ex.expr(value, pre);
        out.addAll(pre);
        out.add("_ = " + x.bare());
    }

    /** Whether a store to a local or parameter is one nobody reads (left out, its effects kept). */
    private boolean deadTarget(Expression target, Node store) {
        if (target instanceof NameExpr n) {
            Translation.Local l = tr.local(n.getNameAsString());
            return l != null && l.declaration() != null && dead.deadStore(store);
        }
        return false;
    }

    private void assignment(AssignExpr a, GoLines out) {
        Expression target = a.getTarget();
        if (tr.isCounter(target)) {
            counterAssignment(a, out);
            return;
        }
        if (target instanceof FieldAccessExpr fa && fa.getScope() instanceof ThisExpr) {
            throw Untranslatable.at(target, "field assignment", "constants cannot be assigned");
        }
        if (deadTarget(target, a)) {
            effectsOnly(a.getValue(), out);
            return;
        }
        if (a.getOperator() == AssignExpr.Operator.ASSIGN && selfAssignment(target, a.getValue())) {
            return; // x = x changes nothing (and go vet rejects it)
        }
        if (a.getOperator() == AssignExpr.Operator.ASSIGN) {
            plainAssignment(a, target, out);
        } else {
            compoundAssignment(a, target, out);
        }
    }

    /** {@code x = x} or {@code a[i] = a[i]} with nothing that could change in between. */
    private boolean selfAssignment(Expression target, Expression value) {
        Expression v = ExpressionTranslator.unwrap(value);
        return v.toString().equals(target.toString()) && !tr.effects(v) && (v instanceof NameExpr || v instanceof ArrayAccessExpr);
    }

    /** Where a store goes: a local, or an array element with its index fixed; and its Java type. */
    private record Place(String go, JavaType type) {
    }

    private Place place(Expression target, GoLines pre, boolean indexUsedTwice) {
        if (target instanceof NameExpr n) {
            Translation.Local l = tr.local(n.getNameAsString());
            if (l == null) {
                throw Untranslatable.at(target, "field assignment", tr.constants.containsKey(n.getNameAsString())
                        ? "constants cannot be assigned" : "unknown name '" + n.getNameAsString() + "'");
            }
            return new Place(l.go(), l.type());
        }
        if (target instanceof ArrayAccessExpr aa) {
            List<GoExpr> parts = ex.ordered(List.of(aa.getName(), aa.getIndex()), pre);
            GoExpr arr = parts.get(0);
            if (arr.type() == JavaType.PRIORITIES) {
                throw Untranslatable.at(target, "priorities write", "priorities are read-only");
            }
            if (arr.type().element() == null) {
                throw Untranslatable.at(target, "index", "indexing a non-array");
            }
            GoExpr idx = ex.convertArgument(parts.get(1), JavaType.INT, aa.getIndex());
            if (!idx.isConstant() && (tr.reads(aa.getIndex()) || tr.effects(aa.getIndex()) || indexUsedTwice && !simple(idx))) {
                idx = ex.spill(idx, pre, aa.getIndex());
            }
            if (!arr.go().matches("[A-Za-z_][A-Za-z0-9_]*")) {
                arr = ex.spill(arr, pre, aa.getName());
            }
            return new Place(arr.go() + "[" + idx.bare() + "]", arr.type().element());
        }
        throw Untranslatable.at(target, "assignment target", "only locals and array elements can be assigned");
    }

    private static boolean simple(GoExpr x) {
        return x.go().matches("[A-Za-z_][A-Za-z0-9_]*|-?[0-9]+");
    }

    private void plainAssignment(AssignExpr a, Expression target, GoLines out) {
        GoLines pre = new GoLines();
        Expression value = a.getValue();
        if (ExpressionTranslator.unwrap(value) instanceof ConditionalExpr c && ex.fold(c) == null) {
            Place at = place(target, pre, true);
            out.addAll(pre);
            ex.lowerConditional(c, x -> assignment(at.go(), ex.convertArgument(x.translated(), at.type(), c).bare()), out);
            return;
        }
        Place at;
        GoExpr v;
        if (target instanceof ArrayAccessExpr aa) {
            // Java: the array, then the index, then the value, then the store
            List<GoExpr> parts = ex.ordered(List.of(aa.getName(), aa.getIndex(), value), pre);
            GoExpr arr = parts.get(0);
            if (arr.type() == JavaType.PRIORITIES) {
                throw Untranslatable.at(target, "priorities write", "priorities are read-only");
            }
            if (arr.type().element() == null) {
                throw Untranslatable.at(target, "index", "indexing a non-array");
            }
            at = new Place(arr.go() + "[" + ex.convertArgument(parts.get(1), JavaType.INT, aa.getIndex()).bare() + "]",
                    arr.type().element());
            v = parts.get(2);
        } else {
            at = place(target, pre, false);
            v = ex.expr(value, pre);
        }
        out.addAll(pre);
        out.add(assignment(at.go(), ex.convertArgument(v, at.type(), value).bare()));
    }

    /**
     * {@code target = value}, or nothing when a branch stores a local's own value back (go vet rejects
     * {@code x = x}); an array element read back keeps its bounds check ({@code _ = a[i]}), as Java
     * would throw there.
     */
    private static String assignment(String target, String value) {
        if (!target.equals(value)) {
            return target + " = " + value;
        }
        return target.contains("[") ? "_ = " + value : "";
    }

    /**
     * {@code x op= v}: Java evaluates the target once, reads it, then evaluates {@code v}, and
     * converts the result back to the target's type. Go's {@code op=} neither converts nor promises
     * to read the target before the right side, so it is written out.
     */
    private void compoundAssignment(AssignExpr a, Expression target, GoLines out) {
        GoLines pre = new GoLines();
        Place at = place(target, pre, true);
        BinaryExpr.Operator op = a.getOperator().toBinaryOperator().orElseThrow();
        GoExpr old = new GoExpr(at.go(), at.type());
        if (target instanceof ArrayAccessExpr && tr.effects(a.getValue())) {
            old = ex.spill(old, pre, target);
        }
        if (at.type() == JavaType.BOOL && !ex.mustEvaluate(a.getValue()) && target instanceof NameExpr) {
            Expression value = ExpressionTranslator.unwrap(a.getValue());
            if (op == BinaryExpr.Operator.XOR) {
                if (value.toString().equals(target.toString())) {
                    out.add(at.go() + " = false"); // x ^= x (written out, staticcheck calls it identical operands)
                    return;
                }
            } else {
                // without effects, x &= e is x = x && e: one chain, so a repeated operand is dropped as anywhere (x &= x does nothing)
                BinaryExpr whole = new BinaryExpr(target.clone(), new com.github.javaparser.ast.expr.EnclosedExpr(a.getValue().clone()),
                        op == BinaryExpr.Operator.BINARY_AND ? BinaryExpr.Operator.AND : BinaryExpr.Operator.OR);
                GoExpr chained = ex.expr(whole, pre);
                out.addAll(pre);
                out.add(assignment(at.go(), chained.bare()));
                return;
            }
        }
        GoExpr v = ex.expr(a.getValue(), pre);
        GoExpr result;
        if (at.type() == JavaType.BOOL) {
            // Java's &=, |= and ^= on booleans evaluate the right side always; Go's && and || would skip it
            if (ex.mustEvaluate(a.getValue())) {
                v = ex.spill(v, pre, a.getValue());
            }
            result = switch (op) {
                case BINARY_AND -> ExpressionTranslator.join(old, "&&", v, JavaType.BOOL);
                case BINARY_OR -> ExpressionTranslator.join(old, "||", v, JavaType.BOOL);
                case XOR -> ExpressionTranslator.join(old, "!=", v, JavaType.BOOL);
                default -> throw Untranslatable.at(a, a.getOperator().asString(), "this compound assignment does not apply to a boolean");
            };
        } else {
            result = ex.narrow(ex.arithmetic(a, op, old, v), at.type(), a);
        }
        out.addAll(pre);
        out.add(at.go() + " = " + result.bare());
    }

    /** Stores to the counter, which is an atomic.Int64 in Go. */
    private void counterAssignment(AssignExpr a, GoLines out) {
        String c = "p." + tr.counterGo;
        GoLines pre = new GoLines();
        Expression value = a.getValue();
        if (a.getOperator() == AssignExpr.Operator.ASSIGN) {
            if (ExpressionTranslator.unwrap(value) instanceof ConditionalExpr cond && ex.fold(cond) == null) {
                ex.lowerConditional(cond, x -> c + ".Store(" + ex.convertArgument(x.translated(), JavaType.LONG, cond).bare() + ")", out);
                return;
            }
            GoExpr v = ex.convertArgument(ex.expr(value, pre), JavaType.LONG, value);
            out.addAll(pre);
            out.add(c + ".Store(" + v.bare() + ")");
            return;
        }
        BinaryExpr.Operator op = a.getOperator().toBinaryOperator().orElseThrow();
        boolean effects = tr.effects(value);
        if ((op == BinaryExpr.Operator.PLUS || op == BinaryExpr.Operator.MINUS) && !effects && ex.staticType(value).integral()) {
            GoExpr v = ex.convert(ex.expr(value, pre), JavaType.LONG);
            out.addAll(pre);
            out.add(c + ".Add(" + (op == BinaryExpr.Operator.PLUS ? v.bare() : "-" + (v.prec() < GoExpr.UNARY ? "(" + v.go() + ")"
                    : v.go())) + ")");
            return;
        }
        // Java reads the counter before it evaluates the right side (which may call a method that moves it)
        GoExpr old = new GoExpr(c + ".Load()", JavaType.LONG);
        if (effects) {
            old = ex.spill(old, pre, a);
        }
        GoExpr v = ex.expr(value, pre);
        GoExpr result = ex.narrow(ex.arithmetic(a, op, old, v), JavaType.LONG, a);
        out.addAll(pre);
        out.add(c + ".Store(" + result.bare() + ")");
    }

    private void increment(UnaryExpr u, GoLines out) {
        boolean inc = u.getOperator() == UnaryExpr.Operator.POSTFIX_INCREMENT || u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT;
        Expression target = u.getExpression();
        if (tr.isCounter(target)) {
            String add = "p." + tr.counterGo + ".Add(" + (inc ? "1" : "-1") + ")";
            if (readLaterInBlock(u)) {
                // one atomic read-modify-write whose result the rest of the block reads
                String local = tr.names.fresh(tr.counterGo);
                out.add(local + " := " + add);
                tr.declare(tr.counter, local, JavaType.LONG, null);
            } else {
                out.add(add);
            }
            return;
        }
        if (deadTarget(target, u)) {
            return;
        }
        GoLines pre = new GoLines();
        Place at = place(target, pre, false);
        out.addAll(pre);
        out.add(at.go() + (inc ? "++" : "--"));
    }

    /**
     * Whether the statements after this counter update in its block read the counter and nothing
     * after it can change it (no other update, no call of a method that might): then the value Add
     * returns is what they read.
     */
    private boolean readLaterInBlock(UnaryExpr update) {
        if (!(update.getParentNode().orElse(null) instanceof ExpressionStmt st) || !(st.getParentNode().orElse(null) instanceof BlockStmt b)) {
            return false;
        }
        if (!method.findAll(VariableDeclarator.class, v -> v.getNameAsString().equals(tr.counter)).isEmpty()
                || method.getParameters().stream().anyMatch(p -> p.getNameAsString().equals(tr.counter))) {
            return false;
        }
        List<Statement> after = b.getStatements().subList(b.getStatements().indexOf(st) + 1, b.getStatements().size());
        boolean read = false;
        for (Statement later : after) {
            if (!later.findAll(MethodCallExpr.class, Translation::ownCall).isEmpty()) {
                return false;
            }
            for (Expression ref : later.findAll(Expression.class, tr::isCounter)) {
                if (!dead.evaluated(ref, ex::mustEvaluate)) {
                    continue; // read only by a store the translation leaves out
                }
                Node parent = ref.getParentNode().orElse(null);
                if (parent instanceof AssignExpr a && a.getTarget() == ref || parent instanceof UnaryExpr ui && Translation.isIncrement(ui)) {
                    return false;
                }
                read = true;
            }
        }
        return read;
    }

    static String zero(JavaType t) {
        return switch (t) {
            case BOOL -> "false";
            case INT -> "int32(0)";
            case LONG -> "int64(0)";
            case DOUBLE -> "0.0";
            default -> "nil";
        };
    }
}
