package io.nous.codegen.golang.plugin;

import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.proof.DetectorVectors;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.PoolDraws;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * A translated saturation detector as a flow-control {@code SaturationDetector} plugin package for
 * the router ({@code pkg/epp/framework/interface/flowcontrol}): per endpoint it reads the scraped
 * metrics, their age and the in-flight load producer's counts, and asks the translated
 * {@code saturation}. The Go is in the templates of {@code saturation/}.
 */
public final class DetectorPackage extends PluginPackage {
    private static final String T = "saturation";
    private static final String FWK = "pkg/epp/framework/";
    /** The usage-limit policy a detector is measured under and its config names beside it. */
    public static final String USAGE_LIMIT = "soft-reflective-ceiling-policy";
    /** How saturation detectors are laid out and registered. */
    public static final PluginLayout LAYOUT = new PluginLayout("detector", T,
            List.of(new PluginLayout.PackageFile(FWK + "interface/plugin/datakey.go", "routing/stub-datakey.go.mustache"),
                    new PluginLayout.PackageFile(FWK + "interface/datalayer/endpoint.go", T + "/stub-datalayer.go.mustache"),
                    new PluginLayout.PackageFile(FWK + "interface/flowcontrol/saturation.go", T + "/stub-flowcontrol.go.mustache"),
                    new PluginLayout.PackageFile(FWK + "plugins/datalayer/attribute/concurrency/data_types.go",
                            "routing/stub-concurrency.go.mustache")),
            PluginLayout.packageFiles(T, "detector.go", "detector_test.go", PluginLayout.PackageFile.data("epp-config.yaml")),
            "pkg/epp/framework/plugins/flowcontrol/saturationdetector/", "DetectorType", "Detector", "saturation detector",
            new RunnerGroup(List.of(Pattern.compile("(?i)^\\s*//.*\\bsaturation[ -]?detector.*$")), null,
                    "// register saturation detector plugins"),
            "saturation detectors", "an Alpha saturation detector for flow control (when the pool counts as saturated)", "lease-ledger");
    /** The Go types of {@code saturation}'s parameters, in order. */
    private static final List<String> GO_TYPES = List.of("int32", "[]int32", "[]int32", "[]float64", "[]int64", "[]int32", "[]int64");

    private final GoTranslator.GoCode code;
    private final List<DetectorVectors.Case> vectors;
    private final EquivalenceProof.Proof proof;

    /**
     * @param name    the detector's name in kebab case; the plugin type is {@code <name>-detector}
     * @param proof   the call sequences and Java's digests the package's equivalence test replays
     * @param summary one paragraph for the package doc and README: what the detector measures and why
     */
    public DetectorPackage(String name, String javaSource, GoTranslator.GoCode code, List<DetectorVectors.Case> vectors,
                           EquivalenceProof.Proof proof, String summary) {
        super(LAYOUT, name, javaSource, summary);
        if (code.entryParameters().size() != GO_TYPES.size()) {
            throw new IllegalArgumentException("not a saturation detector translation");
        }
        this.code = code;
        this.vectors = vectors;
        this.proof = proof;
    }

    @Override
    protected Map<String, Object> values() {
        Map<String, Object> v = translated(code, "Counts saturation evaluations.", true);
        // the template imports time as well, in its sorted place among the translation's
        TreeSet<String> imports = new TreeSet<>(code.imports());
        imports.remove("math");
        imports.add("time");
        v.put("imports", List.copyOf(imports));
        v.put("docNoun", "saturation detector");
        v.put("testFile", "detector_test.go");
        v.put("replayed", "answered");
        v.put("saturationParameters", RoutingPackage.grouped(code.entryParameters(), GO_TYPES));
        v.put("staleFromUs", PoolDraws.STALE_FROM_US);
        v.put("valueWhat", "a saturation");
        v.put("goldenCases", vectors.size());
        v.put("calls", DetectorVectors.CALLS);
        v.put("usageLimit", USAGE_LIMIT);
        v.putAll(proved(proof));
        return v;
    }

    @Override
    protected Map<String, String> data() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put(GOLDEN, DetectorVectors.json(vectors));
        d.put(EQUIVALENCE, proof.json());
        d.put("epp-config.yaml", EppConfig.yaml(USAGE_LIMIT, false, null, pluginType()));
        return d;
    }
}
