package io.nous.discover;

import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.JointSource;
import io.nous.discover.evolve.SearchSpace;
import io.nous.discover.evolve.SearchSpaces;
import io.nous.evaluator.run.Deployment;
import io.nous.evaluator.run.PolicyIdentity;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.policy.PolicyRegistry;
import io.nous.sandbox.Sandbox;
import io.nous.sim.spi.PlugPoint;
import java.util.ArrayList;
import java.util.List;

/**
 * Admission and flow control at once: a candidate is one class implementing both SPIs, which the
 * router runs as two plugins (a usage-limit policy and an admitter, see {@link JointSource}),
 * deployed together with flow control on, compared with today's router (static-usage-limit, no
 * admitter) and with the two upstream policies together.
 */
final class JointProblem implements Problem {
    @Override
    public SearchSpace search() {
        return SearchSpaces.JOINT;
    }

    /** The two upstream policies together. */
    static final String UPSTREAM = "soft-reflective-ceiling+probabilistic-admitter";

    @Override
    public String id() {
        return Problems.JOINT;
    }

    @Override
    public List<PlugPoint<?>> kinds() {
        return List.of(PlugPoint.USAGE_LIMIT, PlugPoint.ADMISSION);
    }

    @Override
    public String defaultMatrix() {
        return "joint";
    }

    @Override
    public String defaultObjective() {
        return "critical-ttft-shed";
    }

    @Override
    public List<String> defaultSeeds() {
        return List.of("static-usage-limit+legacy-threshold", "soft-reflective-ceiling+legacy-threshold");
    }

    /** A seed is a pair {@code USAGE-LIMIT+ADMITTER} of built-in policies. */
    @Override
    public String seedProblem(String ref) {
        String[] pair = ref.split("\\+", -1);
        if (pair.length != 2) {
            return "a joint seed is a pair USAGE-LIMIT+ADMITTER of built-in policies, got '" + ref + "'";
        }
        String why = Problems.builtinOfKind(pair[0], PlugPoint.USAGE_LIMIT, "usage-limit");
        return why != null ? why : Problems.builtinOfKind(pair[1], PlugPoint.ADMISSION, "admission");
    }

    @Override
    public String seedSource(String ref) {
        String[] pair = ref.split("\\+");
        return JointSource.merge(PolicyRegistry.builtin().source(pair[0]), PolicyRegistry.builtin().source(pair[1]), "Joint");
    }

    @Override
    public String seedDescription(String ref) {
        String[] pair = ref.split("\\+");
        return "The usage-limit policy " + pair[0] + " and the admitter " + pair[1] + " together. "
                + PolicyRegistry.builtin().template(pair[0]).description() + " " + PolicyRegistry.builtin().template(pair[1]).description();
    }

    @Override
    public PolicyUnderTest baseline() {
        return Problems.builtinUsageLimit("static-usage-limit");
    }

    @Override
    public Compiled compile(String source) {
        String why = JointSource.problem(source);
        if (why != null) {
            return Compiled.rejected(List.of("candidate.java: " + why));
        }
        JointSource.Halves h = JointSource.split(source);
        List<String> sources = List.of(h.usageLimit(), h.admitter());
        List<String> origins = List.of("candidate.limit.java", "candidate.admitter.java");
        List<CheckResult> parts = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            CheckResult r = Candidates.compileOnly(sources.get(i), origins.get(i));
            parts.add(r);
            problems.addAll(r.problems());
            if (r.accepted() && r.kind() != kinds().get(i)) {
                problems.add(origins.get(i) + ": the half with " + entryMethods().get(i) + " must implement " + kinds().get(i).spi().getSimpleName());
            }
        }
        return problems.isEmpty() ? new Compiled(List.copyOf(parts), sources, origins, List.of(),
                parts.get(0).canonicalHash() + "+" + parts.get(1).canonicalHash()) : Compiled.rejected(problems);
    }

    /** Behaviour: where the usage-limit half first gates, and where the admitter first refuses half. */
    @Override
    public Exercised exercise(Sandbox sandbox, Compiled c, List<int[]> probePriorities) {
        List<String> problems = new ArrayList<>();
        double[] behaviour = new double[2];
        StringBuilder fingerprint = new StringBuilder();
        double[][] signatures = new double[2][];
        for (int i = 0; i < 2; i++) {
            Sandbox.Checked x = sandbox.exercise(c.part(i), c.sources().get(i), c.origins().get(i), true, probePriorities);
            problems.addAll(x.problems());
            behaviour[i] = x.behaviour() == null ? Double.NaN : x.behaviour()[0];
            fingerprint.append(i == 0 ? "" : "+").append(x.fingerprint());
            signatures[i] = x.signature();
        }
        boolean taken = probePriorities != null && problems.isEmpty() && signatures[0] != null && signatures[1] != null;
        double[] signature = null;
        if (taken) {
            // the two halves side by side: near only when both halves are
            signature = java.util.Arrays.copyOf(signatures[0], signatures[0].length + signatures[1].length);
            System.arraycopy(signatures[1], 0, signature, signatures[0].length, signatures[1].length);
        }
        return new Exercised(List.copyOf(problems), problems.isEmpty() ? behaviour : null,
                probePriorities == null || !problems.isEmpty() ? null : fingerprint.toString(), signature);
    }

    @Override
    public PolicyUnderTest candidate(Sandbox sandbox, String id, Compiled c) {
        return sandbox.joint(id, c.part(0), c.sources().get(0), c.part(1), c.sources().get(1));
    }

    @Override
    public String upstream() {
        return UPSTREAM;
    }

    @Override
    public String upstreamSource() {
        return seedSource(UPSTREAM);
    }

    @Override
    public PolicyUnderTest upstreamUnderTest() {
        return PolicyUnderTest.builtin(UPSTREAM,
                PolicyIdentity.builtin("soft-reflective-ceiling").plus(PolicyIdentity.builtin("probabilistic-admitter")),
                "soft-reflective-ceiling", "probabilistic-admitter", Deployment.FLOW_CONTROL);
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
        return "a joint policy (a usage-limit policy and an admitter deployed together)";
    }

    @Override
    public String baselineDescription() {
        return "today's router (static-usage-limit with flow control on, no admitter)";
    }

    @Override
    public List<String> deploymentRisks() {
        return List.of("Its two halves were measured together, flow control on and the admitter in front of it; either alone is untested,"
                + " so deploy both (the export's epp-config.yaml enables them together).");
    }

    /** evaluate takes a usage-limit policy and an admitter as separate files, and a joint candidate is one. */
    @Override
    public String evaluateFlags(String file) {
        return null;
    }

    @Override
    public List<String> exportDirectories() {
        return List.of("limit", "admitter");
    }

    /** The distiller's rules read a usage-limit policy's behaviour; a joint candidate's shedding confounds them. */
    @Override
    public boolean distilsPrinciples() {
        return false;
    }

    @Override
    public String promptContract() {
        return "joint-contract.md";
    }

    @Override
    public String promptObjective() {
        return "joint-objective.md";
    }
}
