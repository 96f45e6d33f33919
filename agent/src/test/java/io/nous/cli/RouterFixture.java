package io.nous.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A checkout laid out like llm-d-router's main branch where export touches it: the module
 * {@code github.com/llm-d/llm-d-router}, the plugin framework and flow-control interfaces, a few
 * in-tree plugins, {@code cmd/epp/runner/runner.go} with registration in a {@code Runner} method
 * grouped by kind under comments (deprecated registrations with aligned {@code //nolint} comments
 * included) and imports grouped standard library / router, a test that builds every registered
 * plugin, and the repository's PR template. It compiles, vets and tests on its own.
 */
final class RouterFixture {
    private RouterFixture() {
    }

    static final String RUNNER = """
            // Package runner starts the endpoint picker and registers its in-tree plugins.
            package runner

            import (
            	"context"

            	fwkplugin "github.com/llm-d/llm-d-router/pkg/epp/framework/interface/plugin"
            	"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/flowcontrol/fairness/globalstrict"
            	"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/flowcontrol/saturationdetector/utilization"
            	"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/flowcontrol/usagelimits"
            	"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/flowcontrol/usagelimits/priorityholdback"
            	"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/flowcontrol/usagelimits/softreflectiveceiling"
            	"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/requestcontrol/admitter/probabilisticadmitter"
            	"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/scheduling/scorer/prefix"
            )

            // Runner runs the endpoint picker.
            type Runner struct {
            	ctx context.Context
            }

            // NewRunner returns a runner.
            func NewRunner(ctx context.Context) *Runner {
            	return &Runner{ctx: ctx}
            }

            // Registered registers the in-tree plugins and lists their types.
            func (r *Runner) Registered() []string {
            	r.registerInTreePlugins()
            	out := make([]string, 0, len(fwkplugin.Registry))
            	for k := range fwkplugin.Registry {
            		out = append(out, k)
            	}
            	return out
            }

            func (r *Runner) registerInTreePlugins() {
            	// scheduling & profile handler plugins
            	// Beta
            	fwkplugin.Register(prefix.PrefixCacheScorerPluginType, fwkplugin.StabilityBeta, prefix.PrefixCachePluginFactory)
            	fwkplugin.RegisterDeprecated(prefix.LegacyPluginType, fwkplugin.StabilityBeta, prefix.PrefixCachePluginFactory, "v0.9.0", "v0.11.0", prefix.PrefixCacheScorerPluginType) //nolint:staticcheck // deprecated in v0.9.0 (#905)
            	fwkplugin.RegisterDeprecated(prefix.OlderPluginType, fwkplugin.StabilityBeta, prefix.PrefixCachePluginFactory, "v0.7.0", "v0.9.0", prefix.PrefixCacheScorerPluginType)   //nolint:staticcheck // deprecated in v0.7.0 (#732)

            	// Flow Control plugins
            	// Beta
            	fwkplugin.Register(globalstrict.GlobalStrictFairnessPolicyType, fwkplugin.StabilityBeta, globalstrict.GlobalStrictFairnessPolicyFactory)
            	fwkplugin.Register(usagelimits.StaticUsageLimitPolicyType, fwkplugin.StabilityBeta, usagelimits.StaticPolicyFactory)
            	// Alpha
            	fwkplugin.Register(priorityholdback.PolicyType, fwkplugin.StabilityAlpha, priorityholdback.PolicyFactory)
            	fwkplugin.Register(softreflectiveceiling.PolicyType, fwkplugin.StabilityAlpha, softreflectiveceiling.Factory)

            	// Latency predictor plugins
            	// Beta
            	fwkplugin.Register(probabilisticadmitter.Type, fwkplugin.StabilityBeta, probabilisticadmitter.Factory)

            	// register saturation detector plugins
            	// Beta
            	fwkplugin.Register(utilization.UtilizationDetectorType, fwkplugin.StabilityBeta, utilization.UtilizationDetectorFactory)

            	// register datalayer metrics collection plugins
            	// Beta
            	fwkplugin.Register("metrics-data-source", fwkplugin.StabilityBeta, prefix.PrefixCachePluginFactory)
            }
            """;

    static final String RUNNER_TEST = """
            package runner

            import (
            	"context"
            	"testing"

            	fwkplugin "github.com/llm-d/llm-d-router/pkg/epp/framework/interface/plugin"
            )

            func TestEveryRegisteredPluginBuilds(t *testing.T) {
            	types := NewRunner(context.Background()).Registered()
            	if len(types) < 5 {
            		t.Fatalf("only %d plugins registered", len(types))
            	}
            	for _, typ := range types {
            		p, err := fwkplugin.Registry[typ]("test", nil, nil)
            		if err != nil || p == nil {
            			t.Fatalf("%s: factory failed: %v", typ, err)
            		}
            	}
            }
            """;

    static final String PR_TEMPLATE = """
            **What type of PR is this?**
            <!--
            Add one of the following kinds:
            /kind bug
            /kind cleanup
            /kind documentation
            /kind feature
            /kind test
            -->

            **What this PR does / why we need it**:

            **Which issue(s) this PR fixes**:
            Fixes #

            **Release note** _(write `NONE` if no user-facing change)_:
            ```release-note
            NONE
            ```
            """;

    /** An in-tree plugin package: its type constants and a factory per name. */
    private static String plugin(String pkg, Map<String, String> types, List<String> factories) {
        StringBuilder sb = new StringBuilder("// Package ").append(pkg).append(" is an in-tree plugin of the fixture.\npackage ")
                .append(pkg).append("\n\nimport (\n\t\"encoding/json\"\n\n\tfwkplugin \"github.com/llm-d/llm-d-router/pkg/epp/framework/interface/plugin\"\n)\n\n");
        sb.append("// Plugin types.\nconst (\n");
        int width = types.keySet().stream().mapToInt(String::length).max().orElse(0);
        new java.util.TreeMap<>(types).forEach((k, v) -> sb.append('\t').append(k).append(" ".repeat(width - k.length())).append(" = \"").append(v).append("\"\n"));
        sb.append(")\n\ntype plugin struct{ name string }\n\n");
        sb.append("func (p *plugin) TypedName() fwkplugin.TypedName {\n\treturn fwkplugin.TypedName{Type: \"")
                .append(new java.util.TreeMap<>(types).firstEntry().getValue()).append("\", Name: p.name}\n}\n");
        for (String f : factories) {
            sb.append("\n// ").append(f).append(" creates the plugin.\nfunc ").append(f)
                    .append("(name string, _ *json.Decoder, _ fwkplugin.Handle) (fwkplugin.Plugin, error) {\n\treturn &plugin{name: name}, nil\n}\n");
        }
        return sb.toString();
    }

    /** A Nous export of static-usage-limit under {@code dir/stub}: its router stand-ins seed a fixture's interface packages. */
    static Path usageLimitStub(Path dir) {
        Path stub = dir.resolve("stub");
        CliHarness h = CliHarness.run("export", "--policy", "static-usage-limit", "--force", "--out", stub.toString());
        if (h.exit() != 0) {
            throw new AssertionError("exporting the stand-in failed: " + h.err());
        }
        return stub;
    }

    /**
     * Writes the checkout under {@code r}, with the router's interface packages taken from the
     * stand-ins of Nous exports (a usage-limit policy's, and an admitter's for its interfaces), and
     * commits it.
     */
    static Path create(Path r, Path... exports) throws Exception {
        return create(r, false, exports);
    }

    /**
     * The checkout as {@link #create(Path, Path...)} writes it, with the router's in-flight eviction
     * wiring when {@code eviction}: the sheddable filter and priority-then-time ordering registered
     * among the flow-control plugins and built in {@code buildRequestEvictor}, the evictor package,
     * and a test that builds the pair (the eviction interfaces come from an eviction export's stand-in).
     */
    static Path create(Path r, boolean eviction, Path... exports) throws Exception {
        Files.createDirectories(r.resolve("cmd/epp/runner"));
        Files.writeString(r.resolve("go.mod"), "module github.com/llm-d/llm-d-router\n\ngo 1.19\n");
        for (Path export : exports) {
            Path stub = export.resolve("router-stub/pkg");
            try (var files = Files.walk(stub)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    Path to = r.resolve("pkg").resolve(stub.relativize(f).toString());
                    if (!Files.exists(to)) {
                        Files.createDirectories(to.getParent());
                        Files.copy(f, to);
                    }
                }
            }
        }
        Files.writeString(r.resolve("pkg/epp/framework/interface/plugin/deprecated.go"), """
                package plugin

                // RegisterDeprecated registers a plugin type kept for compatibility under an old name.
                func RegisterDeprecated(pluginType string, level StabilityLevel, factory FactoryFunc, since, removal, replacement string) {
                	_ = since + removal + replacement
                	Register(pluginType, level, factory)
                }
                """);
        String plugins = "pkg/epp/framework/plugins/";
        write(r, plugins + "scheduling/scorer/prefix/prefix.go", plugin("prefix",
                Map.of("PrefixCacheScorerPluginType", "prefix-cache-scorer", "LegacyPluginType", "prefix-cache", "OlderPluginType",
                        "prefix-cache-legacy"), List.of("PrefixCachePluginFactory")));
        write(r, plugins + "flowcontrol/fairness/globalstrict/globalstrict.go", plugin("globalstrict",
                Map.of("GlobalStrictFairnessPolicyType", "global-strict-fairness-policy"), List.of("GlobalStrictFairnessPolicyFactory")));
        write(r, plugins + "flowcontrol/usagelimits/static.go", plugin("usagelimits",
                Map.of("StaticUsageLimitPolicyType", "static-usage-limit-policy"), List.of("StaticPolicyFactory")));
        write(r, plugins + "flowcontrol/usagelimits/priorityholdback/priorityholdback.go", plugin("priorityholdback",
                Map.of("PolicyType", "priority-holdback-policy"), List.of("PolicyFactory")));
        write(r, plugins + "flowcontrol/usagelimits/softreflectiveceiling/softreflectiveceiling.go", plugin("softreflectiveceiling",
                Map.of("PolicyType", "soft-reflective-ceiling-policy"), List.of("Factory")));
        write(r, plugins + "flowcontrol/saturationdetector/utilization/detector.go", plugin("utilization",
                Map.of("UtilizationDetectorType", "utilization-detector"), List.of("UtilizationDetectorFactory")));
        write(r, plugins + "requestcontrol/admitter/probabilisticadmitter/plugin.go", plugin("probabilisticadmitter",
                Map.of("Type", "probabilistic-admitter"), List.of("Factory")));
        write(r, "cmd/epp/runner/runner.go", eviction ? withEviction(RUNNER) : RUNNER);
        write(r, "cmd/epp/runner/runner_test.go", RUNNER_TEST);
        if (eviction) {
            writeEviction(r, plugins);
        }
        write(r, ".github/PULL_REQUEST_TEMPLATE.md", PR_TEMPLATE);
        try (org.eclipse.jgit.api.Git git = org.eclipse.jgit.api.Git.init().setDirectory(r.toFile()).setInitialBranch("main").call()) {
            var config = git.getRepository().getConfig();
            config.setString("user", null, "name", "Ada Maintainer");
            config.setString("user", null, "email", "ada@example.com");
            config.save();
            git.add().addFilepattern(".").call();
            git.commit().setMessage("router").setAuthor("t", "t@t").setCommitter("t", "t@t").setSign(false).call();
        }
        return r;
    }

    /** The runner with the router's eviction pair: imported, registered as flow-control Alpha plugins, and built in code. */
    private static String withEviction(String runner) {
        String fwk = "github.com/llm-d/llm-d-router/pkg/epp/";
        return runner.replace("import (\n\t\"context\"\n", "import (\n\t\"context\"\n\t\"fmt\"\n")
                .replace("\tfwkplugin \"" + fwk + "framework/interface/plugin\"\n",
                        "\tfceviction \"" + fwk + "flowcontrol/eviction\"\n"
                        + "\tfwkfc \"" + fwk + "framework/interface/flowcontrol\"\n"
                        + "\tfwkplugin \"" + fwk + "framework/interface/plugin\"\n"
                        + "\tevictfiltering \"" + fwk + "framework/plugins/flowcontrol/eviction/filtering\"\n"
                        + "\tevictordering \"" + fwk + "framework/plugins/flowcontrol/eviction/ordering\"\n")
                .replace("\t// Alpha\n\tfwkplugin.Register(priorityholdback.",
                        "\t// Alpha\n\tfwkplugin.Register(evictfiltering.SheddableFilterType, fwkplugin.StabilityAlpha, "
                        + "evictfiltering.SheddableFilterFactory)\n\tfwkplugin.Register(evictordering.PriorityThenTimeOrderingType, "
                        + "fwkplugin.StabilityAlpha, evictordering.PriorityThenTimeOrderingFactory)\n\tfwkplugin.Register(priorityholdback.")
                + """

                // EvictionPair reports the filter and ordering the eviction plumbing is built with.
                func EvictionPair() (string, string, error) {
                	e, err := buildRequestEvictor()
                	if err != nil {
                		return "", "", err
                	}
                	fmt.Println("In-flight eviction plumbing initialized", "filter", evictfiltering.SheddableFilterType,
                		"ordering", evictordering.PriorityThenTimeOrderingType)
                	return e.Filter.TypedName().Type, e.Ordering.TypedName().Type, nil
                }

                // buildRequestEvictor assembles the in-flight eviction plumbing from the victim filter and ordering policies.
                func buildRequestEvictor() (*fceviction.RequestEvictor, error) {
                	orderingPlugin, err := evictordering.PriorityThenTimeOrderingFactory(evictordering.PriorityThenTimeOrderingType, nil, nil)
                	if err != nil {
                		return nil, fmt.Errorf("failed to create eviction ordering policy: %w", err)
                	}
                	filterPlugin, err := evictfiltering.SheddableFilterFactory(evictfiltering.SheddableFilterType, nil, nil)
                	if err != nil {
                		return nil, fmt.Errorf("failed to create eviction filter policy: %w", err)
                	}
                	return fceviction.NewRequestEvictor(
                		orderingPlugin.(fwkfc.EvictionOrderingPolicy),
                		filterPlugin.(fwkfc.EvictionFilterPolicy),
                		fceviction.NewImmediateResponseEvictor(),
                	), nil
                }
                """;
    }

    /** The router's eviction packages: the evictor, and its filter and ordering plugins. */
    private static void writeEviction(Path r, String plugins) throws Exception {
        String fwk = "github.com/llm-d/llm-d-router/pkg/epp/framework/";
        write(r, "pkg/epp/flowcontrol/eviction/evictor.go", """
                // Package eviction holds the in-flight request evictor.
                package eviction

                import "github.com/llm-d/llm-d-router/pkg/epp/framework/interface/flowcontrol"

                // Evictor terminates an in-flight request.
                type Evictor interface {
                	Evict(item *flowcontrol.EvictionItem)
                }

                type immediateResponse struct{}

                func (immediateResponse) Evict(item *flowcontrol.EvictionItem) {}

                // NewImmediateResponseEvictor answers an evicted request's client at once.
                func NewImmediateResponseEvictor() Evictor { return immediateResponse{} }

                // RequestEvictor tracks in-flight requests and evicts them in the ordering's order.
                type RequestEvictor struct {
                	Ordering flowcontrol.EvictionOrderingPolicy
                	Filter   flowcontrol.EvictionFilterPolicy
                	Evictor  Evictor
                }

                // NewRequestEvictor ties a filter, an ordering and an evictor together.
                func NewRequestEvictor(o flowcontrol.EvictionOrderingPolicy, f flowcontrol.EvictionFilterPolicy, e Evictor) *RequestEvictor {
                	return &RequestEvictor{Ordering: o, Filter: f, Evictor: e}
                }
                """);
        for (String[] k : new String[][] {{"filtering", "SheddableFilterType", "sheddable-eviction-filter", "SheddableFilterFactory",
            "func (p *policy) Accept(item *flowcontrol.EvictionItem) bool {\n\treturn item != nil && item.Priority < 0\n}"},
            {"ordering", "PriorityThenTimeOrderingType", "priority-then-time-eviction-order-policy", "PriorityThenTimeOrderingFactory",
                "func (p *policy) Less(a, b *flowcontrol.EvictionItem) bool {\n\treturn a.Priority < b.Priority\n}"}}) {
            write(r, plugins + "flowcontrol/eviction/" + k[0] + "/" + k[0] + ".go", "// Package " + k[0] + " is one half of the router's eviction pair.\n"
                    + "package " + k[0] + "\n\nimport (\n\t\"encoding/json\"\n\n\t\"" + fwk + "interface/flowcontrol\"\n\t\"" + fwk
                    + "interface/plugin\"\n)\n\n// " + k[1] + " is its type.\nconst " + k[1] + " = \"" + k[2] + "\"\n\ntype policy struct{}\n\n"
                    + "func (p *policy) TypedName() plugin.TypedName {\n\treturn plugin.TypedName{Type: " + k[1] + ", Name: " + k[1] + "}\n}\n\n"
                    + k[4] + "\n\n// " + k[3] + " builds it.\nfunc " + k[3]
                    + "(string, *json.Decoder, plugin.Handle) (plugin.Plugin, error) {\n\treturn &policy{}, nil\n}\n");
        }
        write(r, "cmd/epp/runner/eviction_test.go", """
                package runner

                import "testing"

                func TestTheEvictionPairBuilds(t *testing.T) {
                	filter, ordering, err := EvictionPair()
                	if err != nil || filter == "" || ordering == "" {
                		t.Fatalf("EvictionPair() = %q, %q, %v", filter, ordering, err)
                	}
                	t.Logf("eviction pair: %s + %s", filter, ordering)
                }
                """);
    }

    private static void write(Path root, String rel, String content) throws Exception {
        Path p = root.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, content);
    }
}
