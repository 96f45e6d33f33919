package io.nous.discover.toy;

import io.nous.discover.Compiled;
import io.nous.discover.Evaluated;
import io.nous.discover.Problem;
import io.nous.discover.evolve.Mutations;
import io.nous.discover.evolve.SearchSpace;
import io.nous.evaluator.run.Deployment;
import io.nous.evaluator.run.PolicyIdentity;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.sandbox.Sandbox;
import io.nous.sim.spi.PlugPoint;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * A problem class that exists only in the test tree, to prove that a class is one package and one
 * registration ({@code META-INF/services/io.nous.discover.Problem}): it searches usage-limit
 * policies of one shape only, a fixed ceiling for every band below the first, and its one operator
 * scales that ceiling. Everything else (seeds, matrix, baseline, deployment, upstream policy, search
 * space, prompts) it declares here.
 */
public final class CeilingToyProblem implements Problem {
    static final String ID = "toy-ceiling";
    private static final Pattern CEILING = Pattern.compile("double LOWER = ([0-9.]+);");

    /** A candidate of this class: the first band always open, every other band at {@code ceiling}. */
    static String source(String className, double ceiling) {
        return String.format(Locale.ROOT, """
                import io.nous.sim.spi.UsageLimitPolicy;

                /** Every band below the first at a fixed ceiling. */
                public final class %s implements UsageLimitPolicy {
                    private static final double LOWER = %s;

                    @Override
                    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
                        for (int i = 1; i < ceilings.length; i++) {
                            ceilings[i] = LOWER;
                        }
                    }
                }
                """, className, String.format(Locale.ROOT, "%.2f", ceiling));
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<PlugPoint<?>> kinds() {
        return List.of(PlugPoint.USAGE_LIMIT);
    }

    @Override
    public String defaultMatrix() {
        try {
            return Path.of(CeilingToyProblem.class.getResource("toy-matrix.yaml").toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String defaultObjective() {
        return "critical-ttft";
    }

    @Override
    public int defaultBudget() {
        return 6;
    }

    @Override
    public List<String> defaultSeeds() {
        return List.of("half", "closed");
    }

    @Override
    public String seedProblem(String ref) {
        return ref.equals("half") || ref.equals("closed") || ref.equals("broken") ? null
                : "the toy's seeds are half, closed and broken, got '" + ref + "'";
    }

    /** {@code broken} is a seed that does not compile, for the run that has nothing to search from. */
    @Override
    public String seedSource(String ref) {
        if (ref.equals("broken")) {
            return "public final class Broken implements UsageLimitPolicy { oops }";
        }
        return source(ref.equals("half") ? "Half" : "Closed", ref.equals("half") ? 0.5 : 0.0);
    }

    @Override
    public String seedDescription(String ref) {
        return "every band below the first at " + (ref.equals("half") ? "half" : "zero");
    }

    @Override
    public PolicyUnderTest baseline() {
        return PolicyUnderTest.builtin("static-usage-limit", PolicyIdentity.builtin("static-usage-limit"), "static-usage-limit", null,
                Deployment.FLOW_CONTROL);
    }

    @Override
    public PolicyUnderTest candidate(Sandbox sandbox, String id, Compiled c) {
        return sandbox.usageLimit(id, c.part(0), c.sources().get(0), id + ".java");
    }

    @Override
    public String upstream() {
        return "static-usage-limit";
    }

    @Override
    public PolicyUnderTest upstreamUnderTest() {
        return baseline();
    }

    @Override
    public String baselineName() {
        return "static-usage-limit";
    }

    @Override
    public String baselinePolicy() {
        return "static-usage-limit";
    }

    @Override
    public String noun() {
        return "a toy ceiling policy";
    }

    @Override
    public String baselineDescription() {
        return "the static baseline (every ceiling 1.0)";
    }

    @Override
    public List<String> deploymentRisks() {
        return List.of("A toy: measured on a one-scenario matrix for a test, not for any deployment.");
    }

    @Override
    public String evaluateFlags(String file) {
        return "--policy " + file;
    }

    @Override
    public boolean distilsPrinciples() {
        return false;
    }

    @Override
    public String promptContract() {
        return "contract.md";
    }

    @Override
    public String promptObjective() {
        return "objective.md";
    }

    @Override
    public SearchSpace search() {
        return new SearchSpace() {
            @Override
            public Mutations.Result vary(Evaluated parent, Elites elites, RandomGenerator rng, double minGate, List<String> parents) {
                return scale(parent.source(), rng);
            }

            @Override
            public Mutations.Result fallback(Evaluated base, RandomGenerator rng, double minGate) {
                return scale(base.source(), rng);
            }
        };
    }

    /** The one operator: the lower bands' ceiling times a factor in [0.5, 1.5), kept in [0, 1]. */
    static Mutations.Result scale(String source, RandomGenerator rng) {
        Matcher m = CEILING.matcher(source);
        if (!m.find()) {
            return null;
        }
        double before = Double.parseDouble(m.group(1));
        double after = Math.min(1.0, Math.max(0.0, Math.round((before == 0 ? 0.1 : before) * (0.5 + rng.nextDouble()) * 100) / 100.0));
        String changed = m.replaceFirst("double LOWER = " + String.format(Locale.ROOT, "%.2f", after) + ";");
        return new Mutations.Result(changed, "scale-ceiling", String.format(Locale.ROOT, "the lower bands' ceiling %.2f -> %.2f", before, after),
                Double.NaN);
    }
}
