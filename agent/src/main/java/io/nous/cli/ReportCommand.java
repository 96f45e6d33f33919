package io.nous.cli;

import io.nous.evaluator.EvaluationReport;
import io.nous.report.RunReport;
import io.nous.store.RunHistory;
import io.nous.store.RunStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code nous report}: one self-contained HTML page about a run. The winner is re-simulated against
 * the baseline on every split with the run's own matrix, seeds and duration (deterministic, so the
 * numbers are the journal's), to chart the standard metrics the journal does not keep.
 */
@Command(name = "report", mixinStandardHelpOptions = true, description = "Write an HTML report of a discovery run (charts in SVG).")
public final class ReportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "RUN-ID")
    String runId;

    @Parameters(index = "1", arity = "0..1", paramLabel = "CANDIDATE-ID", description = "Default: the run's winner.")
    String candidateId;

    @Option(names = "--out", paramLabel = "FILE", description = "Default: reports/<run-id>.html")
    Path out;

    @Option(names = "--threads", paramLabel = "N", description = "Parallel simulations (default: the number of cores).")
    Integer threads;

    @Option(names = "--runs-dir", defaultValue = "runs", paramLabel = "DIR", description = "Where runs are kept (default: ${DEFAULT-VALUE}).")
    Path runsDir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        RunHistory history = RunHistory.read(new RunStore(runsDir).open(runId));
        RunCandidate c = RunCandidate.load(history, candidateId).requireAccepted();
        List<EvaluationReport> evaluations = Resimulation.allSplits(history.config(), c.id(), c.source(), threads);
        String html = RunReport.html(new RunReport.Input(history, c.id(), evaluations, c.problem(), c.parts(), c.standing()));
        Path target = out != null ? out : Path.of("reports", history.id() + ".html");
        try {
            if (target.toAbsolutePath().getParent() != null) {
                Files.createDirectories(target.toAbsolutePath().getParent());
            }
            Files.writeString(target, html);
        } catch (IOException e) {
            throw new UserError("cannot write " + target + ": " + e.getMessage());
        }
        spec.commandLine().getOut().println("wrote " + target);
        return 0;
    }
}
