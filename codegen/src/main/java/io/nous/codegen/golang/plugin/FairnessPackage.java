package io.nous.codegen.golang.plugin;

import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.FairnessProof;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * A translated fairness policy as a flow-control {@code FairnessPolicy} plugin package for the
 * router ({@code pkg/epp/framework/interface/flowcontrol}): {@code NewState} keeps the Java's four
 * longs per band, and {@code Pick} presents the band's flows that hold requests as the simulator
 * does (ascending id, each head's rank under the band's ordering by the simulator's insertion, the
 * head's enqueue time, size and SLO header) and asks the translated {@code pick}. Router flow IDs
 * are strings; the package's id rule maps them to the Java's ints. The Go is in {@code fairness/}.
 */
public final class FairnessPackage extends PluginPackage {
    private static final String T = "fairness";
    private static final String FWK = "pkg/epp/framework/";
    /** The usage-limit policy a fairness policy is measured under and its config names beside it. */
    public static final String USAGE_LIMIT = DetectorPackage.USAGE_LIMIT;
    /** How fairness policies are laid out and registered: with the router's own, among the flow-control plugins. */
    public static final PluginLayout LAYOUT = new PluginLayout("fairness", T,
            List.of(new PluginLayout.PackageFile(FWK + "interface/flowcontrol/fairness.go", T + "/stub-flowcontrol.go.mustache"),
                    new PluginLayout.PackageFile(FWK + "interface/scheduling/types.go", T + "/stub-scheduling.go.mustache"),
                    new PluginLayout.PackageFile("pkg/epp/metadata/consts.go", T + "/stub-metadata.go.mustache")),
            PluginLayout.packageFiles(T, "fairness.go", "fairness_test.go", PluginLayout.PackageFile.data("epp-config.yaml")),
            "pkg/epp/framework/plugins/flowcontrol/fairness/", "FairnessType", "Fairness", "fairness policy",
            new RunnerGroup(List.of(Pattern.compile("(?i)^\\s*//.*\\bfairness polic(y|ies)\\b.*$")),
                    Pattern.compile("FairnessPolicyType\\b"), "// register fairness policy plugins"),
            "flow-control plugins", "an Alpha fairness policy for flow control (which flow of a priority band dispatches next)",
            "tenant-fair");
    /** The Go types of {@code pick}'s parameters, in order. */
    private static final List<String> GO_TYPES = List.of("int32", "[]int32", "[]int32", "[]int32", "[]int64", "[]int64", "[]int64",
            "[]int64");

    private final GoTranslator.GoCode code;
    private final List<FairnessProof.GoldenBand> golden;
    private final EquivalenceProof.Proof proof;

    /**
     * @param name    the policy's name in kebab case; the plugin type is {@code <name>-fairness}
     * @param golden  the bands the package's test picks from through {@code Pick}
     * @param proof   the call sequences and Java's digests the package's equivalence test replays
     * @param summary one paragraph for the package doc and README: which flow it serves and why
     */
    public FairnessPackage(String name, String javaSource, GoTranslator.GoCode code, List<FairnessProof.GoldenBand> golden,
                           EquivalenceProof.Proof proof, String summary) {
        super(LAYOUT, name, javaSource, summary);
        if (code.entryParameters().size() != GO_TYPES.size()) {
            throw new IllegalArgumentException("not a fairness policy translation");
        }
        this.code = code;
        this.golden = List.copyOf(golden);
        this.proof = proof;
    }

    @Override
    protected Map<String, Object> values() {
        Map<String, Object> v = translated(code, "Counts picks.", true);
        TreeSet<String> imports = new TreeSet<>(code.imports());
        imports.addAll(List.of("context", "encoding/json", "fmt", "math", "sort", "strconv", "strings", "sync", "time"));
        v.put("imports", List.copyOf(imports));
        v.put("equivalenceImports", List.of());
        v.put("docNoun", "fairness policy");
        v.put("testFile", "fairness_test.go");
        v.put("replayed", "picked");
        v.put("pickParameters", RoutingPackage.grouped(code.entryParameters(), GO_TYPES));
        v.put("goldenBands", golden.size());
        v.put("goldenSteps", FairnessProof.steps(golden));
        v.put("usageLimit", USAGE_LIMIT);
        v.putAll(proved(proof));
        return v;
    }

    @Override
    protected Map<String, String> data() {
        return flowControlData(FairnessProof.goldenJson(golden), proof, USAGE_LIMIT);
    }
}
