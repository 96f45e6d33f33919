package io.nous.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.discover.DiscoveryConfig;
import io.nous.discover.DiscoveryException;
import io.nous.discover.DiscoveryLoop;
import io.nous.discover.Evaluated;
import io.nous.discover.Proposer;
import io.nous.discover.evolve.EvolutionaryProposer;
import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.scenario.MatrixCatalog;
import io.nous.evaluator.scenario.MatrixException;
import io.nous.policy.PolicyKind;
import io.nous.policy.PolicyRegistry;
import io.nous.store.Run;
import io.nous.store.RunStore;
import java.io.PrintWriter;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code nous discover}: runs (or resumes) the discovery loop and names the winner. */
@Command(name = "discover", mixinStandardHelpOptions = true,
        description = "Search for a better usage-limit policy by hypothesis-driven experiment; every step is journaled in runs/<id>/.")
public final class DiscoverCommand implements Callable<Integer> {

    @Option(names = "--objective", defaultValue = "critical-ttft", paramLabel = "NAME",
            description = "critical-ttft, critical-e2e or goodput (default: ${DEFAULT-VALUE}).")
    String objective;

    @Option(names = "--proposer", defaultValue = "evolve", paramLabel = "NAME", description = "evolve: the offline search (default).")
    String proposer;

    @Option(names = "--budget", defaultValue = "150", paramLabel = "N", description = "Proposals at most (default: ${DEFAULT-VALUE}).")
    int budget;

    @Option(names = "--time-limit", defaultValue = "12m", paramLabel = "D", description = "Stop starting proposals after this, e.g. 90s, 12m, 1h (default: ${DEFAULT-VALUE}).")
    String timeLimit;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N", description = "Seed of the search (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--seed-policies", defaultValue = "static-usage-limit,soft-reflective-ceiling", paramLabel = "LIST",
            description = "Comma-separated starting policies (default: ${DEFAULT-VALUE}).")
    String seedPolicies;

    @Option(names = "--matrix", defaultValue = "default", paramLabel = "NAME|FILE.yaml", description = "Scenario matrix (default: ${DEFAULT-VALUE}).")
    String matrix;

    @Option(names = "--seeds", defaultValue = "3", paramLabel = "N", description = "Seeds per scenario (default: ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = "--duration", defaultValue = "600", paramLabel = "SECONDS", description = "Simulated seconds per scenario (default: ${DEFAULT-VALUE}).")
    double duration;

    @Option(names = "--threads", paramLabel = "N", description = "Parallel simulations (default: the number of cores).")
    Integer threads;

    @Option(names = "--target", paramLabel = "CHANGE", description = "Stop once the incumbent's change reaches this, e.g. -0.7.")
    Double target;

    @Option(names = "--runs-dir", defaultValue = "runs", paramLabel = "DIR", description = "Where runs are kept (default: ${DEFAULT-VALUE}).")
    Path runsDir;

    @Option(names = "--resume", paramLabel = "RUN-ID", description = "Continue a run that was interrupted; its own settings are used.")
    String resume;

    @Option(names = "--no-progress", description = "Plain lines instead of a progress bar, even on a terminal.")
    boolean noProgress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        RunStore store = new RunStore(runsDir);
        Run run;
        DiscoveryConfig config;
        if (resume != null) {
            run = store.open(resume);
            config = DiscoveryConfig.fromJson(run.config());
            out.println("resuming run " + run.id() + " from " + run.journal().records().size() + " journaled records");
        } else {
            config = validate();
            String id = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)) + "-s" + seed;
            run = store.create(id, config.toJson());
            out.println("run " + run.id() + " in " + run.dir());
        }
        out.flush();
        ObjectNode summary;
        boolean terminal = System.console() != null && !noProgress;
        try (ProgressBar bar = terminal ? new ProgressBarBuilder().setTaskName("discover").setInitialMax(config.budget())
                .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(System.err)).build() : null) {
            DiscoveryLoop loop = new DiscoveryLoop(config, run, proposer(config.proposer()), (it, budget, what, inc) -> {
                String incumbent = inc == null ? "" : String.format(Locale.ROOT, "incumbent %s %+.1f%%", inc.candidateId(), 100 * inc.change());
                if (bar != null) {
                    bar.stepTo(it);
                    bar.setExtraMessage(incumbent);
                    if (what.startsWith("promoted")) {
                        out.printf(Locale.ROOT, "%s at proposal %d%n", what, it);
                        out.flush();
                    }
                } else if (!what.equals("iteration")) {
                    out.printf(Locale.ROOT, "[%3d/%d] %s%s%n", it, budget, what, incumbent.isEmpty() ? "" : "  (" + incumbent + ")");
                    out.flush();
                }
            }, false);
            summary = loop.run();
        } catch (DiscoveryException e) {
            throw new UserError(e.getMessage());
        }
        printSummary(out, summary, run);
        return 0;
    }

    static Proposer proposer(String name) {
        if (name.equals("evolve")) {
            return new EvolutionaryProposer();
        }
        throw new UserError("unknown proposer '" + name + "'; available: evolve");
    }

    private DiscoveryConfig validate() {
        try {
            Objectives.byName(objective);
            MatrixCatalog.load(matrix);
        } catch (IllegalArgumentException | MatrixException e) {
            throw new UserError(e.getMessage());
        }
        if (objective.equals("ms-saved-per-shed")) {
            throw new UserError("discover searches usage-limit policies; ms-saved-per-shed judges admission policies");
        }
        proposer(proposer);
        if (budget < 1 || seeds < 1 || !(duration > 0)) {
            throw new UserError("--budget, --seeds and --duration must be positive");
        }
        List<String> seedsList = Arrays.stream(seedPolicies.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        if (seedsList.isEmpty()) {
            throw new UserError("--seed-policies needs at least one policy");
        }
        for (String p : seedsList) {
            if (p.contains(":") || PolicyRegistry.builtin().template(p).kind() != PolicyKind.USAGE_LIMIT) {
                throw new UserError("--seed-policies takes usage-limit policy names without parameters, got '" + p + "'");
            }
        }
        int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (n < 1) {
            throw new UserError("--threads must be at least 1");
        }
        return new DiscoveryConfig(objective, proposer, budget, parseDuration(timeLimit), seed, seedsList, matrix, seeds, duration, n,
                2000, target == null ? Double.NaN : target);
    }

    static double parseDuration(String d) {
        String t = d.trim().toLowerCase(Locale.ROOT);
        try {
            if (t.endsWith("ms")) {
                return Double.parseDouble(t.substring(0, t.length() - 2)) / 1000;
            }
            double unit = t.endsWith("h") ? 3600 : t.endsWith("m") ? 60 : 1;
            String num = Character.isLetter(t.charAt(t.length() - 1)) ? t.substring(0, t.length() - 1) : t;
            double v = Double.parseDouble(num) * unit;
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            throw new UserError("--time-limit must look like 90s, 12m or 1h, got '" + d + "'");
        }
    }

    static void printSummary(PrintWriter out, JsonNode s, Run run) {
        out.println();
        out.printf(Locale.ROOT, "%d proposals, %d candidates evaluated, %d duplicates skipped, %d rejected before simulation%n",
                s.get("iterations").asInt(), s.get("evaluations").asInt(), s.get("duplicates").asInt(), s.get("rejected").asInt());
        JsonNode best = s.get("best");
        if (best == null || best.isNull()) {
            out.println("no candidate was promoted over the baseline");
        } else {
            JsonNode sc = best.get("score");
            out.printf(Locale.ROOT, "winner %s: %s on search %+.1f%% [%+.1f%%, %+.1f%%]", best.get("candidate_id").asText(),
                    s.get("objective").asText(), 100 * sc.get("search_change").asDouble(), 100 * sc.get("search_ci_low").asDouble(),
                    100 * sc.get("search_ci_high").asDouble());
            if (sc.has("test_change")) {
                out.printf(Locale.ROOT, "; on the untouched test split %+.1f%% [%+.1f%%, %+.1f%%] %s", 100 * sc.get("test_change").asDouble(),
                        100 * sc.get("test_ci_low").asDouble(), 100 * sc.get("test_ci_high").asDouble(), sc.get("test_verdict").asText());
            }
            out.println();
            out.println("source  " + best.get("source_path").asText());
        }
        if (s.get("principles").size() > 0) {
            out.println("principles:");
            s.get("principles").forEach(p -> out.println("  - " + p.asText()));
        }
        out.println("run     " + run.dir() + "  (nous runs show " + run.id() + ")");
        out.flush();
    }
}
