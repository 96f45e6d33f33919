package io.nous.codegen.golang.plugin;

import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.ScalingProof;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A translated scaling policy as a Go package for the autoscaler beside the router (llm-d's
 * workload-variant-autoscaler, a KEDA external scaler, or a controller of one's own): a documented
 * {@code Policy.DesiredPods(Signals)} that keeps the policy's state between decisions, its golden
 * sequences and equivalence proof, and {@code autoscaler.yaml}, the interval, bounds, stabilization
 * windows and metric queries the simulated autoscaler used around it. It is not a router plugin: an
 * export does not place it in a router checkout. The Go is in the templates of {@code scaling/}.
 */
public final class ScalingPackage extends PluginPackage {
    private static final String T = "scaling";
    /** How scaling policies are laid out (no router registration: the autoscaler is not the router). */
    public static final PluginLayout LAYOUT = new PluginLayout("scaling", T, List.of(),
            PluginLayout.packageFiles(T, "scaling.go", "scaling_test.go", PluginLayout.PackageFile.data("autoscaler.yaml")),
            "autoscaler/", "PolicyName", "Scaling", "scaling policy", new RunnerGroup(List.of(), null, ""),
            "the autoscaler's scaling policies", "a scaling policy for the autoscaler beside the router", "queue-aware");
    /** The Go types of {@code desiredPods}'s parameters, in order. */
    private static final List<String> GO_TYPES = List.of("int64", "int32", "int32", "float64", "float64", "int32", "int32", "int32",
            "[]int64");

    private final GoTranslator.GoCode code;
    private final List<List<ScalingProof.Step>> golden;
    private final EquivalenceProof.Proof proof;

    /**
     * @param name    the policy's name in kebab case; the package is named after it
     * @param golden  the sequences of decisions the package's test replays through {@code DesiredPods}
     * @param proof   the call sequences and Java's digests the package's equivalence test replays
     * @param summary one paragraph for the package doc and README: what the policy does and why
     */
    public ScalingPackage(String name, String javaSource, GoTranslator.GoCode code, List<List<ScalingProof.Step>> golden,
                          EquivalenceProof.Proof proof, String summary) {
        super(LAYOUT, name, javaSource, summary);
        if (code.entryParameters().size() != GO_TYPES.size()) {
            throw new IllegalArgumentException("not a scaling policy translation");
        }
        this.code = code;
        this.golden = List.copyOf(golden);
        this.proof = proof;
    }

    @Override
    public boolean inRouter() {
        return false;
    }

    @Override
    protected Map<String, Object> values() {
        Map<String, Object> v = translated(code, "Counts decisions.", false);
        TreeSet<String> imports = new TreeSet<>(code.imports());
        if (code.counterField() != null) {
            imports.add("sync/atomic");
        }
        v.put("imports", List.copyOf(imports));
        v.put("hasImports", !imports.isEmpty());
        v.put("docNoun", "scaling policy");
        v.put("testFile", "scaling_test.go");
        v.put("replayed", "decided");
        v.put("desiredParameters", RoutingPackage.grouped(code.entryParameters(), GO_TYPES));
        v.put("goldenSequences", golden.size());
        v.put("goldenSteps", golden.stream().mapToInt(List::size).sum());
        v.putAll(proved(proof));
        return v;
    }

    @Override
    protected Map<String, String> data() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put(GOLDEN, ScalingProof.goldenJson(golden));
        d.put(EQUIVALENCE, proof.json());
        d.put("autoscaler.yaml", GoTemplates.render(T + "/autoscaler.yaml.mustache", Map.of("pluginType", pluginType())));
        return d;
    }
}
