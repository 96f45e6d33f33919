package io.nous.cli;

import io.nous.discover.Problems;
import io.nous.report.JsonReport;
import io.nous.store.Journal;
import io.nous.store.PrincipleLibrary;
import io.nous.store.RunStore;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code nous principles}: what earlier runs learned, with the evidence for each principle. */
@Command(name = "principles", mixinStandardHelpOptions = true,
        description = "List the principles earlier discovery runs learned, with the evidence for each; "
                + "'nous discover --principles all' starts a run from them.")
public final class PrinciplesCommand implements Callable<Integer> {

    @Option(names = "--problem", paramLabel = "flow-control|admission", description = "Only runs of this problem class (default: all).")
    String problem;

    @Option(names = "--runs-dir", defaultValue = "runs", paramLabel = "DIR", description = "Where runs are kept (default: ${DEFAULT-VALUE}).")
    Path runsDir;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Spec
    CommandSpec spec;

    /** The --json shape: the principles, each with its problem class and supports. */
    record Listing(String problem, int runs, List<PrincipleLibrary.Learned> principles) {
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (problem != null && !Problems.ids().contains(problem)) {
            throw new UserError("--problem: unknown problem '" + problem + "'; known: " + String.join(", ", Problems.ids()));
        }
        RunStore store = new RunStore(runsDir);
        List<PrincipleLibrary.Learned> learned = new PrincipleLibrary(store).learned(problem);
        long runs = store.list().stream().filter(r -> problem == null || problem.equals(PrincipleLibrary.problemOf(r))).count();
        if (json) {
            out.println(JsonReport.write(Journal.body(new Listing(problem, (int) runs, learned))));
            out.flush();
            return 0;
        }
        String scope = problem == null ? "" : " of " + problem;
        if (learned.isEmpty()) {
            out.println("no principles learned in the " + runs + " run(s)" + scope + " in " + runsDir);
            out.flush();
            return 0;
        }
        out.println(learned.size() + " principle(s) learned in the " + runs + " run(s)" + scope + " in " + runsDir + ":");
        for (PrincipleLibrary.Learned l : learned) {
            out.println();
            out.println("- " + l.principle() + "  [" + l.problem() + "]");
            for (PrincipleLibrary.Support s : l.support()) {
                out.println("    " + s.runId() + " " + s.candidate() + (s.detail() == null ? "" : ": " + s.detail()));
            }
        }
        out.println();
        List<String> classes = learned.stream().map(PrincipleLibrary.Learned::problem).distinct().toList();
        for (String p : classes) {
            out.println("start a run from them: nous discover" + (p.equals(Problems.FLOW_CONTROL) ? "" : " --problem " + p)
                    + " --principles all" + store.runsDirFlag());
        }
        out.flush();
        return 0;
    }
}
