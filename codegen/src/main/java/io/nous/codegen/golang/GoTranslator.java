package io.nous.codegen.golang;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import io.nous.codegen.verify.SourceLimits;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Translates a verified candidate (the restricted Java subset) into the Go of a router plugin, with
 * Java's semantics by construction rather than by resemblance: constants are evaluated in Java and
 * written as their values ({@link Constant}, {@link GoLiteral}); operands are evaluated in Java's
 * order ({@link ExpressionTranslator}); stores nobody reads keep their effects
 * ({@link StatementTranslator}, {@link DeadLocals}); every name the translation makes up comes from
 * one allocator that avoids every Java name ({@link GoNames}); library calls have Java's semantics or
 * are refused ({@link MathCalls}). This class does the class-level part: fields become constants, the
 * one mutable {@code long} becomes an {@code atomic.Int64}, and the entry method is the one exact
 * signature of the plug point (an overloaded method is refused). Anything outside the subset is
 * refused with its line, column and construct, never translated approximately.
 */
public final class GoTranslator {
    /**
     * The translation: struct field, constants, methods, and the helpers and imports they need.
     *
     * @param computeLimitBody the body of the entry method: {@code computeLimit} of a usage-limit
     *                         policy (inlined into {@code ComputeLimit}), or {@code admit} of an admitter
     * @param entryParameters  the entry method's parameter names in Go, in order
     * @param counterDoc       the first sentence of the counter field's Javadoc, or null
     */
    public record GoCode(String counterField, List<String> constants, String computeLimitBody, List<String> methods,
                         Set<String> helpers, Set<String> imports, List<String> entryParameters, String counterDoc) {
        /** The Go comment line for the counter: its Java documentation, else what counters usually do for this kind. */
        public String counterComment(String usually) {
            String doc = counterDoc == null ? usually : counterDoc;
            return "// " + counterField + " " + Character.toLowerCase(doc.charAt(0)) + doc.substring(1);
        }

        /** The translated methods and then the helpers they call, each after a blank line: what follows the entry point in a package file. */
        public String tail() {
            StringBuilder sb = new StringBuilder();
            for (String m : methods) {
                sb.append('\n').append(m);
            }
            for (String h : helpers) {
                sb.append('\n').append(GoHelpers.source(h));
            }
            return sb.toString();
        }
    }

    /** The method a policy kind is called through: its exact Java parameter types and result. */
    private record Entry(String method, List<JavaType> parameters, JavaType returns) {
        boolean matches(MethodDeclaration m) {
            if (!m.getNameAsString().equals(method) || m.getParameters().size() != parameters.size()) {
                return false;
            }
            try {
                for (int i = 0; i < parameters.size(); i++) {
                    JavaType t = JavaType.of(m.getParameter(i).getType(), m);
                    JavaType want = parameters.get(i) == JavaType.PRIORITIES ? JavaType.INT_ARRAY : parameters.get(i);
                    if (t != want) {
                        return false;
                    }
                }
                return JavaType.of(m.getType(), m) == returns;
            } catch (Untranslatable u) {
                return false;
            }
        }
    }

    private static final Entry USAGE_LIMIT = new Entry("computeLimit", List.of(JavaType.DOUBLE, JavaType.PRIORITIES,
            JavaType.DOUBLE_ARRAY), JavaType.VOID);
    private static final Entry ADMISSION = new Entry("admit", List.of(JavaType.INT, JavaType.DOUBLE, JavaType.DOUBLE), JavaType.BOOL);
    private static final Entry ADMISSION_TERMS = new Entry("admit", List.of(JavaType.INT, JavaType.DOUBLE, JavaType.DOUBLE,
            JavaType.DOUBLE, JavaType.DOUBLE), JavaType.BOOL);

    private static final Entry ROUTING = new Entry("score", List.of(JavaType.LONG, JavaType.DOUBLE, JavaType.LONG, JavaType.LONG,
            JavaType.INT, JavaType.INT, JavaType.INT, JavaType.INT, JavaType.DOUBLE), JavaType.DOUBLE);

    private final Translation tr;
    private final ExpressionTranslator ex;
    private final StatementTranslator st;
    private String counterDoc;

    private GoTranslator(CompilationUnit cu) {
        this.tr = new Translation(new GoNames(cu));
        this.ex = new ExpressionTranslator(tr);
        this.st = new StatementTranslator(tr, ex);
    }

    /** Translates one usage-limit policy source, or throws {@link Untranslatable} naming the line and construct. */
    public static GoCode translate(String javaSource) {
        return translate(javaSource, USAGE_LIMIT);
    }

    /**
     * Translates one admission policy source, of either form ({@code boolean admit(int priority,
     * double saturation, double u)} or {@code boolean admit(int priority, double saturation, double
     * queue, double kv, double u)}; the translation's entry parameters say which), or throws
     * {@link Untranslatable} naming the line and construct.
     */
    public static GoCode translateAdmission(String javaSource) {
        return translate(javaSource, termsForm(javaSource) ? ADMISSION_TERMS : ADMISSION);
    }

    /**
     * Translates one routing scorer source ({@code double score(long promptTokens, double prefixMatch,
     * long uncachedTokens, long inFlightTokens, int inFlightRequests, int maxInFlightRequests, int waiting,
     * int running, double kvUsage)}), or throws {@link Untranslatable} naming the line and construct.
     */
    public static GoCode translateRouting(String javaSource) {
        return translate(javaSource, ROUTING);
    }

    /**
     * Translates a source whose entry method is {@code method} with these Java parameter types and
     * result (as written: {@code int}, {@code long}, {@code double}, {@code boolean}, their
     * one-dimensional arrays, {@code void}): the entry of a plug point that has no method of its own
     * here. Throws {@link Untranslatable} naming the line and construct, or a type the Go export
     * cannot carry.
     */
    public static GoCode translate(String javaSource, String method, List<String> parameterTypes, String returns) {
        List<JavaType> params = new ArrayList<>();
        for (String t : parameterTypes) {
            params.add(javaType(t));
        }
        return translate(javaSource, new Entry(method, List.copyOf(params), javaType(returns)));
    }

    private static JavaType javaType(String written) {
        return switch (written) {
            case "int" -> JavaType.INT;
            case "long" -> JavaType.LONG;
            case "double" -> JavaType.DOUBLE;
            case "boolean" -> JavaType.BOOL;
            case "int[]" -> JavaType.INT_ARRAY;
            case "long[]" -> JavaType.LONG_ARRAY;
            case "double[]" -> JavaType.DOUBLE_ARRAY;
            case "boolean[]" -> JavaType.BOOL_ARRAY;
            case "void" -> JavaType.VOID;
            default -> throw new Untranslatable(1, "entry", "the Go export carries no '" + written + "' between the router and a policy");
        };
    }

    /** Whether an admission policy's source implements the terms form of {@code admit}: exactly {@code (int, double, double, double, double)}. */
    public static boolean termsForm(String javaSource) {
        try {
            CompilationUnit cu = parse(javaSource);
            return cu.findFirst(MethodDeclaration.class, ADMISSION_TERMS::matches).isPresent();
        } catch (Untranslatable e) {
            return false;
        }
    }

    /** The source's syntax tree, after the same size and nesting limits verification applies (no parser sees an unbounded input). */
    private static CompilationUnit parse(String javaSource) {
        String source = SourceLimits.withoutBom(javaSource);
        var limits = SourceLimits.check(source);
        if (!limits.isEmpty()) {
            throw new Untranslatable(limits.get(0).line(), limits.get(0).column(), "source", limits.get(0).message());
        }
        ParseResult<CompilationUnit> r;
        try {
            r = new JavaParser(new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17)).parse(source);
        } catch (StackOverflowError | RuntimeException e) {
            throw new Untranslatable(1, "source", "it could not be parsed (" + e.getClass().getSimpleName() + ")");
        }
        if (!r.isSuccessful() || r.getResult().isEmpty()) {
            String why = r.getProblems().isEmpty() ? "it does not parse" : r.getProblems().get(0).getMessage().lines().findFirst().orElse("");
            throw new Untranslatable(1, "source", "it does not parse: " + why);
        }
        return r.getResult().get();
    }

    private static GoCode translate(String javaSource, Entry entry) {
        CompilationUnit cu = parse(javaSource);
        List<ClassOrInterfaceDeclaration> classes = cu.findAll(ClassOrInterfaceDeclaration.class, ClassOrInterfaceDeclaration::isTopLevelType);
        if (classes.size() != 1) {
            throw new Untranslatable(1, "class", "expected exactly one top-level class");
        }
        SourceSimplifier.simplify(cu);
        return new GoTranslator(cu).run(classes.get(0), entry);
    }

    private GoCode run(ClassOrInterfaceDeclaration cls, Entry entry) {
        tr.className = cls.getNameAsString();
        cls.getMembers().forEach(m -> {
            if (!(m instanceof FieldDeclaration) && !(m instanceof MethodDeclaration) && !(m instanceof ConstructorDeclaration)) {
                throw Untranslatable.at(m, m.getClass().getSimpleName(), "only fields, constructors and methods are exported");
            }
        });
        fields(cls);
        MethodDeclaration compute = methods(cls, entry);
        tr.findChangingMethods();
        List<String> others = new ArrayList<>();
        for (MethodDeclaration m : cls.getMethods()) {
            if (m != compute) {
                others.add(GoFormat.lines(method(m)));
            }
        }
        List<String> names = new ArrayList<>();
        Map<Parameter, String> goNames = new IdentityHashMap<>();
        for (Parameter prm : compute.getParameters()) {
            String go = tr.names.javaName(prm.getNameAsString());
            goNames.put(prm, go);
            names.add(go);
        }
        if (entry == USAGE_LIMIT) {
            tr.priorities = compute.getParameter(1).getNameAsString();
        }
        GoLines body = st.body(compute, goNames, entry.parameters(), entry.returns());
        String rendered = body.render(1);
        if (entry.returns() != JavaType.VOID && !terminates(compute.getBody().orElseThrow())) {
            rendered += "\tpanic(\"unreachable\")\n";
        }
        rendered = GoFormat.lines(rendered);
        List<String> constants = constantBlock(rendered + String.join("\n", others));
        return new GoCode(tr.counterGo, constants, rendered, List.copyOf(others), new TreeSet<>(tr.helpers), new TreeSet<>(tr.imports),
                List.copyOf(names), counterDoc);
    }

    // ---- fields ----

    /** Final primitive fields become Go constants (their values computed in Java); one long counter may be state. */
    private void fields(ClassOrInterfaceDeclaration cls) {
        Map<String, Expression> assigned = constructorAssignments(cls);
        List<VariableDeclarator> pending = new ArrayList<>();
        for (FieldDeclaration f : cls.getFields()) {
            for (VariableDeclarator v : f.getVariables()) {
                JavaType type = JavaType.of(v.getType(), v);
                if (f.isFinal()) {
                    if (!type.numeric() && type != JavaType.BOOL) {
                        throw Untranslatable.at(v, "field", "a final field must be a primitive to become a Go constant; an array field "
                                + "is state the router's contract does not allow");
                    }
                    pending.add(v);
                } else {
                    if (type != JavaType.LONG || tr.counter != null) {
                        throw Untranslatable.at(v, "field", "the only mutable state allowed in an exported policy is one long counter"
                                + " (it becomes an atomic.Int64); '" + v.getNameAsString() + "' is a second piece of state");
                    }
                    Constant init = v.getInitializer().map(ex::fold).orElse(Constant.ofLong(0));
                    if (init == null || init.to(JavaType.LONG).asLong() != 0 || assigned.containsKey(v.getNameAsString())) {
                        throw Untranslatable.at(v, "field", "the counter must start at 0");
                    }
                    tr.counter = v.getNameAsString();
                    tr.counterGo = tr.names.member(tr.counter);
                    counterDoc = f.getJavadoc().map(j -> firstSentence(j.getDescription().toText())).orElse(null);
                    tr.imports.add("sync/atomic");
                }
            }
        }
        // a constant may be defined from constants declared after it (instance fields from static ones): fold until nothing changes
        while (!pending.isEmpty()) {
            List<VariableDeclarator> left = new ArrayList<>();
            for (VariableDeclarator v : pending) {
                Expression value = assigned.containsKey(v.getNameAsString()) ? assigned.get(v.getNameAsString())
                        : v.getInitializer().orElse(null);
                if (value == null) {
                    throw Untranslatable.at(v, "field", "a final field needs a value (an initializer or the no-argument constructor's)");
                }
                JavaType type = JavaType.of(v.getType(), v);
                Constant c = ex.fold(value);
                if (c == null) {
                    left.add(v);
                    continue;
                }
                if (c.type() != type && !(c.type().numeric() && type.numeric())) {
                    throw Untranslatable.at(v, "field", "'" + v.getNameAsString() + "' is " + type.javaName() + " but its value is "
                            + c.type().javaName());
                }
                c = c.type() == type ? c : c.to(type);
                String go = GoLiteral.constantInGo(c) ? tr.names.constant(v.getNameAsString()) : GoLiteral.of(c);
                if (GoLiteral.needsMath(c)) {
                    tr.imports.add("math");
                }
                tr.constants.put(v.getNameAsString(), new Translation.Field(go, type, c));
            }
            if (left.size() == pending.size()) {
                VariableDeclarator v = left.get(0);
                throw Untranslatable.at(v, "field", "the value of '" + v.getNameAsString() + "' must be computable from literals, other "
                        + "constants and Math functions to become a Go constant");
            }
            pending = left;
        }
    }

    /** The Go const lines for the constants the code uses (an unused one is a staticcheck finding), aligned as gofmt aligns them. */
    private List<String> constantBlock(String code) {
        List<String[]> kept = new ArrayList<>();
        for (Map.Entry<String, Translation.Field> e : tr.constants.entrySet()) {
            Translation.Field f = e.getValue();
            if (GoLiteral.constantInGo(f.value()) && Pattern.compile("\\b" + Pattern.quote(f.go()) + "\\b").matcher(code).find()) {
                kept.add(new String[] {f.go(), f.type().go, GoLiteral.of(f.value())});
            }
        }
        int name = kept.stream().mapToInt(c -> c[0].length()).max().orElse(0);
        int type = kept.stream().mapToInt(c -> c[1].length()).max().orElse(0);
        List<String> lines = new ArrayList<>();
        for (String[] c : kept) {
            lines.add("\t" + pad(c[0], name) + " " + pad(c[1], type) + " = " + GoFormat.expr(c[2], 1));
        }
        return List.copyOf(lines);
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(width - s.length());
    }

    /** A Javadoc's first sentence on one line, ASCII only (it becomes a Go comment), or null when there is none. */
    private static String firstSentence(String doc) {
        String flat = doc.replaceAll("\\s+", " ").trim();
        int end = flat.indexOf(". ");
        String sentence = end < 0 ? flat : flat.substring(0, end + 1);
        if (!sentence.endsWith(".")) {
            sentence += ".";
        }
        return sentence.length() < 2 || !sentence.chars().allMatch(c -> c >= 32 && c < 127) ? null : sentence;
    }

    /**
     * The values the no-argument constructor gives final fields (the simulator creates policies
     * with it), following {@code this(...)} delegation with arguments bound to parameters.
     */
    private static Map<String, Expression> constructorAssignments(ClassOrInterfaceDeclaration cls) {
        List<ConstructorDeclaration> ctors = cls.getConstructors();
        Map<String, Expression> out = new HashMap<>();
        if (ctors.isEmpty()) {
            return out;
        }
        ConstructorDeclaration ctor = ctors.stream().filter(c -> c.getParameters().isEmpty()).findFirst()
                .orElseThrow(() -> Untranslatable.at(cls, "constructor", "the policy needs a no-argument constructor"));
        Map<String, Expression> bound = new HashMap<>();
        for (int depth = 0; depth < 8; depth++) {
            List<Statement> body = ctor.getBody().getStatements();
            int start = 0;
            ConstructorDeclaration next = null;
            Map<String, Expression> nextBound = new HashMap<>();
            if (!body.isEmpty() && body.get(0) instanceof ExplicitConstructorInvocationStmt inv) {
                if (!inv.isThis()) {
                    throw Untranslatable.at(inv, "super(...)", "policies have no superclass to call");
                }
                int n = inv.getArguments().size();
                List<ConstructorDeclaration> match = ctors.stream().filter(c -> c.getParameters().size() == n).toList();
                if (match.size() != 1) {
                    throw Untranslatable.at(inv, "this(...)", match.isEmpty() ? "no constructor takes " + n + " arguments"
                            : "two constructors take " + n + " arguments; the export cannot tell which this(...) calls");
                }
                next = match.get(0);
                for (int i = 0; i < n; i++) {
                    nextBound.put(next.getParameter(i).getNameAsString(), substitute(inv.getArgument(i), bound));
                }
                start = 1;
            }
            for (Statement s : body.subList(start, body.size())) {
                if (!(s instanceof ExpressionStmt es) || !(es.getExpression() instanceof AssignExpr a)
                        || a.getOperator() != AssignExpr.Operator.ASSIGN) {
                    throw Untranslatable.at(s, "constructor", "a constructor may only assign fields");
                }
                String field = a.getTarget() instanceof FieldAccessExpr fa && fa.getScope() instanceof ThisExpr ? fa.getNameAsString()
                        : a.getTarget() instanceof NameExpr ne ? ne.getNameAsString() : null;
                if (field == null) {
                    throw Untranslatable.at(s, "constructor", "a constructor may only assign fields");
                }
                if (out.containsKey(field)) {
                    throw Untranslatable.at(s, "constructor", "'" + field + "' is assigned twice");
                }
                out.put(field, substitute(a.getValue(), bound));
            }
            if (next == null) {
                return out;
            }
            ctor = next;
            bound = nextBound;
        }
        throw Untranslatable.at(cls, "constructor", "constructor delegation is too deep");
    }

    /** A constructor argument with parameter names replaced by the values bound to them. */
    private static Expression substitute(Expression e, Map<String, Expression> bound) {
        Expression copy = e.clone();
        if (copy instanceof NameExpr n && bound.containsKey(n.getNameAsString())) {
            return bound.get(n.getNameAsString()).clone();
        }
        for (NameExpr n : copy.findAll(NameExpr.class)) {
            if (bound.containsKey(n.getNameAsString())) {
                n.replace(bound.get(n.getNameAsString()).clone());
            }
        }
        return copy;
    }

    // ---- methods ----

    /** Registers every method under a Go name (refusing overloads) and returns the entry method. */
    private MethodDeclaration methods(ClassOrInterfaceDeclaration cls, Entry entry) {
        Set<String> seen = new HashSet<>();
        Set<String> goMembers = new HashSet<>();
        if (tr.counterGo != null) {
            goMembers.add(tr.counterGo);
        }
        MethodDeclaration compute = null;
        for (MethodDeclaration m : cls.getMethods()) {
            if (!seen.add(m.getNameAsString())) {
                throw Untranslatable.at(m, "overload", "overloaded methods cannot be exported (Go has no overloads, and the router "
                        + "calls one exact signature); give this '" + m.getNameAsString() + "' a name of its own");
            }
            if (m.getBody().isEmpty()) {
                throw Untranslatable.at(m, "method", "'" + m.getNameAsString() + "' has no body");
            }
            if (entry.matches(m)) {
                compute = m;
            }
            String go = tr.names.member(m.getNameAsString());
            if (goMembers.contains(go)) {
                go = tr.names.fresh(go);
            }
            goMembers.add(go);
            List<JavaType> params = new ArrayList<>();
            for (Parameter prm : m.getParameters()) {
                params.add(JavaType.of(prm.getType(), prm));
            }
            tr.methods.put(m.getNameAsString(), new Translation.Method(go, m, params, JavaType.of(m.getType(), m)));
        }
        if (compute == null) {
            String want = entry.method() + "(" + String.join(", ", entry.parameters().stream().map(JavaType::javaName).toList()) + ")";
            throw new Untranslatable(cls.getBegin().map(p -> p.line).orElse(1), entry.method(), "the class has no method "
                    + (entry.returns() == JavaType.VOID ? "void " : entry.returns().javaName() + " ") + want);
        }
        tr.entry = compute;
        return compute;
    }

    private String method(MethodDeclaration m) {
        Translation.Method decl = tr.methods.get(m.getNameAsString());
        StringBuilder sig = new StringBuilder("func (p *policy) ").append(decl.go()).append('(');
        Map<Parameter, String> goNames = new IdentityHashMap<>();
        for (int i = 0; i < m.getParameters().size(); i++) {
            Parameter prm = m.getParameter(i);
            String go = tr.names.javaName(prm.getNameAsString());
            goNames.put(prm, go);
            sig.append(i > 0 ? ", " : "").append(go).append(' ').append(decl.parameters().get(i).go);
        }
        sig.append(')').append(decl.returns() == JavaType.VOID ? "" : " " + decl.returns().go).append(" {\n");
        String body = st.body(m, goNames, decl.parameters(), decl.returns()).render(1);
        boolean needsPanic = decl.returns() != JavaType.VOID && !terminates(m.getBody().orElseThrow());
        return sig + body + (needsPanic ? "\tpanic(\"unreachable\")\n" : "") + "}\n";
    }

    /** Go's notion of a terminating statement, for the statements this subset has. */
    private static boolean terminates(Statement s) {
        if (s instanceof ReturnStmt) {
            return true;
        }
        if (s instanceof BlockStmt b) {
            return !b.getStatements().isEmpty() && terminates(b.getStatements().getLast().orElseThrow());
        }
        if (s instanceof IfStmt i) {
            return i.getElseStmt().isPresent() && terminates(i.getThenStmt()) && terminates(i.getElseStmt().get());
        }
        return false;
    }

    /** A double as Go source that parses to the very same value (for names of golden cases and vectors). */
    /** The value of a Java integer literal's digits (any radix, underscores allowed) as {@code long} or {@code int} would hold it. */
    public static long integralLiteral(String literal, boolean isLong) {
        return ExpressionTranslator.parseIntegral(literal, isLong);
    }

    public static String goDouble(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw new Untranslatable(0, "literal", "non-finite literal");
        }
        return Double.toString(d).replace('E', 'e');
    }
}
