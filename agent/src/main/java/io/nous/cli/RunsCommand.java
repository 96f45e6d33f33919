package io.nous.cli;

import io.nous.export.Percent;
import io.nous.report.JsonReport;
import io.nous.store.Run;
import io.nous.store.RunHistory;
import io.nous.store.RunStore;
import io.nous.store.StoreException;
import io.nous.store.journal.DiscoveryConfig;
import io.nous.store.journal.RunSummary;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code nous runs list} and {@code nous runs show <id>}: the runs, and one run's journal as a story. */
@Command(name = "runs", mixinStandardHelpOptions = true, description = "List discovery runs, or tell one run's story.",
        subcommands = {RunsCommand.ListRuns.class, RunsCommand.Show.class, RunsCommand.Method.class})
public final class RunsCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "method", mixinStandardHelpOptions = true, description = "How the method does over finished runs: per problem class "
            + "and mode, each seed's recommendation against the strongest upstream policy on the test split.")
    static final class Method implements Callable<Integer> {
        @Option(names = "--runs-dir", defaultValue = "runs", paramLabel = "DIR", description = "Where runs are kept; repeat for several "
                + "(default: ${DEFAULT-VALUE}).")
        java.util.List<Path> runsDirs;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            java.util.List<Run> runs = new java.util.ArrayList<>();
            for (Path d : runsDirs) {
                if (!java.nio.file.Files.isDirectory(d)) {
                    throw new UserError("no runs directory " + d);
                }
                runs.addAll(new RunStore(d).list());
            }
            PrintWriter out = spec.commandLine().getOut();
            MethodReport.print(runs, out);
            out.flush();
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List runs.")
    static final class ListRuns implements Callable<Integer> {
        @Option(names = "--runs-dir", defaultValue = "runs", paramLabel = "DIR", description = "Where runs are kept (default: ${DEFAULT-VALUE}).")
        Path runsDir;

        @Option(names = "--json", description = "Print the runs as a JSON array (id, problem, objective, proposer, status, proposals, winner, "
                + "its search change, recommendation).")
        boolean json;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            if (!java.nio.file.Files.isDirectory(runsDir)) {
                throw new UserError("no runs directory " + runsDir + (runsDir.toString().equals("runs")
                        ? " here (runs are kept in ./runs of the directory discover ran in, or --runs-dir DIR)" : ""));
            }
            var runs = new RunStore(runsDir).list();
            if (json) {
                out.println(JsonReport.write(listJson(runs)));
                out.flush();
                return 0;
            }
            if (runs.isEmpty()) {
                out.println("no runs in " + runsDir);
            }
            for (Run r : runs) {
                String objective;
                String proposer;
                String outcome;
                try {
                    DiscoveryConfig c = DiscoveryConfig.fromJson(r.config());
                    objective = c.objective();
                    proposer = c.proposer();
                    outcome = "unfinished (nous discover --resume " + r.id() + new RunStore(runsDir).runsDirFlag() + ")";
                    Optional<RunSummary> summary = r.summaryRecord();
                    if (summary.isPresent()) {
                        RunSummary s = summary.get();
                        RunSummary.Best best = s.best();
                        outcome = best == null ? "no winner" : "winner " + best.candidateId() + " " + Percent.of(best.search().change());
                        outcome = s.iterations() + " proposals, " + outcome;
                    }
                } catch (StoreException e) {
                    // one unreadable run does not hide the others
                    objective = "?";
                    proposer = "?";
                    outcome = "unreadable: " + e.getMessage();
                }
                out.printf(Locale.ROOT, "%-24s %-14s %-8s %s%n", r.id(), objective, proposer, outcome);
            }
            out.flush();
            return 0;
        }

        /** One object per run; a run that cannot be read says why instead of hiding the others. */
        private com.fasterxml.jackson.databind.node.ArrayNode listJson(java.util.List<Run> runs) {
            var all = new com.fasterxml.jackson.databind.ObjectMapper().createArrayNode();
            for (Run r : runs) {
                var o = all.addObject().put("id", r.id());
                try {
                    DiscoveryConfig c = DiscoveryConfig.fromJson(r.config());
                    o.put("problem", c.problem()).put("objective", c.objective()).put("proposer", c.proposer());
                    Optional<RunSummary> summary = r.summaryRecord();
                    o.put("status", summary.isPresent() ? "finished" : "unfinished");
                    summary.ifPresent(sm -> {
                        o.put("proposals", sm.iterations());
                        if (sm.best() != null) {
                            o.put("winner", sm.best().candidateId()).put("search_change", sm.best().search().change());
                        }
                        String rec = Summaries.recommendation(sm, c.problem());
                        o.put("recommendation", rec == null ? "the winner " + sm.best().candidateId()
                                : rec.substring("recommendation: ".length()));
                    });
                } catch (StoreException e) {
                    o.put("status", "unreadable").put("error", e.getMessage());
                }
            }
            return all;
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = "A run at a glance (winner, test split, why it stopped, counts, cost), then its story: hypothesis, "
                    + "prediction, evidence, verdict.")
    static final class Show implements Callable<Integer> {
        @Parameters(paramLabel = "RUN-ID")
        String id;

        @Option(names = "--runs-dir", defaultValue = "runs", paramLabel = "DIR", description = "Where runs are kept (default: ${DEFAULT-VALUE}).")
        Path runsDir;

        @Option(names = "--json", description = "Print the configuration, the summary and every journal record as one JSON document.")
        boolean json;

        @Option(names = "--summary", description = "Print only the summary, not the story.")
        boolean summaryOnly;

        @Option(names = "--all", description = "Print every proposal of the story; by default those that changed nothing (duplicates, "
                + "rejections, evaluations never tried for promotion that taught no principle) are folded into one line of counts.")
        boolean all;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            RunView view = new RunView(RunHistory.read(new RunStore(runsDir).open(id)));
            if (json) {
                out.println(JsonReport.write(view.toJson()));
            } else {
                view.printSummary(out);
                if (!summaryOnly) {
                    view.printStory(out, all);
                }
            }
            out.flush();
            return 0;
        }
    }
}
