package io.nous.export;


import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The runner editor: function or method, groups found or made, unknown shapes refused. */
class RunnerFileTest {
    private static final String PKG = "github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/flowcontrol/usagelimits/nousc0001";
    private static final String LINE = "fwkplugin.Register(nousc0001.PolicyType, fwkplugin.StabilityAlpha, nousc0001.Factory)";

    @Test
    void aPlainFunctionWithoutGroupsGetsAFlowControlGroupAndTheImportItsOwnGroup() {
        String src = """
                package runner

                import (
                	"fmt"
                )

                func registerInTreePlugins() {
                	fmt.Println("x")
                }
                """;
        String out = RunnerFile.register(src, PKG, LINE);
        assertThat(out).contains("import (\n\t\"fmt\"\n\n\t\"" + PKG + "\"\n)")
                .contains("\tfmt.Println(\"x\")\n\n\t// Flow Control plugins\n\t// Alpha\n\t" + LINE + "\n}\n");
    }

    @Test
    void aFlowControlGroupWithoutAlphaLinesGetsThem() {
        String src = """
                package runner

                import (
                	fwkplugin "github.com/llm-d/llm-d-router/pkg/epp/framework/interface/plugin"
                )

                func (r *Runner) registerInTreePlugins() {
                	// Flow Control plugins
                	// Beta
                	fwkplugin.Register("a", fwkplugin.StabilityBeta, nil)

                	// other plugins
                	fwkplugin.Register("b", fwkplugin.StabilityBeta, nil)
                }
                """;
        String out = RunnerFile.register(src, PKG, LINE);
        assertThat(out).contains("\tfwkplugin.Register(\"a\", fwkplugin.StabilityBeta, nil)\n\t// Alpha\n\t" + LINE + "\n\n\t// other plugins\n")
                .contains("\tfwkplugin \"github.com/llm-d/llm-d-router/pkg/epp/framework/interface/plugin\"\n\t\"" + PKG + "\"\n");
        assertThat(RunnerFile.pluginAlias(src, "github.com/llm-d/llm-d-router/pkg/epp/framework/interface/plugin")).isEqualTo("fwkplugin");
    }

    @Test
    void aScorerJoinsTheExtraSchedulingScorersAfterTheirAlphaLinesElseTheSchedulingPluginsElseANewGroup() {
        String line = "fwkplugin.Register(sticky.ScorerType, fwkplugin.StabilityAlpha, sticky.Factory)";
        String pkg = "github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/scheduling/scorer/sticky";
        String upstream = """
                package runner

                import (
                	"fmt"
                )

                func (r *Runner) registerInTreePlugins() {
                	// dataparallel profile handler
                	// Beta
                	fwkplugin.Register("dp", fwkplugin.StabilityBeta, nil)

                	// extra scheduling scorers
                	// Beta
                	fwkplugin.Register("load-aware", fwkplugin.StabilityBeta, nil)
                	// Alpha
                	fwkplugin.Register("session-affinity", fwkplugin.StabilityAlpha, nil)

                	// scheduling & profile handler plugins
                	// Beta
                	fwkplugin.Register("prefix", fwkplugin.StabilityBeta, nil)
                }
                """;
        assertThat(RunnerFile.register(upstream, pkg, line, io.nous.codegen.golang.plugin.RoutingPackage.LAYOUT.runnerGroup()))
                .contains("\tfwkplugin.Register(\"session-affinity\", fwkplugin.StabilityAlpha, nil)\n\t" + line
                        + "\n\n\t// scheduling & profile handler plugins\n");
        String schedulingOnly = upstream.replace("\t// extra scheduling scorers\n", "\t// pickers\n");
        assertThat(RunnerFile.register(schedulingOnly, pkg, line, io.nous.codegen.golang.plugin.RoutingPackage.LAYOUT.runnerGroup()))
                .contains("\tfwkplugin.Register(\"prefix\", fwkplugin.StabilityBeta, nil)\n\t// Alpha\n\t" + line + "\n}\n");
        String none = "package runner\n\nimport (\n\t\"fmt\"\n)\n\nfunc registerInTreePlugins() {\n\tfwkplugin.Register(\"x\", fwkplugin.StabilityBeta, nil)\n}\n";
        assertThat(RunnerFile.register(none, pkg, line, io.nous.codegen.golang.plugin.RoutingPackage.LAYOUT.runnerGroup()))
                .contains("nil)\n\n\t// extra scheduling scorers\n\t// Alpha\n\t" + line + "\n}\n");
    }

    @Test
    void anAdmitterJoinsTheGroupThatRegistersTheRoutersAdmittersOrMakesOne() {
        String line = "fwkplugin.Register(shed.AdmitterType, fwkplugin.StabilityAlpha, shed.Factory)";
        String pkg = "github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/requestcontrol/admitter/shed";
        String src = """
                package runner

                import (
                	fwkplugin "github.com/llm-d/llm-d-router/pkg/epp/framework/interface/plugin"
                )

                func (r *Runner) registerInTreePlugins() {
                	// Flow Control plugins
                	// Alpha
                	fwkplugin.Register(a.PolicyType, fwkplugin.StabilityAlpha, a.Factory)

                	// Latency predictor plugins
                	// Beta
                	fwkplugin.Register(latencyslo.LatencyAdmissionPluginType, fwkplugin.StabilityBeta, latencyslo.LatencyAdmissionFactory)
                	fwkplugin.Register(probabilisticadmitter.Type, fwkplugin.StabilityBeta, probabilisticadmitter.Factory)

                	// Latency scoring and filtering plugins
                	fwkplugin.Register(x.T, fwkplugin.StabilityBeta, x.F)
                }
                """;
        String out = RunnerFile.register(src, pkg, line, io.nous.codegen.golang.plugin.AdmissionPackage.LAYOUT.runnerGroup());
        assertThat(out).contains("probabilisticadmitter.Factory)\n\t// Alpha\n\t" + line + "\n\n\t// Latency scoring");
        String none = """
                package runner

                import (
                	"fmt"
                )

                func registerInTreePlugins() {
                	// Flow Control plugins
                	fmt.Println("x")
                }
                """;
        assertThat(RunnerFile.register(none, pkg, line, io.nous.codegen.golang.plugin.AdmissionPackage.LAYOUT.runnerGroup()))
                .contains("\tfmt.Println(\"x\")\n\n\t// Admission plugins\n\t// Alpha\n\t" + line + "\n}\n");
    }

    @Test
    void anOrderingPolicyJoinsTheFlowControlGroupThatRegistersTheRoutersOrderings() {
        // the shape of llm-d-router's runner since the eviction pair: orderings among the flow-control Beta lines
        String src = """
                package runner

                import (
                	fwkplugin "github.com/llm-d/llm-d-router/pkg/epp/framework/interface/plugin"
                )

                func (r *Runner) registerInTreePlugins() {
                	// Flow Control plugins
                	// Beta
                	fwkplugin.Register(globalstrict.GlobalStrictFairnessPolicyType, fwkplugin.StabilityBeta, globalstrict.GlobalStrictFairnessPolicyFactory)
                	fwkplugin.Register(fcfs.FCFSOrderingPolicyType, fwkplugin.StabilityBeta, fcfs.FCFSOrderingPolicyFactory)
                	// Alpha
                	fwkplugin.Register(softreflectiveceiling.PolicyType, fwkplugin.StabilityAlpha, softreflectiveceiling.Factory)

                	// Latency predictor plugins
                	// Beta
                	fwkplugin.Register(probabilisticadmitter.Type, fwkplugin.StabilityBeta, probabilisticadmitter.Factory)
                }
                """;
        String line = "fwkplugin.Register(nousslo.OrderingType, fwkplugin.StabilityAlpha, nousslo.Factory)";
        String out = RunnerFile.register(src, PKG.replace("usagelimits/nousc0001", "ordering/nousslo"), line,
                io.nous.codegen.golang.plugin.OrderingPackage.LAYOUT.runnerGroup());
        assertThat(out).contains("softreflectiveceiling.Factory)\n\t" + line + "\n\n\t// Latency predictor plugins")
                .doesNotContain("// register ordering policy plugins");
    }

    @Test
    void unknownShapesAreRefused() {
        assertThatThrownBy(() -> RunnerFile.register("package runner\n\nimport \"fmt\"\n\nfunc main() {}\n", PKG, LINE))
                .isInstanceOf(RunnerFile.Unrecognised.class).hasMessageContaining("no parenthesised import block");
        assertThatThrownBy(() -> RunnerFile.register("package runner\n\nimport (\n\t\"fmt\"\n)\n\nfunc register() {\n}\n", PKG, LINE))
                .isInstanceOf(RunnerFile.Unrecognised.class).hasMessageContaining("no registerInTreePlugins function or method")
                .hasMessageContaining("register the plugin by hand");
        String twice = "package runner\n\nimport (\n\t\"" + PKG + "\"\n)\n\nfunc registerInTreePlugins() {\n}\n";
        assertThatThrownBy(() -> RunnerFile.register(twice, PKG, LINE)).hasMessageContaining("already imports");
    }
}
