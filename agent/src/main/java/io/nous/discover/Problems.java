package io.nous.discover;

import io.nous.codegen.CandidateKind;
import io.nous.codegen.CheckResult;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.policy.PolicyRegistry;
import io.nous.sandbox.Sandbox;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The problem classes discovery searches, by name. */
public final class Problems {
    public static final String FLOW_CONTROL = "flow-control";
    public static final String ADMISSION = "admission";

    private static final Map<String, Problem> BY_ID = new LinkedHashMap<>();

    static {
        register(new FlowControl());
        register(new Admission());
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

    private static PolicyUnderTest builtinUsageLimit(String ref) {
        return PolicyUnderTest.of(ref, "builtin:" + ref, () -> PolicyRegistry.builtin().usageLimit(ref));
    }

    /**
     * Flow control: a usage-limit policy computes one ceiling per priority band each dispatch cycle,
     * compared with the router's static-usage-limit (ceiling 1 for every band).
     */
    static final class FlowControl implements Problem {
        @Override
        public String id() {
            return FLOW_CONTROL;
        }

        @Override
        public CandidateKind kind() {
            return CandidateKind.USAGE_LIMIT;
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
        public PolicyUnderTest candidate(Sandbox sandbox, String id, CheckResult compiled, String source) {
            return sandbox.usageLimit(id, compiled, source, id + ".java");
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
        public String id() {
            return ADMISSION;
        }

        @Override
        public CandidateKind kind() {
            return CandidateKind.ADMISSION;
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

        @Override
        public List<String> defaultSeeds() {
            return List.of("legacy-threshold");
        }

        @Override
        public PolicyUnderTest baseline() {
            return new PolicyUnderTest("static-usage-limit + legacy admission", "builtin:static-usage-limit+legacy",
                    () -> PolicyRegistry.builtin().usageLimit("static-usage-limit"), null, false, true);
        }

        @Override
        public PolicyUnderTest candidate(Sandbox sandbox, String id, CheckResult compiled, String source) {
            return sandbox.admission(id, compiled, source, id + ".java");
        }

        @Override
        public String upstream() {
            return "probabilistic-admitter";
        }

        @Override
        public PolicyUnderTest upstreamUnderTest() {
            String ref = upstream();
            return new PolicyUnderTest(ref + " (flow control off)", "builtin:static-usage-limit+direct+builtin:" + ref,
                    () -> PolicyRegistry.builtin().usageLimit("static-usage-limit"), () -> PolicyRegistry.builtin().admission(ref), false, false);
        }

        @Override
        public String baselineName() {
            return "legacy";
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
}
