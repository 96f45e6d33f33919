package io.nous.codegen.verify;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Position;
import com.github.javaparser.Problem;
import com.github.javaparser.ast.ArrayCreationLevel;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.PackageDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.comments.BlockComment;
import com.github.javaparser.ast.comments.JavadocComment;
import com.github.javaparser.ast.comments.LineComment;
import com.github.javaparser.ast.expr.*;
import com.github.javaparser.ast.stmt.*;
import com.github.javaparser.ast.type.ArrayType;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.PrimitiveType;
import com.github.javaparser.ast.type.Type;
import com.github.javaparser.ast.type.VoidType;
import io.nous.codegen.plug.PlugPointDescriptor;
import io.nous.codegen.plug.PlugPoints;
import io.nous.sim.spi.PlugPoint;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks candidate source against the rules of what a policy may be, before anything is compiled:
 * one top-level class implementing exactly one SPI type, built only from primitives, arrays, its
 * own members and the {@link AllowList}. It is default-deny: every syntax node that is not known
 * to be harmless is a violation. All violations are reported at once, each with a fix-it sentence.
 */
public final class Verifier {
    /** Identifiers reserved for the instrumentation that guards the candidate at run time. */
    public static final String RESERVED_PREFIX = "$nous";

    /** The plug points' interfaces, the only imports a candidate may have besides Math. */
    private static final Set<String> SPI_IMPORTS = PlugPoints.all().stream().map(d -> d.point().spi().getName())
            .collect(java.util.stream.Collectors.toUnmodifiableSet());

    /** Syntax that is always allowed (its children are still checked). */
    private static final Set<Class<? extends Node>> HARMLESS = Set.of(
            CompilationUnit.class, PackageDeclaration.class, Name.class, SimpleName.class, Modifier.class,
            Parameter.class, VariableDeclarator.class, PrimitiveType.class, ArrayType.class, VoidType.class,
            BlockStmt.class, ExpressionStmt.class, IfStmt.class, ForStmt.class, ForEachStmt.class, WhileStmt.class,
            DoStmt.class, ReturnStmt.class, BreakStmt.class, ContinueStmt.class, SwitchStmt.class, SwitchEntry.class,
            LabeledStmt.class, EmptyStmt.class, VariableDeclarationExpr.class, AssignExpr.class, BinaryExpr.class,
            UnaryExpr.class, ConditionalExpr.class, EnclosedExpr.class, NameExpr.class, ArrayAccessExpr.class,
            ArrayCreationExpr.class, ArrayCreationLevel.class, ArrayInitializerExpr.class, IntegerLiteralExpr.class,
            LongLiteralExpr.class, DoubleLiteralExpr.class, BooleanLiteralExpr.class, CharLiteralExpr.class,
            NullLiteralExpr.class, JavadocComment.class, LineComment.class, BlockComment.class);

    /** Syntax that is never allowed, with the reason and the fix. */
    private static final Map<Class<? extends Node>, String[]> FORBIDDEN = Map.ofEntries(
            Map.entry(LambdaExpr.class, new String[] {"lambda", "lambdas are not allowed", "write a private method instead."}),
            Map.entry(MethodReferenceExpr.class, new String[] {"method-reference", "method references are not allowed", "call the method directly."}),
            Map.entry(ObjectCreationExpr.class, new String[] {"object-creation", "creating objects with 'new' is not allowed (only arrays)", "use primitives and arrays of primitives."}),
            Map.entry(InstanceOfExpr.class, new String[] {"instanceof", "instanceof is not allowed", "policies only handle primitives."}),
            Map.entry(SynchronizedStmt.class, new String[] {"synchronized", "synchronized blocks are not allowed", "the simulator calls a policy from one thread; remove it (the Go export makes the counter atomic)."}),
            Map.entry(TryStmt.class, new String[] {"try", "try/catch/finally is not allowed (it could swallow the guard that stops runaway code)", "remove the try; avoid the exception instead (e.g. check a divisor)."}),
            Map.entry(ThrowStmt.class, new String[] {"throw", "throwing is not allowed", "write a safe value into the ceilings instead; the router fails open on 1.0."}),
            Map.entry(AssertStmt.class, new String[] {"assert", "assert is not allowed", "remove it."}),
            Map.entry(LocalClassDeclarationStmt.class, new String[] {"local-class", "local classes are not allowed", "keep everything in the one policy class."}),
            Map.entry(LocalRecordDeclarationStmt.class, new String[] {"local-class", "local records are not allowed", "keep everything in the one policy class."}),
            Map.entry(ClassExpr.class, new String[] {"reflection", "class literals (X.class) are reflection and are not allowed", "remove it."}),
            Map.entry(StringLiteralExpr.class, new String[] {"string", "strings are not allowed in a policy", "remove the string; policies compute with numbers only."}),
            Map.entry(TextBlockLiteralExpr.class, new String[] {"string", "text blocks are not allowed in a policy", "remove it."}),
            Map.entry(SuperExpr.class, new String[] {"super", "super is not allowed", "the policy extends nothing; call your own methods."}),
            Map.entry(SwitchExpr.class, new String[] {"switch-expression", "switch expressions are not supported by the in-memory compiler", "use a classic switch statement or if/else."}),
            Map.entry(YieldStmt.class, new String[] {"switch-expression", "yield is not supported", "use a classic switch statement or if/else."}),
            Map.entry(PatternExpr.class, new String[] {"pattern", "patterns are not allowed", "policies only handle primitives."}),
            Map.entry(TypeExpr.class, new String[] {"type-expression", "type expressions are not allowed", "remove it."}),
            Map.entry(SingleMemberAnnotationExpr.class, new String[] {"annotation", "only @Override is allowed", "remove the annotation."}),
            Map.entry(NormalAnnotationExpr.class, new String[] {"annotation", "only @Override is allowed", "remove the annotation."}));

    private final JavaParser parser = new JavaParser(new ParserConfiguration()
            .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));

    /** Packages a candidate may not declare itself in. */
    private static final List<String> RESERVED_PACKAGES = List.of("java", "javax", "jdk", "sun", "com.sun", "io.nous");

    /**
     * The shipped templates' package, the one exception under io.nous: the templates and every
     * candidate mutated from them declare it. Harmless: a candidate there is still defined by its
     * own class loader, so it shares no run-time package with the real templates, and the bytecode
     * check lets it reference nothing of theirs.
     */
    private static final String TEMPLATE_PACKAGE = "io.nous.policy.templates";

    /**
     * Class names a candidate may not take: the helpers it may call and the classes of java.lang it
     * would shadow (a class named Math declaring max would call its own max where Math.max was read).
     */
    private static final Set<String> RESERVED_CLASS_NAMES = Set.of("Math", "StrictMath", "Double", "Integer", "Long", "Float", "Short",
            "Byte", "Boolean", "Character", "Number", "Object", "String", "System", "Class", "Thread", "Runtime", "Error",
            "Exception", "Throwable", "RuntimeException", "Void", "Record", "Enum", "Iterable", "Comparable", "Override",
            "Budget");

    /** Locals and parameters of one method: bounds the size of a stack frame. */
    public static final int MAX_LOCALS = 200;
    /** Depth of the syntax tree: bounds every later recursive walk. */
    public static final int MAX_TREE_DEPTH = 160;

    /** Parses and checks {@code source}. */
    public Verification verify(String source) {
        source = SourceLimits.withoutBom(source);
        List<Violation> limits = SourceLimits.check(source);
        if (!limits.isEmpty()) {
            return new Verification(limits, null, null, null);
        }
        List<Violation> out = new ArrayList<>();
        // The compiler decodes \\uXXXX escapes anywhere, even in names; the guard edits the raw text
        // by position. Neither may be fooled, and no policy needs escapes.
        String[] lines = source.split("\r\n|\r|\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int at = lines[i].indexOf("\\u");
            if (at >= 0) {
                out.add(new Violation(i + 1, at + 1, "unicode-escape", "unicode escapes (\\uXXXX) are not allowed",
                        "write the characters themselves."));
            }
        }
        if (!out.isEmpty()) {
            return new Verification(out, null, null, null);
        }
        ParseResult<CompilationUnit> parsed;
        try {
            parsed = parser.parse(source);
        } catch (StackOverflowError | RuntimeException e) {
            // the limits above make this unreachable in practice; never let it escape as a crash
            return new Verification(List.of(new Violation(1, 1, "syntax", "the parser could not read this source ("
                    + e.getClass().getSimpleName() + ")", "simplify the nesting and length of expressions.")), null, null, null);
        }
        if (!parsed.isSuccessful() || parsed.getResult().isEmpty()) {
            // the first problem only: the parser's later ones follow from it
            for (Problem p : parsed.getProblems().subList(0, Math.min(1, parsed.getProblems().size()))) {
                Position pos = p.getLocation().flatMap(t -> t.toRange()).map(r -> r.begin).orElse(new Position(1, 1));
                out.add(new Violation(pos.line, pos.column, "syntax", syntaxMessage(firstLine(p.getMessage())), "fix the Java syntax."));
            }
            if (out.isEmpty()) {
                out.add(new Violation(1, 1, "syntax", "the source is not a Java compilation unit", "fix the Java syntax."));
            }
            return new Verification(out, null, null, null);
        }
        CompilationUnit cu = parsed.getResult().get();
        Violation deep = treeTooDeep(cu);
        if (deep != null) {
            return new Verification(List.of(deep), null, null, null);
        }
        Context ctx = new Context(out);
        checkPackage(cu, ctx);
        ClassOrInterfaceDeclaration cls = checkTopLevel(cu, ctx);
        PlugPoint<?> kind = null;
        if (cls != null) {
            kind = checkClassHeader(cls, ctx);
            ctx.className = cls.getNameAsString();
            for (MethodDeclaration m : cls.getMethods()) {
                ctx.ownMethods.add(m.getNameAsString());
            }
            checkMembers(cls, ctx);
            if (kind != null) {
                checkEntryForm(cls, PlugPoints.of(kind), ctx);
            }
        }
        checkImports(cu, ctx);
        cu.walk(n -> checkNode(n, ctx));
        FinalAssignments.check(cu).forEach(v -> out.add(v));
        out.sort(Comparator.comparingInt(Violation::line).thenComparingInt(Violation::column));
        String pkg = cu.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
        return new Verification(List.copyOf(dedupe(out)), cu, cls == null ? null : (pkg.isEmpty() ? "" : pkg + ".") + cls.getNameAsString(), kind);
    }

    private static final class Context {
        final List<Violation> out;
        final Set<String> ownMethods = new HashSet<>();
        String className;

        Context(List<Violation> out) {
            this.out = out;
        }

        void add(Node at, String rule, String message, String fixIt) {
            Position p = at.getBegin().orElse(new Position(1, 1));
            out.add(new Violation(p.line, p.column, rule, message, fixIt));
        }
    }

    /** The first node deeper than {@link #MAX_TREE_DEPTH}, found without recursion. */
    private static Violation treeTooDeep(CompilationUnit cu) {
        java.util.ArrayDeque<Node> nodes = new java.util.ArrayDeque<>();
        java.util.ArrayDeque<Integer> depths = new java.util.ArrayDeque<>();
        nodes.push(cu);
        depths.push(0);
        while (!nodes.isEmpty()) {
            Node n = nodes.pop();
            int d = depths.pop();
            if (d > MAX_TREE_DEPTH) {
                Position p = n.getBegin().orElse(new Position(1, 1));
                return new Violation(p.line, p.column, "nesting", "the code nests more than " + MAX_TREE_DEPTH + " levels deep",
                        "split it into local variables or private methods.");
            }
            for (Node c : n.getChildNodes()) {
                nodes.push(c);
                depths.push(d + 1);
            }
        }
        return null;
    }

    private static void checkPackage(CompilationUnit cu, Context ctx) {
        cu.getPackageDeclaration().ifPresent(p -> {
            String name = p.getNameAsString();
            if (name.equals(TEMPLATE_PACKAGE)) {
                return;
            }
            for (String reserved : RESERVED_PACKAGES) {
                if (name.equals(reserved) || name.startsWith(reserved + ".")) {
                    ctx.add(p, "package", "package '" + name + "' is reserved (it belongs to the JDK or to Nous)",
                            "remove the package declaration, or use your own package name.");
                    return;
                }
            }
        });
    }

    private static ClassOrInterfaceDeclaration checkTopLevel(CompilationUnit cu, Context ctx) {
        NodeList<TypeDeclaration<?>> types = cu.getTypes();
        if (types.isEmpty()) {
            ctx.out.add(new Violation(1, 1, "one-class", "the source declares no class",
                    "write one class that implements UsageLimitPolicy or AdmissionPolicy."));
            return null;
        }
        for (int i = 1; i < types.size(); i++) {
            ctx.add(types.get(i), "one-class", "only one top-level type is allowed, found '" + types.get(i).getNameAsString() + "'",
                    "move everything into the policy class.");
        }
        TypeDeclaration<?> first = types.get(0);
        if (!(first instanceof ClassOrInterfaceDeclaration c) || c.isInterface()) {
            ctx.add(first, "one-class", "'" + first.getNameAsString() + "' must be a class", "declare 'public final class "
                    + first.getNameAsString() + " implements UsageLimitPolicy'.");
            return null;
        }
        return c;
    }

    private static PlugPoint<?> checkClassHeader(ClassOrInterfaceDeclaration cls, Context ctx) {
        if (RESERVED_CLASS_NAMES.contains(cls.getNameAsString()) || PlugPoints.byInterfaceName(cls.getNameAsString()) != null) {
            ctx.add(cls, "class-name", "a policy class may not be called '" + cls.getNameAsString() + "': it would shadow a class the "
                    + "policy and its Go export rely on", "give the class its own name, e.g. '" + cls.getNameAsString() + "Policy'.");
        }
        if (cls.isAbstract()) {
            ctx.add(cls, "class", "the policy class must not be abstract", "remove 'abstract'.");
        }
        if (!cls.getTypeParameters().isEmpty()) {
            ctx.add(cls, "class", "the policy class must not be generic", "remove the type parameters.");
        }
        for (ClassOrInterfaceType t : cls.getExtendedTypes()) {
            ctx.add(t, "extends", "the policy class must not extend '" + t.getNameWithScope() + "'", "remove the extends clause.");
        }
        PlugPoint<?> kind = null;
        if (cls.getImplementedTypes().size() != 1) {
            ctx.add(cls, "implements", "the policy must implement exactly one of " + PlugPoints.interfaceNames("or") + ", found "
                    + cls.getImplementedTypes().size(), "declare 'implements UsageLimitPolicy' (or AdmissionPolicy) and nothing else.");
        }
        for (ClassOrInterfaceType t : cls.getImplementedTypes()) {
            PlugPoint<?> k = PlugPoints.byInterfaceName(t.getNameWithScope());
            if (k == null) {
                List<String> names = PlugPoints.all().stream().map(d -> d.point().spi().getName()).toList();
                ctx.add(t, "implements", "'" + t.getNameWithScope() + "' is not a policy interface",
                        "implement " + String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1) + ".");
            } else if (kind == null) {
                kind = k;
            }
        }
        return cls.getImplementedTypes().size() == 1 ? kind : null;
    }

    /** Whether {@code m} is the entry method of a plug point's interface (so {@code @Override} is legal on it). */
    private static boolean implementsSpi(MethodDeclaration m) {
        List<String> types = m.getParameters().stream().map(prm -> prm.getType().asString()).toList();
        for (PlugPointDescriptor<?> d : PlugPoints.all()) {
            if (m.getNameAsString().equals(d.entryMethod()) && d.entryForms().stream().anyMatch(f -> f.parameterTypes().equals(types))) {
                return true;
            }
            // a plug point whose interface has more than one method (eviction: accept and less)
            for (java.lang.reflect.Method sm : d.point().spi().getMethods()) {
                if (sm.getName().equals(m.getNameAsString())
                        && java.util.Arrays.stream(sm.getParameterTypes()).map(Class::getSimpleName).toList().equals(types)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The methods a policy may mark @Override: every plug point interface's, once each. */
    private static String spiMethods() {
        java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
        for (PlugPointDescriptor<?> d : PlugPoints.all()) {
            names.add(d.entryMethod());
            java.util.Arrays.stream(d.point().spi().getMethods()).filter(sm -> !sm.isDefault())
                    .map(java.lang.reflect.Method::getName).sorted().forEach(names::add);
        }
        return String.join(", ", names);
    }

    /**
     * The class implements exactly one form of its plug point's entry method. A plug point with one
     * form needs no check here (the compiler requires the abstract method); one with several, whose
     * others are default methods, does, or the simulator would call a default.
     */
    private static void checkEntryForm(ClassOrInterfaceDeclaration cls, PlugPointDescriptor<?> plug, Context ctx) {
        if (plug.entryForms().size() < 2) {
            return;
        }
        List<MethodDeclaration> forms = new ArrayList<>();
        for (MethodDeclaration m : cls.getMethodsByName(plug.entryMethod())) {
            List<String> types = m.getParameters().stream().map(prm -> prm.getType().asString()).toList();
            if (plug.entryForms().stream().anyMatch(f -> m.getType().asString().equals(f.returnType()) && types.equals(f.parameterTypes()))) {
                forms.add(m);
            }
        }
        String any = String.join(" or ", plug.entryForms().stream().map(PlugPointDescriptor.EntryForm::shown).toList());
        if (forms.isEmpty()) {
            ctx.add(cls, plug.entryMethod(), plug.entryOwner() + " does not implement " + plug.entryMethod(), "implement " + any + ".");
        } else if (forms.size() > 1) {
            ctx.add(forms.get(1), plug.entryMethod(), plug.entryOwner() + " implements both forms of " + plug.entryMethod()
                    + "; the simulator would only call the second", "keep one: " + any + ".");
        }
    }

    private static void checkMembers(ClassOrInterfaceDeclaration cls, Context ctx) {
        boolean hasConstructor = false;
        boolean hasNoArgConstructor = false;
        for (var member : cls.getMembers()) {
            if (member instanceof FieldDeclaration f) {
                checkField(f, ctx);
            } else if (member instanceof MethodDeclaration m) {
                checkCallable(m, ctx);
                if (m.getNameAsString().equals("finalize")) {
                    ctx.add(m, "finalize", "finalize() would run on the garbage collector's thread", "remove it.");
                }
                if (m.isAbstract() || m.getBody().isEmpty()) {
                    ctx.add(m, "method", "method '" + m.getNameAsString() + "' has no body", "give it a body.");
                }
            } else if (member instanceof ConstructorDeclaration c) {
                hasConstructor = true;
                checkCallable(c, ctx);
                if (c.getParameters().isEmpty()) {
                    hasNoArgConstructor = true;
                }
            } else if (member instanceof TypeDeclaration<?> t) {
                ctx.add(t, "nested-type", "nested type '" + t.getNameAsString() + "' is not allowed", "keep everything in the one policy class.");
            } else {
                ctx.add(member, "member", "initializer blocks are not allowed", "initialize fields where they are declared.");
            }
        }
        if (hasConstructor && !hasNoArgConstructor) {
            ctx.add(cls, "constructor", "the policy needs a constructor without parameters (Nous creates one instance per run)",
                    "add a no-argument constructor, or put the values in constants.");
        }
    }

    private static void checkCallable(CallableDeclaration<?> c, Context ctx) {
        int locals = c.getParameters().size() + c.findAll(VariableDeclarator.class).size();
        if (locals > MAX_LOCALS) {
            ctx.add(c, "method-size", "'" + c.getNameAsString() + "' declares " + locals + " parameters and locals; the limit is "
                    + MAX_LOCALS, "reuse variables, use an array, or split the method.");
        }
        for (Modifier m : c.getModifiers()) {
            switch (m.getKeyword()) {
                case NATIVE -> ctx.add(m, "native", "native methods are not allowed", "write the method in Java.");
                case SYNCHRONIZED -> ctx.add(m, "synchronized", "synchronized methods are not allowed",
                        "remove 'synchronized'; the simulator calls a policy from one thread.");
                case ABSTRACT, DEFAULT -> ctx.add(m, "method", "'" + m.getKeyword().asString() + "' is not allowed here", "remove it.");
                default -> { }
            }
        }
        if (!c.getTypeParameters().isEmpty()) {
            ctx.add(c, "generic", "generic methods are not allowed", "use primitive types.");
        }
        if (!c.getThrownExceptions().isEmpty()) {
            ctx.add(c, "throws", "'throws' clauses are not allowed", "remove it; a policy must not throw.");
        }
        for (Parameter p : c.getParameters()) {
            checkValueType(p.getType(), p, ctx, "parameter '" + p.getNameAsString() + "'");
        }
        if (c instanceof MethodDeclaration m && !m.getType().isVoidType()) {
            checkValueType(m.getType(), m, ctx, "the return type of '" + m.getNameAsString() + "'");
        }
    }

    private static void checkField(FieldDeclaration f, Context ctx) {
        boolean isStatic = f.isStatic();
        for (Modifier m : f.getModifiers()) {
            if (m.getKeyword() == Modifier.Keyword.VOLATILE || m.getKeyword() == Modifier.Keyword.TRANSIENT) {
                ctx.add(m, "field", "'" + m.getKeyword().asString() + "' fields are not allowed", "remove '" + m.getKeyword().asString() + "'.");
            }
        }
        for (VariableDeclarator v : f.getVariables()) {
            checkValueType(v.getType(), v, ctx, "field '" + v.getNameAsString() + "'");
            if (isStatic && !f.isFinal()) {
                ctx.add(v, "static-state", "static field '" + v.getNameAsString() + "' is mutable state shared by every instance and every run",
                        "make it an instance field (state) or 'static final' (a constant).");
            } else if (isStatic && v.getType().isArrayType()) {
                ctx.add(v, "static-state", "static array '" + v.getNameAsString() + "' is mutable state shared by every run",
                        "make it an instance field.");
            }
        }
    }

    /** Values must be primitives or arrays of primitives. */
    private static void checkValueType(Type t, Node at, Context ctx, String what) {
        Type base = t.getElementType();
        if (t.isVarType()) {
            ctx.add(at, "type", what + " uses 'var'", "write the primitive type explicitly.");
        } else if (!base.isPrimitiveType()) {
            ctx.add(at, "type", what + " has type '" + t.asString() + "'; only primitives and arrays of primitives are allowed",
                    "use double, long, int, boolean (or arrays of them).");
        }
    }

    private static void checkImports(CompilationUnit cu, Context ctx) {
        for (ImportDeclaration i : cu.getImports()) {
            String name = i.getNameAsString();
            if (i.isStatic() || i.isAsterisk()) {
                ctx.add(i, "import", "import '" + i.toString().trim() + "' is not allowed",
                        "import the SPI interface by name and write Math.max(...) in full.");
            } else if (!SPI_IMPORTS.contains(name) && !name.equals("java.lang.Math") && !name.equals("java.lang.StrictMath")) {
                ctx.add(i, "import", "import of '" + name + "' is not allowed; a policy may only use the SPI, primitives and Math",
                        "remove the import.");
            }
        }
    }

    private static void checkNode(Node n, Context ctx) {
        String[] forbidden = FORBIDDEN.get(n.getClass());
        if (forbidden != null) {
            ctx.add(n, forbidden[0], forbidden[1], forbidden[2]);
            return;
        }
        if (n instanceof ExplicitConstructorInvocationStmt call) {
            if (!call.isThis()) {
                ctx.add(n, "super", "super(...) is not allowed", "the policy extends nothing; remove it.");
            }
            return;
        }
        if (n instanceof SimpleName s && s.getIdentifier().startsWith(RESERVED_PREFIX)) {
            ctx.add(n, "reserved", "identifiers starting with '" + RESERVED_PREFIX + "' are reserved for the guard", "rename it.");
        }
        if (n instanceof MethodCallExpr call) {
            checkCall(call, ctx);
        } else if (n instanceof FieldAccessExpr fa) {
            checkFieldAccess(fa, ctx);
        } else if (n instanceof CastExpr cast) {
            if (!cast.getType().isPrimitiveType()) {
                ctx.add(cast, "cast", "casts to '" + cast.getType().asString() + "' are not allowed", "cast only between primitive types.");
            }
        } else if (n instanceof MarkerAnnotationExpr a) {
            if (!a.getNameAsString().equals("Override")) {
                ctx.add(a, "annotation", "only @Override is allowed", "remove @" + a.getNameAsString() + ".");
            } else if (!(a.getParentNode().orElse(null) instanceof MethodDeclaration m) || !implementsSpi(m)) {
                // the in-memory compiler ignores where an annotation stands; javac (and so the exported Java module) does not
                ctx.add(a, "annotation", "@Override belongs only on the methods that implement the policy interface ("
                        + spiMethods() + "); javac rejects it anywhere else", "remove this @Override.");
            }
        } else if (n instanceof ThisExpr t) {
            if (t.getTypeName().isPresent()) {
                ctx.add(t, "this", "qualified 'this' is not allowed", "write 'this'.");
            }
        } else if (n instanceof ClassOrInterfaceType t) {
            boolean inImplements = t.getParentNode().filter(p -> p instanceof ClassOrInterfaceDeclaration).isPresent();
            if (!inImplements) {
                ctx.add(t, "type", "type '" + t.getNameWithScope() + "' is not allowed; only primitives and arrays of primitives",
                        "use double, long, int or boolean.");
            }
        } else if (n instanceof VariableDeclarationExpr v) {
            for (VariableDeclarator d : v.getVariables()) {
                checkValueType(d.getType(), d, ctx, "local '" + d.getNameAsString() + "'");
            }
        } else if (n instanceof SwitchEntry e && e.getType() != SwitchEntry.Type.STATEMENT_GROUP) {
            ctx.add(e, "switch-expression", "arrow-form case labels are not supported by the in-memory compiler",
                    "use 'case X:' labels with break.");
        } else if (!HARMLESS.contains(n.getClass()) && !(n instanceof ClassOrInterfaceDeclaration)
                && !(n instanceof FieldDeclaration) && !(n instanceof CallableDeclaration) && !(n instanceof ImportDeclaration)
                && !(n instanceof TypeDeclaration)) {
            ctx.add(n, "construct", n.getClass().getSimpleName() + " is not allowed in a policy", "use plain arithmetic, if/else and loops.");
        }
    }

    private static void checkCall(MethodCallExpr call, Context ctx) {
        String name = call.getNameAsString();
        if (!call.getTypeArguments().map(NodeList::isEmpty).orElse(true)) {
            ctx.add(call, "generic", "type arguments are not allowed", "remove them.");
        }
        if (call.getScope().isEmpty() || call.getScope().get() instanceof ThisExpr) {
            if (!ctx.ownMethods.contains(name)) {
                ctx.add(call, "call", "'" + name + "(...)' is not a method of this class" + inherited(name),
                        "call only methods declared in the policy class, or Math.* helpers.");
            }
            return;
        }
        Expression scope = call.getScope().get();
        if (scope instanceof NameExpr ne) {
            String cls = ne.getNameAsString();
            if (cls.equals("Math") && name.equals("random") || cls.equals("StrictMath") && name.equals("random")) {
                ctx.add(call, "random", "Math.random() is not deterministic and would make runs unreplayable",
                        "derive behaviour from saturation and a counter; admission policies get a seeded uniform draw 'u'.");
                return;
            }
            if (cls.equals("System") && (name.equals("currentTimeMillis") || name.equals("nanoTime"))) {
                ctx.add(call, "wall-clock", "System." + name + "() reads the wall clock; results would differ between runs",
                        "count dispatch cycles with a field instead; the policy is called once per cycle.");
                return;
            }
            if (cls.equals("Class") && name.equals("forName")) {
                ctx.add(call, "reflection", "Class.forName loads classes by name and is not allowed", "remove it.");
                return;
            }
            if ((cls.equals("Math") || cls.equals("StrictMath")) && name.equals("fma")) {
                ctx.add(call, "call", cls + ".fma(...) is not allowed: without an FMA instruction the JVM computes it with BigDecimal,"
                        + " up to 60 us a call depending on the operands, so its cost cannot be bounded",
                        "write a * b + c (rounded twice), or keep the product in a local first.");
                return;
            }
            Set<String> allowed = AllowList.STATIC_METHODS.get(cls);
            if (allowed != null) {
                if (!allowed.contains(name)) {
                    ctx.add(call, "call", cls + "." + name + "(...) is not on the allow-list", "use another " + cls + " method, or write it yourself.");
                }
                return;
            }
            String why = AllowList.FORBIDDEN_SCOPES.get(cls);
            ctx.add(call, "call", "calling '" + cls + "." + name + "(...)' is not allowed" + (why == null ? "" : ": " + why),
                    "a policy may call only its own methods and Math/StrictMath/Double/Integer/Long helpers.");
            return;
        }
        ctx.add(call, "call", "calling '" + name + "(...)' on '" + scope + "' is not allowed" + inherited(name),
                "a policy may call only its own methods and Math/StrictMath/Double/Integer/Long helpers.");
    }

    private static String inherited(String name) {
        return switch (name) {
            case "getClass" -> " (it is reflection)";
            case "wait", "notify", "notifyAll" -> " (it is thread synchronization)";
            case "clone", "hashCode", "equals", "toString", "finalize" -> " (Object methods are not allowed)";
            default -> "";
        };
    }

    private static void checkFieldAccess(FieldAccessExpr fa, Context ctx) {
        String field = fa.getNameAsString();
        Expression scope = fa.getScope();
        if (scope instanceof ThisExpr || field.equals("length")) {
            return;
        }
        if (scope instanceof NameExpr ne) {
            String cls = ne.getNameAsString();
            Set<String> allowed = AllowList.STATIC_FIELDS.get(cls);
            if (allowed != null && allowed.contains(field)) {
                return;
            }
            if (cls.equals(ctx.className)) {
                return; // own constant, e.g. MyPolicy.LIMIT
            }
            String why = AllowList.FORBIDDEN_SCOPES.get(cls);
            ctx.add(fa, "field", "'" + cls + "." + field + "' is not allowed" + (why == null ? "" : ": " + why),
                    "use your own fields, array .length, or constants of Math/Double/Integer/Long.");
            return;
        }
        if (scope instanceof FieldAccessExpr || scope instanceof NameExpr) {
            return; // handled when the inner access is visited
        }
        ctx.add(fa, "field", "field access '" + fa + "' is not allowed", "use your own fields and array .length.");
    }

    private static List<Violation> dedupe(List<Violation> vs) {
        List<Violation> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Violation v : vs) {
            if (seen.add(v.line() + ":" + v.column() + ":" + v.message())) {
                out.add(v);
            }
        }
        return out;
    }

    /**
     * The parser's message as a person reads it: "expected one of" and thirty tokens becomes the one
     * that matters (a missing {@code ;} is the usual case) or the first few.
     */
    static String syntaxMessage(String message) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("Parse error\\. Found (.+?),? expected one of (.*)$").matcher(message);
        if (!m.find()) {
            return message;
        }
        String found = m.group(1).strip();
        List<String> expected = new ArrayList<>();
        java.util.regex.Matcher t = java.util.regex.Pattern.compile("\"([^\"]*)\"").matcher(m.group(2));
        while (t.find()) {
            expected.add(t.group(1));
        }
        if (expected.contains(";")) {
            return "found " + found + " where a \";\" (or an operator) was expected: is a semicolon missing before it?";
        }
        if (expected.contains(")")) {
            return "found " + found + " where a \")\" was expected: is a parenthesis unclosed?";
        }
        return "found " + found + " where one of " + String.join(" ", expected.subList(0, Math.min(5, expected.size())).stream()
                .map(x -> "\"" + x + "\"").toList()) + (expected.size() > 5 ? " (or " + (expected.size() - 5) + " more)" : "") + " was expected";
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
