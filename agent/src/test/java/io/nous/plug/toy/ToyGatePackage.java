package io.nous.plug.toy;

import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.plugin.PluginLayout;
import io.nous.codegen.golang.plugin.PluginPackage;
import io.nous.codegen.golang.proof.EquivalenceProof;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

/** A toy gate as a Go plugin package: the layout and the values its templates (this test tree's {@code toy-gate/}) read. */
final class ToyGatePackage extends PluginPackage {
    private static final String T = "toy-gate";
    static final PluginLayout LAYOUT = new PluginLayout("gate", T,
            List.of(new PluginLayout.PackageFile("pkg/epp/framework/interface/toy/gate.go", T + "/stub-toy.go.mustache")),
            PluginLayout.packageFiles(T, "gate.go", "gate_test.go"),
            "pkg/epp/framework/plugins/toy/", "GateType", "Gate", "toy gate",
            new RunnerGroup(List.of(Pattern.compile("(?i)^\\s*//\\s*toy\\b.*$")), null, "// toy gates"), "toy gates", "an Alpha toy gate",
            "hold-early");

    private final GoTranslator.GoCode code;
    private final String golden;
    private final EquivalenceProof.Proof proof;

    ToyGatePackage(String name, String source, GoTranslator.GoCode code, String golden, EquivalenceProof.Proof proof, String summary) {
        super(LAYOUT, name, source, summary);
        this.code = code;
        this.golden = golden;
        this.proof = proof;
    }

    @Override
    protected Map<String, Object> values() {
        Map<String, Object> v = translated(code, "Counts calls.", false);
        TreeSet<String> imports = new TreeSet<>(code.imports());
        imports.add("encoding/json");
        imports.add("fmt");
        v.put("imports", List.copyOf(imports));
        v.put("docNoun", "toy gate");
        v.put("testFile", "gate_test.go");
        v.put("replayed", "answered");
        v.put("p0", code.entryParameters().get(0));
        v.put("goldenCases", ToyGateProof.GOLDEN.length);
        v.putAll(proved(proof));
        return v;
    }

    @Override
    protected Map<String, String> data() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put(GOLDEN, golden);
        d.put(EQUIVALENCE, proof.json());
        return d;
    }
}
