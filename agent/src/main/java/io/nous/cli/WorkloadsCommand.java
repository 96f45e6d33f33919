package io.nous.cli;

import io.nous.sim.workload.Workload;
import io.nous.sim.workload.WorkloadCatalog;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code nous workloads}: lists the workload presets. */
@Command(name = "workloads", mixinStandardHelpOptions = true, description = "List the workload presets.")
public final class WorkloadsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        for (Workload w : WorkloadCatalog.builtin().workloads().values()) {
            boolean users = !w.clients().isEmpty() && w.clients().stream().allMatch(c -> c.closedLoop());
            boolean agents = !w.clients().isEmpty() && w.clients().stream().allMatch(c -> c.sessions() && c.session().agentic() != null);
            String load = users ? w.clients().stream().mapToInt(c -> c.concurrency()).sum() + " closed-loop users, "
                    + w.requestLimit() + " requests"
                    : agents ? "agents' sessions started per second " + w.qpsPoints() + " (accumulating, with tool pauses and sub-agents)"
                    : "qps " + w.qpsPoints();
            out.printf(Locale.ROOT, "%-17s in %s ~%.0f, out %s ~%.0f, %s, %d pods, %s%n    %s%n", w.name(),
                    w.input().kind(), w.input().mean(), w.output().kind(), w.output().mean(),
                    w.classes().stream().map(c -> String.format(Locale.ROOT, "%s(p%d%s) %.0f%%", c.name(), c.priority(),
                            c.sloTtftMs() == null ? "" : ", SLO " + c.sloTtftMs() + " ms", 100 * c.share()))
                            .collect(Collectors.joining(" / ")),
                    w.pods(), load, w.description());
        }
        out.flush();
        return 0;
    }
}
