package io.nous.codegen.golang;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A translated routing scorer as a Go plugin package for the router's scheduling {@code Scorer}
 * interface: per endpoint it reads what the approximate prefix producer and the in-flight load
 * producer stored and what the last scrape reported, exactly as the simulator handed them to the Java
 * candidate, and returns the translated {@code score}. With its tests, golden vectors over endpoint
 * sets recorded from the Java policy, the equivalence sequences, a README, the EndpointPickerConfig
 * it was measured in, and a stand-in module of the router interfaces it uses.
 */
public final class ScorerPackage implements RouterPlugin {
    static final String ROUTER_MODULE = GoPackage.ROUTER_MODULE;
    static final String SCHEDULING_IMPORT = ROUTER_MODULE + "/pkg/epp/framework/interface/scheduling";
    static final String DATALAYER_IMPORT = ROUTER_MODULE + "/pkg/epp/framework/interface/datalayer";
    static final String REQUESTHANDLING_IMPORT = ROUTER_MODULE + "/pkg/epp/framework/interface/requesthandling";
    static final String PREFIX_IMPORT = ROUTER_MODULE + "/pkg/epp/framework/plugins/datalayer/attribute/prefix";
    static final String CONCURRENCY_IMPORT = ROUTER_MODULE + "/pkg/epp/framework/plugins/datalayer/attribute/concurrency";
    private static final List<String> GO_TYPES = List.of("int64", "float64", "int64", "int64", "int32", "int32", "int32", "int32", "float64");

    private final String name;
    private final String javaSource;
    private final GoTranslator.GoCode code;
    private final List<RoutingVectors.Case> vectors;
    private final EquivalenceProof.Proof proof;
    private final String summary;

    /**
     * @param name    the scorer's name in kebab case; the plugin type is {@code <name>-scorer}
     * @param proof   the call sequences and Java's digests the package's equivalence test replays
     * @param summary one paragraph for the package doc and README: what the scorer prefers and why
     */
    public ScorerPackage(String name, String javaSource, GoTranslator.GoCode code, List<RoutingVectors.Case> vectors,
                         EquivalenceProof.Proof proof, String summary) {
        GoPackage.requireKebabName(name, "a scorer name", "sticky-until-busy");
        if (code.entryParameters().size() != GO_TYPES.size()) {
            throw new IllegalArgumentException("not a routing scorer translation");
        }
        this.name = name;
        this.javaSource = javaSource;
        this.code = code;
        this.vectors = vectors;
        this.proof = proof;
        this.summary = GoPackage.ascii(summary);
    }

    @Override
    public String pluginType() {
        return GoPackage.pluginType(name, "scorer");
    }

    @Override
    public String pluginsDir() {
        return "pkg/epp/framework/plugins/scheduling/scorer/";
    }

    @Override
    public String typeConstant() {
        return "ScorerType";
    }

    @Override
    public Group group() {
        return Group.SCHEDULING;
    }

    @Override
    public String noun() {
        return "scorer";
    }

    /** The Go package name: the kebab name without dashes (and without a trailing "scorer"). */
    @Override
    public String goPackage() {
        return GoPackage.goPackage(name, "scorer");
    }

    @Override
    public String javaFileName() {
        return GoPackage.javaFileName(javaSource, "Scorer");
    }

    @Override
    public Map<String, String> files() {
        Map<String, String> f = new LinkedHashMap<>();
        GoPackage.moduleFiles(f);
        f.put("router-stub/pkg/epp/framework/interface/plugin/datakey.go", STUB_DATAKEY);
        f.put("router-stub/pkg/epp/framework/interface/datalayer/datalayer.go", STUB_DATALAYER);
        f.put("router-stub/pkg/epp/framework/interface/requesthandling/types.go", STUB_REQUESTHANDLING);
        f.put("router-stub/pkg/epp/framework/interface/scheduling/types.go",
                STUB_SCHEDULING.formatted(DATALAYER_IMPORT, GoPackage.PLUGIN_IMPORT, REQUESTHANDLING_IMPORT));
        f.put("router-stub/pkg/epp/framework/plugins/datalayer/attribute/prefix/data_types.go",
                STUB_PREFIX.formatted(DATALAYER_IMPORT, GoPackage.PLUGIN_IMPORT));
        f.put("router-stub/pkg/epp/framework/plugins/datalayer/attribute/concurrency/data_types.go",
                STUB_CONCURRENCY.formatted(DATALAYER_IMPORT, GoPackage.PLUGIN_IMPORT));
        String dir = goPackage() + "/";
        f.put(dir + "scorer.go", scorerGo());
        f.put(dir + "scorer_test.go", scorerTestGo());
        f.put(dir + "equivalence_test.go", EquivalenceGo.scorer(goPackage()));
        f.put(dir + "testdata/golden_vectors.json", goldenJson());
        f.put(dir + "testdata/equivalence.json", proof.json());
        f.put(dir + "README.md", readme());
        f.put(dir + "epp-config.yaml", EppConfig.scorer(pluginType()));
        f.put("source/" + javaFileName(), javaSource);
        return f;
    }

    /** Writes every file under {@code out}; the Go is laid out as gofmt would, with or without Go installed. */
    public void write(Path out) {
        GoPackage.writeFiles(out, files());
    }

    @Override
    public String goldenJson() {
        return RoutingVectors.json(vectors);
    }

    String scorerGo() {
        List<String> p = code.entryParameters();
        StringBuilder sb = new StringBuilder(GoPackage.LICENSE);
        sb.append("// Package ").append(goPackage()).append(" implements the ").append(pluginType()).append(" scheduling plugin.\n//\n");
        for (String line : GoPackage.wrap(summary, 96)) {
            sb.append("// ").append(line).append('\n');
        }
        sb.append("//\n// Generated by Nous from a Java policy; scorer_test.go replays what the Java original scored.\n");
        sb.append("package ").append(goPackage()).append("\n\nimport (\n\t\"context\"\n\t\"encoding/json\"\n\t\"fmt\"\n\t\"math\"\n");
        for (String imp : code.imports()) {
            if (!imp.equals("math")) {
                sb.append("\t\"").append(imp).append("\"\n");
            }
        }
        sb.append("\n\tfwkplugin \"").append(GoPackage.PLUGIN_IMPORT).append("\"\n\tfwksched \"").append(SCHEDULING_IMPORT)
                .append("\"\n\tattrconcurrency \"").append(CONCURRENCY_IMPORT).append("\"\n\tattrprefix \"").append(PREFIX_IMPORT).append("\"\n)\n\n");
        sb.append("// ScorerType is the registered type of this plugin.\nconst ScorerType = \"").append(pluginType()).append("\"\n\n");
        if (!code.constants().isEmpty()) {
            sb.append("const (\n");
            code.constants().forEach(c -> sb.append(c).append('\n'));
            sb.append(")\n\n");
        }
        sb.append("""
                // Parameters name the producers whose data the scorer reads; empty names mean the producers'
                // default names (approx-prefix-cache-producer, inflight-load-producer).
                type Parameters struct {
                	PrefixCacheProducerName  string `json:"prefixCacheProducerName,omitempty"`
                	InFlightLoadProducerName string `json:"inFlightLoadProducerName,omitempty"`
                }

                var (
                	_ fwksched.Scorer          = (*policy)(nil)
                	_ fwkplugin.ConsumerPlugin = (*policy)(nil)
                )

                type policy struct {
                	name        string
                	prefixKey   fwkplugin.DataKey
                	inFlightKey fwkplugin.DataKey
                	uncachedKey fwkplugin.DataKey
                """);
        if (code.counterField() != null) {
            sb.append("\n\t").append(code.counterComment("Counts scores.")).append('\n');
            sb.append('\t').append(code.counterField()).append(" atomic.Int64\n");
        }
        sb.append("}\n\n");
        sb.append("""
                // Factory creates the scorer. Parameters may rename the producers it reads; unknown keys are errors.
                func Factory(name string, parameters *json.Decoder, _ fwkplugin.Handle) (fwkplugin.Plugin, error) {
                	var params Parameters
                	if parameters != nil {
                		if err := parameters.Decode(&params); err != nil {
                			return nil, fmt.Errorf("failed to parse parameters for '%s' plugin: %w", ScorerType, err)
                		}
                	}
                	return &policy{
                		name:        name,
                		prefixKey:   attrprefix.PrefixCacheMatchInfoDataKey.WithNonEmptyProducerName(params.PrefixCacheProducerName),
                		inFlightKey: attrconcurrency.InFlightLoadDataKey.WithNonEmptyProducerName(params.InFlightLoadProducerName),
                		uncachedKey: attrconcurrency.UncachedRequestTokensDataKey.WithNonEmptyProducerName(params.InFlightLoadProducerName),
                	}, nil
                }

                // TypedName returns the type and name of this plugin instance.
                func (p *policy) TypedName() fwkplugin.TypedName {
                	return fwkplugin.TypedName{Type: ScorerType, Name: p.name}
                }

                // Category is Balance: the scorer weighs how much of the prompt an endpoint holds against its load.
                func (p *policy) Category() fwksched.ScorerCategory {
                	return fwksched.Balance
                }

                // Consumes declares the producers' data the scorer reads; the framework refuses a config without them.
                func (p *policy) Consumes() fwkplugin.DataDependencies {
                	return fwkplugin.DataDependencies{
                		Required: map[fwkplugin.DataKey]any{
                			p.prefixKey:   attrprefix.PrefixCacheMatchInfo{},
                			p.inFlightKey: attrconcurrency.InFlightLoad{},
                			p.uncachedKey: attrconcurrency.UncachedRequestTokens{},
                		},
                	}
                }

                // Score gives each endpoint the Java policy's score of what the producers stored for it and its last
                // scrape. An endpoint with no metrics scores 0, as does a score that panics or is NaN; the profile
                // clamps the rest to [0, 1] and weighs it.
                func (p *policy) Score(_ context.Context, request *fwksched.InferenceRequest, endpoints []fwksched.Endpoint) map[fwksched.Endpoint]float64 {
                	prompt := promptTokens(request)
                	loads := make([]attrconcurrency.InFlightLoad, len(endpoints))
                	var maxRequests int32
                	for i, endpoint := range endpoints {
                		loads[i] = p.inFlight(endpoint)
                		if r := saturatedInt32(loads[i].Requests); r > maxRequests {
                			maxRequests = r
                		}
                	}
                	scores := make(map[fwksched.Endpoint]float64, len(endpoints))
                	for i, endpoint := range endpoints {
                		m := endpoint.GetMetrics()
                		if m == nil {
                			scores[endpoint] = 0
                			continue
                		}
                		info := p.prefixInfo(endpoint)
                		scores[endpoint] = p.safeScore(scoreInputs{
                			promptTokens:        prompt,
                			prefixMatch:         prefixMatch(info),
                			uncachedTokens:      p.uncached(endpoint, prompt, info),
                			inFlightTokens:      loads[i].Tokens,
                			inFlightRequests:    saturatedInt32(loads[i].Requests),
                			maxInFlightRequests: maxRequests,
                			waiting:             saturatedInt32(int64(m.WaitingQueueSize)),
                			running:             saturatedInt32(int64(m.RunningRequestsSize)),
                			kvUsage:             m.KVCacheUsagePercent,
                		})
                	}
                	return scores
                }

                // scoreInputs are what score reads of one endpoint, in the order of its parameters.
                type scoreInputs struct {
                	promptTokens        int64
                	prefixMatch         float64
                	uncachedTokens      int64
                	inFlightTokens      int64
                	inFlightRequests    int32
                	maxInFlightRequests int32
                	waiting             int32
                	running             int32
                	kvUsage             float64
                }

                // promptTokens is the request's prompt as the router's token producer counted it; 0 without one.
                func promptTokens(request *fwksched.InferenceRequest) int64 {
                	if request == nil || request.Body == nil || request.Body.TokenizedPrompt == nil {
                		return 0
                	}
                	return int64(request.Body.TokenizedPrompt.TokenCount())
                }

                func (p *policy) prefixInfo(endpoint fwksched.Endpoint) *attrprefix.PrefixCacheMatchInfo {
                	if v, ok := endpoint.Get(p.prefixKey.String()); ok {
                		if info, ok := v.(*attrprefix.PrefixCacheMatchInfo); ok {
                			return info
                		}
                	}
                	return nil
                }

                func (p *policy) inFlight(endpoint fwksched.Endpoint) attrconcurrency.InFlightLoad {
                	if v, ok := endpoint.Get(p.inFlightKey.String()); ok {
                		if load, ok := v.(*attrconcurrency.InFlightLoad); ok && load != nil {
                			return *load
                		}
                	}
                	return attrconcurrency.InFlightLoad{}
                }

                // uncached is the tokens this request would add to the endpoint: the in-flight producer's figure, or
                // without it the producer's own formula over the prefix match.
                func (p *policy) uncached(endpoint fwksched.Endpoint, prompt int64, info *attrprefix.PrefixCacheMatchInfo) int64 {
                	if v, ok := endpoint.Get(p.uncachedKey.String()); ok {
                		if u, ok := v.(*attrconcurrency.UncachedRequestTokens); ok && u != nil {
                			return u.Tokens
                		}
                	}
                	return uncachedInputTokens(prompt, info)
                }

                // prefixMatch is the share of the prompt's blocks the endpoint holds, as prefix-cache-scorer computes it.
                func prefixMatch(info *attrprefix.PrefixCacheMatchInfo) float64 {
                	if info == nil || info.TotalBlocks() <= 0 {
                		return 0
                	}
                	return float64(info.MatchBlocks()) / float64(info.TotalBlocks())
                }

                // uncachedInputTokens is the unmatched indexed blocks plus the tail past them, as the in-flight
                // producer computes it; the whole prompt without a match record.
                func uncachedInputTokens(prompt int64, info *attrprefix.PrefixCacheMatchInfo) int64 {
                	if info == nil || info.BlockSizeTokens() <= 0 {
                		return max64(0, prompt)
                	}
                	blockSize := int64(info.BlockSizeTokens())
                	matched := int64(info.MatchBlocks()) * blockSize
                	indexed := int64(info.TotalBlocks()) * blockSize
                	return max64(0, indexed-matched) + max64(0, prompt-indexed)
                }

                func max64(a, b int64) int64 {
                	if a > b {
                		return a
                	}
                	return b
                }

                func saturatedInt32(v int64) int32 {
                	if v > math.MaxInt32 {
                		return math.MaxInt32
                	}
                	if v < math.MinInt32 {
                		return math.MinInt32
                	}
                	return int32(v)
                }

                // safeScore is score, with 0 for a panic or NaN (the Java run would have stopped there).
                func (p *policy) safeScore(in scoreInputs) (s float64) {
                	defer func() {
                		if recover() != nil {
                			s = 0
                		}
                	}()
                	s = p.score(in.promptTokens, in.prefixMatch, in.uncachedTokens, in.inFlightTokens, in.inFlightRequests,
                		in.maxInFlightRequests, in.waiting, in.running, in.kvUsage)
                	if math.IsNaN(s) {
                		return 0
                	}
                	return s
                }

                """);
        sb.append("// score is the Java policy's score of one endpoint; higher is preferred.\n");
        sb.append("func (p *policy) score(").append(params(p)).append(") float64 {\n").append(code.computeLimitBody()).append("}\n");
        for (String m : code.methods()) {
            sb.append('\n').append(m);
        }
        for (String h : code.helpers()) {
            sb.append('\n').append(GoHelpers.source(h));
        }
        return sb.toString();
    }

    /** The entry parameters with their Go types, grouped as gofmt leaves them ({@code a, b int64}). */
    private static String params(List<String> names) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < names.size(); i++) {
            boolean last = i + 1 == names.size() || !GO_TYPES.get(i + 1).equals(GO_TYPES.get(i));
            sb.append(names.get(i)).append(last ? " " + GO_TYPES.get(i) : "").append(i + 1 < names.size() ? ", " : "");
        }
        return sb.toString();
    }

    String scorerTestGo() {
        StringBuilder sb = new StringBuilder(GoPackage.LICENSE);
        sb.append("package ").append(goPackage()).append("\n\nimport (\n\t\"context\"\n\t\"encoding/json\"\n\t\"fmt\"\n\t\"math\"\n\t\"os\"\n\t\"testing\"\n\n");
        sb.append("\tfwkdl \"").append(DATALAYER_IMPORT).append("\"\n\tfwkplugin \"").append(GoPackage.PLUGIN_IMPORT)
                .append("\"\n\tfwkrh \"").append(REQUESTHANDLING_IMPORT).append("\"\n\tfwksched \"").append(SCHEDULING_IMPORT)
                .append("\"\n\tattrconcurrency \"").append(CONCURRENCY_IMPORT).append("\"\n\tattrprefix \"").append(PREFIX_IMPORT).append("\"\n)\n\n");
        sb.append(TEST_BODY);
        return sb.toString();
    }

    private String readme() {
        return "# " + pluginType() + "\n\n" + summary + "\n\n"
                + "Generated by Nous from a Java routing scorer that was evaluated in its simulator; the export's\n"
                + "PROVENANCE.md names where it came from and links the Java source.\n\n"
                + "## Enable it\n\nRegister it in `cmd/epp/runner/runner.go` (`registerInTreePlugins`, beside the other scheduling plugins):\n\n"
                + "```go\nfwkplugin.Register(" + goPackage() + ".ScorerType, fwkplugin.StabilityAlpha, " + goPackage() + ".Factory)\n```\n\n"
                + "and use the EndpointPickerConfig in this directory (`epp-config.yaml`): the approximate prefix producer and\n"
                + "the in-flight load producer, this scorer as the profile's only scorer and the max-score picker, which is\n"
                + "the profile it was measured in. Alpha plugins need the EPP started with `--allow-experimental-plugins`.\n\n"
                + "## What it reads\n\nPer endpoint: the share of the prompt's blocks the prefix producer matched (`PrefixCacheMatchInfo`,\n"
                + "matched over total blocks), the tokens this request would add (`UncachedRequestTokens`, or the in-flight\n"
                + "producer's formula over the match when it is absent), the endpoint's in-flight tokens and requests\n"
                + "(`InFlightLoad`), the largest in-flight request count among the candidates, and the scraped waiting and\n"
                + "running requests and KV-cache usage; per request, the prompt's token count. An endpoint without metrics\n"
                + "scores 0, as does a score that panics or is NaN (the simulation would have stopped there); the profile\n"
                + "clamps the rest to [0, 1].\n\n"
                + "## Tests\n\n`scorer_test.go` checks the factory (parameters, unknown keys rejected), the data it declares it\n"
                + "consumes, how it reads missing attributes and metrics, and replays the " + vectors.size() + " golden endpoint sets in\n"
                + "`testdata/golden_vectors.json`, recorded from the Java policy (the lab's sticky and hot-tenant states, an\n"
                + "idle pool, endpoints lacking each attribute or their metrics, no tokenized prompt, and seeded random sets of\n"
                + "1 to 8 endpoints). `equivalence_test.go` replays " + String.format(Locale.ROOT, "%,d", proof.calls()) + " calls of `score` in "
                + proof.sequences() + " seeded sequences\n(`testdata/equivalence.json`: realistic endpoint states, a grid of cached share against load, edge\n"
                + "values of every input such as -0, NaN, +Inf and the extremes of each integer type) and compares a digest of\n"
                + "every score with the Java policy's, bit for bit.\n";
    }

    private static final String TEST_BODY = """
            func newTestPolicy(t *testing.T) *policy {
            	t.Helper()
            	p, err := Factory("test", fwkplugin.StrictDecoder(nil), nil)
            	if err != nil {
            		t.Fatalf("Factory: %v", err)
            	}
            	return p.(*policy)
            }

            func TestFactory(t *testing.T) {
            	p, err := Factory("a", fwkplugin.StrictDecoder(json.RawMessage(`{"prefixCacheProducerName":"px","inFlightLoadProducerName":"load"}`)), nil)
            	if err != nil {
            		t.Fatalf("Factory: %v", err)
            	}
            	if got := p.TypedName(); got.Type != ScorerType || got.Name != "a" {
            		t.Errorf("TypedName() = %v", got)
            	}
            	s := p.(*policy)
            	if s.Category() != fwksched.Balance {
            		t.Errorf("Category() = %v", s.Category())
            	}
            	if s.prefixKey.String() != "PrefixCacheMatchInfoDataKey/px" || s.inFlightKey.String() != "InFlightLoadDataKey/load" ||
            		s.uncachedKey.String() != "UncachedRequestTokensDataKey/load" {
            		t.Errorf("producer names not applied: %v %v %v", s.prefixKey, s.inFlightKey, s.uncachedKey)
            	}
            	for _, raw := range []string{`{"unknown":1}`, `{invalid}`, `{"prefixCacheProducerName":3}`} {
            		if _, err := Factory("a", fwkplugin.StrictDecoder(json.RawMessage(raw)), nil); err == nil {
            			t.Errorf("Factory accepted %s", raw)
            		}
            	}
            }

            func TestConsumesTheProducersItReads(t *testing.T) {
            	p := newTestPolicy(t)
            	required := p.Consumes().Required
            	for _, key := range []fwkplugin.DataKey{attrprefix.PrefixCacheMatchInfoDataKey, attrconcurrency.InFlightLoadDataKey,
            		attrconcurrency.UncachedRequestTokensDataKey} {
            		if _, ok := required[key]; !ok {
            			t.Errorf("Consumes() does not require %v", key)
            		}
            	}
            }

            func TestUncachedInputTokensIsTheProducersFormula(t *testing.T) {
            	if got := uncachedInputTokens(1000, nil); got != 1000 {
            		t.Errorf("without a match record: %d, want the whole prompt", got)
            	}
            	// 10 of 20 blocks of 16 held: 160 unmatched indexed tokens plus the 80-token tail past 320
            	if got := uncachedInputTokens(400, attrprefix.NewPrefixCacheMatchInfo(10, 20, 16)); got != 240 {
            		t.Errorf("uncachedInputTokens = %d, want 240", got)
            	}
            	if got := uncachedInputTokens(-5, attrprefix.NewPrefixCacheMatchInfo(1, 1, 0)); got != 0 {
            		t.Errorf("a negative prompt counts 0, got %d", got)
            	}
            }

            func TestScoreReadsWhatTheEndpointCarries(t *testing.T) {
            	p := newTestPolicy(t)
            	if got := p.Score(context.Background(), nil, nil); len(got) != 0 {
            		t.Errorf("no endpoints: %v", got)
            	}
            	bare := fwksched.NewEndpoint(&fwkdl.EndpointMetadata{Name: "bare"}, nil, nil)
            	loaded := endpoint(goldenEndpoint{Name: "loaded", Metrics: &goldenMetrics{Waiting: 2, Running: 7, KVUsage: 0.5},
            		Prefix: &goldenPrefix{MatchBlocks: 3, TotalBlocks: 4, BlockSizeTokens: 64}, InFlight: &goldenLoad{Tokens: 5000, Requests: 7}})
            	scores := p.Score(context.Background(), request(256), []fwksched.Endpoint{bare, loaded})
            	if scores[bare] != 0 {
            		t.Errorf("an endpoint without metrics must score 0, got %v", scores[bare])
            	}
            	// prompt 256, 3 of 4 blocks held: 64 uncached tokens from the producer's formula; the busiest endpoint has 7 requests.
            	// The expected score is a fresh policy's first: a policy that keeps state has been called once when Score asked it.
            	want := newTestPolicy(t).safeScore(scoreInputs{promptTokens: 256, prefixMatch: 0.75, uncachedTokens: 64, inFlightTokens: 5000,
            		inFlightRequests: 7, maxInFlightRequests: 7, waiting: 2, running: 7, kvUsage: 0.5})
            	if math.Float64bits(scores[loaded]) != math.Float64bits(want) {
            		t.Errorf("score = %v, want %v", scores[loaded], want)
            	}
            }

            type goldenMetrics struct {
            	Waiting int     `json:"waiting"`
            	Running int     `json:"running"`
            	KVUsage float64 `json:"kvUsage"`
            }

            type goldenPrefix struct {
            	MatchBlocks     int `json:"matchBlocks"`
            	TotalBlocks     int `json:"totalBlocks"`
            	BlockSizeTokens int `json:"blockSizeTokens"`
            }

            type goldenLoad struct {
            	Tokens   int64 `json:"tokens"`
            	Requests int64 `json:"requests"`
            }

            type goldenEndpoint struct {
            	Name           string         `json:"name"`
            	Metrics        *goldenMetrics `json:"metrics"`
            	Prefix         *goldenPrefix  `json:"prefix"`
            	InFlight       *goldenLoad    `json:"inFlight"`
            	UncachedTokens *int64         `json:"uncachedTokens"`
            	Want           string         `json:"want"`
            }

            type goldenCase struct {
            	Name         string           `json:"name"`
            	PromptTokens *int             `json:"promptTokens"`
            	Endpoints    []goldenEndpoint `json:"endpoints"`
            }

            // endpoint builds an endpoint carrying what the producers would have stored under their default names.
            func endpoint(e goldenEndpoint) fwksched.Endpoint {
            	var metrics *fwkdl.Metrics
            	if e.Metrics != nil {
            		metrics = &fwkdl.Metrics{WaitingQueueSize: e.Metrics.Waiting, RunningRequestsSize: e.Metrics.Running, KVCacheUsagePercent: e.Metrics.KVUsage}
            	}
            	attributes := fwkdl.NewAttributes()
            	if e.Prefix != nil {
            		attributes.Put(attrprefix.PrefixCacheMatchInfoDataKey.String(),
            			attrprefix.NewPrefixCacheMatchInfo(e.Prefix.MatchBlocks, e.Prefix.TotalBlocks, e.Prefix.BlockSizeTokens))
            	}
            	if e.InFlight != nil {
            		attributes.Put(attrconcurrency.InFlightLoadDataKey.String(), &attrconcurrency.InFlightLoad{Tokens: e.InFlight.Tokens, Requests: e.InFlight.Requests})
            	}
            	if e.UncachedTokens != nil {
            		attributes.Put(attrconcurrency.UncachedRequestTokensDataKey.String(), &attrconcurrency.UncachedRequestTokens{Tokens: *e.UncachedTokens})
            	}
            	return fwksched.NewEndpoint(&fwkdl.EndpointMetadata{Name: e.Name}, metrics, attributes)
            }

            // request is a request whose tokenized prompt has n tokens, split over two prompts as a batch request would be.
            func request(n int) *fwksched.InferenceRequest {
            	first := n / 2
            	return &fwksched.InferenceRequest{Body: &fwkrh.InferenceRequestBody{TokenizedPrompt: &fwkrh.TokenizedPrompt{
            		PerPromptTokens: [][]uint32{make([]uint32, first), make([]uint32, n-first)}}}}
            }

            // TestGoldenVectors replays what the Java policy scored: a fresh scorer per endpoint set, every endpoint's score bit for bit.
            func TestGoldenVectors(t *testing.T) {
            	raw, err := os.ReadFile("testdata/golden_vectors.json")
            	if err != nil {
            		t.Fatalf("reading the golden vectors: %v", err)
            	}
            	var golden struct {
            		Cases []goldenCase `json:"cases"`
            	}
            	if err := json.Unmarshal(raw, &golden); err != nil {
            		t.Fatalf("decoding the golden vectors: %v", err)
            	}
            	if len(golden.Cases) == 0 {
            		t.Fatal("no golden vectors")
            	}
            	for _, c := range golden.Cases {
            		req := &fwksched.InferenceRequest{}
            		if c.PromptTokens != nil {
            			req = request(*c.PromptTokens)
            		}
            		endpoints := make([]fwksched.Endpoint, len(c.Endpoints))
            		for i, e := range c.Endpoints {
            			endpoints[i] = endpoint(e)
            		}
            		scores := newTestPolicy(t).Score(context.Background(), req, endpoints)
            		for i, e := range c.Endpoints {
            			if got := fmt.Sprintf("%016x", math.Float64bits(scores[endpoints[i]])); got != e.Want {
            				t.Errorf("%s, %s: score %s (%v), Java scored %s", c.Name, e.Name, got, scores[endpoints[i]], e.Want)
            			}
            		}
            	}
            }
            """;

    private static final String STUB_DATAKEY = """
            package plugin

            import "fmt"

            // DataKey names data a producer stores on endpoints: its type and the producer's name.
            type DataKey struct {
            	dataType     string
            	producerName string
            }

            // NewDataKey creates a key with its default producer name.
            func NewDataKey(dataType, defaultProducerName string) DataKey {
            	return DataKey{dataType: dataType, producerName: defaultProducerName}
            }

            // WithNonEmptyProducerName returns the key with this producer name, unless it is empty.
            func (dk DataKey) WithNonEmptyProducerName(name string) DataKey {
            	if name != "" {
            		dk.producerName = name
            	}
            	return dk
            }

            // String is "DataType/ProducerName", the attribute's key on an endpoint.
            func (dk DataKey) String() string {
            	return fmt.Sprintf("%s/%s", dk.dataType, dk.producerName)
            }

            // DataDependencies are the keys a plugin consumes, required or optional.
            type DataDependencies struct {
            	Required map[DataKey]any
            	Optional map[DataKey]any
            }

            // ConsumerPlugin is a plugin that reads data producers store.
            type ConsumerPlugin interface {
            	Plugin
            	Consumes() DataDependencies
            }
            """;

    private static final String STUB_DATALAYER = """
            // Package datalayer is a minimal stand-in for the llm-d-router data layer types a scorer reads.
            package datalayer

            // EndpointMetadata identifies an endpoint.
            type EndpointMetadata struct {
            	Name string
            }

            // Metrics are the model server metrics the router scrapes.
            type Metrics struct {
            	RunningRequestsSize int
            	WaitingQueueSize    int
            	KVCacheUsagePercent float64
            }

            // Cloneable values can be stored as attributes.
            type Cloneable interface {
            	Clone() Cloneable
            }

            // AttributeMap holds per-endpoint data produced by plugins.
            type AttributeMap interface {
            	Put(string, Cloneable)
            	Get(string) (Cloneable, bool)
            	Keys() []string
            }

            type attributes map[string]Cloneable

            // NewAttributes returns an empty attribute map.
            func NewAttributes() AttributeMap {
            	return attributes{}
            }

            func (a attributes) Put(key string, value Cloneable) {
            	if value != nil {
            		a[key] = value
            	}
            }

            func (a attributes) Get(key string) (Cloneable, bool) {
            	v, ok := a[key]
            	if !ok {
            		return nil, false
            	}
            	return v.Clone(), true
            }

            func (a attributes) Keys() []string {
            	keys := make([]string, 0, len(a))
            	for k := range a {
            		keys = append(keys, k)
            	}
            	return keys
            }
            """;

    private static final String STUB_REQUESTHANDLING = """
            // Package requesthandling is a minimal stand-in for the llm-d-router request body types.
            package requesthandling

            // TokenizedPrompt is the result of tokenizing the request's prompts.
            type TokenizedPrompt struct {
            	PerPromptTokens [][]uint32
            }

            // TokenCount is the number of tokens over all prompts; 0 for nil.
            func (tp *TokenizedPrompt) TokenCount() int {
            	if tp == nil {
            		return 0
            	}
            	n := 0
            	for _, pp := range tp.PerPromptTokens {
            		n += len(pp)
            	}
            	return n
            }

            // InferenceRequestBody is the parsed request body.
            type InferenceRequestBody struct {
            	TokenizedPrompt *TokenizedPrompt
            }
            """;

    private static final String STUB_SCHEDULING = """
            // Package scheduling is a minimal stand-in for the llm-d-router scheduling types a scorer uses.
            package scheduling

            import (
            	"context"

            	fwkdl "%s"
            	"%s"
            	fwkrh "%s"
            )

            // RequestObjectives are the objectives of a request.
            type RequestObjectives struct {
            	Priority int
            }

            // InferenceRequest is the request being scheduled.
            type InferenceRequest struct {
            	RequestID  string
            	Body       *fwkrh.InferenceRequestBody
            	Objectives RequestObjectives
            }

            // Endpoint is a model server the request could go to, with the attributes producers stored on it.
            type Endpoint interface {
            	GetMetadata() *fwkdl.EndpointMetadata
            	GetMetrics() *fwkdl.Metrics
            	Get(string) (fwkdl.Cloneable, bool)
            	Put(string, fwkdl.Cloneable)
            	Keys() []string
            }

            type endpoint struct {
            	meta    *fwkdl.EndpointMetadata
            	metrics *fwkdl.Metrics
            	fwkdl.AttributeMap
            }

            func (e *endpoint) GetMetadata() *fwkdl.EndpointMetadata { return e.meta }

            func (e *endpoint) GetMetrics() *fwkdl.Metrics { return e.metrics }

            // NewEndpoint returns an endpoint with the given metadata, metrics and attributes.
            func NewEndpoint(meta *fwkdl.EndpointMetadata, metrics *fwkdl.Metrics, attr fwkdl.AttributeMap) Endpoint {
            	if attr == nil {
            		attr = fwkdl.NewAttributes()
            	}
            	return &endpoint{meta: meta, metrics: metrics, AttributeMap: attr}
            }

            // ScorerCategory marks the preference a scorer applies.
            type ScorerCategory string

            // The scorer categories.
            const (
            	Affinity     ScorerCategory = "Affinity"
            	Distribution ScorerCategory = "Distribution"
            	Balance      ScorerCategory = "Balance"
            )

            // Scorer scores endpoints for a request in [0, 1]; the profile clamps anything outside.
            type Scorer interface {
            	plugin.Plugin
            	Category() ScorerCategory
            	Score(ctx context.Context, request *InferenceRequest, endpoints []Endpoint) map[Endpoint]float64
            }
            """;

    private static final String STUB_PREFIX = """
            // Package prefix is a minimal stand-in for the approximate prefix producer's endpoint attribute.
            package prefix

            import (
            	fwkdl "%s"
            	"%s"
            )

            // PrefixCacheMatchInfoDataKey is where the approximate prefix producer stores its match per endpoint.
            var PrefixCacheMatchInfoDataKey = plugin.NewDataKey("PrefixCacheMatchInfoDataKey", "approx-prefix-cache-producer")

            // PrefixCacheMatchInfo is how many of the prompt's blocks an endpoint likely holds.
            type PrefixCacheMatchInfo struct {
            	matchBlocks     int
            	totalBlocks     int
            	blockSizeTokens int
            }

            // NewPrefixCacheMatchInfo records a match.
            func NewPrefixCacheMatchInfo(matchBlocks, totalBlocks, blockSizeTokens int) *PrefixCacheMatchInfo {
            	return &PrefixCacheMatchInfo{matchBlocks: matchBlocks, totalBlocks: totalBlocks, blockSizeTokens: blockSizeTokens}
            }

            // MatchBlocks is the matched blocks.
            func (p *PrefixCacheMatchInfo) MatchBlocks() int { return p.matchBlocks }

            // TotalBlocks is the prompt's blocks.
            func (p *PrefixCacheMatchInfo) TotalBlocks() int { return p.totalBlocks }

            // BlockSizeTokens is the tokens of a block.
            func (p *PrefixCacheMatchInfo) BlockSizeTokens() int { return p.blockSizeTokens }

            // Clone copies the match.
            func (p *PrefixCacheMatchInfo) Clone() fwkdl.Cloneable {
            	cp := *p
            	return &cp
            }
            """;

    private static final String STUB_CONCURRENCY = """
            // Package concurrency is a minimal stand-in for the in-flight load producer's endpoint attributes.
            package concurrency

            import (
            	fwkdl "%s"
            	"%s"
            )

            // InFlightLoadDataKey is where the in-flight load producer stores an endpoint's load.
            var InFlightLoadDataKey = plugin.NewDataKey("InFlightLoadDataKey", "inflight-load-producer")

            // UncachedRequestTokensDataKey is where it stores the tokens this request would add to an endpoint.
            var UncachedRequestTokensDataKey = plugin.NewDataKey("UncachedRequestTokensDataKey", "inflight-load-producer")

            // InFlightLoad is an endpoint's requests sent and not ended, and the tokens they charge it.
            type InFlightLoad struct {
            	Tokens   int64
            	Requests int64
            }

            // Clone copies the load.
            func (l *InFlightLoad) Clone() fwkdl.Cloneable {
            	if l == nil {
            		return nil
            	}
            	cp := *l
            	return &cp
            }

            // UncachedRequestTokens is the tokens the request being scheduled would add to an endpoint.
            type UncachedRequestTokens struct {
            	Tokens int64
            }

            // Clone copies the count.
            func (u *UncachedRequestTokens) Clone() fwkdl.Cloneable {
            	if u == nil {
            		return nil
            	}
            	cp := *u
            	return &cp
            }
            """;
}
