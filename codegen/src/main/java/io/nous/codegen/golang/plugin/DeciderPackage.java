package io.nous.codegen.golang.plugin;

import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.proof.DeciderProof;
import io.nous.codegen.golang.proof.EquivalenceProof;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * A translated P/D decider as a decider plugin of the router's disagg profile handler
 * ({@code pkg/epp/framework/plugins/scheduling/profilehandler/disagg}). The handler finds its deciders
 * through an unexported interface, so the decider joins that package as files of its own
 * ({@code nous_pd_decider*.go}) rather than being a package: its {@code disaggregate} reads the
 * prompt's token count, the decode endpoint's prefix match (cached blocks times block size) and its
 * scraped queue, running requests and KV use, and asks the translated function. For the stand-alone
 * build the export carries a copy of the router's {@code decider_plugin.go}, which is never copied into
 * a checkout. The Go is in the templates of {@code pd-decider/}.
 */
public final class DeciderPackage extends PluginPackage {
    private static final String T = "pd-decider";
    private static final String FWK = "pkg/epp/framework/";
    /** The router's own file the stand-alone build needs a copy of. */
    public static final String STAND_IN = "decider_plugin.go";
    /** How P/D deciders are laid out and registered. */
    public static final PluginLayout LAYOUT = new PluginLayout("pd-decider", T,
            List.of(new PluginLayout.PackageFile(FWK + "interface/plugin/datakey.go", "routing/stub-datakey.go.mustache"),
                    new PluginLayout.PackageFile(FWK + "interface/datalayer/datalayer.go", "routing/stub-datalayer.go.mustache"),
                    new PluginLayout.PackageFile(FWK + "interface/requesthandling/types.go", "routing/stub-requesthandling.go.mustache"),
                    new PluginLayout.PackageFile(FWK + "interface/scheduling/types.go", "routing/stub-scheduling.go.mustache"),
                    new PluginLayout.PackageFile(FWK + "plugins/datalayer/attribute/prefix/data_types.go", "routing/stub-prefix.go.mustache")),
            List.of(PluginLayout.PackageFile.template(T, "nous_pd_decider.go"), PluginLayout.PackageFile.template(T, "nous_pd_decider_test.go"),
                    PluginLayout.PackageFile.template(T, "nous_pd_decider_equivalence_test.go"), PluginLayout.PackageFile.data(GOLDEN),
                    PluginLayout.PackageFile.data(EQUIVALENCE), PluginLayout.PackageFile.template(T, "NOUS_PD_DECIDER.md"),
                    PluginLayout.PackageFile.template(T, STAND_IN), PluginLayout.PackageFile.data("epp-config.yaml")),
            FWK + "plugins/scheduling/profilehandler/", "NousPDDeciderPluginType", "Decider", "P/D decider",
            new RunnerGroup(List.of(), Pattern.compile("^\\s*\\w+\\.Register\\(disagg\\.\\w*PDDecider\\w*.*$"), "// P/D deciders"),
            "disagg profile handler's deciders", "an Alpha P/D decider (which prompts prefill on a prefill pod)", "size-aware");
    /** The Go types of {@code disaggregate}'s parameters, in order. */
    private static final List<String> GO_TYPES = List.of("int32", "int32", "int32", "int32", "float64");

    private final GoTranslator.GoCode code;
    private final List<DeciderProof.GoldenCase> golden;
    private final EquivalenceProof.Proof proof;

    /**
     * @param name    the decider's name in kebab case; the plugin type is {@code <name>-pd-decider}
     * @param golden  the questions the package's test asks through {@code disaggregate}
     * @param proof   the call sequences and Java's digests the package's equivalence test replays
     * @param summary one paragraph for the file's doc and README: what the decider does and why
     */
    public DeciderPackage(String name, String javaSource, GoTranslator.GoCode code, List<DeciderProof.GoldenCase> golden,
                          EquivalenceProof.Proof proof, String summary) {
        super(LAYOUT, name, javaSource, summary);
        if (code.entryParameters().size() != GO_TYPES.size()) {
            throw new IllegalArgumentException("not a P/D decider translation");
        }
        this.code = code;
        this.golden = List.copyOf(golden);
        this.proof = proof;
    }

    /** Every P/D decider joins the router's disagg package. */
    @Override
    public String goPackage() {
        return "disagg";
    }

    @Override
    public boolean joinsPackage() {
        return true;
    }

    @Override
    public List<String> standIns() {
        return List.of(goPackage() + "/" + STAND_IN);
    }

    @Override
    public String factory() {
        return "NousPDDeciderPluginFactory";
    }

    @Override
    protected Map<String, Object> values() {
        Map<String, Object> v = translated(code, "Counts decisions.", false);
        // the translator hangs helper methods on the plugin type of a package of its own ("policy"); here the type has the package's name for it
        v.put("tail", code.tail().replace("func (p *policy) ", "func (p *NousPDDecider) "));
        TreeSet<String> imports = new TreeSet<>(code.imports());
        imports.addAll(List.of("context", "encoding/json", "fmt"));
        if (code.counterField() != null) {
            imports.add("sync/atomic");
        }
        v.put("imports", List.copyOf(imports));
        v.put("docNoun", "P/D decider");
        v.put("testFile", "nous_pd_decider_test.go");
        v.put("replayed", "decided");
        v.put("decideParameters", RoutingPackage.grouped(code.entryParameters(), GO_TYPES));
        v.put("decideArguments", String.join(", ", List.of("int32(prompt)", "int32(cached)", "int32(waiting)", "int32(running)", "kv")));
        v.put("goldenCases", golden.size());
        v.putAll(proved(proof));
        return v;
    }

    @Override
    protected Map<String, String> data() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put(GOLDEN, DeciderProof.goldenJson(golden));
        d.put(EQUIVALENCE, proof.json());
        d.put("epp-config.yaml", GoTemplates.render(T + "/epp-config.yaml.mustache", Map.of("pluginType", pluginType())));
        return d;
    }
}
