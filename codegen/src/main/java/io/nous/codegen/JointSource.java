package io.nous.codegen;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.SimpleName;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import io.nous.codegen.plug.PlugPointDescriptor;
import io.nous.codegen.plug.PlugPoints;
import io.nous.codegen.verify.SourceLimits;
import io.nous.codegen.verify.Violation;
import io.nous.sim.spi.PlugPoint;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A joint candidate: one class that implements two plug points' SPIs — a usage-limit policy
 * ({@code computeLimit}) and an admitter ({@code admit}), or a usage-limit policy and a saturation
 * detector ({@code saturation}) — which the router runs as two plugins. {@link #split} gives each
 * half as a class of its own — the entry method and the fields and methods it reaches — so that
 * verification, the sandbox and the exporters treat each half as they treat any candidate of that
 * SPI, and state is never shared between the halves (in the router they are separate plugins).
 * {@link #merge} builds a joint class from two halves (seeds, crossovers), renaming the second
 * half's members where they clash with the first's ({@code START} becomes {@code ADMIT_START} for
 * an admitter). The static methods are the usage-limit and admitter pair's; {@link #of} gives any pair.
 */
public final class JointSource {
    private static final JointSource LIMIT_AND_ADMITTER = new JointSource(PlugPoint.USAGE_LIMIT, PlugPoint.ADMISSION);

    private final PlugPoint<?> first;
    private final PlugPoint<?> second;
    private final String firstSpi;
    private final String secondSpi;
    private final String firstEntry;
    private final String secondEntry;

    private JointSource(PlugPoint<?> first, PlugPoint<?> second) {
        this.first = first;
        this.second = second;
        PlugPointDescriptor<?> a = PlugPoints.of(first);
        PlugPointDescriptor<?> b = PlugPoints.of(second);
        this.firstSpi = first.spi().getSimpleName();
        this.secondSpi = second.spi().getSimpleName();
        this.firstEntry = a.entryMethod();
        this.secondEntry = b.entryMethod();
    }

    /** The joint classes of {@code first} and {@code second}, in that order. */
    public static JointSource of(PlugPoint<?> first, PlugPoint<?> second) {
        return first == PlugPoint.USAGE_LIMIT && second == PlugPoint.ADMISSION ? LIMIT_AND_ADMITTER : new JointSource(first, second);
    }

    /** The plug points of the two halves, in order. */
    public List<PlugPoint<?>> points() {
        return List.of(first, second);
    }

    /** The two halves of a joint class, each a complete source of one SPI with the joint class's name. */
    public record Halves(String first, String second) {
        /** The usage-limit half (the first, in every pair Nous searches). */
        public String usageLimit() {
            return first;
        }

        /** The second half: the admitter of a usage-limit and admitter pair. */
        public String admitter() {
            return second;
        }
    }

    /** Why a source is not a usage-limit and admitter joint class, or null when it is one. */
    public static String problem(String source) {
        return LIMIT_AND_ADMITTER.problemOf(source);
    }

    /** Whether the source is a usage-limit and admitter joint class. */
    public static boolean isJoint(String source) {
        return LIMIT_AND_ADMITTER.isJointOf(source);
    }

    /** The halves of a usage-limit and admitter joint class. */
    public static Halves split(String source) {
        return LIMIT_AND_ADMITTER.splitOf(source);
    }

    /** A usage-limit and admitter joint class named {@code className}. */
    public static String merge(String usageLimit, String admitter, String className) {
        return LIMIT_AND_ADMITTER.mergeOf(usageLimit, admitter, className);
    }

    /** Why a source is not a joint class of this pair, or null when it is one. */
    public String problemOf(String source) {
        // the same linear pre-scan as verification, before any parser sees the text: no size or nesting can stall or crash it
        List<Violation> limits = SourceLimits.check(
                SourceLimits.withoutBom(source));
        if (!limits.isEmpty()) {
            Violation v = limits.get(0);
            return "line " + v.line() + ": " + v.message() + " (" + v.fixIt() + ")";
        }
        CompilationUnit cu;
        try {
            cu = StaticJavaParser.parse(SourceLimits.withoutBom(source));
        } catch (StackOverflowError e) {
            return "the source nests too deeply to be read";
        } catch (RuntimeException e) {
            return "the source does not parse: " + firstLine(e.getMessage());
        }
        List<ClassOrInterfaceDeclaration> classes = cu.findAll(ClassOrInterfaceDeclaration.class, c -> c.isTopLevelType());
        if (classes.size() != 1) {
            return "a joint candidate is one top-level class, found " + classes.size();
        }
        ClassOrInterfaceDeclaration cls = classes.get(0);
        Set<String> spis = new HashSet<>();
        cls.getImplementedTypes().forEach(t -> spis.add(t.getNameAsString()));
        if (!spis.contains(firstSpi) || !spis.contains(secondSpi)) {
            return "a joint candidate's class implements both " + firstSpi + " and " + secondSpi + "; " + cls.getNameAsString() + " implements "
                    + (spis.isEmpty() ? "neither" : String.join(" and ", spis));
        }
        if (!cls.getConstructors().isEmpty()) {
            return "a joint candidate declares no constructor (each half is instantiated on its own)";
        }
        if (entry(cls, firstEntry) == null || entry(cls, secondEntry) == null) {
            return "a joint candidate has both " + firstEntry + " and " + secondEntry;
        }
        return null;
    }

    /** Whether the source is a joint class of this pair. */
    public boolean isJointOf(String source) {
        return problemOf(source) == null;
    }

    /** The two halves; the source must be a joint class of this pair ({@link #problemOf} is null). */
    public Halves splitOf(String source) {
        String why = problemOf(source);
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
        return new Halves(half(source, firstEntry, firstSpi, secondSpi), half(source, secondEntry, secondSpi, firstSpi));
    }

    private static MethodDeclaration entry(ClassOrInterfaceDeclaration cls, String name) {
        return cls.getMethodsByName(name).stream().filter(m -> m.getBody().isPresent()).findFirst().orElse(null);
    }

    /** One half: the class with only the entry method and what it reaches, implementing one SPI. */
    private static String half(String source, String entryName, String keep, String drop) {
        CompilationUnit cu = StaticJavaParser.parse(source);
        ClassOrInterfaceDeclaration cls = cu.findFirst(ClassOrInterfaceDeclaration.class, ClassOrInterfaceDeclaration::isTopLevelType).get();
        Set<String> fields = new HashSet<>();
        for (FieldDeclaration f : cls.getFields()) {
            f.getVariables().forEach(v -> fields.add(v.getNameAsString()));
        }
        Set<String> reachedMethods = new LinkedHashSet<>();
        Set<String> reachedFields = new HashSet<>();
        Deque<MethodDeclaration> todo = new ArrayDeque<>();
        todo.add(entry(cls, entryName));
        reachedMethods.add(entryName);
        while (!todo.isEmpty()) {
            MethodDeclaration m = todo.pop();
            m.findAll(NameExpr.class).forEach(n -> {
                if (fields.contains(n.getNameAsString())) {
                    reachedFields.add(n.getNameAsString());
                }
            });
            m.findAll(com.github.javaparser.ast.expr.FieldAccessExpr.class, a -> a.getScope().isThisExpr())
                    .forEach(a -> reachedFields.add(a.getNameAsString()));
            for (MethodCallExpr call : m.findAll(MethodCallExpr.class, c -> c.getScope().isEmpty() || c.getScope().get().isThisExpr())) {
                if (reachedMethods.add(call.getNameAsString())) {
                    cls.getMethodsByName(call.getNameAsString()).forEach(todo::add);
                }
            }
        }
        // field initializers may read other (constant) fields
        boolean grew = true;
        while (grew) {
            grew = false;
            for (FieldDeclaration f : cls.getFields()) {
                for (VariableDeclarator v : f.getVariables()) {
                    if (reachedFields.contains(v.getNameAsString()) && v.getInitializer().isPresent()) {
                        for (NameExpr n : v.getInitializer().get().findAll(NameExpr.class)) {
                            grew |= fields.contains(n.getNameAsString()) && reachedFields.add(n.getNameAsString());
                        }
                    }
                }
            }
        }
        List<BodyDeclaration<?>> members = List.copyOf(cls.getMembers());
        for (BodyDeclaration<?> b : members) {
            if (b instanceof MethodDeclaration m && !reachedMethods.contains(m.getNameAsString())) {
                b.remove();
            } else if (b instanceof FieldDeclaration f) {
                f.getVariables().removeIf(v -> !reachedFields.contains(v.getNameAsString()));
                if (f.getVariables().isEmpty()) {
                    b.remove();
                }
            }
        }
        cls.getImplementedTypes().removeIf(t -> t.getNameAsString().equals(drop));
        cu.getImports().removeIf(i -> i.getNameAsString().endsWith("." + drop));
        return cu.toString();
    }

    /**
     * A joint class named {@code className} from the two halves (each one top-level class of its
     * SPI; constructors that only set constants are inlined). Members of the second half whose names
     * the first also uses are renamed after its entry method ({@code START} becomes
     * {@code ADMIT_START}, {@code smoothed} becomes {@code admitSmoothed} for an admitter).
     */
    public String mergeOf(String firstSource, String secondSource, String className) {
        CompilationUnit limit = StaticJavaParser.parse(firstSource);
        CompilationUnit admit = StaticJavaParser.parse(secondSource);
        ClassOrInterfaceDeclaration lc = only(limit, firstSpi);
        ClassOrInterfaceDeclaration ac = only(admit, secondSpi);
        Set<String> taken = new HashSet<>();
        for (BodyDeclaration<?> b : lc.getMembers()) {
            if (b instanceof FieldDeclaration f) {
                f.getVariables().forEach(v -> taken.add(v.getNameAsString()));
            } else if (b instanceof MethodDeclaration m) {
                taken.add(m.getNameAsString());
            }
        }
        for (BodyDeclaration<?> b : ac.getMembers()) {
            if (b instanceof FieldDeclaration f) {
                for (VariableDeclarator v : f.getVariables()) {
                    if (taken.contains(v.getNameAsString())) {
                        rename(ac, v.getNameAsString(), prefixed(secondEntry, v.getNameAsString()), false);
                    }
                }
            } else if (b instanceof MethodDeclaration m && !m.getNameAsString().equals(secondEntry) && taken.contains(m.getNameAsString())) {
                rename(ac, m.getNameAsString(), prefixed(secondEntry, m.getNameAsString()), true);
            }
        }
        CompilationUnit out = new CompilationUnit();
        Set<String> imports = new LinkedHashSet<>();
        limit.getImports().forEach(i -> imports.add(i.getNameAsString() + (i.isStatic() ? " static" : "") + (i.isAsterisk() ? " *" : "")));
        admit.getImports().forEach(i -> imports.add(i.getNameAsString() + (i.isStatic() ? " static" : "") + (i.isAsterisk() ? " *" : "")));
        for (String i : imports) {
            String[] parts = i.split(" ");
            out.addImport(new ImportDeclaration(parts[0], i.contains(" static"), i.endsWith(" *")));
        }
        ClassOrInterfaceDeclaration joint = out.addClass(className, Modifier.Keyword.PUBLIC, Modifier.Keyword.FINAL);
        joint.setImplementedTypes(new NodeList<>(new ClassOrInterfaceType(null, firstSpi), new ClassOrInterfaceType(null, secondSpi)));
        lc.getMembers().forEach(m -> joint.addMember(m.clone()));
        ac.getMembers().forEach(m -> joint.addMember(m.clone()));
        return out.toString();
    }

    private static ClassOrInterfaceDeclaration only(CompilationUnit cu, String spi) {
        List<ClassOrInterfaceDeclaration> classes = cu.findAll(ClassOrInterfaceDeclaration.class, ClassOrInterfaceDeclaration::isTopLevelType);
        if (classes.size() != 1 || classes.get(0).getImplementedTypes().stream().noneMatch(t -> t.getNameAsString().equals(spi))) {
            throw new IllegalArgumentException("expected one class implementing " + spi);
        }
        inlineConstructors(classes.get(0));
        return classes.get(0);
    }

    /**
     * A class whose fields are set by its constructors (the built-in templates: a no-argument
     * constructor passing defaults to one that assigns them) as the same class with those values as
     * field initializers and no constructor, since the joint class is instantiated without arguments.
     */
    private static void inlineConstructors(ClassOrInterfaceDeclaration cls) {
        if (cls.getConstructors().isEmpty()) {
            return;
        }
        var noArg = cls.getConstructors().stream().filter(c -> c.getParameters().isEmpty()).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(cls.getNameAsString() + " has no constructor without arguments"));
        var body = noArg.getBody();
        java.util.Map<String, com.github.javaparser.ast.expr.Expression> values = new java.util.HashMap<>();
        if (body.getStatements().size() == 1 && body.getStatement(0) instanceof com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt call
                && call.isThis()) {
            var target = cls.getConstructors().stream().filter(c -> c.getParameters().size() == call.getArguments().size()).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(cls.getNameAsString() + ": no constructor for this(...)"));
            java.util.Map<String, com.github.javaparser.ast.expr.Expression> args = new java.util.HashMap<>();
            for (int i = 0; i < call.getArguments().size(); i++) {
                args.put(target.getParameter(i).getNameAsString(), call.getArgument(i));
            }
            assignments(cls, target.getBody(), args, values);
        } else {
            assignments(cls, body, java.util.Map.of(), values);
        }
        for (FieldDeclaration f : cls.getFields()) {
            for (VariableDeclarator v : f.getVariables()) {
                if (values.containsKey(v.getNameAsString())) {
                    v.setInitializer(values.get(v.getNameAsString()).clone());
                }
            }
        }
        List.copyOf(cls.getConstructors()).forEach(com.github.javaparser.ast.Node::remove);
    }

    private static void assignments(ClassOrInterfaceDeclaration cls, com.github.javaparser.ast.stmt.BlockStmt body,
                                    java.util.Map<String, com.github.javaparser.ast.expr.Expression> args,
                                    java.util.Map<String, com.github.javaparser.ast.expr.Expression> values) {
        for (var st : body.getStatements()) {
            if (!(st instanceof com.github.javaparser.ast.stmt.ExpressionStmt es) || !es.getExpression().isAssignExpr()) {
                throw new IllegalArgumentException(cls.getNameAsString() + ": a constructor that does more than set fields");
            }
            var a = es.getExpression().asAssignExpr();
            String field = a.getTarget().isFieldAccessExpr() ? a.getTarget().asFieldAccessExpr().getNameAsString()
                    : a.getTarget().isNameExpr() ? a.getTarget().asNameExpr().getNameAsString() : null;
            var value = a.getValue();
            if (value.isNameExpr() && args.containsKey(value.asNameExpr().getNameAsString())) {
                value = args.get(value.asNameExpr().getNameAsString());
            }
            if (field == null || !value.isLiteralExpr() && !value.isUnaryExpr()) {
                throw new IllegalArgumentException(cls.getNameAsString() + ": a constructor sets " + a.getTarget() + " to something "
                        + "other than a constant");
            }
            values.put(field, value);
        }
    }

    /** {@code START} to {@code ADMIT_START}, {@code smoothed} to {@code admitSmoothed}, with {@code prefix} "admit". */
    static String prefixed(String prefix, String name) {
        boolean constant = name.equals(name.toUpperCase(java.util.Locale.ROOT));
        return constant ? prefix.toUpperCase(java.util.Locale.ROOT) + "_" + name
                : prefix + Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    private static void rename(ClassOrInterfaceDeclaration cls, String from, String to, boolean method) {
        if (method) {
            cls.getMethodsByName(from).forEach(m -> m.setName(to));
            cls.findAll(MethodCallExpr.class, c -> c.getNameAsString().equals(from) && (c.getScope().isEmpty() || c.getScope().get().isThisExpr()))
                    .forEach(c -> c.setName(to));
        } else {
            cls.findAll(VariableDeclarator.class, v -> v.getNameAsString().equals(from) && v.getParentNode().orElse(null) instanceof FieldDeclaration)
                    .forEach(v -> v.setName(to));
            cls.findAll(NameExpr.class, n -> n.getNameAsString().equals(from)).forEach(n -> n.setName(new SimpleName(to)));
            cls.findAll(com.github.javaparser.ast.expr.FieldAccessExpr.class, a -> a.getScope().isThisExpr() && a.getNameAsString().equals(from))
                    .forEach(a -> a.setName(to));
        }
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("");
    }
}
