package io.nous.codegen.golang;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.DoubleLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.EmptyStmt;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.type.ArrayType;
import com.github.javaparser.ast.type.PrimitiveType;
import com.github.javaparser.ast.type.Type;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Translates a verified usage-limit candidate (the restricted Java subset) into the body of a Go
 * policy type, statement by statement over the javaparser AST. Java's numeric promotion becomes
 * explicit Go conversions, {@code int} stays 32-bit ({@code int32}), {@code Math.round} keeps Java's
 * half-up semantics through a helper, and the one mutable {@code long} counter becomes an
 * {@code atomic.Int64}. Anything outside the subset is refused with its line and construct, never
 * translated approximately.
 */
public final class GoTranslator {
    /** Java numeric and boolean types as the translator tracks them. */
    enum T {
        INT("int32"), LONG("int64"), DOUBLE("float64"), BOOL("bool"), INT_ARRAY("[]int32"), LONG_ARRAY("[]int64"),
        DOUBLE_ARRAY("[]float64"), BOOL_ARRAY("[]bool"), PRIORITIES("[]int"), VOID("");

        final String go;

        T(String go) {
            this.go = go;
        }

        boolean numeric() {
            return this == INT || this == LONG || this == DOUBLE;
        }

        T element() {
            return switch (this) {
                case INT_ARRAY, PRIORITIES -> INT;
                case LONG_ARRAY -> LONG;
                case DOUBLE_ARRAY -> DOUBLE;
                case BOOL_ARRAY -> BOOL;
                default -> null;
            };
        }
    }

    /** A translated expression, its Java type, and the Go precedence of its top operator (6 for an operand). */
    private record X(String go, T type, boolean literal, int prec) {
        X(String go, T type) {
            this(go, type, false, ATOM);
        }

        X(String go, T type, boolean literal) {
            this(go, type, literal, ATOM);
        }
    }

    private static final int ATOM = 6;
    private static final int UNARY = 5;

    /** Go's binary precedence (5 binds tightest). */
    private static int precedence(BinaryExpr.Operator op) {
        return switch (op) {
            case MULTIPLY, DIVIDE, REMAINDER, BINARY_AND -> 5;
            case PLUS, MINUS, BINARY_OR, XOR -> 4;
            case EQUALS, NOT_EQUALS, LESS, LESS_EQUALS, GREATER, GREATER_EQUALS -> 3;
            case AND -> 2;
            default -> 1;
        };
    }

    /** Joins two operands with only the parentheses Go needs (Java's own are re-derived, not copied). */
    private static X join(X l, BinaryExpr.Operator op, X r, T type) {
        int p = precedence(op);
        boolean comparison = p == 3;
        String left = l.prec() < p || comparison && l.prec() == 3 ? "(" + l.go() + ")" : l.go();
        String right = r.prec() <= p ? "(" + r.go() + ")" : r.go();
        return new X(left + " " + op.asString() + " " + right, type, false, p);
    }

    /**
     * The translation: struct fields, constants, methods, and the helpers and imports they need.
     *
     * @param computeLimitBody the body of the entry method: {@code computeLimit} of a usage-limit
     *                         policy (inlined into {@code ComputeLimit}), or {@code admit} of an admitter
     * @param entryParameters  the entry method's parameter names, in order
     * @param counterDoc       the first sentence of the counter field's Javadoc, or null
     */
    public record GoCode(String counterField, List<String> constants, String computeLimitBody, List<String> methods,
                         Set<String> helpers, Set<String> imports, List<String> entryParameters, String counterDoc) {
        /** The Go comment line for the counter: its Java documentation, else what counters usually do for this kind. */
        public String counterComment(String usually) {
            String doc = counterDoc == null ? usually : counterDoc;
            return "// " + counterField + " " + Character.toLowerCase(doc.charAt(0)) + doc.substring(1);
        }
    }

    /** The method a policy kind is called through, with its Java parameter types and result. */
    private record Entry(String method, List<T> parameters, T returns) {
    }

    private static final Entry USAGE_LIMIT = new Entry("computeLimit", List.of(T.DOUBLE, T.PRIORITIES, T.DOUBLE_ARRAY), T.VOID);
    private static final Entry ADMISSION = new Entry("admit", List.of(T.INT, T.DOUBLE, T.DOUBLE), T.BOOL);
    private static final Entry ADMISSION_TERMS = new Entry("admit", List.of(T.INT, T.DOUBLE, T.DOUBLE, T.DOUBLE, T.DOUBLE), T.BOOL);

    private static final Map<String, String> MATH_DOUBLE = Map.ofEntries(Map.entry("floor", "math.Floor"),
            Map.entry("ceil", "math.Ceil"), Map.entry("sqrt", "math.Sqrt"), Map.entry("exp", "math.Exp"),
            Map.entry("log", "math.Log"), Map.entry("log10", "math.Log10"), Map.entry("pow", "math.Pow"),
            Map.entry("tanh", "math.Tanh"), Map.entry("sin", "math.Sin"), Map.entry("cos", "math.Cos"),
            Map.entry("cbrt", "math.Cbrt"), Map.entry("hypot", "math.Hypot"), Map.entry("log1p", "math.Log1p"),
            Map.entry("expm1", "math.Expm1"), Map.entry("atan", "math.Atan"), Map.entry("tan", "math.Tan"),
            Map.entry("asin", "math.Asin"), Map.entry("acos", "math.Acos"), Map.entry("atan2", "math.Atan2"),
            Map.entry("sinh", "math.Sinh"), Map.entry("cosh", "math.Cosh"), Map.entry("rint", "math.RoundToEven"),
            Map.entry("copySign", "math.Copysign"));

    private final Set<String> helpers = new TreeSet<>();
    private final Set<String> imports = new TreeSet<>();
    private final Map<String, T> fields = new LinkedHashMap<>();
    private final Map<String, MethodDeclaration> methods = new HashMap<>();
    private String counter;
    private String counterDoc;
    private final Deque<Map<String, T>> scopes = new ArrayDeque<>();
    private int temp;

    private GoTranslator() {
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

    /** Whether an admission policy's source implements the terms form of {@code admit} (five parameters). */
    public static boolean termsForm(String javaSource) {
        try {
            return StaticJavaParser.parse(javaSource).findFirst(MethodDeclaration.class,
                    m -> m.getNameAsString().equals("admit") && m.getParameters().size() == 5).isPresent();
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static GoCode translate(String javaSource, Entry entry) {
        CompilationUnit cu;
        try {
            cu = StaticJavaParser.parse(javaSource);
        } catch (RuntimeException e) {
            throw new Untranslatable(1, "source", "it does not parse: " + e.getMessage().lines().findFirst().orElse(""));
        }
        List<ClassOrInterfaceDeclaration> classes = cu.findAll(ClassOrInterfaceDeclaration.class, c -> c.isTopLevelType());
        if (classes.size() != 1) {
            throw new Untranslatable(1, "class", "expected exactly one top-level class");
        }
        renameGoClashes(classes.get(0));
        return new GoTranslator().run(classes.get(0), entry);
    }

    /**
     * Names Java allows for a parameter or local that Go would read otherwise: {@code p} is the
     * receiver of every method, the rest are Go keywords or builtins the translation calls.
     */
    private static final Set<String> GO_CLASHES = Set.of("p", "break", "case", "chan", "const", "continue", "default", "defer", "else",
            "fallthrough", "for", "func", "go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select",
            "struct", "switch", "type", "var", "len", "make", "append", "copy", "math", "int32", "int64", "float64", "bool", "panic",
            "atomic", "min", "max");

    /** Renames, within each method, parameters and locals whose names clash in Go ({@code p} becomes {@code p2}). */
    private static void renameGoClashes(ClassOrInterfaceDeclaration cls) {
        Set<String> taken = new java.util.HashSet<>();
        cls.findAll(com.github.javaparser.ast.expr.SimpleName.class).forEach(n -> taken.add(n.asString()));
        for (MethodDeclaration m : cls.getMethods()) {
            Set<String> clashing = new TreeSet<>();
            m.getParameters().forEach(prm -> {
                if (GO_CLASHES.contains(prm.getNameAsString())) {
                    clashing.add(prm.getNameAsString());
                }
            });
            m.findAll(VariableDeclarator.class).forEach(v -> {
                if (GO_CLASHES.contains(v.getNameAsString())) {
                    clashing.add(v.getNameAsString());
                }
            });
            for (String old : clashing) {
                int k = 2;
                while (taken.contains(old + k)) {
                    k++;
                }
                String fresh = old + k;
                taken.add(fresh);
                m.getParameters().forEach(prm -> {
                    if (prm.getNameAsString().equals(old)) {
                        prm.setName(fresh);
                    }
                });
                m.findAll(VariableDeclarator.class, v -> v.getNameAsString().equals(old)).forEach(v -> v.setName(fresh));
                m.findAll(NameExpr.class, n -> n.getNameAsString().equals(old)).forEach(n -> n.setName(fresh));
            }
        }
    }

    private GoCode run(ClassOrInterfaceDeclaration cls, Entry entry) {
        List<String[]> constants = new java.util.ArrayList<>();
        Map<String, Expression> assigned = constructorAssignments(cls);
        for (FieldDeclaration f : cls.getFields()) {
            for (VariableDeclarator v : f.getVariables()) {
                T type = type(v.getType(), v);
                if (f.isFinal()) {
                    Expression value = assigned.containsKey(v.getNameAsString()) ? assigned.get(v.getNameAsString())
                            : v.getInitializer().orElse(null);
                    if (value == null || !type.numeric() && type != T.BOOL) {
                        throw refuse(v, "field", "a final field must be a primitive with a value (initializer or constructor) to become a Go constant");
                    }
                    fields.put(v.getNameAsString(), type);
                    scopes.push(new HashMap<>());
                    X init = convert(expr(value), type);
                    scopes.pop();
                    constants.add(new String[] {constName(v.getNameAsString()), type.go, init.go()});
                } else {
                    if (type != T.LONG || counter != null) {
                        throw refuse(v, "field", "the only mutable state allowed in an exported policy is one long counter"
                                + " (it becomes an atomic.Int64); '" + v.getNameAsString() + "' is a second piece of state");
                    }
                    if (v.getInitializer().isPresent() && !v.getInitializer().get().toString().matches("0L?")
                            || assigned.containsKey(v.getNameAsString())) {
                        throw refuse(v, "field", "the counter must start at 0");
                    }
                    counter = v.getNameAsString();
                    counterDoc = f.getJavadoc().map(j -> firstSentence(j.getDescription().toText())).orElse(null);
                    fields.put(counter, T.LONG);
                    imports.add("sync/atomic");
                }
            }
        }
        cls.getMembers().forEach(m -> {
            if (!(m instanceof FieldDeclaration) && !(m instanceof MethodDeclaration) && !(m instanceof ConstructorDeclaration)) {
                throw refuse(m, m.getClass().getSimpleName(), "only fields, constructors and methods are exported");
            }
        });
        MethodDeclaration compute = null;
        for (MethodDeclaration m : cls.getMethods()) {
            methods.put(m.getNameAsString(), m);
            if (m.getNameAsString().equals(entry.method()) && m.getParameters().size() == entry.parameters().size()) {
                compute = m;
            }
        }
        if (compute == null || compute.getBody().isEmpty()) {
            throw new Untranslatable(cls.getBegin().map(p -> p.line).orElse(1), entry.method(), "the class has no " + entry.method() + " method");
        }
        List<String> others = new java.util.ArrayList<>();
        for (MethodDeclaration m : cls.getMethods()) {
            if (m != compute) {
                if (methods.values().stream().filter(x -> x.getNameAsString().equals(m.getNameAsString())).count() > 1) {
                    throw refuse(m, "overload", "overloaded methods cannot be exported; give '" + m.getNameAsString() + "' a unique name");
                }
                others.add(method(m));
            }
        }
        Map<String, T> params = new LinkedHashMap<>();
        List<String> names = new java.util.ArrayList<>();
        for (int i = 0; i < entry.parameters().size(); i++) {
            params.put(compute.getParameter(i).getNameAsString(), entry.parameters().get(i));
            names.add(compute.getParameter(i).getNameAsString());
        }
        String body = body(compute, params, entry.returns());
        if (entry.returns() != T.VOID && !terminates(compute.getBody().get())) {
            body += "\tpanic(\"unreachable\")\n";
        }
        for (String h : List.copyOf(helpers)) {
            helpers.addAll(GoHelpers.needs(h));
        }
        if (!helpers.isEmpty()) {
            imports.add("math");
        }
        body = GoFormat.lines(body);
        others.replaceAll(GoFormat::lines);
        return new GoCode(counter, constantBlock(constants, body + String.join("\n", others)), body, List.copyOf(others),
                new TreeSet<>(helpers), new TreeSet<>(imports), List.copyOf(names), counterDoc);
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
     * The constants the code uses (an unused one is a staticcheck finding), directly or through
     * another constant, as the lines of a const block aligned the way gofmt aligns them.
     */
    private static List<String> constantBlock(List<String[]> constants, String code) {
        Set<String> used = new java.util.HashSet<>();
        String reach = code;
        boolean grew = true;
        while (grew) {
            grew = false;
            for (String[] c : constants) {
                if (!used.contains(c[0]) && java.util.regex.Pattern.compile("\\b" + c[0] + "\\b").matcher(reach).find()) {
                    used.add(c[0]);
                    reach += "\n" + c[2];
                    grew = true;
                }
            }
        }
        List<String[]> kept = constants.stream().filter(c -> used.contains(c[0])).toList();
        int name = kept.stream().mapToInt(c -> c[0].length()).max().orElse(0);
        int type = kept.stream().mapToInt(c -> c[1].length()).max().orElse(0);
        List<String> lines = new java.util.ArrayList<>();
        for (String[] c : kept) {
            lines.add("\t" + pad(c[0], name) + " " + pad(c[1], type) + " = " + GoFormat.expr(c[2], 1));
        }
        return List.copyOf(lines);
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(width - s.length());
    }

    /**
     * The values the no-argument constructor gives final fields (the simulator creates policies
     * with it), following {@code this(...)} delegation with arguments bound to parameters.
     */
    private Map<String, Expression> constructorAssignments(ClassOrInterfaceDeclaration cls) {
        List<ConstructorDeclaration> ctors = cls.getConstructors();
        Map<String, Expression> out = new HashMap<>();
        if (ctors.isEmpty()) {
            return out;
        }
        ConstructorDeclaration ctor = ctors.stream().filter(c -> c.getParameters().isEmpty()).findFirst()
                .orElseThrow(() -> refuse(cls, "constructor", "the policy needs a no-argument constructor"));
        Map<String, Expression> bound = new HashMap<>();
        for (int depth = 0; depth < 8; depth++) {
            List<Statement> body = ctor.getBody().getStatements();
            int start = 0;
            ConstructorDeclaration next = null;
            Map<String, Expression> nextBound = new HashMap<>();
            if (!body.isEmpty() && body.get(0) instanceof ExplicitConstructorInvocationStmt inv) {
                if (!inv.isThis()) {
                    throw refuse(inv, "super(...)", "policies have no superclass to call");
                }
                int n = inv.getArguments().size();
                next = ctors.stream().filter(c -> c.getParameters().size() == n).findFirst()
                        .orElseThrow(() -> refuse(inv, "this(...)", "no constructor takes " + n + " arguments"));
                for (int i = 0; i < n; i++) {
                    nextBound.put(next.getParameter(i).getNameAsString(), substitute(inv.getArgument(i), bound));
                }
                start = 1;
            }
            for (Statement st : body.subList(start, body.size())) {
                if (!(st instanceof ExpressionStmt es) || !(es.getExpression() instanceof AssignExpr a)
                        || a.getOperator() != AssignExpr.Operator.ASSIGN) {
                    throw refuse(st, "constructor", "a constructor may only assign fields");
                }
                String field = a.getTarget() instanceof FieldAccessExpr fa && fa.getScope() instanceof ThisExpr ? fa.getNameAsString()
                        : a.getTarget() instanceof NameExpr ne ? ne.getNameAsString() : null;
                if (field == null) {
                    throw refuse(st, "constructor", "a constructor may only assign fields");
                }
                out.putIfAbsent(field, substitute(a.getValue(), bound));
            }
            if (next == null) {
                return out;
            }
            ctor = next;
            bound = nextBound;
        }
        throw refuse(cls, "constructor", "constructor delegation is too deep");
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

    private String method(MethodDeclaration m) {
        Map<String, T> params = new LinkedHashMap<>();
        StringBuilder sig = new StringBuilder("func (p *policy) ").append(m.getNameAsString()).append('(');
        for (int i = 0; i < m.getParameters().size(); i++) {
            Parameter prm = m.getParameter(i);
            T t = type(prm.getType(), prm);
            params.put(prm.getNameAsString(), t);
            sig.append(i > 0 ? ", " : "").append(prm.getNameAsString()).append(' ').append(t.go);
        }
        T ret = m.getType().isVoidType() ? T.VOID : type(m.getType(), m);
        sig.append(')').append(ret == T.VOID ? "" : " " + ret.go).append(" {\n");
        String body = body(m, params, ret);
        boolean needsPanic = ret != T.VOID && !terminates(m.getBody().get());
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

    private String body(MethodDeclaration m, Map<String, T> params, T ret) {
        scopes.push(new HashMap<>(params));
        StringBuilder sb = new StringBuilder();
        currentReturn = ret;
        currentMethod = m;
        dead = deadLocals(m);
        for (Statement s : m.getBody().get().getStatements()) {
            stmt(s, sb, 1);
        }
        scopes.pop();
        return sb.toString();
    }

    private T currentReturn;
    private MethodDeclaration currentMethod;

    /** Go rejects a local that is never read; Java does not. Such locals get a blank use. */
    private String blankUseIfUnread(String name, String ind) {
        return neverRead(name) ? ind + "_ = " + name + "\n" : "";
    }

    /** Locals of the current method whose values nothing live reads (see {@link #deadLocals}). */
    private Set<String> dead = Set.of();

    /** Whether no live expression of the method reads a local of this name. */
    private boolean neverRead(String name) {
        return dead.contains(name);
    }

    /**
     * The locals whose stores are dead: never read, or read only while computing a store to another
     * dead local (a chain such as {@code period} feeding an {@code open} nobody reads). Go rejects an
     * unused local and staticcheck flags a dead store, where Java accepts both; by name, so a name
     * reused in two blocks stays live if either is read.
     */
    private static Set<String> deadLocals(MethodDeclaration m) {
        Set<String> declared = new java.util.TreeSet<>();
        m.findAll(VariableDeclarator.class).forEach(v -> declared.add(v.getNameAsString()));
        Set<String> out = new java.util.HashSet<>();
        boolean grew = true;
        while (grew) {
            grew = false;
            for (String name : declared) {
                if (!out.contains(name) && m.findAll(NameExpr.class, n -> n.getNameAsString().equals(name)).stream()
                        .noneMatch(n -> isRead(n) && !inDeadStore(n, out))) {
                    out.add(name);
                    grew = true;
                }
            }
        }
        return out;
    }

    private static boolean isRead(Expression n) {
        Node parent = n.getParentNode().orElse(null);
        return !(parent instanceof AssignExpr a && a.getTarget() == n && a.getOperator() == AssignExpr.Operator.ASSIGN)
                && !(parent instanceof UnaryExpr u && (u.getOperator().isPostfix() || u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT
                || u.getOperator() == UnaryExpr.Operator.PREFIX_DECREMENT) && u.getParentNode().orElse(null) instanceof ExpressionStmt);
    }

    /** Whether {@code n} is evaluated only to compute a store to a dead local that makes no call (so the store is left out). */
    private static boolean inDeadStore(Node n, Set<String> dead) {
        Node child = n;
        Node p = n.getParentNode().orElse(null);
        while (p != null && !(p instanceof Statement)) {
            if (p instanceof AssignExpr a && a.getValue() == child && a.getTarget() instanceof NameExpr t && dead.contains(t.getNameAsString())) {
                return !makesCall(a.getValue());
            }
            if (p instanceof VariableDeclarator v && v.getInitializer().orElse(null) == child && dead.contains(v.getNameAsString())) {
                return !makesCall(v.getInitializer().get());
            }
            child = p;
            p = p.getParentNode().orElse(null);
        }
        return false;
    }

    private static boolean makesCall(Expression value) {
        return !value.findAll(MethodCallExpr.class, m -> m.getScope().isEmpty() || m.getScope().get() instanceof ThisExpr).isEmpty();
    }

    /** A local nobody reads: its stores are dead (staticcheck SA4006) and are left out, keeping any call they make. */
    private boolean deadLocal(Expression target) {
        return target instanceof NameExpr n && isLocal(n.getNameAsString()) && !fields.containsKey(n.getNameAsString())
                && neverRead(n.getNameAsString());
    }

    /** What a dead store still has to do: evaluate a call to one of the policy's methods. */
    private String deadStore(Expression value, String ind) {
        return makesCall(value) ? ind + "_ = " + expr(value).go() + "\n" : "";
    }

    // ---- statements ----

    private void stmt(Statement s, StringBuilder sb, int depth) {
        String ind = "\t".repeat(depth);
        if (s instanceof BlockStmt b) {
            scopes.push(new HashMap<>());
            for (Statement x : b.getStatements()) {
                stmt(x, sb, depth);
            }
            scopes.pop();
        } else if (s instanceof EmptyStmt) {
            return;
        } else if (s instanceof ExpressionStmt e) {
            exprStmt(e.getExpression(), sb, ind);
        } else if (s instanceof IfStmt i) {
            List<Expression> conds = new java.util.ArrayList<>();
            List<Statement> thens = new java.util.ArrayList<>();
            Statement els = i;
            while (els instanceof IfStmt ei) {
                conds.add(ei.getCondition());
                thens.add(ei.getThenStmt());
                els = ei.getElseStmt().orElse(null);
            }
            Statement last = els;
            boolean asSwitch = readsAsSwitch(conds.size(), last != null) && !breaksOut(i);
            for (int k = 0; k < conds.size(); k++) {
                String c = cond(conds.get(k));
                if (asSwitch) {
                    sb.append(k == 0 ? ind + "switch {\n" : "").append(ind).append("case ").append(c).append(":\n");
                } else {
                    sb.append(ind).append(k == 0 ? "if " : "} else if ").append(c).append(" {\n");
                }
                block(thens.get(k), sb, depth + 1);
            }
            if (last != null) {
                sb.append(ind).append(asSwitch ? "default:\n" : "} else {\n");
                block(last, sb, depth + 1);
            }
            sb.append(ind).append("}\n");
        } else if (s instanceof ForStmt f) {
            scopes.push(new HashMap<>());
            if (f.getInitialization().size() > 1 || f.getUpdate().size() > 1) {
                throw refuse(f, "for", "use one initializer and one update in a for loop");
            }
            String init = "";
            if (!f.getInitialization().isEmpty()) {
                init = simple(f.getInitialization().get(0));
            }
            String c = f.getCompare().map(this::cond).orElse("");
            String upd = f.getUpdate().isEmpty() ? "" : simple(f.getUpdate().get(0));
            sb.append(ind).append("for ").append(init).append("; ").append(c).append("; ").append(upd).append(" {\n");
            block(f.getBody(), sb, depth + 1);
            sb.append(ind).append("}\n");
            scopes.pop();
        } else if (s instanceof ForEachStmt fe) {
            X it = expr(fe.getIterable());
            if (it.type().element() == null) {
                throw refuse(fe, "for-each", "only arrays can be iterated");
            }
            String name = fe.getVariable().getVariables().get(0).getNameAsString();
            scopes.push(new HashMap<>());
            scopes.peek().put(name, it.type().element());
            String raw = "v" + (++temp);
            sb.append(ind).append("for _, ").append(raw).append(" := range ").append(it.go()).append(" {\n");
            sb.append(ind).append('\t').append(name).append(" := ").append(it.type() == T.PRIORITIES ? "int32(" + raw + ")" : raw).append('\n');
            sb.append(blankUseIfUnread(name, ind + "\t"));
            block(fe.getBody(), sb, depth + 1);
            sb.append(ind).append("}\n");
            scopes.pop();
        } else if (s instanceof WhileStmt w) {
            sb.append(ind).append("for ").append(cond(w.getCondition())).append(" {\n");
            block(w.getBody(), sb, depth + 1);
            sb.append(ind).append("}\n");
        } else if (s instanceof BreakStmt b) {
            if (b.getLabel().isPresent()) {
                throw refuse(b, "labeled break", "labels cannot be exported");
            }
            sb.append(ind).append("break\n");
        } else if (s instanceof ContinueStmt c) {
            if (c.getLabel().isPresent()) {
                throw refuse(c, "labeled continue", "labels cannot be exported");
            }
            sb.append(ind).append("continue\n");
        } else if (s instanceof ReturnStmt r) {
            if (r.getExpression().isEmpty()) {
                sb.append(ind).append("return\n");
            } else if (unwrap(r.getExpression().get()) instanceof ConditionalExpr c) {
                lowerTernary(c, x -> "return " + convert(expr(x), currentReturn).go(), sb, ind);
            } else {
                sb.append(ind).append("return ").append(convert(expr(r.getExpression().get()), currentReturn).go()).append('\n');
            }
        } else {
            throw refuse(s, s.getClass().getSimpleName().replace("Stmt", "").toLowerCase(java.util.Locale.ROOT),
                    "this statement is outside the exported subset");
        }
    }

    private static Expression unwrap(Expression e) {
        while (e instanceof EnclosedExpr en) {
            e = en.getInner();
        }
        return e;
    }

    /**
     * Writes {@code c ? a : b} as if/else, nested ternaries as an expressionless switch (what Go
     * linters ask for an else-if chain); {@code leaf} renders one branch.
     */
    private void lowerTernary(ConditionalExpr c, java.util.function.Function<Expression, String> leaf, StringBuilder sb, String ind) {
        List<Expression> conds = new java.util.ArrayList<>();
        List<Expression> thens = new java.util.ArrayList<>();
        Expression els = c;
        while (els instanceof ConditionalExpr ec) {
            conds.add(ec.getCondition());
            thens.add(ec.getThenExpr());
            els = unwrap(ec.getElseExpr());
        }
        boolean asSwitch = readsAsSwitch(conds.size(), true);
        for (int k = 0; k < conds.size(); k++) {
            String cnd = cond(conds.get(k));
            if (asSwitch) {
                sb.append(k == 0 ? ind + "switch {\n" : "").append(ind).append("case ").append(cnd).append(":\n");
            } else {
                sb.append(ind).append(k == 0 ? "if " : "} else if ").append(cnd).append(" {\n");
            }
            branch(thens.get(k), leaf, sb, ind + "\t");
        }
        sb.append(ind).append(asSwitch ? "default:\n" : "} else {\n");
        branch(els, leaf, sb, ind + "\t");
        sb.append(ind).append("}\n");
    }

    /** gocritic's ifElseChain: two or more branches after the first (else-ifs and a final else) read better as a switch. */
    private static boolean readsAsSwitch(int conditions, boolean hasElse) {
        return conditions - 1 + (hasElse ? 1 : 0) >= 2;
    }

    /** Whether a break inside the chain leaves an enclosing loop (a switch would capture it, so the chain stays if/else). */
    private static boolean breaksOut(IfStmt chain) {
        for (BreakStmt b : chain.findAll(BreakStmt.class)) {
            Node n = b.getParentNode().orElse(null);
            boolean captured = false;
            while (n != null && n != chain) {
                if (n instanceof ForStmt || n instanceof ForEachStmt || n instanceof WhileStmt
                        || n instanceof com.github.javaparser.ast.stmt.DoStmt || n instanceof com.github.javaparser.ast.stmt.SwitchStmt) {
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

    private void branch(Expression e, java.util.function.Function<Expression, String> leaf, StringBuilder sb, String ind) {
        if (unwrap(e) instanceof ConditionalExpr inner) {
            lowerTernary(inner, leaf, sb, ind);
        } else {
            sb.append(ind).append(leaf.apply(e)).append('\n');
        }
    }

    private void block(Statement s, StringBuilder sb, int depth) {
        scopes.push(new HashMap<>());
        stmt(s, sb, depth);
        scopes.pop();
    }

    /** A statement in a for header: a declaration, an assignment or an increment. */
    private String simple(Expression e) {
        if (e instanceof VariableDeclarationExpr d && d.getVariables().size() == 1) {
            VariableDeclarator v = d.getVariables().get(0);
            T t = type(v.getType(), v);
            String init = v.getInitializer().map(x -> convert(expr(x), t).go()).orElse(zero(t));
            scopes.peek().put(v.getNameAsString(), t);
            return v.getNameAsString() + " := " + t.go + "(" + strip(init) + ")";
        }
        StringBuilder sb = new StringBuilder();
        exprStmt(e, sb, "");
        String s = sb.toString().strip();
        if (s.contains("\n")) {
            throw refuse(e, "for header", "too complex for a for header");
        }
        return s;
    }

    private void exprStmt(Expression e, StringBuilder sb, String ind) {
        if (e instanceof VariableDeclarationExpr d) {
            for (VariableDeclarator v : d.getVariables()) {
                T t = type(v.getType(), v);
                if (neverRead(v.getNameAsString())) {
                    scopes.peek().put(v.getNameAsString(), t);
                    v.getInitializer().ifPresent(x -> sb.append(deadStore(x, ind)));
                    continue;
                }
                if (v.getInitializer().isPresent() && unwrap(v.getInitializer().get()) instanceof ConditionalExpr c) {
                    sb.append(ind).append("var ").append(v.getNameAsString()).append(' ').append(t.go).append('\n');
                    lowerTernary(c, x -> v.getNameAsString() + " = " + convert(expr(x), t).go(), sb, ind);
                    scopes.peek().put(v.getNameAsString(), t);
                    sb.append(blankUseIfUnread(v.getNameAsString(), ind));
                    continue;
                }
                if (v.getInitializer().isEmpty()) {
                    scopes.peek().put(v.getNameAsString(), t);
                    sb.append(ind).append("var ").append(v.getNameAsString()).append(' ').append(t.go).append('\n');
                } else {
                    X init = convert(expr(v.getInitializer().get()), t);
                    scopes.peek().put(v.getNameAsString(), t);
                    // a short declaration, typed by its value (staticcheck ST1023 flags a type the value already gives)
                    sb.append(ind).append(v.getNameAsString()).append(" := ").append(typed(init, t)).append('\n');
                }
                sb.append(blankUseIfUnread(v.getNameAsString(), ind));
            }
        } else if (e instanceof AssignExpr a && deadLocal(a.getTarget())) {
            sb.append(deadStore(a.getValue(), ind));
        } else if (e instanceof AssignExpr a && a.getOperator() == AssignExpr.Operator.ASSIGN && !isCounter(a.getTarget())
                && unwrap(a.getValue()) instanceof ConditionalExpr c) {
            // x = c ? a : b  becomes an if/else, which reads better in Go than a closure
            X target = lvalue(a.getTarget());
            lowerTernary(c, v -> target.go() + " = " + convert(expr(v), target.type()).go(), sb, ind);
        } else if (e instanceof AssignExpr a) {
            sb.append(ind).append(assign(a)).append('\n');
        } else if (e instanceof UnaryExpr u && (u.getOperator().isPostfix() || u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT
                || u.getOperator() == UnaryExpr.Operator.PREFIX_DECREMENT)) {
            boolean inc = u.getOperator() == UnaryExpr.Operator.POSTFIX_INCREMENT || u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT;
            if (deadLocal(u.getExpression())) {
                return;
            }
            if (isCounter(u.getExpression())) {
                String add = "p." + counter + ".Add(" + (inc ? "1" : "-1") + ")";
                if (readLaterInBlock(u)) {
                    // one atomic read-modify-write whose result the rest of the block reads
                    sb.append(ind).append(counter).append(" := ").append(add).append('\n');
                    scopes.peek().put(counter, T.LONG);
                } else {
                    sb.append(ind).append(add).append('\n');
                }
            } else {
                X target = lvalue(u.getExpression());
                sb.append(ind).append(target.go()).append(inc ? "++" : "--").append('\n');
            }
        } else if (e instanceof MethodCallExpr m) {
            X call = expr(m);
            sb.append(ind).append(call.type() == T.VOID ? call.go() : "_ = " + call.go()).append('\n');
        } else {
            throw refuse(e, "expression statement", "this expression cannot stand alone in the exported subset");
        }
    }

    private String assign(AssignExpr a) {
        if (isCounter(a.getTarget())) {
            X v = convert(expr(a.getValue()), T.LONG);
            return switch (a.getOperator()) {
                case ASSIGN -> "p." + counter + ".Store(" + v.go() + ")";
                case PLUS -> "p." + counter + ".Add(" + v.go() + ")";
                case MINUS -> "p." + counter + ".Add(-(" + v.go() + "))";
                default -> throw refuse(a, "counter update", "the counter can only be set, incremented or decremented");
            };
        }
        X target = lvalue(a.getTarget());
        X value = expr(a.getValue());
        if (a.getOperator() == AssignExpr.Operator.ASSIGN) {
            return target.go() + " = " + convert(value, target.type()).go();
        }
        BinaryExpr.Operator op = a.getOperator().toBinaryOperator().orElseThrow();
        // Java's compound assignment converts the result back to the target's type
        X result = binary(a, op, target, value);
        return target.go() + " = " + narrow(result, target.type()).go();
    }

    private X lvalue(Expression e) {
        if (e instanceof NameExpr n) {
            T t = lookup(n.getNameAsString(), n);
            if (fields.containsKey(n.getNameAsString()) && !isLocal(n.getNameAsString())) {
                throw refuse(e, "field assignment", "constants cannot be assigned");
            }
            return new X(n.getNameAsString(), t);
        }
        if (e instanceof ArrayAccessExpr aa) {
            X arr = expr(aa.getName());
            if (arr.type() == T.PRIORITIES) {
                throw refuse(e, "priorities write", "priorities are read-only");
            }
            return new X(arr.go() + "[" + convert(expr(aa.getIndex()), T.INT).go() + "]", arr.type().element());
        }
        if (e instanceof FieldAccessExpr fa && fa.getScope() instanceof ThisExpr) {
            return lvalue(new NameExpr(fa.getNameAsString()));
        }
        throw refuse(e, "assignment target", "only locals and array elements can be assigned");
    }

    // ---- expressions ----

    private String cond(Expression e) {
        X x = expr(e);
        if (x.type() != T.BOOL) {
            throw refuse(e, "condition", "a condition must be boolean");
        }
        return strip(x.go());
    }

    private static String strip(String s) {
        if (s.startsWith("(") && s.endsWith(")")) {
            int depth = 0;
            for (int i = 0; i < s.length(); i++) {
                depth += s.charAt(i) == '(' ? 1 : s.charAt(i) == ')' ? -1 : 0;
                if (depth == 0 && i < s.length() - 1) {
                    return s;
                }
            }
            return s.substring(1, s.length() - 1);
        }
        return s;
    }

    private X expr(Expression e) {
        if (e instanceof EnclosedExpr en) {
            return expr(en.getInner());
        }
        if (e instanceof IntegerLiteralExpr i) {
            return new X(javaInt(i.getValue()), T.INT, true);
        }
        if (e instanceof LongLiteralExpr l) {
            return new X(javaInt(l.getValue().replaceAll("[lL]$", "")), T.LONG, true);
        }
        if (e instanceof DoubleLiteralExpr d) {
            String v = d.getValue();
            if (v.endsWith("f") || v.endsWith("F")) {
                throw refuse(e, "float", "float literals are not exported; use double");
            }
            v = v.replaceAll("[dD]$", "").replace("_", "");
            double parsed = Double.parseDouble(v);
            return new X(goDouble(parsed), T.DOUBLE, true);
        }
        if (e instanceof BooleanLiteralExpr b) {
            return new X(Boolean.toString(b.getValue()), T.BOOL, true);
        }
        if (e instanceof NameExpr n) {
            String name = n.getNameAsString();
            T t = lookup(name, n);
            if (!isLocal(name) && name.equals(counter)) {
                return new X("p." + counter + ".Load()", T.LONG);
            }
            if (!isLocal(name) && fields.containsKey(name)) {
                return new X(constName(name), t);
            }
            return new X(name, t);
        }
        if (e instanceof FieldAccessExpr fa) {
            if (fa.getScope() instanceof ThisExpr) {
                return expr(new NameExpr(fa.getNameAsString()));
            }
            if (fa.getNameAsString().equals("length")) {
                X arr = expr(fa.getScope());
                if (arr.type().element() == null) {
                    throw refuse(e, "length", "length of a non-array");
                }
                return new X("int32(len(" + arr.go() + "))", T.INT);
            }
            String scope = fa.getScope().toString();
            if ((scope.equals("Math") || scope.equals("StrictMath")) && (fa.getNameAsString().equals("PI") || fa.getNameAsString().equals("E"))) {
                imports.add("math");
                return new X(fa.getNameAsString().equals("PI") ? "math.Pi" : "math.E", T.DOUBLE);
            }
            if (scope.equals("Double") && Set.of("MAX_VALUE", "MIN_VALUE", "MIN_NORMAL", "POSITIVE_INFINITY", "NEGATIVE_INFINITY", "NaN")
                    .contains(fa.getNameAsString())) {
                imports.add("math");
                return new X(switch (fa.getNameAsString()) {
                    case "MAX_VALUE" -> "math.MaxFloat64";
                    case "MIN_VALUE" -> "math.SmallestNonzeroFloat64";
                    case "MIN_NORMAL" -> "0x1p-1022";
                    case "POSITIVE_INFINITY" -> "math.Inf(1)";
                    case "NEGATIVE_INFINITY" -> "math.Inf(-1)";
                    default -> "math.NaN()";
                }, T.DOUBLE);
            }
            if (scope.equals("Long") && Set.of("MAX_VALUE", "MIN_VALUE").contains(fa.getNameAsString())) {
                imports.add("math");
                return new X(fa.getNameAsString().equals("MAX_VALUE") ? "math.MaxInt64" : "math.MinInt64", T.LONG);
            }
            if (scope.equals("Integer") && Set.of("MAX_VALUE", "MIN_VALUE").contains(fa.getNameAsString())) {
                imports.add("math");
                return new X(fa.getNameAsString().equals("MAX_VALUE") ? "math.MaxInt32" : "math.MinInt32", T.INT);
            }
            throw refuse(e, "field access", "'" + e + "' is outside the exported subset");
        }
        if (e instanceof ArrayAccessExpr aa) {
            X arr = expr(aa.getName());
            if (arr.type().element() == null) {
                throw refuse(e, "index", "indexing a non-array");
            }
            String idx = arr.go() + "[" + convert(expr(aa.getIndex()), T.INT).go() + "]";
            return arr.type() == T.PRIORITIES ? new X("int32(" + idx + ")", T.INT) : new X(idx, arr.type().element());
        }
        if (e instanceof BinaryExpr b) {
            return binary(b, b.getOperator(), expr(b.getLeft()), expr(b.getRight()));
        }
        if (e instanceof UnaryExpr u) {
            return unary(u);
        }
        if (e instanceof ConditionalExpr c) {
            X a = expr(c.getThenExpr());
            X b = expr(c.getElseExpr());
            T t = a.type() == b.type() ? a.type() : promote(a.type(), b.type(), c);
            return new X("func() " + t.go + " { if " + cond(c.getCondition()) + " { return " + convert(a, t).go() + " }; return "
                    + convert(b, t).go() + " }()", t);
        }
        if (e instanceof CastExpr c) {
            T t = type(c.getType(), c);
            return narrow(expr(c.getExpression()), t);
        }
        if (e instanceof MethodCallExpr m) {
            return call(m);
        }
        if (e instanceof ArrayCreationExpr ac) {
            T t = type(new ArrayType(ac.getElementType()), ac);
            if (ac.getLevels().size() != 1) {
                throw refuse(e, "array", "only one-dimensional arrays are exported");
            }
            if (ac.getInitializer().isPresent()) {
                return initializer(ac.getInitializer().get(), t);
            }
            return new X("make(" + t.go + ", " + convert(expr(ac.getLevels().get(0).getDimension().orElseThrow()), T.INT).go() + ")", t);
        }
        if (e instanceof AssignExpr) {
            throw refuse(e, "assignment expression", "assign in a statement of its own");
        }
        throw refuse(e, e.getClass().getSimpleName().replace("Expr", "").toLowerCase(java.util.Locale.ROOT),
                "this expression is outside the exported subset");
    }

    private X initializer(ArrayInitializerExpr init, T t) {
        StringBuilder sb = new StringBuilder(t.go).append('{');
        for (int i = 0; i < init.getValues().size(); i++) {
            sb.append(i > 0 ? ", " : "").append(convert(expr(init.getValues().get(i)), t.element()).go());
        }
        return new X(sb.append('}').toString(), t);
    }

    private X unary(UnaryExpr u) {
        UnaryExpr.Operator op = u.getOperator();
        if (op == UnaryExpr.Operator.PREFIX_INCREMENT || op == UnaryExpr.Operator.PREFIX_DECREMENT
                || op == UnaryExpr.Operator.POSTFIX_INCREMENT || op == UnaryExpr.Operator.POSTFIX_DECREMENT) {
            if (!isCounter(u.getExpression())) {
                throw refuse(u, "increment in an expression", "Go has no increment expressions; increment in a statement of its own");
            }
            boolean inc = op == UnaryExpr.Operator.PREFIX_INCREMENT || op == UnaryExpr.Operator.POSTFIX_INCREMENT;
            String add = "p." + counter + ".Add(" + (inc ? "1" : "-1") + ")";
            return op.isPrefix() ? new X(add, T.LONG) : new X(add + (inc ? " - 1" : " + 1"), T.LONG, false, 4);
        }
        X x = expr(u.getExpression());
        return switch (op) {
            case LOGICAL_COMPLEMENT -> {
                if (x.type() != T.BOOL) {
                    throw refuse(u, "!", "! needs a boolean");
                }
                yield new X("!" + paren(x), T.BOOL, false, UNARY);
            }
            case MINUS -> new X("-" + paren(x), x.type(), x.literal(), UNARY);
            case PLUS -> x;
            case BITWISE_COMPLEMENT -> new X("^" + paren(x), x.type(), false, UNARY);
            default -> throw refuse(u, op.asString(), "unsupported operator");
        };
    }

    private static String paren(X x) {
        return x.prec() < UNARY ? "(" + x.go() + ")" : x.go();
    }

    private X binary(Node at, BinaryExpr.Operator op, X l, X r) {
        switch (op) {
            case AND, OR -> {
                if (l.type() != T.BOOL || r.type() != T.BOOL) {
                    throw refuse(at, op.asString(), "needs booleans");
                }
                return join(l, op, r, T.BOOL);
            }
            case EQUALS, NOT_EQUALS, LESS, LESS_EQUALS, GREATER, GREATER_EQUALS -> {
                if (l.type() == T.BOOL && r.type() == T.BOOL && (op == BinaryExpr.Operator.EQUALS || op == BinaryExpr.Operator.NOT_EQUALS)) {
                    return join(l, op, r, T.BOOL);
                }
                T t = promote(l.type(), r.type(), at);
                return join(convert(l, t), op, convert(r, t), T.BOOL);
            }
            case PLUS, MINUS, MULTIPLY, DIVIDE, REMAINDER -> {
                T t = promote(l.type(), r.type(), at);
                if (op == BinaryExpr.Operator.REMAINDER && t == T.DOUBLE) {
                    imports.add("math");
                    return new X("math.Mod(" + convert(l, t).go() + ", " + convert(r, t).go() + ")", T.DOUBLE);
                }
                return join(convert(l, t), op, convert(r, t), t);
            }
            case BINARY_AND, BINARY_OR, XOR -> {
                if (l.type() == T.BOOL || r.type() == T.BOOL || l.type() == T.DOUBLE || r.type() == T.DOUBLE) {
                    throw refuse(at, op.asString(), "bitwise operators are exported on integers only; use && or || for booleans");
                }
                T t = promote(l.type(), r.type(), at);
                return join(convert(l, t), op, convert(r, t), t);
            }
            default -> throw refuse(at, op.asString(), "this operator is outside the exported subset");
        }
    }

    private X call(MethodCallExpr m) {
        String scope = m.getScope().map(Object::toString).orElse(null);
        List<X> args = m.getArguments().stream().map(this::expr).toList();
        String name = m.getNameAsString();
        if (scope == null || scope.equals("this")) {
            MethodDeclaration decl = methods.get(name);
            if (decl == null || name.equals("computeLimit")) {
                throw refuse(m, "call", "'" + name + "' is not a method of this policy that can be exported");
            }
            if (decl.getParameters().size() != args.size()) {
                throw refuse(m, "call", "'" + name + "' takes " + decl.getParameters().size() + " arguments");
            }
            StringBuilder sb = new StringBuilder("p.").append(name).append('(');
            for (int i = 0; i < args.size(); i++) {
                sb.append(i > 0 ? ", " : "").append(convert(args.get(i), type(decl.getParameter(i).getType(), decl)).go());
            }
            return new X(sb.append(')').toString(), decl.getType().isVoidType() ? T.VOID : type(decl.getType(), decl));
        }
        if ((scope.equals("Double") || scope.equals("Integer") || scope.equals("Long")) && (name.equals("max") || name.equals("min"))) {
            scope = "Math"; // same semantics as Math.max/min for their own types
        }
        if (scope.equals("Double") && Set.of("isNaN", "isInfinite", "isFinite").contains(name)) {
            imports.add("math");
            String x = convert(args.get(0), T.DOUBLE).go();
            return switch (name) {
                case "isNaN" -> new X("math.IsNaN(" + x + ")", T.BOOL);
                case "isInfinite" -> new X("math.IsInf(" + x + ", 0)", T.BOOL);
                default -> new X("!math.IsNaN(" + x + ") && !math.IsInf(" + x + ", 0)", T.BOOL, false, 2);
            };
        }
        if (!scope.equals("Math") && !scope.equals("StrictMath")) {
            throw refuse(m, scope + "." + name, "only Math/StrictMath, Double.isNaN/isInfinite/isFinite, max/min and the policy's own"
                    + " methods are exported");
        }
        imports.add("math");
        switch (name) {
            case "max", "min" -> {
                T t = promote(args.get(0).type(), args.get(1).type(), m);
                if (t == T.DOUBLE) {
                    return new X((name.equals("max") ? "math.Max(" : "math.Min(") + convert(args.get(0), t).go() + ", "
                            + convert(args.get(1), t).go() + ")", t);
                }
                String helper = name + (t == T.INT ? "Int32" : "Int64");
                helpers.add(helper);
                return new X(helper + "(" + convert(args.get(0), t).go() + ", " + convert(args.get(1), t).go() + ")", t);
            }
            case "abs" -> {
                T t = args.get(0).type();
                if (t == T.DOUBLE) {
                    return new X("math.Abs(" + args.get(0).go() + ")", t);
                }
                String helper = "abs" + (t == T.INT ? "Int32" : "Int64");
                helpers.add(helper);
                return new X(helper + "(" + args.get(0).go() + ")", t);
            }
            case "round" -> {
                if (args.get(0).type() != T.DOUBLE) {
                    throw refuse(m, "Math.round", "Math.round is exported for double arguments only");
                }
                helpers.add("javaRound");
                return new X("javaRound(" + args.get(0).go() + ")", T.LONG);
            }
            case "signum" -> {
                helpers.add("javaSignum");
                return new X("javaSignum(" + convert(args.get(0), T.DOUBLE).go() + ")", T.DOUBLE);
            }
            default -> {
                String go = MATH_DOUBLE.get(name);
                if (go == null) {
                    throw refuse(m, "Math." + name, "Math." + name + " has no exported Go counterpart");
                }
                StringBuilder sb = new StringBuilder(go).append('(');
                for (int i = 0; i < args.size(); i++) {
                    sb.append(i > 0 ? ", " : "").append(convert(args.get(i), T.DOUBLE).go());
                }
                return new X(sb.append(')').toString(), T.DOUBLE);
            }
        }
    }

    // ---- types ----

    private T promote(T a, T b, Node at) {
        if (!a.numeric() || !b.numeric()) {
            throw refuse(at, "types", "arithmetic or comparison on " + a.name().toLowerCase(java.util.Locale.ROOT) + " and "
                    + b.name().toLowerCase(java.util.Locale.ROOT));
        }
        if (a == T.DOUBLE || b == T.DOUBLE) {
            return T.DOUBLE;
        }
        return a == T.LONG || b == T.LONG ? T.LONG : T.INT;
    }

    /** Java's implicit widening (int to long to double). */
    private static X convert(X x, T to) {
        if (x.type() == to || to == T.VOID) {
            return x;
        }
        if (x.literal() && to.numeric() && x.type().numeric() && (x.type() != T.DOUBLE || to == T.DOUBLE)) {
            return new X(to == T.DOUBLE && !x.go().contains(".") && !x.go().contains("e") ? x.go() + ".0" : x.go(), to, true, x.prec());
        }
        if (to.numeric() && x.type().numeric()) {
            return new X(to.go + "(" + strip(x.go()) + ")", to);
        }
        throw new Untranslatable(0, "types", "cannot use " + x.type() + " as " + to);
    }

    /** An explicit cast or a compound assignment's conversion back, with Java's saturating double-to-integer rule. */
    private X narrow(X x, T to) {
        if (x.type() == to) {
            return x;
        }
        if (x.type() == T.DOUBLE && (to == T.INT || to == T.LONG)) {
            String helper = to == T.INT ? "javaToInt32" : "javaToInt64";
            helpers.add(helper);
            imports.add("math");
            return new X(helper + "(" + strip(x.go()) + ")", to);
        }
        if (x.type() == T.LONG && to == T.INT) {
            return new X("int32(" + strip(x.go()) + ")", to);
        }
        return convert(x, to);
    }

    private T type(Type t, Node at) {
        if (t instanceof PrimitiveType p) {
            return switch (p.getType()) {
                case INT -> T.INT;
                case LONG -> T.LONG;
                case DOUBLE -> T.DOUBLE;
                case BOOLEAN -> T.BOOL;
                default -> throw refuse(at, p.asString(), "only int, long, double and boolean are exported");
            };
        }
        if (t instanceof ArrayType a && a.getComponentType() instanceof PrimitiveType p && a.getArrayLevel() == 1) {
            return switch (type(p, at)) {
                case INT -> T.INT_ARRAY;
                case LONG -> T.LONG_ARRAY;
                case DOUBLE -> T.DOUBLE_ARRAY;
                default -> T.BOOL_ARRAY;
            };
        }
        if (t.isVarType()) {
            throw refuse(at, "var", "write the type instead of var");
        }
        throw refuse(at, t.asString(), "only primitives and one-dimensional arrays of them are exported");
    }

    private T lookup(String name, Node at) {
        for (Map<String, T> s : scopes) {
            if (s.containsKey(name)) {
                return s.get(name);
            }
        }
        if (fields.containsKey(name)) {
            return fields.get(name);
        }
        throw refuse(at, "name", "unknown name '" + name + "'");
    }

    private boolean isLocal(String name) {
        return scopes.stream().anyMatch(s -> s.containsKey(name));
    }

    /**
     * Whether the statements after this counter update in its block read the counter and nothing
     * after it can change it (no other update, no call to a helper that might): then the value Add
     * returns is what they read.
     */
    private boolean readLaterInBlock(UnaryExpr update) {
        if (!(update.getParentNode().orElse(null) instanceof ExpressionStmt st) || !(st.getParentNode().orElse(null) instanceof BlockStmt b)) {
            return false;
        }
        if (currentMethod.findAll(VariableDeclarator.class, v -> v.getNameAsString().equals(counter)).size() > 0
                || currentMethod.getParameters().stream().anyMatch(p -> p.getNameAsString().equals(counter))) {
            return false;
        }
        List<Statement> after = b.getStatements().subList(b.getStatements().indexOf(st) + 1, b.getStatements().size());
        boolean read = false;
        for (Statement later : after) {
            if (!later.findAll(MethodCallExpr.class, m -> m.getScope().isEmpty() || m.getScope().get() instanceof ThisExpr).isEmpty()) {
                return false;
            }
            for (Expression ref : later.findAll(Expression.class, x -> isCounterName(x))) {
                if (inDeadStore(ref, dead)) {
                    continue;
                }
                Node parent = ref.getParentNode().orElse(null);
                if (parent instanceof AssignExpr a && a.getTarget() == ref || parent instanceof UnaryExpr ui
                        && ui.getOperator() != UnaryExpr.Operator.MINUS && ui.getOperator() != UnaryExpr.Operator.PLUS
                        && ui.getOperator() != UnaryExpr.Operator.LOGICAL_COMPLEMENT && ui.getOperator() != UnaryExpr.Operator.BITWISE_COMPLEMENT) {
                    return false;
                }
                read = true;
            }
        }
        return read;
    }

    private boolean isCounterName(Expression e) {
        String n = e instanceof NameExpr ne ? ne.getNameAsString()
                : e instanceof FieldAccessExpr fa && fa.getScope() instanceof ThisExpr ? fa.getNameAsString() : null;
        return n != null && n.equals(counter);
    }

    private boolean isCounter(Expression e) {
        String n = e instanceof NameExpr ne ? ne.getNameAsString()
                : e instanceof FieldAccessExpr fa && fa.getScope() instanceof ThisExpr ? fa.getNameAsString() : null;
        return n != null && n.equals(counter) && !isLocal(n);
    }

    private static final java.util.regex.Pattern UNTYPED_CONSTANT = java.util.regex.Pattern.compile(
            "[-+0-9.eE()*/%<> ]+|math\\.(MaxInt64|MinInt64|MaxInt32|MinInt32|Pi|E|MaxFloat64|SmallestNonzeroFloat64)|0x1p-1022");

    /**
     * A value that gives a short declaration the Java type: an untyped Go constant defaults to int
     * or float64, so it is converted explicitly unless that default is already right.
     */
    private static String typed(X x, T t) {
        String go = strip(x.go());
        if (!x.literal() && !UNTYPED_CONSTANT.matcher(go).matches() || t == T.BOOL) {
            return x.go();
        }
        boolean floating = go.contains(".") || go.contains("e") || go.contains("E") || go.startsWith("math.Pi") || go.equals("math.E")
                || go.startsWith("math.MaxFloat") || go.startsWith("math.Smallest") || go.startsWith("0x1p");
        if (t == T.DOUBLE && floating) {
            return x.go();
        }
        return t.go + "(" + go + ")";
    }

    private static String zero(T t) {
        return switch (t) {
            case BOOL -> "false";
            case INT, LONG -> "0";
            case DOUBLE -> "0.0";
            default -> "nil";
        };
    }

    static String constName(String javaName) {
        if (!javaName.contains("_")) {
            return "c" + Character.toUpperCase(javaName.charAt(0)) + javaName.substring(1);
        }
        // Go names have no underscores (staticcheck ST1003): KV_ONSET becomes cKvOnset
        StringBuilder sb = new StringBuilder("c");
        for (String part : javaName.split("_+")) {
            if (!part.isEmpty()) {
                String rest = part.substring(1);
                sb.append(Character.toUpperCase(part.charAt(0))).append(rest.equals(rest.toUpperCase(java.util.Locale.ROOT))
                        ? rest.toLowerCase(java.util.Locale.ROOT) : rest);
            }
        }
        return sb.toString();
    }

    private static String javaInt(String literal) {
        String v = literal.replace("_", "");
        if (v.startsWith("0x") || v.startsWith("0X")) {
            return v;
        }
        if (v.length() > 1 && v.startsWith("0") && !v.startsWith("0b") && !v.startsWith("0B")) {
            return "0o" + v.substring(1); // Java's octal literal
        }
        return v;
    }

    /** A double as Go source that parses to the very same value. */
    static String goDouble(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw new Untranslatable(0, "literal", "non-finite literal");
        }
        String s = Double.toString(d);
        return s.replace("E", "e");
    }

    private static Untranslatable refuse(Node at, String construct, String why) {
        return new Untranslatable(at.getBegin().map(p -> p.line).orElse(0), construct, why);
    }
}
