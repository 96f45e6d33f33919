package io.nous.plug.toy;

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

/** A problem class over the toy plug point: gates searched by one operator that moves their threshold. */
public final class ToyGateProblem implements Problem {
    static final String ID = "toy-gate";
    private static final Pattern THRESHOLD = Pattern.compile("double THRESHOLD = ([0-9.]+);");

    /** A gate that holds the sheddable bands from {@code threshold} up. */
    static String source(String className, double threshold) {
        return String.format(Locale.ROOT, """
                import io.nous.plug.toy.ToyGate;

                /** Holds the sheddable bands from a fixed saturation up. */
                public final class %s implements ToyGate {
                    private static final double THRESHOLD = %s;

                    @Override
                    public boolean holdSheddable(double saturation) {
                        return saturation >= THRESHOLD;
                    }
                }
                """, className, String.format(Locale.ROOT, "%.2f", threshold));
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<PlugPoint<?>> kinds() {
        return List.of(ToyGatePlugPoint.TOY_GATE);
    }

    @Override
    public String defaultMatrix() {
        try {
            return Path.of(ToyGateProblem.class.getResource("/io/nous/discover/toy/toy-matrix.yaml").toURI()).toString();
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
        return 4;
    }

    @Override
    public List<String> defaultSeeds() {
        return List.of("never", "at-0.8");
    }

    @Override
    public String seedProblem(String ref) {
        return ref.equals("never") || ref.equals("at-0.8") ? null : "the toy gate's seeds are never and at-0.8, got '" + ref + "'";
    }

    @Override
    public String seedSource(String ref) {
        return ref.equals("never") ? source("Never", 99.0) : source("AtEight", 0.8);
    }

    @Override
    public String seedDescription(String ref) {
        return ref.equals("never") ? "never holds" : "holds sheddable requests from saturation 0.8";
    }

    private static PolicyUnderTest staticLimit() {
        return PolicyUnderTest.builtin("static-usage-limit", PolicyIdentity.builtin("static-usage-limit"), "static-usage-limit", null,
                Deployment.FLOW_CONTROL);
    }

    @Override
    public PolicyUnderTest baseline() {
        return staticLimit();
    }

    @Override
    public PolicyUnderTest candidate(Sandbox sandbox, String id, Compiled c) {
        return sandbox.deploy(id, staticLimit(), ToyGatePlugPoint.TOY_GATE, c.part(0), c.sources().get(0), id + ".java");
    }

    @Override
    public String upstream() {
        return "static-usage-limit";
    }

    @Override
    public PolicyUnderTest upstreamUnderTest() {
        return staticLimit();
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
        return "a toy gate";
    }

    @Override
    public String baselineDescription() {
        return "the static baseline (every ceiling 1.0)";
    }

    @Override
    public List<String> deploymentRisks() {
        return List.of("A toy: a plug point of the test tree, not of the router.");
    }

    @Override
    public String evaluateFlags(String file) {
        return null;
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
                return move(parent.source(), rng);
            }

            @Override
            public Mutations.Result fallback(Evaluated base, RandomGenerator rng, double minGate) {
                return move(base.source(), rng);
            }
        };
    }

    /** The one operator: the threshold moved to a saturation in [0.5, 1.2). */
    static Mutations.Result move(String source, RandomGenerator rng) {
        Matcher m = THRESHOLD.matcher(source);
        if (!m.find()) {
            return null;
        }
        double before = Double.parseDouble(m.group(1));
        double after = Math.round((0.5 + 0.7 * rng.nextDouble()) * 100) / 100.0;
        String changed = m.replaceFirst("double THRESHOLD = " + String.format(Locale.ROOT, "%.2f", after) + ";");
        return new Mutations.Result(changed, "move-threshold", String.format(Locale.ROOT, "threshold %.2f -> %.2f", before, after), Double.NaN);
    }
}
