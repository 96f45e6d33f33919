package io.nous.cli;

import io.nous.discover.Problem;
import io.nous.export.Review;
import io.nous.policy.PolicyRegistry;
import io.nous.store.CandidateStory;
import io.nous.store.RunHistory;
import io.nous.store.RunStore;
import io.nous.store.Shell;
import io.nous.store.journal.DiscoveryConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code nous review}: the pull-request description of a run's winner (or a named candidate), as Markdown. */
@Command(name = "review", mixinStandardHelpOptions = true, description = "Write the PR description for a discovered policy (Markdown).")
public final class ReviewCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "RUN-ID")
    String runId;

    @Parameters(index = "1", arity = "0..1", paramLabel = "CANDIDATE-ID", description = "Default: the run's winner.")
    String candidateId;

    @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE instead of standard output.")
    Path out;

    @Option(names = "--journal-only", description = "Skip re-simulating the candidate; regressions then cover only the objective and constraints.")
    boolean journalOnly;

    @Option(names = "--threads", paramLabel = "N", description = "Parallel simulations for the re-simulation (default: the number of cores).")
    Integer threads;

    @Option(names = "--runs-dir", defaultValue = "runs", paramLabel = "DIR", description = "Where runs are kept (default: ${DEFAULT-VALUE}).")
    Path runsDir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        RunHistory history = RunHistory.read(new RunStore(runsDir).open(runId));
        String md = describe(RunCandidate.load(history, candidateId).requireAccepted(), runsDir, !journalOnly, threads);
        if (out != null) {
            try {
                Files.writeString(out, md);
            } catch (IOException e) {
                throw new UserError("cannot write " + out + ": " + e.getMessage());
            }
            spec.commandLine().getOut().println("wrote " + out);
        } else {
            PrintWriter o = spec.commandLine().getOut();
            o.print(md);
            o.flush();
        }
        return 0;
    }

    /** The run's matrix, seeds and duration as evaluate flags, so the reproduce command evaluates what the run did. */
    static String matrixFlags(DiscoveryConfig config) {
        // a config that lacks them (made by hand) ran with the defaults
        double d = config.durationSeconds() > 0 ? config.durationSeconds() : Double.parseDouble(DiscoveryConfig.Builder.DURATION_SECONDS);
        int seeds = config.seeds() > 0 ? config.seeds() : Integer.parseInt(DiscoveryConfig.Builder.SEEDS);
        return " --matrix " + Shell.quote(config.matrix() == null ? "default" : config.matrix()) + " --seeds " + seeds
                + " --duration " + (d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d));
    }

    /** The PR description of one candidate of a run. */
    static String describe(RunCandidate c, Path runsDir, boolean resimulate, Integer threads) {
        CandidateStory story = c.story();
        if (story == null) {
            throw new UserError("run " + c.run().id() + " has no candidate '" + c.id() + "' in its journal; see nous runs show " + c.run().id());
        }
        Problem problem = c.problem();
        String incumbentId = story.parents().isEmpty() ? problem.baselinePolicy() : story.parents().get(0);
        String incumbentSource = story.parents().isEmpty() ? PolicyRegistry.builtin().source(incumbentId)
                : RunCandidate.verifiedSource(c.history(), incumbentId);
        DiscoveryConfig config = c.history().config();
        String incumbentIs = null;
        if (incumbentId.matches("c\\d{4,}")) {
            try {
                incumbentIs = RunCandidate.load(c.history(), incumbentId).standing().isUpstream();
            } catch (UserError gone) {
                incumbentIs = null; // the incumbent's file is checked where its source is read above
            }
        }
        String md = Review.markdown(new Review.Input(c.run().id(), runsDir.toString(), story, c.source(), incumbentId, incumbentSource,
                config.objective() == null ? "critical-ttft" : config.objective(), problem, c.parts(), config.proposer(),
                config.llm() != null ? config.llm().model() : null,
                resimulate ? Resimulation.allSplits(config, c.id(), c.source(), threads) : null, matrixFlags(config)), c.standing(), incumbentIs);
        // with --front, where this candidate's run left its trade-offs, against the upstream policy on validation and test
        String front = new FrontView(c.history()).text();
        return front.isEmpty() ? md : md + "\n## Trade-off front of the run\n\n```\n" + front + "```\n";
    }
}
