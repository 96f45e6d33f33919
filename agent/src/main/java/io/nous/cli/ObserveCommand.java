package io.nous.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.observe.Endpoint;
import io.nous.observe.EndpointError;
import io.nous.observe.LoadGenerator;
import io.nous.observe.ObservationJson;
import io.nous.observe.ObservationPlan;
import io.nous.observe.ObservationTable;
import io.nous.observe.PlannedRequest;
import io.nous.observe.PromptSynthesizer;
import io.nous.observe.RequestsFile;
import io.nous.observe.RequestsHeader;
import io.nous.report.JsonReport;
import io.nous.sim.Scenario;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code nous observe}: sends a workload's arrivals — the very requests {@code nous simulate} would
 * simulate for the same options and seed — to a real OpenAI-compatible endpoint, open loop and
 * streaming, and writes what it measured: a summary in {@code simulate --json}'s terms and a
 * requests file that {@code nous compare} and {@code nous calibrate --observed} read.
 */
@Command(name = "observe", mixinStandardHelpOptions = true,
        description = "Measure a real endpoint (vLLM or the llm-d router) under a workload's arrivals, open loop and streaming.")
public final class ObserveCommand implements Callable<Integer> {

    @Mixin
    ArrivalOptions arrivals;

    @Option(names = "--url", required = true, paramLabel = "URL", description = "The endpoint's base URL, e.g. http://localhost:8000 (with or without /v1).")
    String url;

    @Option(names = "--model", required = true, paramLabel = "NAME", description = "The model name to ask for.")
    String model;

    @Option(names = "--api", defaultValue = "chat", paramLabel = "chat|completions", description = "Which OpenAI API to use (default: ${DEFAULT-VALUE}).")
    String api;

    @Option(names = "--prompts", defaultValue = "words", paramLabel = "words|token-ids",
            description = "Synthesized prompts: words (about one token each) or token-ids (exact lengths; completions API only) (default: ${DEFAULT-VALUE}).")
    String prompts;

    @Option(names = "--prompts-file", paramLabel = "FILE", description = "Prompts to use instead, one per line, cut or repeated to each request's length in words.")
    Path promptsFile;

    @Option(names = "--objective", paramLabel = "CLASS=NAME",
            description = "The InferenceObjective a class's requests name in x-llm-d-inference-objective (default: the class's own name). Repeatable.")
    List<String> objectives = new ArrayList<>();

    @Option(names = "--header", paramLabel = "'NAME: VALUE'", description = "Another header for every request (e.g. authorization). Repeatable.")
    List<String> headers = new ArrayList<>();

    @Option(names = "--no-ignore-eos", description = "Do not send ignore_eos (vLLM's extension that makes outputs exactly max_tokens long).")
    boolean noIgnoreEos;

    @Option(names = "--max-concurrency", defaultValue = "0", paramLabel = "N",
            description = "Most requests in flight; a request beyond it waits for a slot and is sent late (default: no limit).")
    int maxConcurrency;

    @Option(names = "--request-timeout", defaultValue = "600", paramLabel = "SECONDS",
            description = "Longest wait for a response to start (default: ${DEFAULT-VALUE}).")
    double requestTimeout;

    @Option(names = "--warm-up-connections", defaultValue = "32", paramLabel = "N",
            description = "Before the clock starts, open N connections and send N tiny completions (2 tokens, fairness id nous-warm-up) "
                    + "twice, so the first requests are not sent late; 0 for none (default: ${DEFAULT-VALUE}).")
    int warmUpConnections;

    @Option(names = "--token-times", description = "Record every token's arrival time in the requests file (larger).")
    boolean tokenTimes;

    @Option(names = "--out", paramLabel = "FILE.json",
            description = "Where to write the summary (default: reports/observe-WORKLOAD-QPSqps-sSEED.json); the requests go beside it as FILE.requests.jsonl.")
    Path out;

    @Option(names = "--no-progress", description = "No progress bar, even on a terminal.")
    boolean noProgress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        ArrivalOptions.Resolved a = arrivals.resolve();
        Scenario.Builder b = Scenario.builder(a.workload()).qps(a.rate()).seed(a.seed()).durationSeconds(a.seconds()).trace(a.replay());
        if (a.warmup() != null) {
            b.warmupSeconds(a.warmup());
        }
        Scenario scenario = b.build();
        Endpoint.Api chosenApi = switch (api) {
            case "chat" -> Endpoint.Api.CHAT;
            case "completions" -> Endpoint.Api.COMPLETIONS;
            default -> throw new UserError("--api must be chat or completions, got '" + api + "'");
        };
        PromptSynthesizer.Mode mode = switch (prompts) {
            case "words" -> PromptSynthesizer.Mode.WORDS;
            case "token-ids" -> PromptSynthesizer.Mode.TOKEN_IDS;
            default -> throw new UserError("--prompts must be words or token-ids, got '" + prompts + "'");
        };
        if (mode == PromptSynthesizer.Mode.TOKEN_IDS && chosenApi != Endpoint.Api.COMPLETIONS) {
            throw new UserError("--prompts token-ids needs --api completions (chat messages are text)");
        }
        if (warmUpConnections < 0 || warmUpConnections > 1024) {
            throw new UserError("--warm-up-connections must be in [0, 1024], got " + warmUpConnections);
        }
        if (maxConcurrency < 0) {
            throw new UserError("--max-concurrency must be >= 0, got " + maxConcurrency);
        }
        if (!(requestTimeout > 0) || Double.isInfinite(requestTimeout)) {
            throw new UserError("--request-timeout must be a positive number of seconds, got " + requestTimeout);
        }
        List<String> lines = promptsFile == null ? null : promptLines(promptsFile);
        Endpoint endpoint;
        try {
            endpoint = new Endpoint(url, model, chosenApi, objectiveMap(scenario), headerPairs(), !noIgnoreEos,
                    new PromptSynthesizer(mode, a.seed(), lines));
        } catch (EndpointError e) {
            throw new UserError(e.getMessage());
        }
        Path summaryFile = out != null ? out : Path.of("reports", String.format(Locale.ROOT, "observe-%s-%sqps-s%d.json",
                scenario.workload().name(), JsonReport.decimal(a.rate()).toPlainString(), a.seed()));
        Path requestsFile = requestsPathFor(summaryFile);
        checkWritable(summaryFile);
        List<PlannedRequest> plan = ObservationPlan.of(scenario);
        if (plan.stream().noneMatch(p -> p.scheduledUs() >= Math.round(scenario.warmupSeconds() * 1e6))) {
            // nothing would be measured: a summary of null metrics reads as a result, so no load is sent at all
            throw new UserError(String.format(Locale.ROOT, "no request would arrive in the measured window (%s s after a %s s warm-up, "
                    + "%d requests planned in all): nothing would be measured; raise the rate or the duration",
                    JsonReport.decimal(scenario.durationSeconds() - scenario.warmupSeconds()).toPlainString(),
                    JsonReport.decimal(scenario.warmupSeconds()).toPlainString(), plan.size()));
        }
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();

        // As many threads as cores deliver responses: the default (a thread per burst) made the
        // scheduler thread wait for a core more often (send lag p99 2.6-6.3 ms against 2.5-3.6 ms).
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10))
                .executor(java.util.concurrent.Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()), r -> {
                    Thread t = new Thread(r, "observe-http");
                    t.setDaemon(true);
                    return t;
                })).build();
        endpoint.probe(client, Duration.ofMillis(Math.min(10_000, Math.round(requestTimeout * 1000))));
        o.printf(Locale.ROOT, "observing %s (%s, model %s): %d requests over %.0f s (%s at %s qps, seed %d)%n", endpoint.url(), api, model,
                plan.size(), a.seconds(), scenario.workload().name(), JsonReport.decimal(a.rate()).toPlainString(), a.seed());
        o.flush();

        LoadGenerator generator = new LoadGenerator(endpoint, client,
                new LoadGenerator.Settings(Duration.ofMillis(Math.round(requestTimeout * 1000)), maxConcurrency, tokenTimes,
                        warmUpConnections));
        CountDownLatch written = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            generator.stop();
            try {
                written.await(30, TimeUnit.SECONDS); // let the main thread write what was measured
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "nous-observe-interrupt");
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        LoadGenerator.Result result;
        boolean terminal = System.console() != null && !noProgress;
        try (ProgressBar bar = terminal ? new ProgressBarBuilder().setTaskName("observe").setInitialMax(plan.size())
                .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(System.err)).build() : null) {
            result = generator.run(plan, (sent, finished) -> {
                if (bar != null) {
                    bar.stepTo(finished);
                    bar.setExtraMessage("sent " + sent);
                }
            });
        }
        RequestsHeader header = new RequestsHeader(RequestsHeader.FORMAT, "observed", scenario.workload().name(), a.rate(), a.seed(),
                a.seconds(), scenario.warmupSeconds(), ObservationPlan.classes(scenario, endpoint::objectiveOf), endpoint.url(), model,
                chosenApi.id(), null, null, null).interrupted(result.interrupted() || result.fatal() != null);
        // On Ctrl-C the JVM is already shutting down: the hook waits for this block, so everything,
        // messages included, is written and flushed before the latch opens.
        try {
            RequestsFile.write(requestsFile, header, result.requests());
            ObjectNode summary = ObservationJson.of(header, result.requests());
            try {
                RequestsFile.writeText(summaryFile, JsonReport.write(summary) + System.lineSeparator());
            } catch (java.io.UncheckedIOException e) {
                throw new UserError(e.getMessage());
            }
            o.print(ObservationTable.render(summary));
            o.println("summary: " + summaryFile);
            o.println("requests: " + requestsFile + "  (compare with the simulator: nous compare --observed " + requestsFile + ")");
            if (result.waitedForSlot() > 0) {
                o.printf(Locale.ROOT, "%d requests waited for a slot under --max-concurrency %d and went out late%n", result.waitedForSlot(),
                        maxConcurrency);
            }
            o.flush();
            if (result.fatal() != null) {
                err.println("nous: " + result.fatal() + " (the " + result.requests().size() + " requests measured so far are in " + requestsFile + ")");
                err.flush();
                return ExitCodes.SERVICE_UNUSABLE;
            }
            if (result.interrupted()) {
                err.println("interrupted: what was measured is in " + summaryFile + " and " + requestsFile);
                err.flush();
                return ExitCodes.INTERRUPTED;
            }
            return ExitCodes.OK;
        } finally {
            o.flush();
            err.flush();
            written.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook is running and has been waiting for the files written above
            }
        }
    }

    /** FILE.json → FILE.requests.jsonl beside it. */
    static Path requestsPathFor(Path summary) {
        String name = summary.getFileName().toString();
        String stem = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
        return summary.resolveSibling(stem + ".requests.jsonl");
    }

    private Map<String, String> objectiveMap(Scenario scenario) {
        Map<String, String> m = new LinkedHashMap<>();
        List<String> names = scenario.workload().classes().stream().map(c -> c.name()).toList();
        for (String o : objectives) {
            int eq = o.indexOf('=');
            if (eq <= 0 || eq == o.length() - 1) {
                throw new UserError("--objective must be CLASS=NAME, got '" + o + "'");
            }
            String cls = o.substring(0, eq);
            if (!names.contains(cls)) {
                throw new UserError("--objective " + o + ": the workload has no class '" + cls + "' (it has: " + String.join(", ", names) + ")");
            }
            m.put(cls, o.substring(eq + 1));
        }
        return m;
    }

    private List<String[]> headerPairs() {
        List<String[]> out = new ArrayList<>();
        for (String h : headers) {
            int c = h.indexOf(':');
            if (c <= 0 || h.substring(0, c).isBlank() || h.substring(0, c).contains(" ")) {
                throw new UserError("--header must be 'NAME: VALUE', got '" + h + "'");
            }
            out.add(new String[] {h.substring(0, c).trim(), h.substring(c + 1).trim()});
        }
        return out;
    }

    private static List<String> promptLines(Path file) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
            if (lines.isEmpty()) {
                throw new UserError("--prompts-file " + file + " has no prompts (one per line)");
            }
            return lines;
        } catch (java.nio.file.NoSuchFileException e) {
            throw new UserError("--prompts-file " + file + ": no such file");
        } catch (java.nio.charset.MalformedInputException e) {
            throw new UserError("--prompts-file " + file + " is not UTF-8 text");
        } catch (IOException e) {
            throw new UserError("--prompts-file " + file + ": cannot read: " + e.getMessage());
        }
    }

    private static void checkWritable(Path file) {
        if (Files.isDirectory(file)) {
            throw new UserError("--out " + file + " is a directory; name a file such as " + file.resolve("observation.json"));
        }
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            if (!Files.isWritable(dir)) {
                throw new UserError("cannot write to " + dir);
            }
        } catch (IOException e) {
            throw new UserError("cannot create the directory of " + file + ": " + e.getMessage());
        }
    }
}
