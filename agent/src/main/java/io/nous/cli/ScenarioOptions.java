package io.nous.cli;

import io.nous.sim.Scenario;
import io.nous.sim.cost.CostProfile;
import java.util.List;
import picocli.CommandLine.Mixin;

/** The options that describe a scenario, shared by every command that simulates: its arrivals and its cluster. */
public final class ScenarioOptions {

    @Mixin
    ArrivalOptions arrivals = new ArrivalOptions();

    @Mixin
    ClusterOptions cluster = new ClusterOptions();

    /** Rows a trace read skipped (with --bad-rows skip), for reporting. */
    List<String> skippedRows = List.of();

    /** A built-in profile name, or a profile file (FILE.yaml, or FILE.yaml:NAME when it holds several). */
    static CostProfile profile(String ref) {
        return ClusterOptions.profile(ref);
    }

    /** Validates the options and builds the scenario they describe. */
    Scenario toScenario() {
        ArrivalOptions.Resolved a = arrivals.resolve();
        Scenario s = cluster.toScenario(a);
        // rows the model cannot hold are skipped when the cluster is known, after the reader's own
        skippedRows = s.trace() != null ? s.trace().trace().skippedRows() : a.skippedRows();
        return s;
    }
}
