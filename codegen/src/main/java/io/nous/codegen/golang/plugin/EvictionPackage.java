package io.nous.codegen.golang.plugin;

import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.EvictionProof;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * A translated eviction policy as one plugin that is both the router's {@code EvictionFilterPolicy}
 * and its {@code EvictionOrderingPolicy} ({@code pkg/epp/framework/interface/flowcontrol/eviction.go}):
 * {@code Accept} and {@code Less} read of each {@code EvictionItem} what the simulator gave the Java
 * (priority, dispatch time, request size, SLO header) and ask the translated {@code accept} and
 * {@code less}. The router builds its eviction pair in the runner rather than from config, so the
 * package also says where it replaces the router's own ({@link #replacesInRunner}). The Go is in
 * the templates of {@code eviction/}.
 */
public final class EvictionPackage extends PluginPackage {
    private static final String T = "eviction";
    private static final String FWK = "pkg/epp/framework/";
    /** The usage-limit policy an eviction policy is measured under and its config names beside it. */
    public static final String USAGE_LIMIT = DetectorPackage.USAGE_LIMIT;
    /** The runner function that builds the router's eviction pair, where the export builds this policy instead. */
    public static final String BUILDER = "buildRequestEvictor";
    /** How eviction policies are laid out and registered: beside the router's pair, among the flow-control plugins. */
    public static final PluginLayout LAYOUT = new PluginLayout("eviction", T,
            List.of(new PluginLayout.PackageFile(FWK + "interface/flowcontrol/eviction.go", T + "/stub-flowcontrol.go.mustache"),
                    new PluginLayout.PackageFile(FWK + "interface/datalayer/endpoint_metadata.go", T + "/stub-datalayer.go.mustache"),
                    new PluginLayout.PackageFile(FWK + "interface/scheduling/types.go", T + "/stub-scheduling.go.mustache"),
                    new PluginLayout.PackageFile("pkg/epp/metadata/consts.go", T + "/stub-metadata.go.mustache")),
            PluginLayout.packageFiles(T, "eviction.go", "eviction_test.go", PluginLayout.PackageFile.data("epp-config.yaml")),
            "pkg/epp/framework/plugins/flowcontrol/eviction/", "EvictionType", "Eviction", "eviction policy",
            new RunnerGroup(List.of(Pattern.compile("(?i)^\\s*//.*\\beviction polic(y|ies)\\b.*$")),
                    Pattern.compile("\\bevict\\w*\\.\\w+Type\\b"), "// Flow Control plugins"),
            "flow-control plugins", "an Alpha eviction policy for flow control (which in-flight requests may be evicted, and which first)",
            "largest-first");
    /** The Go types of {@code less}'s parameters, in order. */
    private static final List<String> GO_TYPES = List.of("int32", "int64", "int64", "int64", "int32", "int64", "int64", "int64");

    private final GoTranslator.GoCode code;
    private final List<EvictionProof.GoldenCase> golden;
    private final EquivalenceProof.Proof proof;

    /**
     * @param name    the policy's name in kebab case; the plugin type is {@code <name>-eviction}
     * @param golden  the pairs the package's test replays through {@code Accept} and {@code Less}
     * @param proof   the call sequences and Java's digests the package's equivalence test replays
     * @param summary one paragraph for the package doc and README: which requests it sacrifices and why
     */
    public EvictionPackage(String name, String javaSource, GoTranslator.GoCode code, List<EvictionProof.GoldenCase> golden,
                           EquivalenceProof.Proof proof, String summary) {
        super(LAYOUT, name, javaSource, summary);
        if (code.entryParameters().size() != GO_TYPES.size()) {
            throw new IllegalArgumentException("not an eviction policy translation");
        }
        this.code = code;
        this.golden = List.copyOf(golden);
        this.proof = proof;
    }

    @Override
    public String replacesInRunner() {
        return BUILDER;
    }

    @Override
    protected Map<String, Object> values() {
        Map<String, Object> v = translated(code, "Counts comparisons.", true);
        TreeSet<String> imports = new TreeSet<>(code.imports());
        imports.addAll(List.of("encoding/json", "fmt", "math", "strconv", "strings", "time"));
        v.put("imports", List.copyOf(imports));
        v.put("docNoun", "eviction policy");
        v.put("testFile", "eviction_test.go");
        v.put("replayed", "answered");
        v.put("lessParameters", RoutingPackage.grouped(code.entryParameters(), GO_TYPES));
        v.put("goldenCases", golden.size());
        v.put("usageLimit", USAGE_LIMIT);
        v.putAll(proved(proof));
        return v;
    }

    @Override
    protected Map<String, String> data() {
        return flowControlData(EvictionProof.goldenJson(golden), proof, USAGE_LIMIT);
    }
}
