package io.nous.codegen.golang.plugin;

import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoldenVectors;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A translated usage-limit policy as a flow-control plugin package for the router's
 * {@code UsageLimitPolicy} ({@code pkg/epp/framework/interface/flowcontrol}): {@code policy.go},
 * {@code policy_test.go} with the golden vectors, the equivalence test, a README and a sample config,
 * from the templates in {@code usage-limit/}.
 */
public final class UsageLimitPackage extends PluginPackage {
    private static final String T = "usage-limit";
    /** How usage-limit policies are laid out and registered. */
    public static final PluginLayout LAYOUT = new PluginLayout("policy", T,
            List.of(new PluginLayout.PackageFile("pkg/epp/framework/interface/flowcontrol/plugins.go", T + "/stub-flowcontrol.go.mustache")),
            PluginLayout.packageFiles(T, "policy.go", "policy_test.go", PluginLayout.PackageFile.data("epp-config.yaml")),
            "pkg/epp/framework/plugins/flowcontrol/usagelimits/", "PolicyType", "Policy", "usage-limit policy",
            new RunnerGroup(List.of(Pattern.compile("(?i)^\\s*//\\s*flow[ -]?control\\b.*$")), null, "// Flow Control plugins"),
            "flow-control plugins", "an Alpha usage-limit policy for flow control", "shed-early");

    private final GoTranslator.GoCode code;
    private final List<GoldenVectors.Case> vectors;
    private final EquivalenceProof.Proof proof;

    /**
     * @param name    the policy's name in kebab case; the plugin type is {@code <name>-policy}
     * @param proof   the call sequences and Java's digests the package's equivalence test replays
     * @param summary one paragraph for the package doc and README: what the policy does and why
     */
    public UsageLimitPackage(String name, String javaSource, GoTranslator.GoCode code, List<GoldenVectors.Case> vectors,
                             EquivalenceProof.Proof proof, String summary) {
        super(LAYOUT, name, javaSource, summary);
        this.code = code;
        this.vectors = vectors;
        this.proof = proof;
    }

    @Override
    protected Map<String, Object> values() {
        Map<String, Object> v = translated(code, "Counts dispatch cycles; shared by all bands so gated bands open together.", false);
        v.put("docNoun", "usage-limit policy");
        v.put("testFile", "policy_test.go");
        v.put("replayed", "computed");
        List<String> names = code.entryParameters();
        v.put("p0", names.get(0));
        v.put("p1", names.get(1));
        v.put("p2", names.get(2));
        v.put("maxBands", GoldenVectors.MAX_BANDS);
        v.put("rampSteps", GoldenVectors.RAMP_STEPS);
        v.put("equivalenceImports", List.of("context"));
        v.put("valueWhat", "a ceiling");
        v.put("goldenCases", vectors.size());
        v.putAll(proved(proof));
        return v;
    }

    @Override
    protected Map<String, String> data() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put(GOLDEN, goldenJson(vectors));
        d.put(EQUIVALENCE, proof.json());
        d.put("epp-config.yaml", EppConfig.yaml(pluginType(), null));
        return d;
    }

    /** The golden vectors as the test's fixture: one case per line, each value as Java printed it (it parses to the same double). */
    static String goldenJson(List<GoldenVectors.Case> vectors) {
        StringBuilder sb = new StringBuilder("[\n");
        for (int n = 0; n < vectors.size(); n++) {
            GoldenVectors.Case c = vectors.get(n);
            sb.append("  {\"name\": \"").append(c.name()).append("\", \"bands\": ").append(c.bands()).append(", \"saturation\": ")
                    .append(Double.toString(c.saturation())).append(", \"want\": [");
            for (int k = 0; k < c.want().size(); k++) {
                sb.append(k > 0 ? ", " : "").append('[');
                double[] w = c.want().get(k);
                for (int i = 0; i < w.length; i++) {
                    sb.append(i > 0 ? ", " : "").append(Double.toString(w[i]));
                }
                sb.append(']');
            }
            sb.append("]}").append(n < vectors.size() - 1 ? "," : "").append('\n');
        }
        return sb.append("]\n").toString();
    }
}
