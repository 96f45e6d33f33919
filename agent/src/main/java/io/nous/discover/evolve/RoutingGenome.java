package io.nous.discover.evolve;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.DoubleLiteralExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.UnaryExpr;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A routing scorer in the search's canonical form: an affinity term (how much of the prompt the
 * endpoint holds, as a step or graded above a threshold, optionally only while one load signal is
 * under a limit) and a load term (one of the router's load readings), weighted and normalized to
 * [0, 1] as the scheduling profile clamps a score. The offline search varies scorers through this
 * form; a source written otherwise (an LLM's) does not parse, and only its literals are varied.
 *
 * @param gateLimit  NaN without a gate
 * @param loadScale  NaN for a load form without a scale
 */
record RoutingGenome(Affinity affinity, double threshold, double affinityWeight, Gate gate, double gateLimit, Load load,
                     double loadScale, double loadWeight) {

    /** What a sticky endpoint's affinity is worth: a flat 1, or the share of the prompt it holds. */
    enum Affinity {
        STEP("1.0"), GRADED("prefixMatch");

        final String value;

        Affinity(String value) {
            this.value = value;
        }
    }

    /** The signal whose limit turns affinity off (the lab's load gate, per endpoint), or none. */
    enum Gate {
        NONE(null, false, "", 0), IN_FLIGHT_REQUESTS("inFlightRequests", true, "requests in flight", 4),
        RUNNING("running", true, "running requests", 4), WAITING("waiting", true, "waiting requests", 2),
        IN_FLIGHT_TOKENS("inFlightTokens", true, "uncached prompt tokens in flight", 4838), KV_USAGE("kvUsage", false, "KV usage", 0.8);

        final String signal;
        final boolean counts;
        final String words;
        final double initial;

        Gate(String signal, boolean counts, String words, double initial) {
            this.signal = signal;
            this.counts = counts;
            this.words = words;
            this.initial = initial;
        }
    }

    /** The load term, each a reading the router has per endpoint, 1 when idle and falling with load. */
    enum Load {
        TOKENS("1.0 - Math.min(inFlightTokens + uncachedTokens, LOAD_SCALE) / LOAD_SCALE", 4194304, "token load (in flight plus this prompt's uncached tokens)"),
        REQUESTS("inFlightRequests == 0 ? 1.0 : (double) (maxInFlightRequests - inFlightRequests) / maxInFlightRequests", Double.NaN,
                "requests in flight against the busiest endpoint's"),
        REQUESTS_ABSOLUTE("1.0 - Math.min(inFlightRequests, LOAD_SCALE) / LOAD_SCALE", 32, "requests in flight"),
        QUEUE("1.0 - Math.min(waiting, LOAD_SCALE) / LOAD_SCALE", 16, "waiting requests"),
        KV("1.0 - kvUsage", Double.NaN, "free KV cache");

        final String expression;
        final double initialScale;
        final String words;

        Load(String expression, double initialScale, String words) {
            this.expression = expression;
            this.initialScale = initialScale;
            this.words = words;
        }

        boolean scaled() {
            return !Double.isNaN(initialScale);
        }
    }

    static final List<String> PARAMETERS = List.of("promptTokens", "prefixMatch", "uncachedTokens", "inFlightTokens", "inFlightRequests",
            "maxInFlightRequests", "waiting", "running", "kvUsage");

    /** The constants' names, in the order a source declares them. */
    static final List<String> CONSTANTS = List.of("AFFINITY_THRESHOLD", "AFFINITY_WEIGHT", "GATE_LIMIT", "LOAD_SCALE", "LOAD_WEIGHT");

    private static final String RETURN = "(AFFINITY_WEIGHT * affinity + LOAD_WEIGHT * load) / (AFFINITY_WEIGHT + LOAD_WEIGHT)";

    /** The constants this genome declares, by name, in declaration order. */
    Map<String, Double> constants() {
        Map<String, Double> c = new LinkedHashMap<>();
        c.put("AFFINITY_THRESHOLD", threshold);
        c.put("AFFINITY_WEIGHT", affinityWeight);
        if (gate != Gate.NONE) {
            c.put("GATE_LIMIT", gateLimit);
        }
        if (load.scaled()) {
            c.put("LOAD_SCALE", loadScale);
        }
        c.put("LOAD_WEIGHT", loadWeight);
        return c;
    }

    String affinityExpression() {
        String inner = "prefixMatch >= AFFINITY_THRESHOLD ? " + affinity.value + " : 0.0";
        return gate == Gate.NONE ? inner : gate.signal + " < GATE_LIMIT ? (" + inner + ") : 0.0";
    }

    /** The body of {@code score} for this genome. */
    String body() {
        return "{\n        double affinity = " + affinityExpression() + ";\n        double load = " + load.expression + ";\n        return "
                + RETURN + ";\n    }";
    }

    /** The whole source of a scorer class of this name (package {@code pkg}, or none when null). */
    String render(String pkg, String className) {
        StringBuilder b = new StringBuilder();
        if (pkg != null) {
            b.append("package ").append(pkg).append(";\n\n");
        }
        b.append("import io.nous.sim.spi.RoutingScorer;\n\n/** ").append(describe()).append(" */\npublic final class ").append(className)
                .append(" implements RoutingScorer {\n");
        constants().forEach((k, v) -> b.append("    static final double ").append(k).append(" = ").append(literal(v)).append(";\n"));
        b.append("\n    @Override\n    public double score(long promptTokens, double prefixMatch, long uncachedTokens, long inFlightTokens, "
                + "int inFlightRequests,\n                        int maxInFlightRequests, int waiting, int running, double kvUsage) ")
                .append(body()).append("\n}\n");
        return b.toString();
    }

    /** The mechanism in one sentence, as a reviewer reads it. */
    String describe() {
        String sticky = "Prefers an endpoint holding at least " + percent(threshold) + " of the prompt"
                + (affinity == Affinity.GRADED ? ", by how much it holds," : "");
        String gated = gate == Gate.NONE ? "" : " while it has fewer than " + (gate.counts ? fmt(gateLimit) : percent(gateLimit)) + " "
                + gate.words;
        String scale = load.scaled() ? ", zero at " + fmt(loadScale) : "";
        return sticky + gated + ", weighted " + fmt(affinityWeight) + " to " + fmt(loadWeight) + " against " + load.words + scale + ".";
    }

    /** Load forms by source: the behaviour cell asks for every evaluated candidate on every proposal, and parsing is the cost. */
    private static final Map<String, String> LOAD_NAMES = java.util.Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > 4096;
        }
    });

    /** The load term a source reads, lower case ({@code tokens}, {@code requests}, ...), or {@code other} outside the canonical form. */
    static String loadName(String source) {
        return LOAD_NAMES.computeIfAbsent(source, s -> {
            RoutingGenome g = parse(s);
            return g == null ? "other" : g.load().name().toLowerCase(Locale.ROOT);
        });
    }

    /** The genome of a source in canonical form, or null when the source is written otherwise. */
    static RoutingGenome parse(String source) {
        CompilationUnit cu;
        try {
            cu = StaticJavaParser.parse(source);
        } catch (RuntimeException e) {
            return null;
        }
        ClassOrInterfaceDeclaration cls = cu.findFirst(ClassOrInterfaceDeclaration.class).orElse(null);
        if (cls == null || cls.getImplementedTypes().stream().noneMatch(t -> t.getNameAsString().equals("RoutingScorer"))) {
            return null;
        }
        Map<String, Double> constants = new LinkedHashMap<>();
        MethodDeclaration score = null;
        for (BodyDeclaration<?> m : cls.getMembers()) {
            if (m instanceof FieldDeclaration f && f.isStatic() && f.isFinal() && f.getVariables().size() == 1) {
                VariableDeclarator v = f.getVariable(0);
                Double value = v.getInitializer().map(RoutingGenome::number).orElse(null);
                if (value == null || !CONSTANTS.contains(v.getNameAsString()) || !v.getTypeAsString().equals("double")) {
                    return null;
                }
                constants.put(v.getNameAsString(), value);
            } else if (m instanceof MethodDeclaration md && md.getNameAsString().equals("score") && score == null) {
                score = md;
            } else {
                return null;
            }
        }
        if (score == null || score.getBody().isEmpty() || !score.getParameters().stream().map(Parameter::getNameAsString).toList().equals(PARAMETERS)
                || !constants.containsKey("AFFINITY_THRESHOLD") || !constants.containsKey("AFFINITY_WEIGHT") || !constants.containsKey("LOAD_WEIGHT")) {
            return null;
        }
        String actual = squeeze(score.getBody().get().toString());
        for (Gate g : Gate.values()) {
            if (g != Gate.NONE && !constants.containsKey("GATE_LIMIT") || g == Gate.NONE && constants.containsKey("GATE_LIMIT")) {
                continue;
            }
            for (Affinity a : Affinity.values()) {
                for (Load l : Load.values()) {
                    if (l.scaled() != constants.containsKey("LOAD_SCALE")) {
                        continue;
                    }
                    RoutingGenome candidate = new RoutingGenome(a, constants.get("AFFINITY_THRESHOLD"), constants.get("AFFINITY_WEIGHT"), g,
                            constants.getOrDefault("GATE_LIMIT", Double.NaN), l, constants.getOrDefault("LOAD_SCALE", Double.NaN),
                            constants.get("LOAD_WEIGHT"));
                    if (squeeze(candidate.body()).equals(actual)
                            && candidate.constants().keySet().equals(constants.keySet())) {
                        return candidate;
                    }
                }
            }
        }
        return null;
    }

    private static String squeeze(String code) {
        return code.replaceAll("\\s+", "");
    }

    private static Double number(Expression e) {
        if (e instanceof DoubleLiteralExpr d) {
            return d.asDouble();
        }
        if (e instanceof UnaryExpr u && u.getOperator() == UnaryExpr.Operator.MINUS && u.getExpression() instanceof DoubleLiteralExpr d) {
            return -d.asDouble();
        }
        return null;
    }

    RoutingGenome withAffinity(Affinity a) {
        return new RoutingGenome(a, threshold, affinityWeight, gate, gateLimit, load, loadScale, loadWeight);
    }

    RoutingGenome withThreshold(double t) {
        return new RoutingGenome(affinity, t, affinityWeight, gate, gateLimit, load, loadScale, loadWeight);
    }

    RoutingGenome withWeights(double affinityW, double loadW) {
        return new RoutingGenome(affinity, threshold, affinityW, gate, gateLimit, load, loadScale, loadW);
    }

    RoutingGenome withGate(Gate g, double limit) {
        return new RoutingGenome(affinity, threshold, affinityWeight, g, g == Gate.NONE ? Double.NaN : limit, load, loadScale, loadWeight);
    }

    RoutingGenome withLoad(Load l, double scale) {
        return new RoutingGenome(affinity, threshold, affinityWeight, gate, gateLimit, l, l.scaled() ? scale : Double.NaN, loadWeight);
    }

    /** A double literal as a source writes it: at most four significant decimals, always with a point. */
    static String literal(double v) {
        String s = v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%.1f", v)
                : String.format(Locale.ROOT, "%.4g", v).replaceAll("(\\.\\d*?)0+$", "$1").replaceAll("\\.$", ".0");
        if (s.contains("e")) {
            s = String.format(Locale.ROOT, "%.4f", v).replaceAll("0+$", "").replaceAll("\\.$", ".0");
        }
        return s;
    }

    static String fmt(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%,d", (long) v) : literal(v);
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.0f %%", share * 100);
    }
}
