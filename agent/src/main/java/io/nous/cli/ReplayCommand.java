package io.nous.cli;

import io.nous.discover.DiscoveryLoop;
import io.nous.discover.JournalProposer;
import io.nous.sandbox.Sandbox;
import io.nous.store.JournalDivergence;
import io.nous.store.Run;
import io.nous.store.RunHistory;
import io.nous.store.RunStore;
import io.nous.store.journal.DiscoveryConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code nous replay <run-id> [--verify]}: re-executes a run from its journal (the same proposals in
 * the same order, the same seeds) and checks that every record, every evaluation included, comes
 * out the same. Exit 0 when it reproduces; 5 and the first difference when not.
 */
@Command(name = "replay", mixinStandardHelpOptions = true, description = "Re-execute a run from its journal and compare every record.")
public final class ReplayCommand implements Callable<Integer> {
    static final int DIFFERS = ExitCodes.REPLAY_DIFFERS;

    @Parameters(paramLabel = "RUN-ID")
    String id;

    @Option(names = "--verify", description = "Accepted for older scripts: replay always exits 5 at the first record that does "
            + "not reproduce bit for bit.")
    boolean verify;

    @Option(names = "--runs-dir", defaultValue = "runs", paramLabel = "DIR", description = "Where runs are kept (default: ${DEFAULT-VALUE}).")
    Path runsDir;

    @picocli.CommandLine.Mixin
    SandboxOptions sandboxOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Run run = new RunStore(runsDir).open(id);
        RunHistory history = RunHistory.read(run);
        if (history.tampered() != null) {
            // the chain names the edited record at once; re-simulating would find it only where it changes a decision
            out.println("replay differs: " + history.tampered());
            out.flush();
            return DIFFERS;
        }
        DiscoveryConfig config = history.config();
        JournalProposer proposals = new JournalProposer(history);
        out.printf("replaying %s: %d journaled records, %d proposals%n", run.id(), history.lines().size(), proposals.size());
        out.flush();
        try {
            // a replay re-simulates everything the run did: say how far it is, about ten times, on stderr
            PrintWriter err = spec.commandLine().getErr();
            int total = Math.max(1, proposals.size());
            int[] shown = {0};
            try (Sandbox sandbox = sandboxOptions.open(config.threads())) {
                new DiscoveryLoop(config, run, proposals, (it, budget, what, inc) -> {
                    if (it >= shown[0] + Math.max(1, total / 10) && it < total) {
                        shown[0] = it;
                        err.printf("replayed %d of %d proposals, every record so far reproduced%n", it, total);
                        err.flush();
                    }
                }, true, sandbox).run();
            }
        } catch (JournalDivergence d) {
            out.println("replay differs: " + d.getMessage());
            if (d.inMeasurement()) {
                out.println("every proposal and candidate before it reproduced: the difference is in what the simulator measured, so this "
                        + "Nous's simulator measures the run differently from the one that journaled it (a newer version), or the journal's "
                        + "numbers were edited; 'nous rescore " + run.id() + new RunStore(runsDir).runsDirFlag() + "' re-measures its "
                        + "candidates here and lists the verdicts that changed");
            }
            out.flush();
            return DIFFERS;
        }
        out.println("replay reproduced all " + history.lines().size() + " records bit for bit");
        out.flush();
        return 0;
    }
}
