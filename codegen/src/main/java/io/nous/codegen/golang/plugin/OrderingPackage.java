package io.nous.codegen.golang.plugin;

import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.OrderingProof;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * A translated ordering policy as a flow-control {@code OrderingPolicy} plugin package for the
 * router ({@code pkg/epp/framework/interface/flowcontrol}): its {@code Less} reads of each queue item
 * what the simulator gave the Java (enqueue time, effective TTL, the SLO header, the payload size)
 * and asks the translated {@code less}. The Go is in the templates of {@code ordering/}.
 */
public final class OrderingPackage extends PluginPackage {
    private static final String T = "ordering";
    private static final String FWK = "pkg/epp/framework/";
    /** The usage-limit policy an ordering is measured under and its config names beside it. */
    public static final String USAGE_LIMIT = DetectorPackage.USAGE_LIMIT;
    /** How ordering policies are laid out and registered. */
    public static final PluginLayout LAYOUT = new PluginLayout("ordering", T,
            List.of(new PluginLayout.PackageFile(FWK + "interface/flowcontrol/ordering.go", T + "/stub-flowcontrol.go.mustache"),
                    new PluginLayout.PackageFile(FWK + "interface/scheduling/types.go", T + "/stub-scheduling.go.mustache"),
                    new PluginLayout.PackageFile("pkg/epp/metadata/consts.go", T + "/stub-metadata.go.mustache")),
            PluginLayout.packageFiles(T, "ordering.go", "ordering_test.go", PluginLayout.PackageFile.data("epp-config.yaml")),
            "pkg/epp/framework/plugins/flowcontrol/ordering/", "OrderingType", "Ordering", "ordering policy",
            new RunnerGroup(List.of(Pattern.compile("(?i)^\\s*//.*\\bordering polic(y|ies)\\b.*$")),
                    Pattern.compile("OrderingPolicyType\\b"), "// register ordering policy plugins"),
            "ordering policies", "an Alpha ordering policy for flow control (which queued request of a flow dispatches first)",
            "slo-first");
    /** The Go types of {@code less}'s parameters, in order. */
    private static final List<String> GO_TYPES = List.of("int64", "int64", "int64", "int64", "int64", "int64", "int64", "int64");

    private final GoTranslator.GoCode code;
    private final List<OrderingProof.GoldenCase> golden;
    private final EquivalenceProof.Proof proof;

    /**
     * @param name    the ordering's name in kebab case; the plugin type is {@code <name>-ordering}
     * @param golden  the pairs the package's test replays through {@code Less}
     * @param proof   the call sequences and Java's digests the package's equivalence test replays
     * @param summary one paragraph for the package doc and README: what the ordering prefers and why
     */
    public OrderingPackage(String name, String javaSource, GoTranslator.GoCode code, List<OrderingProof.GoldenCase> golden,
                           EquivalenceProof.Proof proof, String summary) {
        super(LAYOUT, name, javaSource, summary);
        if (code.entryParameters().size() != GO_TYPES.size()) {
            throw new IllegalArgumentException("not an ordering policy translation");
        }
        this.code = code;
        this.golden = List.copyOf(golden);
        this.proof = proof;
    }

    @Override
    protected Map<String, Object> values() {
        Map<String, Object> v = translated(code, "Counts comparisons.", true);
        TreeSet<String> imports = new TreeSet<>(code.imports());
        imports.addAll(List.of("encoding/json", "fmt", "math", "strconv", "strings", "time"));
        v.put("imports", List.copyOf(imports));
        v.put("docNoun", "ordering policy");
        v.put("testFile", "ordering_test.go");
        v.put("replayed", "answered");
        v.put("lessParameters", RoutingPackage.grouped(code.entryParameters(), GO_TYPES));
        v.put("goldenCases", golden.size());
        v.put("usageLimit", USAGE_LIMIT);
        v.putAll(proved(proof));
        return v;
    }

    @Override
    protected Map<String, String> data() {
        return flowControlData(OrderingProof.goldenJson(golden), proof, USAGE_LIMIT);
    }
}
