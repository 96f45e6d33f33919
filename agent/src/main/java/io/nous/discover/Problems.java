package io.nous.discover;

import io.nous.codegen.CandidateKind;
import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.JointSource;
import io.nous.discover.evolve.SearchSpace;
import io.nous.discover.evolve.SearchSpaces;
import io.nous.evaluator.run.Deployment;
import io.nous.evaluator.run.PolicyIdentity;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.policy.PolicyKind;
import io.nous.policy.PolicyRegistry;
import io.nous.sandbox.Sandbox;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/** The problem classes discovery searches, by name. */
public final class Problems {
    public static final String FLOW_CONTROL = "flow-control";
    public static final String ADMISSION = "admission";
    public static final String JOINT = "joint";

    private static final Map<String, Problem> BY_ID = new LinkedHashMap<>();

    static {
        register(new FlowControl());
        register(new Admission());
        register(new Joint());
        // classes from elsewhere on the class path (a plugin jar, a test tree), by id so the order is stable
        List<Problem> found = new ArrayList<>();
        ServiceLoader.load(Problem.class).forEach(found::add);
        found.sort(Comparator.comparing(Problem::id));
        for (Problem p : found) {
            if (BY_ID.containsKey(p.id())) {
                throw new IllegalStateException("problem class '" + p.id() + "' is registered twice (" + p.getClass().getName() + ")");
            }
            register(p);
        }
    }

    private Problems() {
    }

    private static void register(Problem p) {
        BY_ID.put(p.id(), p);
    }

    /** The problem class of that name. */
    public static Problem byId(String id) {
        Problem p = BY_ID.get(id);
        if (p == null) {
            throw new IllegalArgumentException("unknown problem '" + id + "'; known: " + String.join(", ", BY_ID.keySet()));
        }
        return p;
    }

    public static List<String> ids() {
        return List.copyOf(BY_ID.keySet());
    }

    /** Why {@code ref} is not a built-in policy of that kind named without parameters, or null. */
    private static String builtinOfKind(String ref, PolicyKind kind, String what) {
        if (ref.contains(":")) {
            return "seed policies are named without parameters, got '" + ref + "'";
        }
        try {
            return PolicyRegistry.builtin().template(ref).kind() == kind ? null : "'" + ref + "' is not " + article(what) + what + " policy";
        } catch (RuntimeException e) {
            return e.getMessage();
        }
    }

    private static String article(String word) {
        return "aeiou".indexOf(word.charAt(0)) >= 0 ? "an " : "a ";
    }

    private static PolicyUnderTest builtinUsageLimit(String ref) {
        return PolicyUnderTest.builtin(ref, PolicyIdentity.builtin(ref), ref, null, Deployment.FLOW_CONTROL);
    }

    /**
     * Flow control: a usage-limit policy computes one ceiling per priority band each dispatch cycle,
     * compared with the router's static-usage-limit (ceiling 1 for every band).
     */
    static final class FlowControl implements Problem {
        @Override
        public SearchSpace search() {
            return SearchSpaces.USAGE_LIMIT;
        }

        @Override
        public String id() {
            return FLOW_CONTROL;
        }

        @Override
        public List<CandidateKind> kinds() {
            return List.of(CandidateKind.USAGE_LIMIT);
        }

        @Override
        public String seedProblem(String ref) {
            return builtinOfKind(ref, PolicyKind.USAGE_LIMIT, "usage-limit");
        }

        @Override
        public String defaultMatrix() {
            return "default";
        }

        @Override
        public String defaultObjective() {
            return "critical-ttft";
        }

        @Override
        public List<String> defaultSeeds() {
            return List.of("static-usage-limit", "soft-reflective-ceiling");
        }

        @Override
        public PolicyUnderTest baseline() {
            return builtinUsageLimit("static-usage-limit");
        }

        @Override
        public PolicyUnderTest candidate(Sandbox sandbox, String id, Compiled c) {
            return sandbox.usageLimit(id, c.part(0), c.sources().get(0), id + ".java");
        }

        @Override
        public String upstream() {
            return "soft-reflective-ceiling";
        }

        @Override
        public PolicyUnderTest upstreamUnderTest() {
            return builtinUsageLimit(upstream());
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
            return "a usage-limit policy";
        }

        @Override
        public String baselineDescription() {
            return "the static baseline (every ceiling 1.0)";
        }

        @Override
        public List<String> deploymentRisks() {
            return List.of();
        }

        @Override
        public String evaluateFlags(String file) {
            return "--policy " + file;
        }

        @Override
        public List<String> exportDirectories() {
            return List.of("");
        }

        @Override
        public boolean distilsPrinciples() {
            return true;
        }

        @Override
        public String promptContract() {
            return "contract.md";
        }

        @Override
        public String promptObjective() {
            return "objective.md";
        }
    }

    /**
     * Admission: an admitter decides per request, before scheduling, from its priority, the pool's
     * saturation and one uniform draw. Deployed as the admission study deployed it — flow control
     * off, the admitter the only thing that sheds — and compared with the router's legacy path
     * (sheddable requests refused at saturation 1).
     */
    static final class Admission implements Problem {
        @Override
        public SearchSpace search() {
            return SearchSpaces.ADMISSION;
        }

        @Override
        public String id() {
            return ADMISSION;
        }

        @Override
        public List<CandidateKind> kinds() {
            return List.of(CandidateKind.ADMISSION);
        }

        @Override
        public String seedProblem(String ref) {
            return builtinOfKind(ref, PolicyKind.ADMISSION, "admission");
        }

        @Override
        public String defaultMatrix() {
            return "admission";
        }

        /** Critical TTFT p99, with sheddable rejections beyond the legacy path's allowed within a budget. */
        @Override
        public String defaultObjective() {
            return "critical-ttft-shed";
        }

        /**
         * Twice flow control's: from the legacy rule an admitter that holds on validation is five
         * structural steps away (a ramp, the average over 512 calls, the separated terms, an onset
         * far lower on the queue term, then its constants), each of which the search split alone
         * barely rewards. With 150 proposals seeds 1-3 reached 0.69, 0.91 and 0.77 of
         * probabilistic-admitter's gain; with 300, 0.98, 0.91+ and 0.98 (docs/discovery.md).
         */
        @Override
        public int defaultBudget() {
            return 300;
        }

        @Override
        public List<String> defaultSeeds() {
            return List.of("legacy-threshold");
        }

        @Override
        public PolicyUnderTest baseline() {
            return PolicyUnderTest.builtin("static-usage-limit + legacy admission",
                    PolicyIdentity.builtin("static-usage-limit").in(Deployment.LEGACY_SHEDDING), "static-usage-limit", null,
                    Deployment.LEGACY_SHEDDING);
        }

        @Override
        public PolicyUnderTest candidate(Sandbox sandbox, String id, Compiled c) {
            return sandbox.admission(id, c.part(0), c.sources().get(0), id + ".java");
        }

        @Override
        public String upstream() {
            return "probabilistic-admitter";
        }

        @Override
        public PolicyUnderTest upstreamUnderTest() {
            String ref = upstream();
            return PolicyUnderTest.builtin(ref + " (flow control off)",
                    PolicyIdentity.builtin("static-usage-limit").in(Deployment.DIRECT).plus(PolicyIdentity.builtin(ref)),
                    "static-usage-limit", ref, Deployment.DIRECT);
        }

        @Override
        public String baselineName() {
            return "legacy";
        }

        @Override
        public String baselinePolicy() {
            return "legacy-threshold";
        }

        @Override
        public String noun() {
            return "an admitter";
        }

        @Override
        public String baselineDescription() {
            return "the legacy path (sheddable requests refused at saturation 1)";
        }

        @Override
        public List<String> deploymentRisks() {
            return List.of("It was evaluated with flow control off, the admitter the only thing that sheds (the admission study's deployment);"
                    + " with flow control on, the usage-limit policy sheds too and the two interact.");
        }

        @Override
        public String evaluateFlags(String file) {
            return "--policy static-usage-limit --admission direct:" + file + " --baseline-admission legacy";
        }

        @Override
        public List<String> exportDirectories() {
            return List.of("");
        }

        /** An admitter that refuses early and harms under capacity shows nothing general (a smoothed one refuses from 0.3 without harm). */
        @Override
        public boolean distilsPrinciples() {
            return false;
        }

        @Override
        public String promptContract() {
            return "admission-contract.md";
        }

        @Override
        public String promptObjective() {
            return "admission-objective.md";
        }
    }

    /**
     * Admission and flow control at once: a candidate is one class implementing both SPIs, which the
     * router runs as two plugins (a usage-limit policy and an admitter, see {@link JointSource}),
     * deployed together with flow control on, compared with today's router (static-usage-limit, no
     * admitter) and with the two upstream policies together.
     */
    static final class Joint implements Problem {
        @Override
        public SearchSpace search() {
            return SearchSpaces.JOINT;
        }

        /** The two upstream policies together. */
        static final String UPSTREAM = "soft-reflective-ceiling+probabilistic-admitter";

        @Override
        public String id() {
            return JOINT;
        }

        @Override
        public List<CandidateKind> kinds() {
            return List.of(CandidateKind.USAGE_LIMIT, CandidateKind.ADMISSION);
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
            String why = builtinOfKind(pair[0], PolicyKind.USAGE_LIMIT, "usage-limit");
            return why != null ? why : builtinOfKind(pair[1], PolicyKind.ADMISSION, "admission");
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
            return builtinUsageLimit("static-usage-limit");
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
            List<CheckResult> parts = new java.util.ArrayList<>();
            List<String> problems = new java.util.ArrayList<>();
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
            List<String> problems = new java.util.ArrayList<>();
            double[] behaviour = new double[2];
            StringBuilder fingerprint = new StringBuilder();
            for (int i = 0; i < 2; i++) {
                Sandbox.Checked x = sandbox.exercise(c.part(i), c.sources().get(i), c.origins().get(i), true, probePriorities);
                problems.addAll(x.problems());
                behaviour[i] = x.behaviour() == null ? Double.NaN : x.behaviour()[0];
                fingerprint.append(i == 0 ? "" : "+").append(x.fingerprint());
            }
            return new Exercised(List.copyOf(problems), problems.isEmpty() ? behaviour : null,
                    probePriorities == null || !problems.isEmpty() ? null : fingerprint.toString());
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
}
