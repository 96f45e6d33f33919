package io.nous.cli;

import io.nous.observe.fake.Cue;
import io.nous.observe.fake.FakeEngine;
import io.nous.observe.fake.FakeOpenAiServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code nous fake-server}: an OpenAI-compatible streaming server without a model, pacing tokens by
 * a step-cost model, to try {@code observe}, {@code compare} and {@code calibrate --observed}
 * without a GPU (and to measure the load generator itself).
 */
@Command(name = "fake-server", mixinStandardHelpOptions = true,
        description = "Serve a fake OpenAI-compatible streaming endpoint whose tokens are paced by a step-cost model (no GPU needed).")
public final class FakeServerCommand implements Callable<Integer> {

    @Option(names = "--port", defaultValue = "8000", paramLabel = "N", description = "Port on 127.0.0.1, 0 for any (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--model", defaultValue = "fake-model", paramLabel = "NAME", description = "The model it serves (default: ${DEFAULT-VALUE}).")
    String model;

    @Option(names = "--beta0-us", defaultValue = "5000", paramLabel = "US", description = "Fixed cost of a step, µs (default: ${DEFAULT-VALUE}).")
    double beta0;

    @Option(names = "--beta1-us", defaultValue = "40", paramLabel = "US", description = "Cost per prompt token in a step, µs (default: ${DEFAULT-VALUE}).")
    double beta1;

    @Option(names = "--beta2-us", defaultValue = "100", paramLabel = "US", description = "Cost per decoding sequence in a step, µs (default: ${DEFAULT-VALUE}).")
    double beta2;

    @Option(names = "--max-num-seqs", defaultValue = "256", paramLabel = "N", description = "Most requests running at once (default: ${DEFAULT-VALUE}).")
    int maxNumSeqs;

    @Option(names = "--max-num-batched-tokens", defaultValue = "8192", paramLabel = "N", description = "Token budget of a step (default: ${DEFAULT-VALUE}).")
    int maxNumBatchedTokens;

    @Option(names = "--prefix-cache-blocks", defaultValue = "0", paramLabel = "N",
            description = "Cache prompt prefixes in this many 16-token blocks, least recently used out, and report "
                    + "usage.prompt_tokens_details.cached_tokens as vLLM does (default: ${DEFAULT-VALUE}, no cache).")
    int prefixCacheBlocks;

    @Option(names = "--drop-share", defaultValue = "0", paramLabel = "F",
            description = "Share of requests answered 429 with x-llm-d-request-dropped-reason: rejected-saturated (default: ${DEFAULT-VALUE}).")
    double dropShare;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (!(dropShare >= 0 && dropShare <= 1)) {
            throw new UserError("--drop-share must be in [0, 1], got " + dropShare);
        }
        FakeEngine.Costs costs;
        try {
            costs = new FakeEngine.Costs(beta0, beta1, beta2, maxNumSeqs, maxNumBatchedTokens, prefixCacheBlocks);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        SplittableRandom draws = new SplittableRandom(1);
        FakeOpenAiServer server;
        try {
            server = new FakeOpenAiServer(port, model, costs, r -> {
                synchronized (draws) {
                    return draws.nextDouble() < dropShare ? Cue.reject(429, "rejected-saturated") : Cue.SERVE;
                }
            });
        } catch (IOException e) {
            throw new UserError("cannot listen on port " + port + ": " + e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "serving model %s at %s (step = %.0f µs + %.1f µs/prompt token + %.1f µs/decoding sequence); Ctrl-C stops%n",
                model, server.url(), beta0, beta1, beta2);
        out.flush();
        CountDownLatch forever = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "fake-server-stop"));
        forever.await();
        return ExitCodes.OK;
    }
}
