package io.nous.codegen.golang;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes an exported policy as a Go module in the router's style: the plugin package
 * ({@code policy.go}, {@code policy_test.go} with the golden vectors, {@code README.md},
 * {@code epp-config.yaml}) and, because the router module cannot be fetched here, a minimal
 * stand-in of the router's plugin interfaces under {@code router-stub/}, wired in by one
 * {@code replace} line of {@code go.mod}. Deleting that line builds against the real router.
 */
public final class GoPackage implements RouterPlugin {
    /** The router's module path. */
    public static final String ROUTER_MODULE = "github.com/llm-d/llm-d-router";
    static final String PLUGIN_IMPORT = ROUTER_MODULE + "/pkg/epp/framework/interface/plugin";
    static final String FLOWCONTROL_IMPORT = ROUTER_MODULE + "/pkg/epp/framework/interface/flowcontrol";

    private final String name;
    private final String javaSource;
    private final GoTranslator.GoCode code;
    private final List<GoldenVectors.Case> vectors;
    private final EquivalenceProof.Proof proof;
    private final String summary;

    /**
     * @param name    the policy's name in kebab case; the plugin type is {@code <name>-policy}
     * @param proof   the call sequences and Java's digests the package's equivalence test replays
     * @param summary one paragraph for the package doc and README: what the policy does and why
     */
    public GoPackage(String name, String javaSource, GoTranslator.GoCode code, List<GoldenVectors.Case> vectors,
                     EquivalenceProof.Proof proof, String summary) {
        requireKebabName(name, "a policy name", "shed-early");
        this.name = name;
        this.javaSource = javaSource;
        this.code = code;
        this.vectors = vectors;
        this.proof = proof;
        this.summary = ascii(summary);
    }

    /**
     * Text for the package's docs in ASCII (the router's docs are ASCII-only): typographic
     * characters become their ASCII spellings, anything else a '?'.
     */
    public static String ascii(String s) {
        String t = s.replace("≥", ">=").replace("≤", "<=").replace("−", "-").replace("–", "-").replace("—", "-").replace("×", "x")
                .replace("…", "...").replace("’", "'").replace("‘", "'").replace("“", "\"").replace("”", "\"").replace("·", "*")
                .replace("½", "1/2").replace("≈", "~");
        StringBuilder sb = new StringBuilder(t.length());
        for (char c : t.toCharArray()) {
            sb.append(c == '\n' || c >= 0x20 && c < 0x7F ? c : '?');
        }
        return sb.toString();
    }

    /** Refuses a {@code name} that is not lower-case kebab case, calling it {@code what} and showing an {@code example}. */
    static void requireKebabName(String name, String what, String example) {
        if (!name.matches("[a-z][a-z0-9]*(-[a-z0-9]+)*")) {
            throw new IllegalArgumentException(what + " is lower-case kebab case, e.g. " + example + "; got '" + name + "'");
        }
    }

    /** The plugin type of a kebab {@code name}: the name with {@code -kind} appended unless it ends so already. */
    static String pluginType(String name, String kind) {
        return name.endsWith("-" + kind) ? name : name + "-" + kind;
    }

    /** The Go package of a kebab {@code name}: without dashes and without a trailing {@code kind}, or {@code kind} when nothing is left. */
    static String goPackage(String name, String kind) {
        String p = name.replace("-", "").replaceAll(kind + "$", "");
        return p.isEmpty() ? kind : p;
    }

    @Override
    public String javaFileName() {
        return javaFileName(javaSource, "Policy");
    }

    /** The file name of a Java source's class, or {@code fallback.java}. */
    static String javaFileName(String source, String fallback) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\bclass\\s+(\\w+)").matcher(source);
        return (m.find() ? m.group(1) : fallback) + ".java";
    }

    /** The export's go.mod and the stand-in router module's, which every export carries. */
    static void moduleFiles(Map<String, String> f) {
        f.put("go.mod", "module nous.local/export\n\ngo 1.19\n\nrequire " + ROUTER_MODULE + " v0.10.0\n\n"
                + "// The router module cannot be fetched here: build against the minimal stand-in of its plugin\n"
                + "// interfaces. Delete this line to build against the real router (or copy the package into it).\n"
                + "replace " + ROUTER_MODULE + " => ./router-stub\n");
        f.put("router-stub/go.mod", "module " + ROUTER_MODULE + "\n\ngo 1.19\n");
        f.put("router-stub/pkg/epp/framework/interface/plugin/plugin.go", stubPlugin());
    }

    /** Writes files (relative path to contents) under {@code out}, creating directories. */
    static void writeFiles(Path out, Map<String, String> files) {
        try {
            for (Map.Entry<String, String> e : files.entrySet()) {
                Path p = out.resolve(e.getKey());
                Files.createDirectories(p.getParent());
                Files.writeString(p, e.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the Go package under " + out + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String pluginType() {
        return pluginType(name, "policy");
    }

    @Override
    public String pluginsDir() {
        return "pkg/epp/framework/plugins/flowcontrol/usagelimits/";
    }

    @Override
    public String typeConstant() {
        return "PolicyType";
    }

    @Override
    public Group group() {
        return Group.FLOW_CONTROL;
    }

    @Override
    public String noun() {
        return "usage-limit policy";
    }

    /** The Go package name: the kebab name without dashes. */
    @Override
    public String goPackage() {
        return goPackage(name, "policy");
    }

    /** Files relative to the output directory, in a stable order. */
    @Override
    public Map<String, String> files() {
        Map<String, String> f = new LinkedHashMap<>();
        moduleFiles(f);
        f.put("router-stub/pkg/epp/framework/interface/flowcontrol/plugins.go", stubFlowControl());
        String dir = goPackage() + "/";
        f.put(dir + "policy.go", policyGo());
        f.put(dir + "policy_test.go", policyTestGo());
        f.put(dir + "equivalence_test.go", EquivalenceGo.usageLimit(goPackage()));
        f.put(dir + "testdata/golden_vectors.json", goldenJson());
        f.put(dir + "testdata/equivalence.json", proof.json());
        f.put(dir + "README.md", readme());
        f.put(dir + "epp-config.yaml", config());
        // the Java that was simulated, outside the Go package: PROVENANCE.md links to it
        f.put("source/" + javaFileName(), javaSource);
        return f;
    }

    /**
     * Writes every file under {@code out}, creating directories. The Go is already laid out as gofmt
     * would (see {@link GoFormat}), so the files are the same bytes whether or not Go is installed.
     */
    public void write(Path out) {
        writeFiles(out, files());
    }


    static final String LICENSE = """
            /*
            Copyright 2026 The llm-d Authors.

            Licensed under the Apache License, Version 2.0 (the "License");
            you may not use this file except in compliance with the License.
            You may obtain a copy of the License at

                http://www.apache.org/licenses/LICENSE-2.0

            Unless required by applicable law or agreed to in writing, software
            distributed under the License is distributed on an "AS IS" BASIS,
            WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
            See the License for the specific language governing permissions and
            limitations under the License.
            */

            """;

    String policyGo() {
        StringBuilder sb = new StringBuilder(LICENSE);
        sb.append("// Package ").append(goPackage()).append(" implements the ").append(pluginType()).append(" usage-limit policy.\n//\n");
        for (String line : wrap(summary, 96)) {
            sb.append("// ").append(line).append('\n');
        }
        sb.append("//\n// Generated by Nous from a Java policy; policy_test.go replays what the Java original computed.\n");
        sb.append("package ").append(goPackage()).append("\n\nimport (\n\t\"context\"\n\t\"encoding/json\"\n\t\"fmt\"\n");
        for (String imp : code.imports()) {
            sb.append("\t\"").append(imp).append("\"\n");
        }
        sb.append("\n\tfwkfc \"").append(FLOWCONTROL_IMPORT).append("\"\n\tfwkplugin \"").append(PLUGIN_IMPORT).append("\"\n)\n\n");
        sb.append("// PolicyType is the registered type of this plugin.\nconst PolicyType = \"").append(pluginType()).append("\"\n\n");
        if (!code.constants().isEmpty()) {
            sb.append("const (\n");
            code.constants().forEach(c -> sb.append(c).append('\n'));
            sb.append(")\n\n");
        }
        sb.append("var _ fwkfc.UsageLimitPolicy = (*policy)(nil)\n");
        if (code.counterField() != null) {
            sb.append("var _ fwkplugin.StateDumper = (*policy)(nil)\n");
        }
        sb.append('\n');
        sb.append("type policy struct {\n\tname string\n");
        if (code.counterField() != null) {
            sb.append('\t').append(code.counterComment("Counts dispatch cycles; shared by all bands so gated bands open together.")).append('\n');
            sb.append('\t').append(code.counterField()).append(" atomic.Int64\n");
        }
        sb.append("}\n\n");
        sb.append("// Factory creates the policy. It takes no parameters: nil and {} are accepted, any key is an error.\n");
        sb.append("func Factory(name string, parameters *json.Decoder, _ fwkplugin.Handle) (fwkplugin.Plugin, error) {\n");
        sb.append("\tif parameters != nil {\n\t\tvar none struct{}\n\t\tif err := parameters.Decode(&none); err != nil {\n");
        sb.append("\t\t\treturn nil, fmt.Errorf(\"%s takes no parameters: %w\", PolicyType, err)\n\t\t}\n\t}\n");
        sb.append("\treturn &policy{name: name}, nil\n}\n\n");
        sb.append("// TypedName returns the type and name of this plugin instance.\n");
        sb.append("func (p *policy) TypedName() fwkplugin.TypedName {\n\treturn fwkplugin.TypedName{Type: PolicyType, Name: p.name}\n}\n\n");
        if (code.counterField() != null) {
            // the router's /debug/plugins/state shows what StateDumper plugins report: here the one counter the policy keeps
            sb.append("// DumpState reports the dispatch-cycle counter, the policy's only state, for /debug/plugins/state.\n");
            sb.append("func (p *policy) DumpState() (json.RawMessage, error) {\n\treturn json.Marshal(map[string]int64{\"")
                    .append(code.counterField()).append("\": p.").append(code.counterField()).append(".Load()})\n}\n\n");
        }
        sb.append("// ComputeLimit writes one ceiling per priority band (highest first) into ceilings.\n");
        // the Java parameter names, which the translated body uses
        List<String> names = code.entryParameters();
        sb.append("func (p *policy) ComputeLimit(_ context.Context, ").append(names.get(0)).append(" float64, ").append(names.get(1))
                .append(" []int, ").append(names.get(2)).append(" []float64) {\n");
        sb.append(code.computeLimitBody());
        sb.append("}\n");
        for (String m : code.methods()) {
            sb.append('\n').append(m);
        }
        for (String h : code.helpers()) {
            sb.append('\n').append(GoHelpers.source(h));
        }
        return sb.toString();
    }

    String policyTestGo() {
        StringBuilder sb = new StringBuilder(LICENSE);
        sb.append("package ").append(goPackage()).append("\n\nimport (\n\t\"bytes\"\n\t\"context\"\n\t\"encoding/json\"\n\t\"math\"\n\t\"os\"\n\t\"testing\"\n)\n\n");
        sb.append("// The exported check and the Java one make the same calls: band counts 1 to maxBands, and a sweep of\n"
                + "// saturations from 0 to rampSteps/1000.\nconst (\n\tmaxBands  = " + GoldenVectors.MAX_BANDS + "\n\trampSteps = "
                + GoldenVectors.RAMP_STEPS + "\n)\n\n");
        sb.append("""
                // strictDecoder mirrors the registry's decoder: unknown fields are errors.
                func strictDecoder(s string) *json.Decoder {
                	d := json.NewDecoder(bytes.NewReader([]byte(s)))
                	d.DisallowUnknownFields()
                	return d
                }

                // computeLimits runs ComputeLimit on a buffer pre-filled with 1.0, as the framework does.
                func computeLimits(p *policy, saturation float64, priorities []int) []float64 {
                	ceilings := make([]float64, len(priorities))
                	for i := range ceilings {
                		ceilings[i] = 1.0
                	}
                	p.ComputeLimit(context.Background(), saturation, priorities, ceilings)
                	return ceilings
                }

                func priorities(bands int) []int {
                	p := make([]int, bands)
                	for i := range p {
                		p[i] = bands - 2 - i
                	}
                	return p
                }

                func newTestPolicy(t *testing.T) *policy {
                	t.Helper()
                	pl, err := Factory("test", nil, nil)
                	if err != nil {
                		t.Fatalf("Factory(nil) = %v", err)
                	}
                	return pl.(*policy)
                }

                func TestFactory(t *testing.T) {
                	tests := []struct {
                		name      string
                		params    string
                		wantError bool
                	}{
                		{name: "empty object", params: "{}"},
                		{name: "unknown field", params: `{"threshold": 0.5}`, wantError: true},
                		{name: "malformed JSON", params: `{"`, wantError: true},
                	}
                	for _, tc := range tests {
                		t.Run(tc.name, func(t *testing.T) {
                			_, err := Factory("p", strictDecoder(tc.params), nil)
                			if (err != nil) != tc.wantError {
                				t.Fatalf("Factory(%s) error = %v, want error %v", tc.params, err, tc.wantError)
                			}
                		})
                	}
                	if _, err := Factory("p", nil, nil); err != nil {
                		t.Fatalf("Factory(nil) = %v", err)
                	}
                }

                func TestTypedName(t *testing.T) {
                	p := newTestPolicy(t)
                	if got := p.TypedName(); got.Type != PolicyType || got.Name != "test" {
                		t.Fatalf("TypedName() = %+v", got)
                	}
                }

                %DUMPSTATE%func TestComputeLimit_NoBands(t *testing.T) {
                	p := newTestPolicy(t)
                	if got := computeLimits(p, 0.9, nil); len(got) != 0 {
                		t.Fatalf("len = %d, want 0", len(got))
                	}
                }

                func TestComputeLimit_MonotoneAndInRange(t *testing.T) {
                	for bands := 1; bands <= maxBands; bands++ {
                		p := newTestPolicy(t)
                		for k := 0; k <= rampSteps; k++ {
                			s := float64(k) / 1000
                			got := computeLimits(p, s, priorities(bands))
                			if len(got) != bands {
                				t.Fatalf("buffer length changed: %d, want %d", len(got), bands)
                			}
                			for i, c := range got {
                				if math.IsNaN(c) || c < 0 || c > 1 {
                					t.Fatalf("bands=%d s=%v: ceiling %d = %v outside [0, 1]", bands, s, i, c)
                				}
                				if i > 0 && c > got[i-1] {
                					t.Fatalf("bands=%d s=%v: ceilings increase down the bands: %v", bands, s, got)
                				}
                			}
                		}
                	}
                }

                // TestComputeLimit_GoldenVectors replays what the Java policy computed in the simulator:
                // a fresh policy per case, called len(want) times at one saturation.
                func TestComputeLimit_GoldenVectors(t *testing.T) {
                	for _, tc := range loadGoldenVectors(t) {
                		t.Run(tc.Name, func(t *testing.T) {
                			p := newTestPolicy(t)
                			for call, want := range tc.Want {
                				got := computeLimits(p, tc.Saturation, priorities(tc.Bands))
                				for i := range want {
                					if math.Abs(got[i]-want[i]) > 1e-12 {
                						t.Fatalf("call %d: ceilings %v, want %v", call+1, got, want)
                					}
                				}
                			}
                		})
                	}
                }

                type goldenCase struct {
                	Name       string      `json:"name"`
                	Bands      int         `json:"bands"`
                	Saturation float64     `json:"saturation"`
                	Want       [][]float64 `json:"want"`
                }

                // loadGoldenVectors reads the cases recorded from the Java policy.
                func loadGoldenVectors(t *testing.T) []goldenCase {
                	t.Helper()
                	raw, err := os.ReadFile("testdata/golden_vectors.json")
                	if err != nil {
                		t.Fatalf("reading the golden vectors: %v", err)
                	}
                	var cases []goldenCase
                	if err := json.Unmarshal(raw, &cases); err != nil {
                		t.Fatalf("decoding the golden vectors: %v", err)
                	}
                	if len(cases) == 0 {
                		t.Fatal("no golden vectors")
                	}
                	return cases
                }
                """);
        String c = code.counterField();
        String dump = c == null ? "" : "func TestDumpState(t *testing.T) {\n\tp := newTestPolicy(t)\n\tp." + c + ".Store(42)\n"
                + "\traw, err := p.DumpState()\n\tif err != nil || string(raw) != `{\"" + c + "\":42}` {\n"
                + "\t\tt.Fatalf(\"DumpState() = %s, %v\", raw, err)\n\t}\n}\n\n";
        return sb.toString().replace("%DUMPSTATE%", dump);
    }

    /** The golden vectors as the test's fixture: one case per line, each value as Java printed it (it parses to the same double). */
    @Override
    public String goldenJson() {
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

    private String readme() {
        return "# " + pluginType() + "\n\n" + summary + "\n\n"
                + "Generated by Nous from a Java policy that was evaluated in its simulator; the export's PROVENANCE.md\n"
                + "names the run, the evidence and the Java source.\n\n"
                + "## Enable it\n\nRegister it in `cmd/epp/runner/runner.go` (`registerInTreePlugins`, with the flow-control plugins):\n\n"
                + "```go\nfwkplugin.Register(" + goPackage() + ".PolicyType, fwkplugin.StabilityAlpha, " + goPackage() + ".Factory)\n```\n\n"
                + "and reference it from the EndpointPickerConfig (`epp-config.yaml` in this directory). Alpha plugins need the\n"
                + "EPP started with `--allow-experimental-plugins`.\n\n"
                + "## Tests\n\n`policy_test.go` checks the factory (nil and `{}` accepted, unknown keys and malformed JSON\n"
                + "rejected), the typed name, ceilings in [0, 1] and non-increasing for 1-" + GoldenVectors.MAX_BANDS
                + " bands over s in [0, 1.5], and\nreplays the " + vectors.size() + " golden cases in `testdata/golden_vectors.json`, "
                + "recorded from the Java policy (a fresh policy per case;\nband counts 1-" + GoldenVectors.MAX_BANDS
                + "; saturations on a fixed grid and at the policy's own breakpoints; calls enough for three cycles\nof its counter).\n"
                + "`equivalence_test.go` replays " + String.format(java.util.Locale.ROOT, "%,d", proof.calls()) + " more calls in "
                + proof.usageLimit().size() + " seeded sequences (`testdata/equivalence.json`: saturations on a fine\n"
                + "grid, random, a random walk and edge values such as -0, NaN and +Inf; held saturations for "
                + String.format(java.util.Locale.ROOT, "%,d", proof.horizon()) + " calls;\nrandom priorities) and compares a digest of "
                + "every answer with the Java policy's, bit for bit.\n";
    }

    private String config() {
        return EppConfig.yaml(pluginType(), null);
    }

    static String stubPlugin() {
        return """
                // Package plugin is a minimal stand-in for the llm-d-router plugin framework, with the same
                // names and signatures, so an exported policy compiles and tests without the router module.
                package plugin

                import (
                	"bytes"
                	"context"
                	"encoding/json"
                )

                // TypedName identifies a plugin instance.
                type TypedName struct {
                	Type string
                	Name string
                }

                func (t TypedName) String() string { return t.Name + "/" + t.Type }

                // Plugin is implemented by every plugin.
                type Plugin interface {
                	TypedName() TypedName
                }

                // StateDumper is implemented by plugins that report their state at /debug/plugins/state.
                type StateDumper interface {
                	DumpState() (json.RawMessage, error)
                }

                // Handle gives plugins access to the framework (unused by usage-limit policies).
                type Handle interface {
                	Context() context.Context
                }

                // FactoryFunc creates a plugin from its name and parameters.
                type FactoryFunc func(name string, parameters *json.Decoder, handle Handle) (Plugin, error)

                // StabilityLevel says how mature a plugin is.
                type StabilityLevel string

                const (
                	StabilityAlpha  StabilityLevel = "Alpha"
                	StabilityBeta   StabilityLevel = "Beta"
                	StabilityStable StabilityLevel = "Stable"
                )

                // Registry maps plugin types to factories.
                var Registry = map[string]FactoryFunc{}

                // Register adds a plugin type.
                func Register(pluginType string, _ StabilityLevel, factory FactoryFunc) {
                	Registry[pluginType] = factory
                }

                // StrictDecoder decodes parameters, rejecting unknown fields; nil when there are none.
                func StrictDecoder(raw json.RawMessage) *json.Decoder {
                	if len(raw) == 0 {
                		return nil
                	}
                	d := json.NewDecoder(bytes.NewReader(raw))
                	d.DisallowUnknownFields()
                	return d
                }
                """;
    }

    private static String stubFlowControl() {
        return """
                // Package flowcontrol is a minimal stand-in for the llm-d-router flow-control interfaces.
                package flowcontrol

                import (
                	"context"

                	"%s"
                )

                // UsageLimitPolicy computes one ceiling per priority band each dispatch cycle.
                type UsageLimitPolicy interface {
                	plugin.Plugin
                	ComputeLimit(ctx context.Context, saturation float64, priorities []int, ceilings []float64)
                }
                """.formatted(PLUGIN_IMPORT);
    }

    static List<String> wrap(String text, int width) {
        List<String> lines = new java.util.ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String w : text.strip().split("\\s+")) {
            if (line.length() > 0 && line.length() + 1 + w.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() > 0 ? " " : "").append(w);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }
}
