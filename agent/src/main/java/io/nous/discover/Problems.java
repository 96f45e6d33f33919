package io.nous.discover;

import io.nous.evaluator.run.Deployment;
import io.nous.evaluator.run.PolicyIdentity;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.PlugPoint;
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
    public static final String ROUTING = "routing";
    public static final String SATURATION = "saturation";
    public static final String JOINT_DETECTOR = "joint-detector";
    public static final String ORDERING = "ordering";
    public static final String EVICTION = "eviction";
    public static final String FAIRNESS = "fairness";
    public static final String AUTOSCALING = "autoscaling";
    public static final String PD = "pd";
    public static final String JOINT_AUTOSCALING = "joint-autoscaling";

    private static final Map<String, Problem> BY_ID = new LinkedHashMap<>();

    static {
        register(new FlowControlProblem());
        register(new AdmissionProblem());
        register(new JointProblem());
        register(new RoutingProblem());
        register(new SaturationProblem());
        register(new JointDetectorProblem());
        register(new PlugPointProblem(PlugPointProblems.ORDERING));
        register(new PlugPointProblem(PlugPointProblems.EVICTION));
        register(new PlugPointProblem(PlugPointProblems.FAIRNESS));
        register(new PlugPointProblem(PlugPointProblems.AUTOSCALING));
        register(new PlugPointProblem(PlugPointProblems.PD));
        register(new JointAutoscalingProblem());
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

    /**
     * Why {@code ref} is not a built-in policy of that kind, by name and optionally with parameters
     * ({@code light-local-pd:maxLocalUncached=1024}) the template accepts, or null.
     */
    static String builtinOfKind(String ref, PlugPoint<?> kind, String what) {
        try {
            PolicyRegistry registry = PolicyRegistry.builtin();
            if (registry.template(ref).kind() != kind) {
                return "'" + ref + "' is not " + article(what) + what + " policy";
            }
            registry.source(ref);
            return null;
        } catch (RuntimeException e) {
            return e.getMessage();
        }
    }

    private static String article(String word) {
        return "aeiou".indexOf(word.charAt(0)) >= 0 ? "an " : "a ";
    }

    /** A built-in policy at {@code point} under the built-in usage-limit policy {@code usageLimit}, named by the former. */
    static PolicyUnderTest builtinAt(String usageLimit, PlugPoint<?> point, String ref) {
        return builtinAt(usageLimit, point, ref, Deployment.FLOW_CONTROL);
    }

    /** As {@link #builtinAt(String, PlugPoint, String)}, in {@code deployment} (its marker joins the identity). */
    static PolicyUnderTest builtinAt(String usageLimit, PlugPoint<?> point, String ref, Deployment deployment) {
        Map<String, String> refs = new LinkedHashMap<>();
        refs.put(PlugPoint.USAGE_LIMIT.id(), usageLimit);
        refs.put(point.id(), ref);
        return PolicyUnderTest.builtin(ref, PolicyIdentity.builtin(usageLimit).in(deployment).plus(PolicyIdentity.builtin(ref)),
                new PolicyUnderTest.Builtins(refs), deployment);
    }

    static PolicyUnderTest builtinUsageLimit(String ref) {
        return PolicyUnderTest.builtin(ref, PolicyIdentity.builtin(ref), ref, null, Deployment.FLOW_CONTROL);
    }
}
