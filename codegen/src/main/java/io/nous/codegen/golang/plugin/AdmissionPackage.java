package io.nous.codegen.golang.plugin;

import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.proof.AdmissionVectors;
import io.nous.codegen.golang.proof.EquivalenceProof;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A translated admission policy as a Go plugin package for the router's {@code Admitter} interface
 * ({@code pkg/epp/framework/interface/requestcontrol}): the plugin computes the pool's saturation as
 * the router's probabilistic admitter does (the mean over pods of the larger of queue depth over its
 * threshold and KV-cache use over its threshold; a pod without metrics counts as saturated), and for
 * an admitter of the terms form the two terms apart, draws one uniform number per request, and asks
 * the translated {@code admit} whether to let the request in; a refusal is the router's
 * ResourceExhausted error (HTTP 429). The Go is in the templates of {@code admission/}.
 */
public final class AdmissionPackage extends PluginPackage {
    private static final String T = "admission";
    private static final String STUB = "pkg/epp/framework/interface/";
    /** How admitters are laid out and registered. */
    public static final PluginLayout LAYOUT = new PluginLayout("admitter", T,
            List.of(new PluginLayout.PackageFile(STUB + "datalayer/metrics.go", T + "/stub-datalayer.go.mustache"),
                    new PluginLayout.PackageFile(STUB + "scheduling/types.go", T + "/stub-scheduling.go.mustache"),
                    new PluginLayout.PackageFile(STUB + "requestcontrol/plugins.go", T + "/stub-requestcontrol.go.mustache"),
                    new PluginLayout.PackageFile("pkg/common/error/error.go", T + "/stub-error.go.mustache")),
            PluginLayout.packageFiles(T, "plugin.go", "plugin_test.go", PluginLayout.PackageFile.data("epp-config.yaml")),
            "pkg/epp/framework/plugins/requestcontrol/admitter/", "AdmitterType", "Admitter", "admitter",
            // upstream registers admitters with the latency predictor plugins: find the group by a registration in it
            new RunnerGroup(List.of(), Pattern.compile("^\\s*\\w+\\.Register\\(\\w*admitter\\w*\\..*$"), "// Admission plugins"),
            "admitters", "an Alpha admitter (admission control before scheduling)", "shed-early");

    private final GoTranslator.GoCode code;
    private final List<AdmissionVectors.Case> vectors;
    private final EquivalenceProof.Proof proof;

    /**
     * @param name    the admitter's name in kebab case; the plugin type is {@code <name>-admitter}
     * @param proof   the call sequences and Java's digests the package's equivalence test replays
     * @param summary one paragraph for the package doc and README: what the admitter does and why
     */
    public AdmissionPackage(String name, String javaSource, GoTranslator.GoCode code, List<AdmissionVectors.Case> vectors,
                            EquivalenceProof.Proof proof, String summary) {
        super(LAYOUT, name, javaSource, summary);
        if (code.entryParameters().size() != 3 && code.entryParameters().size() != 5) {
            throw new IllegalArgumentException("not an admission policy translation");
        }
        boolean terms = code.entryParameters().size() == 5;
        if (vectors.stream().anyMatch(c -> c.terms() != terms)) {
            throw new IllegalArgumentException("golden vectors of the other form of admit than the translation's");
        }
        this.code = code;
        this.vectors = vectors;
        this.proof = proof;
    }

    /** Whether the admitter decides on the saturation's two terms as well (the terms form of {@code admit}). */
    public boolean terms() {
        return code.entryParameters().size() == 5;
    }

    @Override
    protected Map<String, Object> values() {
        Map<String, Object> v = translated(code, "Counts admission decisions.", true);
        v.put("docNoun", "admission plugin");
        v.put("testFile", "plugin_test.go");
        v.put("replayed", "decided");
        v.put("terms", terms());
        List<String> p = code.entryParameters();
        List<String> params = new ArrayList<>();
        params.add(p.get(0) + " int32");
        p.subList(1, p.size()).forEach(name -> params.add(name + " float64"));
        v.put("admitParameters", String.join(", ", params));
        v.put("admitArguments", terms() ? "in.saturation, in.queue, in.kv, in.u" : "in.saturation, in.u");
        v.put("goldenCases", vectors.size());
        v.put("draws", AdmissionVectors.DRAWS.length);
        v.putAll(proved(proof));
        return v;
    }

    @Override
    protected Map<String, String> data() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put(GOLDEN, AdmissionVectors.json(vectors));
        d.put(EQUIVALENCE, proof.json());
        d.put("epp-config.yaml", EppConfig.yaml(null, pluginType()));
        return d;
    }
}
