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
 */
final class AdmissionMutations {
    private AdmissionMutations() {
    }

    /** Whether a source is an admission policy (these mutations apply) rather than a usage-limit one. */
    static boolean applies(String source) {
        return source.contains("AdmissionPolicy") && source.contains(" admit(");
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
        lit.setValue(Mutations.fmt(now));
        return new Mutations.Result(cu.toString(), "perturb-constant", "constant " + Mutations.fmt(old) + " -> " + Mutations.fmt(now), Double.NaN);
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

    private static final String SMOOTHING_STATEMENTS =
            "        smoothed += ((long) (saturation * 1e6) - smoothed) / WINDOW;\n        double level = smoothed / 1e6;\n";

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
        var admit = cu.findFirst(com.github.javaparser.ast.body.MethodDeclaration.class, m -> m.getNameAsString().equals("admit")
                && m.getBody().isPresent()).orElse(null);
        ClassOrInterfaceDeclaration cls = cu.findFirst(ClassOrInterfaceDeclaration.class).orElse(null);
        if (admit == null || cls == null || admit.getParameters().size() != 3
                || !admit.getParameter(1).getNameAsString().equals("saturation") || source.contains(" level")) {
            return null;
        }
        var body = admit.getBody().get();
        body.findAll(com.github.javaparser.ast.expr.NameExpr.class, n -> n.getNameAsString().equals("saturation"))
                .forEach(n -> n.setName("level"));
        var parsed = StaticJavaParser.parseBlock("{\n" + SMOOTHING_STATEMENTS + "}");
        for (int i = parsed.getStatements().size() - 1; i >= 0; i--) {
            body.addStatement(0, parsed.getStatement(i));
        }
        cls.getMembers().addAll(0, StaticJavaParser.parseBodyDeclaration("class X {\n" + smoothingFields(w) + "}")
                .asClassOrInterfaceDeclaration().getMembers());
        return new Mutations.Result(cu.toString(), "smooth-saturation", "decide on the saturation averaged over " + w + " calls", Double.NaN);
    }

    /** The shapes a sheddable request's refusal probability can take. */
    enum Shape {
        THRESHOLD, RAMP, POWER
    }

    /**
     * The parent's decision in another shape, refusing half the sheddable requests at the same
     * saturation ({@code onset}; 1 when the parent never does).
     */
    static Mutations.Result reshape(String source, double onset, RandomGenerator rng) {
        String name = StaticJavaParser.parse(source).findFirst(ClassOrInterfaceDeclaration.class).map(c -> c.getNameAsString()).orElse("Admitter");
        double at = Double.isNaN(onset) ? 1.0 : Math.max(0.05, Math.min(1.5, onset));
        Shape shape = Shape.values()[rng.nextInt(Shape.values().length)];
        String change;
        String fields;
        String decision;
        switch (shape) {
            case THRESHOLD -> {
                double t = round(at);
                fields = "    private static final double THRESHOLD = " + Mutations.fmt(t) + ";\n";
                decision = "        return saturation < THRESHOLD;\n";
                change = "refuse every sheddable request from saturation " + Mutations.fmt(t);
            }
            case RAMP -> {
                double w = round(0.1 + 0.4 * rng.nextDouble());
                double start = round(Math.max(0, at - w / 2));
                fields = "    private static final double START = " + Mutations.fmt(start) + ";\n    private static final double WIDTH = "
                        + Mutations.fmt(w) + ";\n";
                decision = "        double refuse = Math.min(1.0, Math.max(0.0, (saturation - START) / WIDTH));\n        return u >= refuse;\n";
                change = "refusal probability rising linearly from saturation " + Mutations.fmt(start) + " to " + Mutations.fmt(start + w);
            }
            default -> {
                double a = new double[] {2, 3, 5, 8}[rng.nextInt(4)];
                double k = round(0.5 / Math.pow(at, a));
                fields = "    private static final double POWER = " + Mutations.fmt(a) + ";\n    private static final double K = " + Mutations.fmt(k) + ";\n";
                decision = "        double refuse = Math.min(1.0, Math.pow(saturation, POWER) * K);\n        return u >= refuse;\n";
                change = String.format(Locale.ROOT, "refusal probability min(s^%s * %s, 1)", Mutations.fmt(a), Mutations.fmt(k));
            }
        }
        long window = window(source);
        if (window > 0) {
            fields = smoothingFields(window) + "\n" + fields;
            decision = decision.replace("saturation", "level");
        }
        String src = "import io.nous.sim.spi.AdmissionPolicy;\n\npublic final class " + name + " implements AdmissionPolicy {\n" + fields
                + "\n    @Override\n    public boolean admit(int priority, double saturation, double u) {\n"
                + (window > 0 ? SMOOTHING_STATEMENTS : "") + "        if (priority >= 0) {\n"
                + "            return true;\n        }\n" + decision + "    }\n}\n";
        return new Mutations.Result(src, "reshape-" + shape.name().toLowerCase(Locale.ROOT), change, at);
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
