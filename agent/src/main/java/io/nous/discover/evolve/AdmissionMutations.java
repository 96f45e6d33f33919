package io.nous.discover.evolve;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.expr.DoubleLiteralExpr;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * Source-to-source mutations of an admission policy ({@code boolean admit(int priority, double
 * saturation, double u)}). Protected requests always enter; what evolves is how the refusal
 * probability of a sheddable request rises with saturation, in three shapes — a hard threshold, a
 * linear ramp, a power law (the shape of the router's probabilistic-admitter) — and their
 * constants. A reshape keeps the parent's onset (where half the sheddable requests are refused), so
 * the search compares shapes at the same operating point.
 *
 * <p>A fourth mutation smooths the signal: the policy decides on an average of the saturation over
 * its last calls instead of the latest scrape. Under capacity the pool's saturation spikes briefly
 * (a burst of prompts fills a pod's queue for a few hundred milliseconds); in overload it stays
 * high. An admitter that reacts to the instant sheds during harmless spikes or, set high enough to
 * ignore them, sheds too late in overload; one that reacts to the average can shed early in a
 * sustained overload and not at all in a spike. The average lives in the one mutable {@code long}
 * an exported policy may keep (millionths of saturation; an {@code atomic.Int64} in Go, where
 * concurrent calls may each miss the other's update, which only perturbs the average).
 *
 * <p>A fifth moves the whole curve to another operating point ({@code shift-curve}, 1/4 to 4 times
 * the signal it refused at), a step that constant perturbations would need dozens of draws for.
 *
 * <p>A sixth separates the saturation's terms ({@code separate-terms}): the policy moves to the terms
 * form of {@code admit} and decides on the queue term, counting the KV term only from an onset
 * ({@code KV_ONSET}, drawn from 0.5–1.2 of the KV threshold). The saturation is the larger of the
 * two per pod, and they mean different things: a queue builds when the pods fall behind, while
 * long contexts fill the KV cache under capacity without any queue, so a signal that sheds early in
 * overload must not read a well-filled cache as overload until it nears full.
 */
final class AdmissionMutations {
    private AdmissionMutations() {
    }

    /** Whether a source is an admission policy (these mutations apply) rather than a usage-limit one. */
    static boolean applies(String source) {
        return source.contains("AdmissionPolicy") && source.contains(" admit(");
    }

    private static final java.util.regex.Pattern TERMS_FORM = java.util.regex.Pattern.compile(
            "boolean\\s+admit\\s*\\(\\s*int\\s+\\w+(\\s*,\\s*double\\s+\\w+){4}\\s*\\)");

    /** Whether an admitter implements the terms form of {@code admit} (cheap: read from the text, not parsed). */
    static boolean termsForm(String source) {
        return TERMS_FORM.matcher(source).find();
    }

    /** A constant of the policy scaled by a log-normal factor (about ±20 %). */
    static Mutations.Result perturbConstant(String source, RandomGenerator rng) {
        CompilationUnit cu = StaticJavaParser.parse(source);
        // 1e6 is the fixed-point scale of a smoothed saturation, not a tunable constant
        List<DoubleLiteralExpr> lits = cu.findAll(DoubleLiteralExpr.class,
                l -> l.asDouble() > 0 && l.asDouble() != 1.0 && l.asDouble() != 1e6 || isThreshold(l));
        if (lits.isEmpty()) {
            return null;
        }
        DoubleLiteralExpr lit = lits.get(rng.nextInt(lits.size()));
        double old = lit.asDouble();
        double now = round(old * Math.exp(0.2 * rng.nextGaussian()));
        if (now == old) {
            now = round(old * (rng.nextBoolean() ? 0.9 : 1.1));
        }
        if (isKvOnset(lit)) {
            // the KV onset keeps the meaning separate-terms gave it: a cache at least 40 % full (0.5 of the 0.8 threshold)
            // up to one past the threshold, never a mostly free cache read as overload
            now = Math.max(KV_ONSETS[0], Math.min(KV_ONSETS[KV_ONSETS.length - 1], now));
            if (now == old) {
                now = round(old == KV_ONSETS[0] ? old * 1.1 : old * 0.9);
            }
        }
        lit.setValue(Mutations.fmt(now));
        return new Mutations.Result(cu.toString(), "perturb-constant", "constant " + Mutations.fmt(old) + " -> " + Mutations.fmt(now), Double.NaN);
    }

    private static boolean isKvOnset(DoubleLiteralExpr l) {
        return l.getParentNode().filter(p -> p instanceof com.github.javaparser.ast.body.VariableDeclarator v
                && v.getNameAsString().equals("KV_ONSET")).isPresent();
    }

    /** The threshold of a legacy-style policy is 1.0 (the one literal 1.0 that is a constructor argument or a field value). */
    private static boolean isThreshold(DoubleLiteralExpr l) {
        return l.asDouble() == 1.0 && l.getParentNode().map(p -> !(p instanceof com.github.javaparser.ast.expr.MethodCallExpr)).orElse(false)
                && l.findAncestor(com.github.javaparser.ast.body.MethodDeclaration.class).isEmpty();
    }

    private static final java.util.regex.Pattern WINDOW = java.util.regex.Pattern.compile("WINDOW = (\\d+)");
    private static final long[] WINDOWS = {16, 32, 64, 128, 256, 512};

    /** The parent's smoothing window in calls, or 0 when it decides on the latest saturation. */
    static long window(String source) {
        java.util.regex.Matcher m = WINDOW.matcher(source);
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    /** The fields and first statements of {@code admit} that keep the average over about {@code window} calls. */
    private static String smoothingFields(long window) {
        return "    /** Calls the saturation is averaged over. */\n    private static final long WINDOW = " + window + ";\n\n"
                + "    /** Average saturation over the last calls, in millionths. */\n    private long smoothed;\n";
    }

    /** The statements that average {@code input} (the saturation, or the terms' signal) into {@code level}. */
    private static String smoothingStatements(String input) {
        return "        smoothed += ((long) (" + input + " * 1e6) - smoothed) / WINDOW;\n        double level = smoothed / 1e6;\n";
    }

    private static final java.util.regex.Pattern KV_ONSET = java.util.regex.Pattern.compile("KV_ONSET = ([0-9.]+)");

    /** The parent's KV onset when it decides on the separated terms this operator writes, else NaN. */
    static double kvOnset(String source) {
        java.util.regex.Matcher m = KV_ONSET.matcher(source);
        return m.find() && source.contains(SIGNAL_NAME) ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    private static final String SIGNAL_NAME = "double signal = ";

    private static String kvOnsetField(double onset) {
        return "    /** KV term from which a filling KV cache counts as overload; below it only the queue term does. */\n"
                + "    private static final double KV_ONSET = " + Mutations.fmt(onset) + ";\n";
    }

    private static final String SIGNAL_STATEMENT = "        double signal = Math.max(queue, kv >= KV_ONSET ? kv : 0.0);\n";

    private static final String TERMS_SIGNATURE = "    public boolean admit(int priority, double saturation, double queue, double kv, double u) {\n";
    private static final String SATURATION_SIGNATURE = "    public boolean admit(int priority, double saturation, double u) {\n";

    /**
     * The parent deciding on the saturation averaged over about {@code WINDOW} calls (a window drawn
     * from 16–512); a parent that already averages gets another window.
     */
    static Mutations.Result smooth(String source, RandomGenerator rng) {
        long current = window(source);
        long w;
        do {
            w = WINDOWS[rng.nextInt(WINDOWS.length)];
        } while (w == current);
        if (current > 0) {
            String out = source.replace("WINDOW = " + current + ";", "WINDOW = " + w + ";");
            return new Mutations.Result(out, "smooth-saturation", "average over " + current + " -> " + w + " calls", Double.NaN);
        }
        CompilationUnit cu = StaticJavaParser.parse(source);
        var admit = admitMethod(cu);
        ClassOrInterfaceDeclaration cls = cu.findFirst(ClassOrInterfaceDeclaration.class).orElse(null);
        boolean terms = !Double.isNaN(kvOnset(source));
        if (admit == null || cls == null || admit.getParameters().size() != (terms ? 5 : 3)
                || !admit.getParameter(1).getNameAsString().equals("saturation") || source.contains(" level")) {
            return null;
        }
        // the terms' signal is the first statement; the average goes right after it
        String input = terms ? "signal" : "saturation";
        var body = admit.getBody().get();
        body.findAll(com.github.javaparser.ast.expr.NameExpr.class, n -> n.getNameAsString().equals(input))
                .forEach(n -> n.setName("level"));
        var parsed = StaticJavaParser.parseBlock("{\n" + smoothingStatements(input) + "}");
        for (int i = parsed.getStatements().size() - 1; i >= 0; i--) {
            body.addStatement(terms ? 1 : 0, parsed.getStatement(i));
        }
        cls.getMembers().addAll(0, StaticJavaParser.parseBodyDeclaration("class X {\n" + smoothingFields(w) + "}")
                .asClassOrInterfaceDeclaration().getMembers());
        return new Mutations.Result(cu.toString(), "smooth-saturation", "decide on the saturation averaged over " + w + " calls", Double.NaN);
    }

    /** The shapes a sheddable request's refusal probability can take. */
    enum Shape {
        THRESHOLD, RAMP, POWER
    }

    /** A refusal curve of one of the shapes, with its constants: what {@link #reshape} writes and crossover carries over. */
    record Curve(Shape shape, double a, double b) {
        static Curve threshold(double t) {
            return new Curve(Shape.THRESHOLD, t, Double.NaN);
        }

        static Curve ramp(double start, double width) {
            return new Curve(Shape.RAMP, start, width);
        }

        static Curve power(double power, double k) {
            return new Curve(Shape.POWER, power, k);
        }

        /** The curve a source of these shapes decides with, or null when it is written otherwise. */
        static Curve of(String source) {
            java.util.Map<String, Double> c = new java.util.HashMap<>();
            java.util.regex.Matcher m = CURVE_CONSTANT.matcher(source);
            while (m.find()) {
                c.putIfAbsent(m.group(1), Double.parseDouble(m.group(2)));
            }
            if (c.containsKey("THRESHOLD") && source.contains("< THRESHOLD;")) {
                return threshold(c.get("THRESHOLD"));
            }
            if (c.containsKey("START") && c.containsKey("WIDTH") && source.contains(" - START) / WIDTH))")) {
                return ramp(c.get("START"), c.get("WIDTH"));
            }
            if (c.containsKey("POWER") && c.containsKey("K") && source.contains(", POWER) * K)")) {
                return power(c.get("POWER"), c.get("K"));
            }
            return null;
        }

        String fields() {
            return switch (shape) {
                case THRESHOLD -> "    private static final double THRESHOLD = " + Mutations.fmt(a) + ";\n";
                case RAMP -> "    private static final double START = " + Mutations.fmt(a) + ";\n    private static final double WIDTH = "
                        + Mutations.fmt(b) + ";\n";
                case POWER -> "    private static final double POWER = " + Mutations.fmt(a) + ";\n    private static final double K = " + literal(b) + ";\n";
            };
        }

        /** The decision on {@code saturation}; {@link #admitter} renames it to what the policy decides on. */
        String decision() {
            return switch (shape) {
                case THRESHOLD -> "        return saturation < THRESHOLD;\n";
                case RAMP -> "        double refuse = Math.min(1.0, Math.max(0.0, (saturation - START) / WIDTH));\n        return u >= refuse;\n";
                case POWER -> "        double refuse = Math.min(1.0, Math.pow(saturation, POWER) * K);\n        return u >= refuse;\n";
            };
        }

        String describe() {
            return switch (shape) {
                case THRESHOLD -> "refuse every sheddable request from saturation " + Mutations.fmt(a);
                case RAMP -> "refusal probability rising linearly from saturation " + Mutations.fmt(a) + " to " + Mutations.fmt(a + b);
                case POWER -> String.format(Locale.ROOT, "refusal probability min(s^%s * %s, 1)", Mutations.fmt(a), literal(b));
            };
        }
    }

    /** A constant as source: three decimals, or all its digits when that would read a small one as 0. */
    private static String literal(double v) {
        return v != 0 && Math.abs(v) < 0.01 ? Double.toString(v) : Mutations.fmt(v);
    }

    /**
     * Recombination: the first parent's refusal curve with the second parent's way of reading the
     * pool, each feature (the average's window, the separated terms and their KV onset) taken from
     * either parent. Lineages that found a good curve and lineages that found a good signal meet
     * in one step instead of rediscovering each other's feature. Null when the first parent's curve
     * is not one of the shapes, or the child would be the first parent.
     */
    static Mutations.Result crossAdmitters(String a, String b, RandomGenerator rng) {
        Curve curve = Curve.of(a);
        if (curve == null || !applies(b)) {
            return null;
        }
        long window = rng.nextBoolean() ? window(a) : window(b);
        double kv = rng.nextBoolean() ? kvOnset(a) : kvOnset(b);
        if (window == window(a) && Double.compare(kv, kvOnset(a)) == 0) {
            return null;
        }
        String name = StaticJavaParser.parse(a).findFirst(ClassOrInterfaceDeclaration.class).map(c -> c.getNameAsString()).orElse("Admitter");
        String reads = (window > 0 ? "an average over " + window + " calls" : "the latest scrape") + " of "
                + (Double.isNaN(kv) ? "the saturation" : "the queue term, the KV term from " + Mutations.fmt(kv));
        return new Mutations.Result(admitter(name, curve.fields(), curve.decision(), window, kv), "cross-admitters",
                curve.describe() + ", deciding on " + reads, Double.NaN);
    }

    /**
     * The parent's decision in another shape, refusing half the sheddable requests at the same
     * saturation ({@code onset}; 1 when the parent never does).
     */
    static Mutations.Result reshape(String source, double onset, RandomGenerator rng) {
        String name = StaticJavaParser.parse(source).findFirst(ClassOrInterfaceDeclaration.class).map(c -> c.getNameAsString()).orElse("Admitter");
        double at = Double.isNaN(onset) ? 1.0 : Math.max(0.05, Math.min(1.5, onset));
        Shape shape = Shape.values()[rng.nextInt(Shape.values().length)];
        Curve curve = switch (shape) {
            case THRESHOLD -> Curve.threshold(round(at));
            case RAMP -> {
                double w = round(0.1 + 0.4 * rng.nextDouble());
                yield Curve.ramp(round(Math.max(0, at - w / 2)), w);
            }
            default -> {
                double a = new double[] {2, 3, 5, 8}[rng.nextInt(4)];
                yield Curve.power(a, round(0.5 / Math.pow(at, a)));
            }
        };
        return new Mutations.Result(admitter(name, curve.fields(), curve.decision(), window(source), kvOnset(source)),
                "reshape-" + shape.name().toLowerCase(Locale.ROOT), curve.describe(), at);
    }

    /**
     * An admitter class: its shape's constants and its decision on {@code saturation}, which reads the
     * terms' signal when {@code kvOnset} is a number and the average over {@code window} calls when
     * that is positive.
     */
    private static String admitter(String name, String fields, String decision, long window, double kvOnset) {
        boolean terms = !Double.isNaN(kvOnset);
        String input = terms ? "signal" : "saturation";
        String head = "";
        if (terms) {
            head += kvOnsetField(kvOnset) + "\n";
        }
        if (window > 0) {
            head += smoothingFields(window) + "\n";
        }
        String decided = decision.replace("saturation", window > 0 ? "level" : input);
        return "import io.nous.sim.spi.AdmissionPolicy;\n\npublic final class " + name + " implements AdmissionPolicy {\n" + head + fields
                + "\n    @Override\n" + (terms ? TERMS_SIGNATURE + SIGNAL_STATEMENT : SATURATION_SIGNATURE)
                + (window > 0 ? smoothingStatements(input) : "") + "        if (priority >= 0) {\n"
                + "            return true;\n        }\n" + decided + "    }\n}\n";
    }

    private static final double[] KV_ONSETS = {0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 1.0, 1.1, 1.2};

    /**
     * The parent deciding on the queue term, with the KV term counted only from {@code KV_ONSET}
     * (drawn from 0.5–1.2); a parent that already separates them gets another onset. The decision
     * keeps its shape and constants, and its average if it has one (of the signal, then).
     */
    static Mutations.Result separateTerms(String source, RandomGenerator rng) {
        double current = kvOnset(source);
        double onset;
        do {
            onset = KV_ONSETS[rng.nextInt(KV_ONSETS.length)];
        } while (onset == current);
        if (!Double.isNaN(current)) {
            String out = KV_ONSET.matcher(source).replaceFirst("KV_ONSET = " + Mutations.fmt(onset));
            return new Mutations.Result(out, "separate-terms", "KV term counts from " + Mutations.fmt(current) + " -> "
                    + Mutations.fmt(onset), Double.NaN);
        }
        CompilationUnit cu = StaticJavaParser.parse(source);
        var admit = admitMethod(cu);
        ClassOrInterfaceDeclaration cls = cu.findFirst(ClassOrInterfaceDeclaration.class).orElse(null);
        if (admit == null || cls == null || admit.getParameters().size() != 3 || !admit.getParameter(1).getNameAsString().equals("saturation")
                || cu.findFirst(com.github.javaparser.ast.expr.SimpleName.class, n -> List.of("queue", "kv", "signal", "KV_ONSET")
                        .contains(n.asString())).isPresent()) {
            return null;
        }
        var body = admit.getBody().get();
        body.findAll(com.github.javaparser.ast.expr.NameExpr.class, n -> n.getNameAsString().equals("saturation"))
                .forEach(n -> n.setName("signal"));
        body.addStatement(0, StaticJavaParser.parseStatement(SIGNAL_STATEMENT.trim()));
        admit.getParameters().add(2, new com.github.javaparser.ast.body.Parameter(com.github.javaparser.ast.type.PrimitiveType.doubleType(), "queue"));
        admit.getParameters().add(3, new com.github.javaparser.ast.body.Parameter(com.github.javaparser.ast.type.PrimitiveType.doubleType(), "kv"));
        cls.getMembers().addAll(0, StaticJavaParser.parseBodyDeclaration("class X {\n" + kvOnsetField(onset) + "}")
                .asClassOrInterfaceDeclaration().getMembers());
        return new Mutations.Result(cu.toString(), "separate-terms", "decide on the queue term, and on the KV term from "
                + Mutations.fmt(onset), Double.NaN);
    }

    private static final java.util.regex.Pattern CURVE_CONSTANT =
            java.util.regex.Pattern.compile("(THRESHOLD|START|WIDTH|K|POWER) = ([0-9.]+(?:[eE]-?[0-9]+)?);");

    /**
     * The parent's refusal curve moved along its input: a threshold, a ramp or a power law of the
     * shapes {@link #reshape} writes, refusing at {@code f} times the signal it refused at before,
     * with {@code f} drawn log-uniformly from 1/4 to 4. Constant perturbations refine a curve where
     * it is; this moves it to another operating point in one step, which an admitter needs when its
     * input changes scale (the queue term of a pool that is not overloaded sits far below its
     * saturation, which the KV term carries).
     */
    static Mutations.Result shiftCurve(String source, RandomGenerator rng) {
        double f;
        do {
            f = Math.exp(Math.log(4) * (2 * rng.nextDouble() - 1));
        } while (Math.abs(Math.log(f)) < Math.log(1.25));
        String out = scaleCurve(source, f);
        if (out == null) {
            return null;
        }
        return new Mutations.Result(out, "shift-curve", "refusal curve moved to " + Mutations.fmt(round(f))
                + "x the signal it refused at", Double.NaN);
    }

    /**
     * The source with its refusal curve (a threshold, ramp or power law of the shapes
     * {@link #reshape} writes) refusing at {@code f} times the signal it refused at, or null when it
     * has no such curve or nothing changes.
     */
    static String scaleCurve(String source, double f) {
        java.util.Map<String, Double> constants = new java.util.HashMap<>();
        java.util.regex.Matcher m = CURVE_CONSTANT.matcher(source);
        while (m.find()) {
            constants.putIfAbsent(m.group(1), Double.parseDouble(m.group(2)));
        }
        boolean power = constants.containsKey("K") && constants.containsKey("POWER");
        if (!constants.containsKey("THRESHOLD") && !constants.containsKey("START") && !power) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        m = CURVE_CONSTANT.matcher(source);
        while (m.find()) {
            double v = Double.parseDouble(m.group(2));
            double moved = switch (m.group(1)) {
                case "THRESHOLD", "START", "WIDTH" -> round(v * f);
                case "K" -> power ? round(v / Math.pow(f, constants.get("POWER"))) : v;
                default -> v;
            };
            m.appendReplacement(out, m.group(1) + " = " + literal(moved) + ";");
        }
        m.appendTail(out);
        return out.toString().equals(source) ? null : out.toString();
    }

    /** The policy's {@code admit} method with a body, or null. */
    private static com.github.javaparser.ast.body.MethodDeclaration admitMethod(CompilationUnit cu) {
        return cu.findFirst(com.github.javaparser.ast.body.MethodDeclaration.class, m -> m.getNameAsString().equals("admit")
                && m.getBody().isPresent()).orElse(null);
    }


    /** Three significant digits: constants a reviewer can read. */
    private static double round(double v) {
        if (v == 0 || Double.isNaN(v) || Double.isInfinite(v)) {
            return v;
        }
        double scale = Math.pow(10, 2 - Math.floor(Math.log10(Math.abs(v))));
        return Math.round(v * scale) / scale;
    }
}
