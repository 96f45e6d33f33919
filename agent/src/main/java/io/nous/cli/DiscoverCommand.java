package io.nous.cli;

import io.nous.discover.DiscoveryException;
import io.nous.discover.DiscoveryLoop;
import io.nous.discover.Problem;
import io.nous.discover.Problems;
import io.nous.discover.Proposer;
import io.nous.discover.ResumingProposer;
import io.nous.discover.StopReason;
import io.nous.discover.evolve.EvolutionaryProposer;
import io.nous.discover.llm.ExchangeLog;
import io.nous.discover.llm.LlmProposer;
import io.nous.discover.llm.LlmSettings;
import io.nous.discover.llm.ModelEnsemble;
import io.nous.evaluator.objective.Direction;
import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.scenario.MatrixCatalog;
import io.nous.evaluator.scenario.MatrixException;
import io.nous.evaluator.scenario.PromotionRule;
import io.nous.export.Percent;
import io.nous.sandbox.Sandbox;
import io.nous.store.CandidateStory;
import io.nous.store.PrincipleLibrary;
import io.nous.store.Run;
import io.nous.store.RunHistory;
import io.nous.store.RunStore;
import io.nous.store.journal.DiscoveryConfig;
import io.nous.store.journal.Duplicate;
import io.nous.store.journal.Evidence;
import io.nous.store.journal.LlmConfig;
import io.nous.store.journal.ProposalFailure;
import io.nous.store.journal.RunStopped;
import io.nous.store.journal.RunSummary;
import io.nous.store.journal.UpstreamComparison;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
@Command(name = "discover", mixinStandardHelpOptions = true, resourceBundle = "io.nous.cli.HelpLists",
        description = "Search for a better usage-limit policy by hypothesis-driven experiment; every step is journaled in runs/<id>/.")
public final class DiscoverCommand implements Callable<Integer> {

    @Option(names = "--objective", paramLabel = "NAME",
            description = "One of ${bundle:objectives} (default: ${bundle:default.objective}).")
    String objective;

    @Option(names = "--proposer", paramLabel = "NAME",
            description = "evolve (offline search) or llm (an OpenAI-compatible model); default: llm when NOUS_LLM_BASE_URL or NOUS_LLM_API_KEY is set, else evolve.")
    String proposer;

    @Option(names = "--llm-base-url", paramLabel = "URL[,URL...]", description = "OpenAI-compatible endpoint, or one per model of --llm-model "
            + "(default: $NOUS_LLM_BASE_URL, else https://api.openai.com/v1).")
    String llmBaseUrl;

    @Option(names = "--llm-model", paramLabel = "NAME[,NAME...]", description = "Model name (default: $NOUS_LLM_MODEL, else gpt-4o-mini); "
            + "several spread the proposals by a bandit on improvement per cost.")
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

    @Option(names = "--llm-price-in", defaultValue = "0", paramLabel = "USD[,USD...]",
            description = "USD per million input tokens (one, or one per model), for cost estimates and the ensemble's bandit.")
    String priceIn;

    @Option(names = "--llm-price-out", defaultValue = "0", paramLabel = "USD[,USD...]",
            description = "USD per million output tokens (one, or one per model).")
    String priceOut;

    @Option(names = "--budget", paramLabel = "N", description = "Proposals at most (default: ${bundle:default.budget}).")
    Integer budget;

    @Option(names = "--time-limit", defaultValue = DiscoveryConfig.Builder.TIME_LIMIT, paramLabel = "D", description = "Stop starting proposals after this, "
            + "e.g. 90s, 12m, 1h; 0 for no limit. A run stopped by its time limit says so (default: ${DEFAULT-VALUE}).")
    String timeLimit;

    @Option(names = "--seed", defaultValue = DiscoveryConfig.Builder.SEED, paramLabel = "N", description = "Seed of the search (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--problem", defaultValue = Problems.JOINT_DETECTOR, paramLabel = "${bundle:problems}",
            description = "What to search: ${bundle:problem.descriptions} (default: ${DEFAULT-VALUE}).")
    String problem;

    @Option(names = "--seed-policies", paramLabel = "LIST",
            description = "Comma-separated starting policies, each a name or a name with parameters "
                    + "(light-local-pd:localBelowRunning=1,maxLocalUncached=1024) (default: ${bundle:default.seeds}).")
    String seedPolicies;

    /**
     * The policy references in a comma-separated list, where a reference's own parameters are separated
     * by commas too: an item whose text before its first '=' holds neither ':' nor '+' is a parameter of
     * the reference before it ({@code a:x=1,y=2,b} is {@code a:x=1,y=2} and {@code b}).
     */
    static List<String> seedReferences(String list) {
        List<String> refs = new ArrayList<>();
        for (String item : list.split(",")) {
            String t = item.trim();
            if (t.isEmpty()) {
                continue;
            }
            int eq = t.indexOf('=');
            boolean parameter = eq > 0 && t.substring(0, eq).indexOf(':') < 0 && t.substring(0, eq).indexOf('+') < 0;
            if (parameter && !refs.isEmpty()) {
                refs.set(refs.size() - 1, refs.get(refs.size() - 1) + "," + t);
            } else {
                refs.add(t);
            }
        }
        return refs;
    }

    @Option(names = "--matrix", paramLabel = "NAME|FILE.yaml", description = "Scenario matrix: ${bundle:matrices} or a file "
            + "(default: ${bundle:default.matrix}).")
    String matrix;

    @Option(names = "--seeds", defaultValue = DiscoveryConfig.Builder.SEEDS, paramLabel = "N", description = "Seeds per scenario (default: ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = "--duration", paramLabel = "SECONDS", description = "Simulated seconds per scenario (default: the matrix's, "
            + DiscoveryConfig.Builder.DURATION_SECONDS + " s for most; the autoscaling matrix's daily cycle runs an hour).")
    Double duration;

    @Option(names = "--threads", paramLabel = "N", description = "Parallel simulations (default: the number of cores).")
    Integer threads;

    @Option(names = {"--stop-at", "--target"}, paramLabel = "CHANGE", description = "Stop once the incumbent's change reaches this, "
            + "in the objective's direction: e.g. -0.7 for a latency objective, 0.1 for goodput (--target is the older name; export's --target is the output language).")
    Double target;

    @picocli.CommandLine.Mixin
    SandboxOptions sandboxOptions;

    @picocli.CommandLine.Mixin
    ExecutorOptions executorOptions;

    @Option(names = "--no-prefix-caching", description = "Simulate the pods without vLLM's automatic prefix caching (on by default, "
            + "as in vLLM V1); the run records it and replays so.")
    boolean noPrefixCaching;

    @Option(names = "--no-racing", description = "Evaluate every candidate under every simulator variant, even once it is clearly out.")
    boolean noRacing;

    @Option(names = "--racing-audit", description = "Also fully evaluate each raced-out candidate and journal whether racing was right.")
    boolean racingAudit;

    @Option(names = "--novelty-tolerance", paramLabel = "D", defaultValue = DiscoveryConfig.Builder.NOVELTY_TOLERANCE,
            description = "Skip a proposal whose every probed decision is within D of an evaluated candidate's (shares of calls "
                    + "open or admitted, clamped scores); 0 skips only exact behavioural duplicates (default: ${DEFAULT-VALUE}).")
    double noveltyTolerance;

    @Option(names = "--front", paramLabel = "OBJECTIVE[,OBJECTIVE...]", description = "Further objectives every evaluation also scores, "
            + "per variant: the search keeps a trade-off front with the run's objective, breeds from it, promotes a candidate only if it "
            + "dominates the incumbent, and at the end places the front against the upstream policy on validation and test "
            + "(e.g. critical-e2e,goodput; sheddable-shed for admission).")
    String front;

    @Option(names = "--head-to-head-seeds", paramLabel = "N", description = "Seeds of the search split in a promotion trial against "
            + "the incumbent (default: twice the search split's; the incumbent's simulations are shared by every trial against it).")
    Integer headToHeadSeeds;

    @Option(names = "--seeds-up-to", paramLabel = "N", defaultValue = DiscoveryConfig.Builder.SEEDS_UP_TO,
            description = "Comparisons that decide (a trial against the incumbent, confirmation on validation, the test split, the "
                    + "upstream policies) add seeds while their verdict is open, doubling up to N, each look at a confidence that keeps "
                    + "the chance of a wrong verdict over all looks within 5 %%; 0 keeps every split on its own seeds "
                    + "(default: ${DEFAULT-VALUE}).")
    int seedsUpTo;

    @Option(names = "--prefer", paramLabel = "PREFERENCE", description = "With --front, promote the preferred trade-off instead of "
            + "asking for dominance: \"OBJECTIVE within N%% of best, then max|min OBJECTIVE\" (e.g. \"critical-ttft within 5%% of best, "
            + "then max goodput\").")
    String prefer;

    @Option(names = "--novelty-audit", description = "Also fully evaluate each proposal skipped for its behaviour and journal whether "
            + "it would have been promoted.")
    boolean noveltyAudit;

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

    /** What the matrix's search split never shows that its held-out splits judge, found while validating. */
    private List<String> coverageGaps = List.of();

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
            if (run.summaryRecord().isPresent()) {
                // nothing to continue: say so, and where its outcome is, instead of printing the whole run again
                RunSummary done = run.summaryRecord().get();
                out.println("run " + run.id() + " already finished (" + done.iterations() + " proposals); nothing was resumed");
                String recommendation = Summaries.recommendation(done, config.problem());
                out.println(recommendation != null ? recommendation : "winner " + done.best().candidateId());
                out.println("see it with: nous runs show " + run.id() + store.runsDirFlag());
                out.flush();
                return 0;
            }
            String tampered = RunHistory.read(run).tampered();
            if (tampered != null) {
                throw new UserError(tampered + "; a run resumes only from records as it wrote them");
            }
            out.println("resuming run " + run.id() + " from " + run.journal().records().size() + " journaled records");
        } else {
            config = validate(out);
            coverageGaps.forEach(g -> spec.commandLine().getErr().println("nous: warning: " + g));
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
        RunSummary result;
        boolean terminal = System.console() != null && !noProgress;
        try (Sandbox sandbox = executorOptions.apply(sandboxOptions.open(config.threads()), sandboxOptions);
             ProgressBar bar = terminal ? new ProgressBarBuilder().setTaskName("discover").setInitialMax(config.budget() + config.seedPolicies().size())
                .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(System.err)).build() : null) {
            Proposer live = proposer(config, run);
            Proposer chosen = resume != null ? new ResumingProposer(RunHistory.read(run), live) : live;
            int seeds = config.seedPolicies().size();
            int[] seedsDone = {0};
            DiscoveryLoop loop = new DiscoveryLoop(config, run, chosen, (it, budget, what, inc) -> {
                String incumbent = inc == null ? "" : String.format(Locale.ROOT, "incumbent %s %+.1f%%", inc.candidateId(), 100 * inc.change());
                if (it == 0 && what.contains(" seed: ")) {
                    seedsDone[0] = Math.min(seeds, seedsDone[0] + 1);
                }
                if (bar != null) {
                    // the seeds are evaluated before the first proposal, and take as long as proposals: the bar counts them
                    bar.stepTo(it + (it > 0 ? seeds : seedsDone[0]));
                    bar.setExtraMessage(it == 0 && seedsDone[0] < seeds ? "evaluating the seeds (" + seedsDone[0] + " of " + seeds + " done)"
                            : incumbent);
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
        RunHistory history = RunHistory.read(run);
        if (config.llm() != null) {
            result = result.withLlm(LlmCosts.summarize(history, config.llm()));
        }
        io.nous.report.TradeOffs front = io.nous.report.TradeOffs.of(history);
        if (front != null) {
            // the front as the journal's front records place it, in the summary a script reads
            result = result.withFront(front.summary());
        }
        if (config.llm() != null || front != null) {
            run.writeSummary(result);
        }
        printSummary(out, result, history);
        RunStopped stopped = result.stopped();
        if (stopped != null && ProposalFailure.ENDPOINT_UNUSABLE.equals(stopped.kind())) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("error: " + stopped.detail() + "; check --llm-base-url, --llm-model and "
                    + LlmSettings.API_KEY_ENV + " (the run so far is kept in " + run.dir() + ")");
            err.flush();
            return ExitCodes.SERVICE_UNUSABLE;
        }
        return 0;
    }

    /** A run's {@code json_mode}: absent, {@code true} (an older run's json_object) or a mode's name. */
    private static LlmSettings.ReplyFormat jsonMode(String mode) {
        LlmSettings.ReplyFormat f = mode == null ? LlmSettings.ReplyFormat.TEXT : LlmSettings.ReplyFormat.of(mode);
        if (f == null) {
            throw new UserError("the run's config has json_mode '" + mode + "'; this Nous knows schema, object and off");
        }
        return f;
    }

    /** The live proposer a configuration asks for (the API key comes from the environment only). */
    static Proposer proposer(DiscoveryConfig config, Run run) {
        return switch (config.proposer()) {
            case "evolve" -> new EvolutionaryProposer();
            case "llm" -> {
                LlmConfig l = config.llm();
                ExchangeLog log = new ExchangeLog(run.dir().resolve("llm"));
                List<LlmProposer> members = new ArrayList<>();
                for (LlmConfig.Member m : l.members()) {
                    LlmSettings s = new LlmSettings(m.baseUrl(), System.getenv(LlmSettings.API_KEY_ENV), m.model(), l.temperature(),
                            l.maxTokens(), Duration.ofMillis(l.timeoutMs()), l.maxTokensTotal(), m.usdPerMillionIn(), m.usdPerMillionOut(),
                            l.maxAttempts(), Duration.ofMillis(l.backoffMs()), jsonMode(l.jsonModeName()));
                    members.add(new LlmProposer(s, log));
                }
                yield members.size() == 1 ? members.get(0) : new ModelEnsemble(l, members, log);
            }
            default -> throw new UserError("unknown proposer '" + config.proposer() + "'; available: evolve, llm");
        };
    }

    /** A comma-separated option's items, trimmed; none empty. */
    private static List<String> items(String option, String value) {
        List<String> out = Arrays.stream(value.split(",", -1)).map(String::trim).toList();
        if (out.stream().anyMatch(String::isEmpty)) {
            throw new UserError(option + ": '" + value + "' has an empty item");
        }
        return out;
    }

    /** One value for every model, or one per model. */
    private static List<String> perModel(String option, List<String> values, int models) {
        if (values.size() == 1) {
            return java.util.Collections.nCopies(models, values.get(0));
        }
        if (values.size() != models) {
            throw new UserError(option + " gives " + values.size() + " values for " + models + " models; give one, or one per model");
        }
        return values;
    }

    private static List<Double> prices(String option, String value, int models) {
        List<Double> out = new ArrayList<>();
        for (String v : perModel(option, items(option, value), models)) {
            double d;
            try {
                d = Double.parseDouble(v);
            } catch (NumberFormatException e) {
                throw new UserError(option + ": '" + v + "' is not a price in USD per million tokens");
            }
            if (!(d >= 0) || Double.isInfinite(d)) {
                throw new UserError(option + ": a price must be a finite number >= 0, not " + v);
            }
            out.add(d);
        }
        return out;
    }

    private DiscoveryConfig validate(PrintWriter out) {
        Problem prob;
        try {
            prob = Problems.byId(problem);
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
            io.nous.evaluator.scenario.Matrix loaded = MatrixCatalog.load(matrix);
            splitSeeds = DiscoveryConfig.splitSeedsOf(loaded);
            if (duration == null) {
                duration = loaded.durationSeconds(); // the run records it, so a replay runs what this run ran
            }
            // said once the settings are valid, before the run: what the search never sees, the held-out splits judge
            coverageGaps = io.nous.evaluator.scenario.RegimeCoverage.gaps(loaded);
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
        LlmConfig llm = null;
        if (chosen.equals("llm")) {
            List<String> models = items("--llm-model", llmModel != null ? llmModel : envOr(LlmSettings.MODEL_ENV, "gpt-4o-mini"));
            if (new java.util.HashSet<>(models).size() < models.size()) {
                throw new UserError("--llm-model names a model twice: " + String.join(",", models));
            }
            List<String> urls = perModel("--llm-base-url", items("--llm-base-url",
                    llmBaseUrl != null ? llmBaseUrl : envOr(LlmSettings.BASE_URL_ENV, "https://api.openai.com/v1")), models.size());
            List<Double> pricesIn = prices("--llm-price-in", priceIn, models.size());
            List<Double> pricesOut = prices("--llm-price-out", priceOut, models.size());
            List<LlmConfig.Member> members = new ArrayList<>();
            for (int i = 0; i < models.size(); i++) {
                members.add(new LlmConfig.Member(urls.get(i), models.get(i), pricesIn.get(i), pricesOut.get(i)));
            }
            if (llmMaxTokens < 1 || llmRetries < 1 || maxTokensTotal < 0 || !(llmTemperature >= 0)) {
                throw new UserError("--llm-max-tokens and --llm-retries must be >= 1; --max-tokens-total and prices >= 0; temperature >= 0");
            }
            LlmSettings.ReplyFormat format = llmJson == null ? LlmSettings.ReplyFormat.JSON_SCHEMA : LlmSettings.ReplyFormat.of(llmJson);
            if (format == null || "true".equals(llmJson) || "false".equals(llmJson)) {
                throw new UserError("--llm-json: '" + llmJson + "' is not a mode; use schema, object or off");
            }
            LlmConfig.Member first = members.get(0);
            llm = new LlmConfig(first.baseUrl(), first.model(), llmTemperature, llmMaxTokens, timeoutMs, llmRetries, backoffMs, maxTokensTotal,
                    first.usdPerMillionIn(), first.usdPerMillionOut(), format == LlmSettings.ReplyFormat.TEXT ? null : format.flag(),
                    members.size() > 1 ? members : List.of());
        }
        if (budget < 1) {
            throw new UserError("--budget must be at least 1 proposal, got " + budget);
        }
        if (seeds < 1) {
            throw new UserError("--seeds must be at least 1, got " + seeds);
        }
        if (!(duration > 0) || Double.isInfinite(duration)) {
            throw new UserError("--duration must be a positive number of seconds, got " + duration);
        }
        List<String> seedsList = seedReferences(seedPolicies).stream().map(prob::seedRef).toList();
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
        List<String> frontObjectives = front == null ? List.of() : items("--front", front);
        for (String o : frontObjectives) {
            try {
                Objectives.byName(o);
            } catch (IllegalArgumentException e) {
                throw new UserError("--front: " + e.getMessage());
            }
        }
        int searchSeeds = splitSeeds.getOrDefault("search", seeds);
        int h2h = headToHeadSeeds == null ? 2 * searchSeeds : headToHeadSeeds;
        if (h2h < searchSeeds) {
            throw new UserError("--head-to-head-seeds must be at least the search split's seeds (" + searchSeeds + "), not " + h2h
                    + ": a trial against the incumbent must not see less than the evaluation that made it promising");
        }
        if (seedsUpTo < 0 || seedsUpTo > 64) {
            throw new UserError("--seeds-up-to must be between 0 (no added seeds) and 64, not " + seedsUpTo);
        }
        if (prefer != null && frontObjectives.isEmpty()) {
            throw new UserError("--prefer chooses among trade-offs, so it needs --front (the objectives it trades)");
        }
        if (!(noveltyTolerance >= 0 && noveltyTolerance <= 1)) {
            throw new UserError("--novelty-tolerance must be between 0 and 1 (a share of calls or a clamped score), not " + noveltyTolerance);
        }
        if (promoteWhen != null) {
            try {
                PromotionRule.parse(promoteWhen);
            } catch (IllegalArgumentException e) {
                throw new UserError("--promote-when: " + e.getMessage());
            }
        }
        DiscoveryConfig config = DiscoveryConfig.builder().objective(objective).proposer(chosen).budget(budget).timeLimitSeconds(limitSeconds).seed(seed)
                .seedPolicies(seedsList).matrix(matrix).seeds(seeds).durationSeconds(duration).threads(n)
                .target(target == null ? Double.NaN : target).llm(llm).racing(!noRacing).racingAudit(racingAudit).promoteWhen(promoteWhen)
                .problem(prob.id()).splitSeeds(splitSeeds).prefixCaching(!noPrefixCaching)
                .noveltyTolerance(noveltyTolerance).noveltyAudit(noveltyAudit).front(frontObjectives).prefer(prefer).headToHeadSeeds(h2h)
                .seedsUpTo(seedsUpTo).build();
        if (prefer != null) {
            try {
                io.nous.discover.Preference.parse(prefer, config.tradeOffObjectives());
            } catch (IllegalArgumentException e) {
                throw new UserError("--prefer: " + e.getMessage());
            }
        }
        return config;
    }

    /** The principles {@code --principles} names, for a run of this problem class. */
    private List<String> inheritedPrinciples(RunStore store, String problem) {
        List<PrincipleLibrary.Learned> learned;
        if (principlesFrom.equals("all")) {
            learned = new PrincipleLibrary(store).learned(problem);
        } else {
            Run from = store.open(principlesFrom);
            String theirs = PrincipleLibrary.problemOf(from);
            if (!theirs.equals(problem)) {
                throw new UserError("--principles: run " + principlesFrom + " searched " + theirs + ", this run searches " + problem
                        + "; its principles are about other policies");
            }
            learned = PrincipleLibrary.learnedIn(from);
        }
        return learned.stream().map(PrincipleLibrary.Learned::principle).distinct().toList();
    }

    private static String envOr(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }

    /**
     * What the rest of a budget the time limit cut short would have cost, at the pace of this run's
     * proposals (from the journal's timestamps: console advice, never part of a result).
     */
    static String remainingCost(RunHistory history, int made) {
        int budget = history.config().budget();
        if (made <= 0 || history.lines().size() < 2 || budget <= made) {
            return "  (the rest of the budget was not estimated)";
        }
        double seconds = Duration.between(Instant.parse(history.firstTimestamp()), Instant.parse(history.lastTimestamp())).toMillis() / 1000.0;
        double each = seconds / made;
        double rest = each * (budget - made);
        return String.format(Locale.ROOT, "  the other %d proposals of the budget would have taken about %.0f min more at this run's pace "
                + "(%.1f s a proposal); the same run with --time-limit %.0fm would make them all", budget - made, rest / 60, each,
                Math.ceil((seconds + rest) / 60 * 1.1));
    }

    /**
     * When nothing beats what the router ships: the closest proposals (not seeds) with what held each
     * back, in the objective's direction, so the run says what it learned instead of only that it found nothing.
     */
    static void learned(PrintWriter out, RunHistory history, String winner, Direction direction, String shipped) {
        record Near(String id, String operator, double change, String verdict, String held) {
        }
        List<Near> near = new ArrayList<>();
        for (CandidateStory c : history.candidates()) {
            Evidence e = c.search();
            if (e == null || e.score() == null || c.seed() || c.id().equals(winner)) {
                continue;
            }
            List<String> failed = new ArrayList<>();
            if (e.constraints() != null) {
                e.constraints().forEach((k, v) -> {
                    if (Boolean.FALSE.equals(v)) {
                        failed.add(k + " failed");
                    }
                });
            }
            String held = !failed.isEmpty() ? String.join(", ", failed) : e.racedOut() != null ? e.racedOut()
                    : e.promotable() ? "not confirmed on validation" : "not promotable";
            near.add(new Near(c.id(), c.operator(), e.score().change(), e.score().verdict(), held));
        }
        if (near.isEmpty()) {
            return;
        }
        near.sort(Comparator.comparingDouble(n -> direction.loss(n.change())));
        out.println("nothing beat what " + shipped + "; the closest proposals and what held each back:");
        for (Near n : near.subList(0, Math.min(3, near.size()))) {
            out.printf(Locale.ROOT, "  %s %s: %s %s on search; %s%n", n.id(), n.operator(), Percent.of(n.change()), n.verdict(), n.held());
        }
        out.println("  another search may find more: the same command with --seed N (a different search) or --budget N (a longer one)");
    }

    static void printSummary(PrintWriter out, RunSummary s, RunHistory history) {
        out.println();
        long behavioural = history.all(Duplicate.class).stream().filter(d -> Duplicate.BEHAVIOUR.equals(d.by())).count();
        out.printf(Locale.ROOT, "%d proposals, %d candidates evaluated, %d duplicates skipped%s, %d rejected before simulation%n",
                s.iterations(), s.evaluations(), s.duplicates(),
                behavioural == 0 ? "" : " (" + behavioural + " by behaviour: same answers on the probe grid as an evaluated candidate)",
                s.rejected());
        RunStopped stopped = s.stopped();
        if (stopped != null) {
            out.println("stopped: " + stopped.detail());
            if (StopReason.TIME_LIMIT.equals(stopped.reason())) {
                out.println(remainingCost(history, s.iterations()));
            }
        }
        if (s.llm() != null && s.llm().proposals() != null) {
            out.println(LlmCosts.line(s.llm()));
        }
        new FrontView(history).print(out);
        RunSummary.Best best = s.best();
        String id = history.id();
        String flag = new RunStore(history.run().dir().getParent()).runsDirFlag();
        if (best == null) {
            out.println("no candidate was promoted over the baseline");
            if (s.bar() != null) {
                s.bar().forEach(u -> out.println("  " + Summaries.baselineVsUpstream(u, Problems.byId(history.problem()).upstreamShipped())));
            }
        } else {
            out.printf(Locale.ROOT, "winner %s: %s %s on search", best.candidateId(), s.objective(), Summaries.change(best.search()));
            RunSummary.Result test = best.test();
            boolean held = test != null && Boolean.TRUE.equals(test.held());
            if (test != null) {
                out.printf(Locale.ROOT, "; %s on the untouched test split%s", Summaries.change(test), held ? " (held)" : " (did not hold)");
            }
            out.println();
            best.upstreams().forEach(u -> out.println("  " + Summaries.upstream(u, Problems.byId(history.problem()).upstreamShipped())));
            if (test != null && !held) {
                out.println("warning: the winner did not hold on the untouched test split (" + ("better".equals(test.verdict())
                        ? "better pooled, but not under every variant the rule that promoted it asks for" : test.verdict())
                        + "); treat it as unconfirmed");
            }
            out.println("source  " + best.sourcePath());
        }
        UpstreamComparison vsUp = best == null ? null : best.vsUpstream();
        if (vsUp == null || best == null || !Summaries.beatsUpstream(best)) {
            learned(out, history, best == null ? null : best.candidateId(), Objectives.byName(s.objective()).direction(),
                    Problems.byId(history.config().problem()).upstreamShipped());
        }
        if (s.principles() != null && !s.principles().isEmpty()) {
            out.println("principles:");
            s.principles().forEach(p -> out.println("  - " + p));
        }
        String audit = RunView.noveltyAudit(history);
        if (audit != null) {
            out.println("novelty " + audit);
        }
        out.println("run     " + history.run().dir());
        out.println("next    nous runs show " + id + flag);
        if (best != null) {
            out.println("        nous review " + id + flag + " --out review.md");
            out.println(Summaries.exportHint(id, flag, best, Problems.byId(history.problem()).kinds()));
        }
        String recommendation = Summaries.recommendation(s, history.problem());
        if (recommendation != null) {
            out.println(recommendation);
        }
        out.flush();
    }
}
