package io.nous.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.nous.store.JournalContents;
import io.nous.store.JournalRecord;
import io.nous.store.Run;
import io.nous.store.RunStore;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code nous runs list} and {@code nous runs show <id>}: the runs, and one run's journal as a story. */
@Command(name = "runs", mixinStandardHelpOptions = true, description = "List discovery runs, or tell one run's story.",
        subcommands = {RunsCommand.ListRuns.class, RunsCommand.Show.class})
public final class RunsCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List runs.")
    static final class ListRuns implements Callable<Integer> {
        @Option(names = "--runs-dir", defaultValue = "runs", paramLabel = "DIR")
        Path runsDir;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            var runs = new RunStore(runsDir).list();
            if (runs.isEmpty()) {
                out.println("no runs in " + runsDir);
            }
            for (Run r : runs) {
                JsonNode c = r.config();
                String outcome = "unfinished (nous discover --resume " + r.id() + ")";
                if (Files.exists(r.summaryFile())) {
                    JsonNode s = read(r.summaryFile());
                    JsonNode best = s.get("best");
                    outcome = best == null || best.isNull() ? "no winner"
                            : String.format(Locale.ROOT, "winner %s %+.1f%%", best.get("candidate_id").asText(),
                            100 * best.get("score").get("search_change").asDouble());
                    outcome = s.get("iterations").asInt() + " proposals, " + outcome;
                }
                out.printf(Locale.ROOT, "%-24s %-14s %-8s %s%n", r.id(), c.get("objective").asText(), c.get("proposer").asText(), outcome);
            }
            out.flush();
            return 0;
        }
    }

    static JsonNode read(Path p) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(Files.readString(p));
        } catch (java.io.IOException e) {
            throw new UserError("cannot read " + p + ": " + e.getMessage());
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "Tell a run's story: hypothesis, prediction, evidence, verdict.")
    static final class Show implements Callable<Integer> {
        @Parameters(paramLabel = "RUN-ID")
        String id;

        @Option(names = "--runs-dir", defaultValue = "runs", paramLabel = "DIR")
        Path runsDir;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            Run run = new RunStore(runsDir).open(id);
            JournalContents j = run.journal();
            if (j.tornTail()) {
                out.println("(the journal ends with a torn line from an interrupted write; it is ignored)");
            }
            for (JournalRecord r : j.records()) {
                JsonNode b = r.body();
                switch (r.type()) {
                    case "run-started" -> out.printf(Locale.ROOT, "run %s: objective %s, proposer %s, budget %d, seeds from %s%n", run.id(),
                            b.get("objective").asText(), b.get("proposer").asText(), b.get("budget").asInt(), b.get("seed_policies"));
                    case "hypothesis" -> {
                        out.printf(Locale.ROOT, "%n#%d hypothesis (%s of %s): %s%n", b.get("iteration").asInt(), b.get("operator").asText(),
                                b.get("parents"), b.get("statement").asText());
                        out.println("    because " + b.get("mechanism").asText());
                        b.get("predictions").forEach(p -> out.printf(Locale.ROOT, "    predicts %s: %s (%+.0f%%)%n", p.get("regime").asText(),
                                p.get("direction").asText(), 100 * p.get("magnitude").asDouble()));
                    }
                    case "verification" -> out.println("    rejected before simulation: " + b.get("problems").get(0).asText());
                    case "duplicate" -> out.println("    duplicate of " + b.get("of").asText() + ": not simulated");
                    case "candidate" -> {
                        String op = b.path("operator").asText();
                        String arm = op.contains(":") ? ", " + op.substring(op.indexOf(':') + 1) + " arm" : "";
                        out.printf(Locale.ROOT, "    candidate %s (%s%s)%n", b.get("id").asText(), b.get("path").asText(), arm);
                    }
                    case "evaluation" -> {
                        JsonNode s = b.get("score");
                        out.printf(Locale.ROOT, "    evidence (%s): %s%n", b.get("split").asText(), s == null ? "failed: " + b.path("failure").asText()
                                : String.format(Locale.ROOT, "%+.1f%% [%+.1f%%, %+.1f%%] %s, constraints %s", 100 * s.get("change").asDouble(),
                                100 * s.get("ci_low").asDouble(), 100 * s.get("ci_high").asDouble(), s.get("verdict").asText(),
                                b.get("constraints")));
                    }
                    case "verdict" -> b.get("predictions").forEach(p -> out.printf(Locale.ROOT, "    %s prediction: %s%s%n",
                            p.get("regime").asText(), p.get("outcome").asText(),
                            p.has("observed") ? String.format(Locale.ROOT, " (observed %+.0f%%)", 100 * p.get("observed").asDouble()) : ""));
                    case "promotion" -> out.printf(Locale.ROOT, "    promotion of %s over %s: %s (%s)%n", b.get("candidate").asText(),
                            b.get("over").asText(), b.get("accepted").asBoolean() ? "ACCEPTED" : "declined", b.get("reason").asText());
                    case "principle" -> out.printf(Locale.ROOT, "    principle learned: %s (evidence %s)%n", b.get("principle").asText(),
                            b.get("evidence").asText());
                    case "test-evaluation" -> out.printf(Locale.ROOT, "%nthe winner on the untouched test split: %+.1f%% [%+.1f%%, %+.1f%%] %s%n",
                            100 * b.get("score").get("change").asDouble(), 100 * b.get("score").get("ci_low").asDouble(),
                            100 * b.get("score").get("ci_high").asDouble(), b.get("score").get("verdict").asText());
                    case "run-finished" -> out.printf(Locale.ROOT, "finished: %d proposals, best %s%n", b.get("iterations").asInt(),
                            b.get("best").isNull() ? "none" : b.get("best").asText());
                    default -> { }
                }
            }
            out.flush();
            return 0;
        }
    }
}
