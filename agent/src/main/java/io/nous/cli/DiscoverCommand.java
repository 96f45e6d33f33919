package io.nous.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.discover.DiscoveryConfig;
import io.nous.discover.DiscoveryException;
import io.nous.discover.DiscoveryLoop;
import io.nous.discover.ProposalUnavailable;
import io.nous.discover.Proposer;
import io.nous.discover.ResumingProposer;
import io.nous.discover.evolve.EvolutionaryProposer;
import io.nous.discover.llm.ExchangeLog;
import io.nous.discover.llm.LlmProposer;
import io.nous.discover.llm.LlmSettings;
import io.nous.evaluator.objective.Direction;
import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.scenario.MatrixCatalog;
import io.nous.evaluator.scenario.MatrixException;
import io.nous.policy.PolicyKind;
import io.nous.policy.PolicyRegistry;
import io.nous.sandbox.Sandbox;
import io.nous.store.Run;
import io.nous.store.RunStore;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code nous discover}: runs (or resumes) the discovery loop and names the winner. */
@Command(name = "discover", mixinStandardHelpOptions = true,
        description = "Search for a better usage-limit policy by hypothesis-driven experiment; every step is journaled in runs/<id>/.")
public final class DiscoverCommand implements Callable<Integer> {

    @Option(names = "--objective", paramLabel = "NAME",
            description = "critical-ttft, critical-e2e or goodput; for admission also critical-ttft-shed or ms-saved-per-shed "
                    + "(default: critical-ttft; critical-ttft-shed for admission).")
    String objective;

    @Option(names = "--proposer", paramLabel = "NAME",
            description = "evolve (offline search) or llm (an OpenAI-compatible model); default: llm when NOUS_LLM_BASE_URL or NOUS_LLM_API_KEY is set, else evolve.")
    String proposer;

    @Option(names = "--llm-base-url", paramLabel = "URL", description = "OpenAI-compatible endpoint (default: $NOUS_LLM_BASE_URL, else https://api.openai.com/v1).")
    String llmBaseUrl;

    @Option(names = "--llm-model", paramLabel = "NAME", description = "Model name (default: $NOUS_LLM_MODEL, else gpt-4o-mini).")
    String llmModel;

    @Option(names = "--llm-temperature", defaultValue = "0.7", paramLabel = "T", description = "Sampling temperature of every call (default: ${DEFAULT-VALUE}).")
    double llmTemperature;

    @Option(names = "--llm-max-tokens", defaultValue = "4096", paramLabel = "N", description = "Reply length limit per call (default: ${DEFAULT-VALUE}).")
    int llmMaxTokens;

    @Option(names = "--llm-timeout", defaultValue = "120s", paramLabel = "D", description = "Per-call timeout (default: ${DEFAULT-VALUE}).")
    String llmTimeout;

    @Option(names = "--llm-retries", defaultValue = "5", paramLabel = "N", description = "Calls per request on 429, 5xx or timeout (default: ${DEFAULT-VALUE}).")
    int llmRetries;

    @Option(names = "--llm-backoff", defaultValue = "1s", paramLabel = "D", description = "First wait before a retry; doubles (default: ${DEFAULT-VALUE}).")
    String llmBackoff;

    @Option(names = "--llm-json", arity = "0..1", fallbackValue = "schema", paramLabel = "MODE",
            description = "Ask the endpoint for structured output (OpenAI response_format): schema sends the reply's JSON schema "
                    + "(OpenAI and vLLM decode under it), object any JSON object, off nothing; bare --llm-json is schema. An endpoint "
                    + "that refuses one (a 400 naming response_format) is asked for the next weaker. Default: schema.")
    String llmJson;

    @Option(names = "--max-tokens-total", defaultValue = "0", paramLabel = "N", description = "Stop cleanly after this many tokens in + out (0 = no limit).")
    long maxTokensTotal;

    @Option(names = "--llm-price-in", defaultValue = "0", paramLabel = "USD", description = "USD per million input tokens, for cost estimates.")
    double priceIn;

    @Option(names = "--llm-price-out", defaultValue = "0", paramLabel = "USD", description = "USD per million output tokens, for cost estimates.")
    double priceOut;

    @Option(names = "--budget", paramLabel = "N", description = "Proposals at most (default: 150; 300 for admission).")
    Integer budget;

    @Option(names = "--time-limit", defaultValue = "12m", paramLabel = "D", description = "Stop starting proposals after this, "
            + "e.g. 90s, 12m, 1h; 0 for no limit. A run stopped by its time limit says so (default: ${DEFAULT-VALUE}).")
    String timeLimit;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N", description = "Seed of the search (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--problem", defaultValue = "flow-control", paramLabel = "flow-control|admission|joint",
            description = "What to search: flow-control (usage-limit policies, against static-usage-limit), admission (admitters, "
                    + "against the legacy path, on the admission matrix) or joint (both in one class, on the joint matrix) "
                    + "(default: ${DEFAULT-VALUE}).")
    String problem;

    @Option(names = "--seed-policies", paramLabel = "LIST",
            description = "Comma-separated starting policies (default: static-usage-limit,soft-reflective-ceiling; legacy-threshold for admission).")
    String seedPolicies;

    @Option(names = "--matrix", paramLabel = "NAME|FILE.yaml", description = "Scenario matrix (default: default; admission for admission).")
    String matrix;

    @Option(names = "--seeds", defaultValue = "3", paramLabel = "N", description = "Seeds per scenario (default: ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = "--duration", defaultValue = "600", paramLabel = "SECONDS", description = "Simulated seconds per scenario (default: ${DEFAULT-VALUE}).")
    double duration;

    @Option(names = "--threads", paramLabel = "N", description = "Parallel simulations (default: the number of cores).")
    Integer threads;

    @Option(names = {"--stop-at", "--target"}, paramLabel = "CHANGE", description = "Stop once the incumbent's change reaches this, "
            + "in the objective's direction: e.g. -0.7 for a latency objective, 0.1 for goodput (--target is the older name; export's --target is the output language).")
    Double target;

    @picocli.CommandLine.Mixin
    SandboxOptions sandboxOptions;

    @picocli.CommandLine.Mixin
    ExecutorOptions executorOptions;

    @Option(names = "--no-racing", description = "Evaluate every candidate under every simulator variant, even once it is clearly out.")
    boolean noRacing;

    @Option(names = "--racing-audit", description = "Also fully evaluate each raced-out candidate and journal whether racing was right.")
    boolean racingAudit;

    @Option(names = "--promote-when", paramLabel = "all|quorum:K",
            description = "How many simulator variants must say better (default: the matrix's, usually all).")
    String promoteWhen;

    @Option(names = "--runs-dir", defaultValue = "runs", paramLabel = "DIR", description = "Where runs are kept (default: ${DEFAULT-VALUE}).")
    Path runsDir;

    @Option(names = "--principles", paramLabel = "RUN-ID|all",
            description = "Start from the principles an earlier run learned, or all runs of the same problem class in --runs-dir "
                    + "(see 'nous principles'); they bound the offline proposer's mutations and are part of the LLM prompt.")
    String principlesFrom;

    @Option(names = "--resume", paramLabel = "RUN-ID", description = "Continue a run that was interrupted; its own settings are used.")
    String resume;

    @Option(names = "--no-progress", description = "Plain lines instead of a progress bar, even on a terminal.")
    boolean noProgress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        executorOptions.validate(sandboxOptions);
        if (!sandboxOptions.inProcess) {
            sandboxOptions.workerOptions(1); // a bad --worker-heap, --worker-timeout or worker JVM option is refused before a run exists
        }
        RunStore store = new RunStore(runsDir);
        Run run;
        DiscoveryConfig config;
        if (resume != null) {
            run = store.open(resume);
            config = DiscoveryConfig.fromJson(run.config());
            out.println("resuming run " + run.id() + " from " + run.journal().records().size() + " journaled records");
        } else {
            config = validate(out);
            if (principlesFrom != null) {
                List<String> inherited = inheritedPrinciples(store, config.problem());
                config = config.withPrinciples(inherited);
                out.println("starting from " + inherited.size() + " principle(s) learned in " + principlesFrom
                        + (principlesFrom.equals("all") ? " runs" : ""));
            }
            String id = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)) + "-s" + seed;
            run = store.create(id, config.toJson());
            out.println("run " + run.id() + " in " + run.dir());
        }
        out.flush();
        String resumeHint = "nous discover --resume " + run.id() + store.runsDirFlag() + sandboxOptions.flags() + executorOptions.flags();
        // Ctrl-C (exit 130) or a kill: the journal keeps every finished step, so say how to go on
        Thread interrupted = new Thread(() -> {
            System.err.println();
            System.err.println("interrupted: the run so far is kept in " + run.dir() + "; continue it with:");
            System.err.println("  " + resumeHint);
            System.err.flush();
        }, "nous-resume-hint");
        Runtime.getRuntime().addShutdownHook(interrupted);
        io.nous.store.journal.RunSummary result;
        boolean terminal = System.console() != null && !noProgress;
        try (Sandbox sandbox = executorOptions.apply(sandboxOptions.open(config.threads()), sandboxOptions);
             ProgressBar bar = terminal ? new ProgressBarBuilder().setTaskName("discover").setInitialMax(config.budget())
                .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(System.err)).build() : null) {
            Proposer live = proposer(config, run);
            Proposer chosen = resume != null ? new ResumingProposer(run.journal().records(), live) : live;
            DiscoveryLoop loop = new DiscoveryLoop(config, run, chosen, (it, budget, what, inc) -> {
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
            }, false, sandbox);
            result = loop.run();
        } catch (DiscoveryException e) {
            throw new UserError(e.getMessage());
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(interrupted);
            } catch (IllegalStateException shuttingDown) {
                // the JVM is already exiting: the hint is on its way
            }
        }
        if (config.llm() != null) {
            result = result.withLlm(LlmCosts.summarize(run, config.llm(), io.nous.store.Journal.body(result)));
            run.writeSummary(result);
        }
        JsonNode summary = io.nous.store.Journal.body(result);
        printSummary(out, summary, run);
        JsonNode stopped = summary.path("stopped");
        if (stopped.path("kind").asText().equals(ProposalUnavailable.Kind.ENDPOINT_UNUSABLE.journalType())) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("error: " + stopped.path("detail").asText() + "; check --llm-base-url, --llm-model and "
                    + LlmSettings.API_KEY_ENV + " (the run so far is kept in " + run.dir() + ")");
            err.flush();
            return ExitCodes.SERVICE_UNUSABLE;
        }
        return 0;
    }

    /** A run's {@code json_mode}: absent, {@code true} (an older run's json_object) or a mode's name. */
    private static LlmSettings.ReplyFormat jsonMode(JsonNode n) {
        LlmSettings.ReplyFormat f = n.isMissingNode() || n.isNull() ? LlmSettings.ReplyFormat.TEXT : LlmSettings.ReplyFormat.of(n.asText());
        if (f == null) {
            throw new UserError("the run's config has json_mode '" + n.asText() + "'; this Nous knows schema, object and off");
        }
        return f;
    }

    /** The live proposer a configuration asks for (the API key comes from the environment only). */
    static Proposer proposer(DiscoveryConfig config, Run run) {
        return switch (config.proposer()) {
            case "evolve" -> new EvolutionaryProposer();
            case "llm" -> {
                JsonNode l = config.llm();
                LlmSettings s = new LlmSettings(l.get("base_url").asText(), System.getenv(LlmSettings.API_KEY_ENV), l.get("model").asText(),
                        l.get("temperature").asDouble(), l.get("max_tokens").asInt(), Duration.ofMillis(l.get("timeout_ms").asLong()),
                        l.get("max_tokens_total").asLong(), l.get("usd_per_million_in").asDouble(), l.get("usd_per_million_out").asDouble(),
                        l.get("max_attempts").asInt(), Duration.ofMillis(l.get("backoff_ms").asLong()), jsonMode(l.path("json_mode")));
                yield new LlmProposer(s, new ExchangeLog(run.dir().resolve("llm")));
            }
            default -> throw new UserError("unknown proposer '" + config.proposer() + "'; available: evolve, llm");
        };
    }

    private DiscoveryConfig validate(PrintWriter out) {
        io.nous.discover.Problem prob;
        try {
            prob = io.nous.discover.Problems.byId(problem);
        } catch (IllegalArgumentException e) {
            throw new UserError("--problem: " + e.getMessage());
        }
        if (matrix == null) {
            matrix = prob.defaultMatrix();
        }
        if (objective == null) {
            objective = prob.defaultObjective();
        }
        if (budget == null) {
            budget = prob.defaultBudget();
        }
        if (seedPolicies == null) {
            seedPolicies = String.join(",", prob.defaultSeeds());
        }
        Map<String, Integer> splitSeeds;
        try {
            Objectives.byName(objective);
            splitSeeds = DiscoveryConfig.splitSeedsOf(MatrixCatalog.load(matrix));
        } catch (IllegalArgumentException | MatrixException e) {
            throw new UserError(e.getMessage());
        }
        if (Objectives.byName(objective).judgesShedding() && !prob.sheds()) {
            throw new UserError(objective + " judges policies that shed requests; use it with --problem admission or joint");
        }
        double limitSeconds = Durations.seconds("--time-limit", timeLimit);
        long timeoutMs = Math.round(Durations.seconds("--llm-timeout", llmTimeout) * 1000);
        long backoffMs = Math.round(Durations.seconds("--llm-backoff", llmBackoff) * 1000);
        String chosen = proposer;
        if (chosen == null) {
            chosen = LlmSettings.configuredInEnvironment() || llmBaseUrl != null ? "llm" : "evolve";
            if (chosen.equals("evolve")) {
                out.println("no LLM configured (set NOUS_LLM_BASE_URL or NOUS_LLM_API_KEY to use one); using the offline proposer");
            }
        }
        if (!chosen.equals("evolve") && !chosen.equals("llm")) {
            throw new UserError("unknown proposer '" + chosen + "'; available: evolve, llm");
        }
        ObjectNode llm = null;
        if (chosen.equals("llm")) {
            llm = new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode();
            String url = llmBaseUrl != null ? llmBaseUrl : envOr(LlmSettings.BASE_URL_ENV, "https://api.openai.com/v1");
            llm.put("base_url", url);
            llm.put("model", llmModel != null ? llmModel : envOr(LlmSettings.MODEL_ENV, "gpt-4o-mini"));
            if (llmMaxTokens < 1 || llmRetries < 1 || maxTokensTotal < 0 || priceIn < 0 || priceOut < 0 || !(llmTemperature >= 0)) {
                throw new UserError("--llm-max-tokens and --llm-retries must be >= 1; --max-tokens-total and prices >= 0; temperature >= 0");
            }
            llm.put("temperature", llmTemperature);
            llm.put("max_tokens", llmMaxTokens);
            llm.put("timeout_ms", timeoutMs);
            llm.put("max_attempts", llmRetries);
            llm.put("backoff_ms", backoffMs);
            llm.put("max_tokens_total", maxTokensTotal);
            llm.put("usd_per_million_in", priceIn);
            llm.put("usd_per_million_out", priceOut);
            LlmSettings.ReplyFormat format = llmJson == null ? LlmSettings.ReplyFormat.JSON_SCHEMA : LlmSettings.ReplyFormat.of(llmJson);
            if (format == null || "true".equals(llmJson) || "false".equals(llmJson)) {
                throw new UserError("--llm-json: '" + llmJson + "' is not a mode; use schema, object or off");
            }
            if (format != LlmSettings.ReplyFormat.TEXT) {
                llm.put("json_mode", format.flag());
            }
        }
        if (budget < 1 || seeds < 1 || !(duration > 0)) {
            throw new UserError("--budget, --seeds and --duration must be positive");
        }
        List<String> seedsList = Arrays.stream(seedPolicies.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        if (seedsList.isEmpty()) {
            throw new UserError("--seed-policies needs at least one policy");
        }
        for (String p : seedsList) {
            String why = prob.seedProblem(p);
            if (why != null) {
                throw new UserError("--seed-policies for --problem " + problem + ": " + why);
            }
        }
        int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (n < 1) {
            throw new UserError("--threads must be at least 1");
        }
        if (promoteWhen != null) {
            try {
                io.nous.evaluator.scenario.PromotionRule.parse(promoteWhen);
            } catch (IllegalArgumentException e) {
                throw new UserError("--promote-when: " + e.getMessage());
            }
        }
        return new DiscoveryConfig(objective, chosen, budget, limitSeconds, seed, seedsList, matrix, seeds,
                duration, n, 2000, target == null ? Double.NaN : target, llm, !noRacing, racingAudit, promoteWhen, prob.id())
                .withSplitSeeds(splitSeeds);
    }

    /** The principles {@code --principles} names, for a run of this problem class. */
    private List<String> inheritedPrinciples(RunStore store, String problem) {
        List<io.nous.store.PrincipleLibrary.Learned> learned;
        if (principlesFrom.equals("all")) {
            learned = new io.nous.store.PrincipleLibrary(store).learned(problem);
        } else {
            Run from = store.open(principlesFrom);
            String theirs = io.nous.store.PrincipleLibrary.problemOf(from);
            if (!theirs.equals(problem)) {
                throw new UserError("--principles: run " + principlesFrom + " searched " + theirs + ", this run searches " + problem
                        + "; its principles are about other policies");
            }
            learned = io.nous.store.PrincipleLibrary.learnedIn(from);
        }
        return learned.stream().map(io.nous.store.PrincipleLibrary.Learned::principle).distinct().toList();
    }

    private static String envOr(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }

    /**
     * What the rest of a budget the time limit cut short would have cost, at the pace of this run's
     * proposals (from the journal's timestamps: console advice, never part of a result).
     */
    static String remainingCost(Run run, List<io.nous.store.JournalRecord> records, int made) {
        int budget = run.config().path("budget").asInt();
        if (made <= 0 || records.size() < 2 || budget <= made) {
            return "  (the rest of the budget was not estimated)";
        }
        double seconds = java.time.Duration.between(java.time.Instant.parse(records.get(0).timestamp()),
                java.time.Instant.parse(records.get(records.size() - 1).timestamp())).toMillis() / 1000.0;
        double each = seconds / made;
        double rest = each * (budget - made);
        return String.format(Locale.ROOT, "  the other %d proposals of the budget would have taken about %.0f min more at this run's pace "
                + "(%.1f s a proposal); the same run with --time-limit %.0fm would make them all", budget - made, rest / 60, each,
                Math.ceil((seconds + rest) / 60 * 1.1));
    }

    /**
     * When nothing beats what the router ships: the closest proposals (not seeds) with what held each
     * back, so the run says what it learned instead of only that it found nothing.
     */
    static void learned(PrintWriter out, List<io.nous.store.JournalRecord> records, String winner, Direction direction) {
        record Near(String id, String operator, double change, String verdict, String held) {
        }
        java.util.Map<String, String> operatorOf = new java.util.HashMap<>();
        List<Near> near = new java.util.ArrayList<>();
        for (io.nous.store.JournalRecord r : records) {
            JsonNode b = r.body();
            if (r.type().equals("candidate")) {
                operatorOf.put(b.path("id").asText(), b.path("operator").asText());
            }
            if (r.type().equals("evaluation") && b.path("split").asText().equals("search") && b.path("score").has("change")) {
                String id = b.path("candidate").asText();
                String op = operatorOf.getOrDefault(id, "");
                if (op.equals("seed") || id.equals(winner)) {
                    continue;
                }
                List<String> failed = new java.util.ArrayList<>();
                b.path("constraints").fields().forEachRemaining(e -> {
                    if (e.getValue().isBoolean() && !e.getValue().asBoolean()) {
                        failed.add(e.getKey() + " failed");
                    }
                });
                String held = !failed.isEmpty() ? String.join(", ", failed) : b.hasNonNull("raced_out") ? b.get("raced_out").asText()
                        : b.path("promotable").asBoolean() ? "not confirmed on validation" : "not promotable";
                near.add(new Near(id, op, b.path("score").path("change").asDouble(), b.path("score").path("verdict").asText(), held));
            }
        }
        if (near.isEmpty()) {
            return;
        }
        near.sort(java.util.Comparator.comparingDouble(n -> direction.loss(n.change())));
        out.println("nothing beat what the router ships; the closest proposals and what held each back:");
        for (Near n : near.subList(0, Math.min(3, near.size()))) {
            out.printf(Locale.ROOT, "  %s %s: %s %s on search; %s%n", n.id(), n.operator(), io.nous.export.Percent.of(n.change()), n.verdict(),
                    n.held());
        }
        out.println("  another search may find more: the same command with --seed N (a different search) or --budget N (a longer one)");
    }

    static void printSummary(PrintWriter out, JsonNode s, Run run) {
        out.println();
        List<io.nous.store.JournalRecord> records = run.journal().records();
        long behavioural = records.stream().filter(r -> r.type().equals("duplicate")
                && io.nous.store.journal.Duplicate.BEHAVIOUR.equals(r.body().path("by").asText(null))).count();
        out.printf(Locale.ROOT, "%d proposals, %d candidates evaluated, %d duplicates skipped%s, %d rejected before simulation%n",
                s.get("iterations").asInt(), s.get("evaluations").asInt(), s.get("duplicates").asInt(),
                behavioural == 0 ? "" : " (" + behavioural + " by behaviour: same answers on the probe grid as an evaluated candidate)",
                s.get("rejected").asInt());
        JsonNode stopped = s.path("stopped");
        if (!stopped.isMissingNode()) {
            out.println("stopped: " + stopped.path("detail").asText());
            if (stopped.path("reason").asText().equals(io.nous.discover.StopReason.TIME_LIMIT)) {
                out.println(remainingCost(run, records, s.get("iterations").asInt()));
            }
        }
        if (s.path("llm").has("proposals")) {
            out.println(LlmCosts.line(s.get("llm")));
        }
        JsonNode best = s.get("best");
        String flag = new RunStore(run.dir().getParent()).runsDirFlag();
        if (best == null || best.isNull()) {
            out.println("no candidate was promoted over the baseline");
        } else {
            String id = best.get("candidate_id").asText();
            out.printf(Locale.ROOT, "winner %s: %s %s on search", id, s.get("objective").asText(), Summaries.change(best.get("search")));
            JsonNode test = best.path("test");
            if (!test.isMissingNode()) {
                out.printf(Locale.ROOT, "; %s on the untouched test split%s", Summaries.change(test),
                        test.path("held").asBoolean() ? " (held)" : "");
            }
            out.println();
            JsonNode up = best.path("vs_upstream");
            if (!up.isMissingNode()) {
                out.println("  " + Summaries.upstream(up));
            }
            if (!test.isMissingNode() && !test.path("held").asBoolean()) {
                out.println("warning: the winner did not hold on the untouched test split (" + test.path("verdict").asText()
                        + "); treat it as unconfirmed before exporting it");
            }
            out.println("source  " + best.get("source_path").asText());
        }
        JsonNode vsUp = best == null || best.isNull() ? null : best.path("vs_upstream");
        if (vsUp == null || vsUp.isMissingNode() || vsUp.path("same_policy").asBoolean() || !"better".equals(vsUp.path("verdict").asText())) {
            learned(out, records, best == null || best.isNull() ? null : best.get("candidate_id").asText(),
                    Objectives.byName(s.get("objective").asText()).direction());
        }
        if (s.get("principles").size() > 0) {
            out.println("principles:");
            s.get("principles").forEach(p -> out.println("  - " + p.asText()));
        }
        out.println("run     " + run.dir());
        out.println("next    nous runs show " + run.id() + flag);
        if (best != null && !best.isNull()) {
            if (!RunCandidate.joint(run)) {
                out.println("        nous review " + run.id() + flag + " --out review.md");
            }
            out.println(Summaries.exportHint(run.id(), flag, best));
        }
        out.flush();
    }
}
