package io.nous.cli;

import io.nous.policy.PolicyRegistry;
import io.nous.report.JsonReport;
import io.nous.report.TableReport;
import io.nous.sim.Scenario;
import io.nous.sim.metrics.SimulationResult;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code nous simulate}: one scenario, one policy, a table or a JSON object. */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = "Simulate an llm-d cluster (EPP with flow control + vLLM pods) under one policy.")
public final class SimulateCommand implements Callable<Integer> {

    @Mixin
    ScenarioOptions scenario;

    @Option(names = "--policy", paramLabel = "NAME[:k=v,...]", defaultValue = PolicyRegistry.BASELINE,
            description = "Usage-limit policy (default: ${DEFAULT-VALUE}); see 'nous policies'.")
    String policy;

    @Option(names = "--admission", paramLabel = "NAME[:k=v,...]", defaultValue = "none",
            description = "Admission: none, legacy (flow control off, shed sheddable at s >= 1) or an admission policy such as probabilistic-admitter.")
    String admission;

    @Option(names = "--json", description = "Print one JSON object instead of a table.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Scenario s = scenario.toScenario();
        SimulationResult r = Simulations.prepare(s, policy, admission).run();
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? JsonReport.render(r) + System.lineSeparator() : TableReport.render(r));
        out.flush();
        return 0;
    }
}
