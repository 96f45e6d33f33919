package io.nous.codegen.golang.plugin;

import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.RoutingVectors;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A translated routing scorer as a scheduling {@code Scorer} plugin package for the router
 * ({@code pkg/epp/framework/interface/scheduling}): per endpoint it reads the prefix producer's match,
 * the in-flight producer's load and uncached tokens and the scraped metrics, and asks the translated
 * {@code score}; an endpoint without metrics, or a score that panics or is NaN, scores 0. The Go is
 * in the templates of {@code routing/}.
 */
public final class RoutingPackage extends PluginPackage {
    private static final String T = "routing";
    private static final String FWK = "pkg/epp/framework/";
    /** How scorers are laid out and registered. */
    public static final PluginLayout LAYOUT = new PluginLayout("scorer", T,
            List.of(new PluginLayout.PackageFile(FWK + "interface/plugin/datakey.go", T + "/stub-datakey.go.mustache"),
                    new PluginLayout.PackageFile(FWK + "interface/datalayer/datalayer.go", T + "/stub-datalayer.go.mustache"),
                    new PluginLayout.PackageFile(FWK + "interface/requesthandling/types.go", T + "/stub-requesthandling.go.mustache"),
                    new PluginLayout.PackageFile(FWK + "interface/scheduling/types.go", T + "/stub-scheduling.go.mustache"),
                    new PluginLayout.PackageFile(FWK + "plugins/datalayer/attribute/prefix/data_types.go", T + "/stub-prefix.go.mustache"),
                    new PluginLayout.PackageFile(FWK + "plugins/datalayer/attribute/concurrency/data_types.go",
                            T + "/stub-concurrency.go.mustache")),
            PluginLayout.packageFiles(T, "scorer.go", "scorer_test.go", PluginLayout.PackageFile.template(T, "epp-config.yaml")),
            "pkg/epp/framework/plugins/scheduling/scorer/", "ScorerType", "Scorer", "scorer",
            new RunnerGroup(List.of(Pattern.compile("(?i)^\\s*//.*\\bscorers?\\b.*$"), Pattern.compile("(?i)^\\s*//\\s*scheduling\\b.*$")),
                    null, "// extra scheduling scorers"),
            "scheduling scorers", "an Alpha scheduling scorer (which endpoint a request goes to)", "sticky-until-busy");
    /** The Go types of {@code score}'s parameters, in order. */
    private static final List<String> GO_TYPES = List.of("int64", "float64", "int64", "int64", "int32", "int32", "int32", "int32", "float64");

    private final GoTranslator.GoCode code;
    private final List<RoutingVectors.Case> vectors;
    private final EquivalenceProof.Proof proof;

    /**
     * @param name    the scorer's name in kebab case; the plugin type is {@code <name>-scorer}
     * @param proof   the call sequences and Java's digests the package's equivalence test replays
     * @param summary one paragraph for the package doc and README: what the scorer does and why
     */
    public RoutingPackage(String name, String javaSource, GoTranslator.GoCode code, List<RoutingVectors.Case> vectors,
                          EquivalenceProof.Proof proof, String summary) {
        super(LAYOUT, name, javaSource, summary);
        if (code.entryParameters().size() != GO_TYPES.size()) {
            throw new IllegalArgumentException("not a routing scorer translation");
        }
        this.code = code;
        this.vectors = vectors;
        this.proof = proof;
    }

    @Override
    protected Map<String, Object> values() {
        Map<String, Object> v = translated(code, "Counts scores.", true);
        v.put("docNoun", "scheduling plugin");
        v.put("testFile", "scorer_test.go");
        v.put("replayed", "scored");
        v.put("scoreParameters", grouped(code.entryParameters(), GO_TYPES));
        v.put("valueWhat", "a score");
        v.put("goldenCases", vectors.size());
        v.putAll(proved(proof));
        return v;
    }

    @Override
    protected Map<String, String> data() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put(GOLDEN, RoutingVectors.json(vectors));
        d.put(EQUIVALENCE, proof.json());
        return d;
    }

    /** Parameters {@code names} with their Go {@code types}, grouped as gofmt leaves them ({@code a, b int64}). */
    static String grouped(List<String> names, List<String> types) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < names.size(); i++) {
            boolean last = i + 1 == names.size() || !types.get(i + 1).equals(types.get(i));
            sb.append(names.get(i)).append(last ? " " + types.get(i) : "").append(i + 1 < names.size() ? ", " : "");
        }
        return sb.toString();
    }
}
