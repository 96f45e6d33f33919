package io.nous.codegen.golang;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A translated admission policy as a Go plugin package for the router's {@code Admitter} interface
 * ({@code pkg/epp/framework/interface/requestcontrol}): the plugin computes the pool's saturation as
 * the router's probabilistic admitter does (the mean over pods of the larger of queue depth over its
 * threshold and KV-cache use over its threshold; a pod without metrics counts as saturated), and for
 * an admitter of the terms form the two terms apart, draws one uniform number per request, and asks
 * the translated {@code admit} whether to let the request in; a refusal is the router's
 * ResourceExhausted error (HTTP 429). With its tests, golden vectors over (priority, pool state,
 * draw) recorded from the Java policy, a README, a sample config, and a stand-in module of the
 * router interfaces it uses so that it builds and tests on its own.
 */
public final class AdmitterPackage implements RouterPlugin {
    static final String ROUTER_MODULE = GoPackage.ROUTER_MODULE;
    static final String REQUESTCONTROL_IMPORT = ROUTER_MODULE + "/pkg/epp/framework/interface/requestcontrol";
    static final String SCHEDULING_IMPORT = ROUTER_MODULE + "/pkg/epp/framework/interface/scheduling";
    static final String DATALAYER_IMPORT = ROUTER_MODULE + "/pkg/epp/framework/interface/datalayer";
    static final String ERROR_IMPORT = ROUTER_MODULE + "/pkg/common/error";

    private final String name;
    private final String javaSource;
    private final GoTranslator.GoCode code;
    private final List<AdmissionVectors.Case> vectors;
    private final EquivalenceProof.Proof proof;
    private final String summary;

    /**
     * @param name    the admitter's name in kebab case; the plugin type is {@code <name>-admitter}
     * @param proof   the call sequences and Java's digests the package's equivalence test replays
     * @param summary one paragraph for the package doc and README: what the admitter does and why
     */
    public AdmitterPackage(String name, String javaSource, GoTranslator.GoCode code, List<AdmissionVectors.Case> vectors,
                           EquivalenceProof.Proof proof, String summary) {
        GoPackage.requireKebabName(name, "an admitter name", "shed-early");
        if (code.entryParameters().size() != 3 && code.entryParameters().size() != 5) {
            throw new IllegalArgumentException("not an admission policy translation");
        }
        boolean terms = code.entryParameters().size() == 5;
        if (vectors.stream().anyMatch(c -> c.terms() != terms)) {
            throw new IllegalArgumentException("golden vectors of the other form of admit than the translation's");
        }
        this.name = name;
        this.javaSource = javaSource;
        this.code = code;
        this.vectors = vectors;
        this.proof = proof;
        this.summary = GoPackage.ascii(summary);
    }

    /** Whether the admitter decides on the saturation's two terms as well (the terms form of {@code admit}). */
    public boolean terms() {
        return code.entryParameters().size() == 5;
    }

    @Override
    public String pluginType() {
        return GoPackage.pluginType(name, "admitter");
    }

    @Override
    public String pluginsDir() {
        return "pkg/epp/framework/plugins/requestcontrol/admitter/";
    }

    @Override
    public String typeConstant() {
        return "AdmitterType";
    }

    @Override
    public Group group() {
        return Group.ADMISSION;
    }

    @Override
    public String noun() {
        return "admitter";
    }

    /** The Go package name: the kebab name without dashes (and without a trailing "admitter"). */
    @Override
    public String goPackage() {
        return GoPackage.goPackage(name, "admitter");
    }

    @Override
    public String javaFileName() {
        return GoPackage.javaFileName(javaSource, "Admitter");
    }

    /** Files relative to the output directory, in a stable order. */
    @Override
    public Map<String, String> files() {
        Map<String, String> f = new LinkedHashMap<>();
        GoPackage.moduleFiles(f);
        f.put("router-stub/pkg/epp/framework/interface/datalayer/metrics.go", STUB_DATALAYER);
        f.put("router-stub/pkg/epp/framework/interface/scheduling/types.go", STUB_SCHEDULING.formatted(DATALAYER_IMPORT));
        f.put("router-stub/pkg/epp/framework/interface/requestcontrol/plugins.go",
                STUB_REQUESTCONTROL.formatted(GoPackage.PLUGIN_IMPORT, SCHEDULING_IMPORT));
        f.put("router-stub/pkg/common/error/error.go", STUB_ERROR);
        String dir = goPackage() + "/";
        f.put(dir + "plugin.go", pluginGo());
        f.put(dir + "plugin_test.go", pluginTestGo());
        f.put(dir + "equivalence_test.go", EquivalenceGo.admitter(goPackage(), terms()));
        f.put(dir + "testdata/golden_vectors.json", goldenJson());
        f.put(dir + "testdata/equivalence.json", proof.json());
        f.put(dir + "README.md", readme());
        f.put(dir + "epp-config.yaml", config());
        f.put("source/" + javaFileName(), javaSource);
        return f;
    }

    /** Writes every file under {@code out}; the Go is laid out as gofmt would, with or without Go installed. */
    public void write(Path out) {
        GoPackage.writeFiles(out, files());
    }


    /** The golden vectors file. */
    @Override
    public String goldenJson() {
        return AdmissionVectors.json(vectors);
    }

    String pluginGo() {
        List<String> p = code.entryParameters();
        StringBuilder sb = new StringBuilder(GoPackage.LICENSE);
        sb.append("// Package ").append(goPackage()).append(" implements the ").append(pluginType()).append(" admission plugin.\n//\n");
        for (String line : GoPackage.wrap(summary, 96)) {
            sb.append("// ").append(line).append('\n');
        }
        sb.append("//\n// Generated by Nous from a Java policy; plugin_test.go replays what the Java original decided.\n");
        sb.append("package ").append(goPackage()).append("\n\nimport (\n\t\"context\"\n\t\"encoding/json\"\n\t\"fmt\"\n\t\"math\"\n\t\"math/rand\"\n");
        for (String imp : code.imports()) {
            if (!imp.equals("math")) {
                sb.append("\t\"").append(imp).append("\"\n");
            }
        }
        sb.append("\n\terrcommon \"").append(ERROR_IMPORT).append("\"\n\tfwkplugin \"").append(GoPackage.PLUGIN_IMPORT)
                .append("\"\n\t\"").append(REQUESTCONTROL_IMPORT).append("\"\n\tfwksched \"").append(SCHEDULING_IMPORT).append("\"\n)\n\n");
        sb.append("// AdmitterType is the registered type of this plugin.\nconst AdmitterType = \"").append(pluginType()).append("\"\n\n");
        sb.append("// The saturation thresholds of the router's utilization detector, which the Java policy was simulated with.\n");
        sb.append("const (\n\tdefaultQueueDepthThreshold  = 5\n\tdefaultKVCacheUtilThreshold = 0.8\n)\n\n");
        if (!code.constants().isEmpty()) {
            sb.append("const (\n");
            code.constants().forEach(c -> sb.append(c).append('\n'));
            sb.append(")\n\n");
        }
        sb.append("""
                // Parameters are the thresholds that define saturation: a pod is saturated when its waiting queue
                // reaches queueDepthThreshold or its KV cache kvCacheUtilThreshold.
                type Parameters struct {
                	QueueDepthThreshold  int     `json:"queueDepthThreshold"`
                	KVCacheUtilThreshold float64 `json:"kvCacheUtilThreshold"`
                }

                var _ requestcontrol.Admitter = (*policy)(nil)

                type policy struct {
                	name                 string
                	queueDepthThreshold  float64
                	kvCacheUtilThreshold float64
                	randFn               func() float64
                """);
        if (code.counterField() != null) {
            sb.append("\n\t").append(code.counterComment("Counts admission decisions.")).append('\n');
            sb.append('\t').append(code.counterField()).append(" atomic.Int64\n");
        }
        sb.append("}\n\n");
        sb.append("""
                // Factory creates the admitter. Parameters may set the saturation thresholds; unknown keys are errors.
                func Factory(name string, parameters *json.Decoder, _ fwkplugin.Handle) (fwkplugin.Plugin, error) {
                	params := Parameters{QueueDepthThreshold: defaultQueueDepthThreshold, KVCacheUtilThreshold: defaultKVCacheUtilThreshold}
                	if parameters != nil {
                		if err := parameters.Decode(&params); err != nil {
                			return nil, fmt.Errorf("failed to parse parameters for '%s' plugin: %w", AdmitterType, err)
                		}
                	}
                	if params.QueueDepthThreshold <= 0 {
                		return nil, fmt.Errorf("plugin '%s': queueDepthThreshold must be > 0, got %d", AdmitterType, params.QueueDepthThreshold)
                	}
                	if params.KVCacheUtilThreshold <= 0 {
                		return nil, fmt.Errorf("plugin '%s': kvCacheUtilThreshold must be > 0, got %g", AdmitterType, params.KVCacheUtilThreshold)
                	}
                	return &policy{
                		name:                 name,
                		queueDepthThreshold:  float64(params.QueueDepthThreshold),
                		kvCacheUtilThreshold: params.KVCacheUtilThreshold,
                		randFn:               rand.Float64,
                	}, nil
                }

                // TypedName returns the type and name of this plugin instance.
                func (p *policy) TypedName() fwkplugin.TypedName {
                	return fwkplugin.TypedName{Type: AdmitterType, Name: p.name}
                }

                """);
        sb.append(terms() ? ADMIT_TERMS : ADMIT_SATURATION);
        sb.append("// admit is the Java policy's decision: true lets the request in.\n");
        sb.append("func (p *policy) admit(").append(p.get(0)).append(" int32");
        for (String parameter : p.subList(1, p.size())) {
            sb.append(", ").append(parameter).append(" float64");
        }
        sb.append(") bool {\n").append(code.computeLimitBody()).append("}\n");
        for (String m : code.methods()) {
            sb.append('\n').append(m);
        }
        for (String h : code.helpers()) {
            sb.append('\n').append(GoHelpers.source(h));
        }
        return sb.toString();
    }

    String pluginTestGo() {
        StringBuilder sb = new StringBuilder(GoPackage.LICENSE);
        sb.append("package ").append(goPackage()).append("\n\nimport (\n\t\"context\"\n\t\"encoding/json\"\n\t\"errors\"\n\t\"os\"\n\t\"testing\"\n\n");
        sb.append("\terrcommon \"").append(ERROR_IMPORT).append("\"\n\tfwkdl \"").append(DATALAYER_IMPORT).append("\"\n\tfwkplugin \"")
                .append(GoPackage.PLUGIN_IMPORT).append("\"\n\tfwksched \"").append(SCHEDULING_IMPORT).append("\"\n)\n\n");
        sb.append("""
                func newPolicy(t *testing.T) *policy {
                	t.Helper()
                	p, err := Factory("test", fwkplugin.StrictDecoder(nil), nil)
                	if err != nil {
                		t.Fatalf("Factory: %v", err)
                	}
                	return p.(*policy)
                }

                func endpoint(queue int, kv float64) fwksched.Endpoint {
                	return fwksched.NewEndpoint(&fwkdl.EndpointMetadata{}, &fwkdl.Metrics{WaitingQueueSize: queue, KVCacheUsagePercent: kv}, nil)
                }

                func TestFactory(t *testing.T) {
                	p, err := Factory("a", fwkplugin.StrictDecoder(json.RawMessage(`{"queueDepthThreshold":10,"kvCacheUtilThreshold":0.9}`)), nil)
                	if err != nil {
                		t.Fatalf("Factory: %v", err)
                	}
                	if got := p.TypedName(); got.Type != AdmitterType || got.Name != "a" {
                		t.Errorf("TypedName() = %v", got)
                	}
                	for _, raw := range []string{`{"unknown":1}`, `{invalid}`, `{"queueDepthThreshold":0}`, `{"kvCacheUtilThreshold":-1}`} {
                		if _, err := Factory("a", fwkplugin.StrictDecoder(json.RawMessage(raw)), nil); err == nil {
                			t.Errorf("Factory accepted %s", raw)
                		}
                	}
                }

                """);
        sb.append(terms() ? TEST_SIGNALS_TERMS : TEST_SIGNALS_SATURATION);
        sb.append("""

                func TestAdmitAsksThePolicyWithOneDrawPerRequest(t *testing.T) {
                	p := newPolicy(t)
                	if err := p.Admit(context.Background(), nil, []fwksched.Endpoint{endpoint(0, 0)}); err != nil {
                		t.Errorf("a nil request must be admitted, got %v", err)
                	}
                	if err := p.Admit(context.Background(), &fwksched.InferenceRequest{}, nil); err != nil {
                		t.Errorf("with no pods the request must be admitted, got %v", err)
                	}
                	pods := []fwksched.Endpoint{endpoint(10, 0.95), endpoint(7, 0.5)}
                @SIGNALS@
                	for _, priority := range []int{1, 0, -1, -2} {
                		for _, u := range []float64{0, 0.3, 0.999} {
                			draws := 0
                			q := newPolicy(t)
                			q.randFn = func() float64 { draws++; return u }
                			want := newPolicy(t).admit(int32(priority), @ARGUMENTS@, u)
                			err := q.Admit(context.Background(), &fwksched.InferenceRequest{Objectives: fwksched.RequestObjectives{Priority: priority}}, pods)
                			if draws != 1 {
                				t.Fatalf("Admit drew %d numbers, want 1", draws)
                			}
                			if want != (err == nil) {
                				t.Errorf("priority %d, s %v, u %v: Admit = %v, policy says admit=%v", priority, s, u, err, want)
                			}
                			var e errcommon.Error
                			if err != nil && (!errors.As(err, &e) || e.Code != errcommon.ResourceExhausted) {
                				t.Errorf("a refusal must be ResourceExhausted, got %v", err)
                			}
                		}
                	}
                }

                @GOLDEN_CASE@

                // TestGoldenVectors replays what the Java policy decided: a fresh policy per case, asked about each draw in turn.
                func TestGoldenVectors(t *testing.T) {
                	raw, err := os.ReadFile("testdata/golden_vectors.json")
                	if err != nil {
                		t.Fatalf("reading the golden vectors: %v", err)
                	}
                	var golden struct {
                		Draws []float64    `json:"draws"`
                		Cases []goldenCase `json:"cases"`
                	}
                	if err := json.Unmarshal(raw, &golden); err != nil {
                		t.Fatalf("decoding the golden vectors: %v", err)
                	}
                	if len(golden.Cases) == 0 {
                		t.Fatal("no golden vectors")
                	}
                	for _, c := range golden.Cases {
                		p := newPolicy(t)
                		for i, u := range golden.Draws {
                			if got := p.admit(c.Priority, @CASE_ARGUMENTS@, u); got != c.Want[i] {
                				t.Errorf("%s, draw %v: admit = %v, Java decided %v", c.Name, u, got, c.Want[i])
                			}
                		}
                	}
                }
                """.replace("@SIGNALS@", terms() ? "\ts, queue, kv := p.signals(pods)" : "\ts := p.saturation(pods)")
                .replace("@ARGUMENTS@", terms() ? "s, queue, kv" : "s")
                .replace("@GOLDEN_CASE@", terms() ? GOLDEN_CASE_TERMS : GOLDEN_CASE_SATURATION)
                .replace("@CASE_ARGUMENTS@", terms() ? "c.Saturation, c.Queue, c.KV" : "c.Saturation"));
        return sb.toString();
    }

    private String readme() {
        return "# " + pluginType() + "\n\n" + summary + "\n\n"
                + "Generated by Nous from a Java admission policy that was evaluated in its simulator; the export's\n"
                + "PROVENANCE.md names where it came from and links the Java source.\n\n"
                + "## Enable it\n\nRegister it in `cmd/epp/runner/runner.go` (`registerInTreePlugins`, beside the other admitters):\n\n"
                + "```go\nfwkplugin.Register(" + goPackage() + ".AdmitterType, fwkplugin.StabilityAlpha, " + goPackage() + ".Factory)\n```\n\n"
                + "and reference it from the EndpointPickerConfig (`epp-config.yaml` in this directory). Alpha plugins need the\n"
                + "EPP started with `--allow-experimental-plugins`. Saturation is the router's utilization formula with the\n"
                + "thresholds in its parameters (`queueDepthThreshold` 5, `kvCacheUtilThreshold` 0.8 by default)"
                + (terms() ? ";\nthe admitter also reads its two terms apart, each the mean over pods: queue depth over its threshold\n"
                        + "and KV-cache use over its threshold.\n\n" : ".\n\n")
                + "## Tests\n\n`plugin_test.go` checks the factory (defaults, parameters, unknown keys and bad values rejected),\n"
                + (terms() ? "the saturation formula and its terms" : "the saturation formula")
                + ", that Admit draws one number per request and refuses with ResourceExhausted, and\n"
                + "replays the " + vectors.size() + " golden cases in `testdata/golden_vectors.json`, recorded from the Java policy\n"
                + (terms() ? "(priorities 2 to -2; pools saturated by both terms, by the queue alone and by the KV cache alone, on a\n"
                        + "grid, a sweep from 0 to 1.5 and around the policy's own breakpoints, and the two terms combined;\n"
                        : "(priorities 2 to -2; saturations on a grid, a sweep from 0 to 1.5 and around the policy's own breakpoints;\n")
                + AdmissionVectors.DRAWS.length + " draws each, in turn, on a fresh policy).\n"
                + "`equivalence_test.go` replays " + String.format(java.util.Locale.ROOT, "%,d", proof.calls()) + " more calls in "
                + proof.admission().size() + " seeded sequences (`testdata/equivalence.json`: random priorities, pool states\n"
                + "and draws, a grid, edge values such as -0, NaN and +Inf, held states for "
                + String.format(java.util.Locale.ROOT, "%,d", proof.horizon()) + " calls) and compares a\ndigest of every decision "
                + "with the Java policy's.\n";
    }

    private String config() {
        return EppConfig.yaml(null, pluginType());
    }

    /** Admit and the saturation, for an admitter of the saturation form. */
    private static final String ADMIT_SATURATION = """
            // Admit returns nil to admit the request, or a ResourceExhausted error (HTTP 429) to refuse it.
            func (p *policy) Admit(_ context.Context, request *fwksched.InferenceRequest, pods []fwksched.Endpoint) error {
            	if request == nil || len(pods) == 0 {
            		return nil
            	}
            	saturation := p.saturation(pods)
            	if p.admit(int32(request.Objectives.Priority), saturation, p.randFn()) {
            		return nil
            	}
            	return errcommon.Error{
            		Code: errcommon.ResourceExhausted,
            		Msg:  fmt.Sprintf("%s: rejected at saturation %.3f", AdmitterType, saturation),
            	}
            }

            // saturation is the mean over pods of max(queue depth / threshold, KV-cache use / threshold);
            // a pod without metrics counts as saturated.
            func (p *policy) saturation(pods []fwksched.Endpoint) float64 {
            	var total float64
            	for _, pod := range pods {
            		m := pod.GetMetrics()
            		if m == nil {
            			total += 1.0
            			continue
            		}
            		total += math.Max(float64(m.WaitingQueueSize)/p.queueDepthThreshold, m.KVCacheUsagePercent/p.kvCacheUtilThreshold)
            	}
            	return total / float64(len(pods))
            }

            """;

    /** Admit and the signals, for an admitter of the terms form. */
    private static final String ADMIT_TERMS = """
            // Admit returns nil to admit the request, or a ResourceExhausted error (HTTP 429) to refuse it.
            func (p *policy) Admit(_ context.Context, request *fwksched.InferenceRequest, pods []fwksched.Endpoint) error {
            	if request == nil || len(pods) == 0 {
            		return nil
            	}
            	saturation, queue, kv := p.signals(pods)
            	if p.admit(int32(request.Objectives.Priority), saturation, queue, kv, p.randFn()) {
            		return nil
            	}
            	return errcommon.Error{
            		Code: errcommon.ResourceExhausted,
            		Msg:  fmt.Sprintf("%s: rejected at saturation %.3f (queue %.3f, kv %.3f)", AdmitterType, saturation, queue, kv),
            	}
            }

            // signals returns the saturation, the mean over pods of max(queue depth / threshold, KV-cache use /
            // threshold), and its two terms, each the mean over pods; a pod without metrics counts 1 in all three.
            func (p *policy) signals(pods []fwksched.Endpoint) (saturation, queue, kv float64) {
            	for _, pod := range pods {
            		m := pod.GetMetrics()
            		if m == nil {
            			saturation += 1.0
            			queue += 1.0
            			kv += 1.0
            			continue
            		}
            		q := float64(m.WaitingQueueSize) / p.queueDepthThreshold
            		k := m.KVCacheUsagePercent / p.kvCacheUtilThreshold
            		saturation += math.Max(q, k)
            		queue += q
            		kv += k
            	}
            	n := float64(len(pods))
            	return saturation / n, queue / n, kv / n
            }

            """;

    private static final String TEST_SIGNALS_SATURATION = """
            func TestSaturationIsTheRoutersUtilizationFormula(t *testing.T) {
            	p := newPolicy(t)
            	// max(5/5, 0.4/0.8) = 1 and max(0/5, 0.2/0.8) = 0.25: mean 0.625; a pod without metrics counts 1
            	if got := p.saturation([]fwksched.Endpoint{endpoint(5, 0.4), endpoint(0, 0.2)}); got != 0.625 {
            		t.Errorf("saturation = %v, want 0.625", got)
            	}
            	if got := p.saturation([]fwksched.Endpoint{fwksched.NewEndpoint(&fwkdl.EndpointMetadata{}, nil, nil)}); got != 1 {
            		t.Errorf("saturation without metrics = %v, want 1", got)
            	}
            }
            """;

    private static final String TEST_SIGNALS_TERMS = """
            func TestSignalsAreTheRoutersUtilizationFormulaAndItsTerms(t *testing.T) {
            	p := newPolicy(t)
            	// queue terms 5/5 and 0/5, KV terms 0.4/0.8 and 0.2/0.8: saturation mean(1, 0.25), queue mean(1, 0), kv mean(0.5, 0.25)
            	s, queue, kv := p.signals([]fwksched.Endpoint{endpoint(5, 0.4), endpoint(0, 0.2)})
            	if s != 0.625 || queue != 0.5 || kv != 0.375 {
            		t.Errorf("signals = %v, %v, %v, want 0.625, 0.5, 0.375", s, queue, kv)
            	}
            	// a pod without metrics counts 1 in all three
            	s, queue, kv = p.signals([]fwksched.Endpoint{fwksched.NewEndpoint(&fwkdl.EndpointMetadata{}, nil, nil)})
            	if s != 1 || queue != 1 || kv != 1 {
            		t.Errorf("signals without metrics = %v, %v, %v, want 1, 1, 1", s, queue, kv)
            	}
            }
            """;

    private static final String GOLDEN_CASE_SATURATION = """
            type goldenCase struct {
            	Name       string  `json:"name"`
            	Priority   int32   `json:"priority"`
            	Saturation float64 `json:"saturation"`
            	Want       []bool  `json:"want"`
            }""";

    private static final String GOLDEN_CASE_TERMS = """
            type goldenCase struct {
            	Name       string  `json:"name"`
            	Priority   int32   `json:"priority"`
            	Saturation float64 `json:"saturation"`
            	Queue      float64 `json:"queue"`
            	KV         float64 `json:"kv"`
            	Want       []bool  `json:"want"`
            }""";

    private static final String STUB_DATALAYER = """
            // Package datalayer is a minimal stand-in for the llm-d-router data layer types an admitter reads.
            package datalayer

            // EndpointMetadata identifies an endpoint (only its presence matters here).
            type EndpointMetadata struct {
            	Name string
            }

            // Metrics are the model server metrics the router scrapes.
            type Metrics struct {
            	WaitingQueueSize    int
            	KVCacheUsagePercent float64
            }

            // AttributeMap holds per-endpoint data produced by plugins.
            type AttributeMap interface {
            	Keys() []string
            }
            """;

    private static final String STUB_SCHEDULING = """
            // Package scheduling is a minimal stand-in for the llm-d-router scheduling types an admitter reads.
            package scheduling

            import (
            	fwkdl "%s"
            )

            // RequestObjectives are the objectives of a request, from its InferenceObjective.
            type RequestObjectives struct {
            	Priority int
            }

            // InferenceRequest is the request being admitted.
            type InferenceRequest struct {
            	RequestID  string
            	Objectives RequestObjectives
            	FairnessID string
            }

            // Endpoint is a model server the request could go to.
            type Endpoint interface {
            	GetMetadata() *fwkdl.EndpointMetadata
            	GetMetrics() *fwkdl.Metrics
            }

            type endpoint struct {
            	meta    *fwkdl.EndpointMetadata
            	metrics *fwkdl.Metrics
            }

            func (e *endpoint) GetMetadata() *fwkdl.EndpointMetadata { return e.meta }

            func (e *endpoint) GetMetrics() *fwkdl.Metrics { return e.metrics }

            // NewEndpoint returns an endpoint with the given metadata and metrics.
            func NewEndpoint(meta *fwkdl.EndpointMetadata, metrics *fwkdl.Metrics, _ fwkdl.AttributeMap) Endpoint {
            	return &endpoint{meta: meta, metrics: metrics}
            }
            """;

    private static final String STUB_REQUESTCONTROL = """
            // Package requestcontrol is a minimal stand-in for the llm-d-router request-control interfaces.
            package requestcontrol

            import (
            	"context"

            	"%s"
            	fwksched "%s"
            )

            // Admitter decides whether a request enters: nil admits, an error is the reason it was refused.
            type Admitter interface {
            	plugin.Plugin
            	Admit(ctx context.Context, request *fwksched.InferenceRequest, pods []fwksched.Endpoint) error
            }
            """;

    private static final String STUB_ERROR = """
            // Package error is a minimal stand-in for the llm-d-router errors an admitter returns.
            package error

            import "fmt"

            // Error is an inference error with the code the router maps to an HTTP status.
            type Error struct {
            	Code    string
            	Msg     string
            	Headers map[string]string
            }

            // ResourceExhausted becomes HTTP 429.
            const ResourceExhausted = "ResourceExhausted"

            func (e Error) Error() string {
            	return fmt.Sprintf("inference error: %s - %s", e.Code, e.Msg)
            }
            """;
}
