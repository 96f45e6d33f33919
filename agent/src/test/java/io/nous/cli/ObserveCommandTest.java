package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nous.observe.ObservedRequest;
import io.nous.observe.RequestsFile;
import io.nous.observe.fake.Cue;
import io.nous.observe.fake.FakeEngine;
import io.nous.observe.fake.FakeOpenAiServer;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code nous observe} against a real socket: the fake OpenAI server streams server-sent events over
 * HTTP/1.1 with the timings and failures each test asks for.
 */
@Order(4) // among the longest classes (junit-platform.properties)
class ObserveCommandTest {
    /** Fast steps: a 200-token answer streams in about 50 ms. */
    static final FakeEngine.Costs FAST = new FakeEngine.Costs(200, 0.5, 5, 256, 8192);
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    static FakeOpenAiServer server(FakeEngine.Costs costs, Function<FakeOpenAiServer.Received, Cue> cues) throws Exception {
        return new FakeOpenAiServer(0, "m", costs, cues);
    }

    private CliHarness observe(FakeOpenAiServer s, String name, String... more) {
        return observe(dir, s, name, more);
    }

    /** {@code nous observe} against {@code s}, its files named {@code name} in {@code dir}. */
    static CliHarness observe(Path dir, FakeOpenAiServer s, String name, String... more) {
        List<String> args = new ArrayList<>(List.of("observe", "--url", s.url(), "--model", "m", "--out", dir.resolve(name + ".json").toString(),
                "--no-progress", "--warm-up-connections", "4"));
        args.addAll(List.of(more));
        return CliHarness.run(args.toArray(String[]::new));
    }

    private JsonNode summary(String name) throws Exception {
        return JSON.readTree(dir.resolve(name + ".json").toFile());
    }

    private RequestsFile.Contents requests(String name) {
        return RequestsFile.read(dir.resolve(name + ".requests.jsonl"));
    }

    @Test
    void sendsExactlyTheArrivalsTheSimulatorUsesWithTheRoutersHeaders() throws Exception {
        Map<String, String> objectiveByPrompt = new ConcurrentHashMap<>();
        Map<Integer, Integer> promptTokens = new ConcurrentHashMap<>();
        try (FakeOpenAiServer s = server(FAST, r -> {
            objectiveByPrompt.put(r.headers().get("x-llm-d-inference-fairness-id") + "/" + r.index(), r.headers().get("x-llm-d-inference-objective"));
            promptTokens.merge(r.promptTokens(), 1, Integer::sum);
            return Cue.SERVE;
        })) {
            CliHarness h = observe(s, "obs", "--workload", "interactive-chat", "--qps", "20", "--duration", "3", "--seed", "5",
                    "--objective", "critical=chat-critical", "--warmup", "1");
            assertThat(h.exit()).as(h.out() + h.err()).isZero();
            // the table is the window after the warm-up, and says where the other requests went
            long total = requests("obs").requests().size();
            long early = requests("obs").requests().stream().filter(r -> r.scheduledUs() < 1_000_000).count();
            assertThat(early).isPositive();
            assertThat(h.out()).contains("(the table counts the " + (total - early) + " requests scheduled after the 1 s warm-up; the " + early
                    + " before it are in the requests file");
        }
        CliHarness sim = CliHarness.run("simulate", "--workload", "interactive-chat", "--qps", "20", "--duration", "3", "--seed", "5",
                "--requests", dir.resolve("sim.jsonl").toString());
        assertThat(sim.exit()).as(sim.err()).isZero();
        List<ObservedRequest> observed = requests("obs").requests();
        List<ObservedRequest> simulated = RequestsFile.read(dir.resolve("sim.jsonl")).requests();
        assertThat(observed).hasSize(simulated.size()).hasSizeGreaterThan(30);
        for (int i = 0; i < observed.size(); i++) {
            ObservedRequest o = observed.get(i);
            ObservedRequest q = simulated.get(i);
            assertThat(List.of(o.id(), o.className(), o.priority(), o.fairnessId(), o.scheduledUs(), o.inputTokens(), o.outputTokens()))
                    .isEqualTo(List.of(q.id(), q.className(), q.priority(), q.fairnessId(), q.scheduledUs(), q.inputTokens(), q.outputTokens()));
            assertThat(o.result()).isEqualTo(ObservedRequest.Result.COMPLETED);
            assertThat(o.tokensOut()).isEqualTo(o.outputTokens());     // max_tokens + ignore_eos
            assertThat(o.promptTokens()).isEqualTo(o.inputTokens());   // the server counted the synthesized words
            assertThat(o.sentUs()).isGreaterThanOrEqualTo(o.scheduledUs());
            assertThat(o.firstTokenUs()).isGreaterThan(o.sentUs());
        }
        // the critical class named its objective as asked, sheddable its own name
        assertThat(objectiveByPrompt.values()).containsOnly("chat-critical", "sheddable");
        JsonNode sum = summary("obs");
        assertThat(sum.get("classes").get("critical").get("completed").asLong()).isPositive();
        assertThat(sum.get("classes").get("critical").get("ttft_p99_ms").isNumber()).isTrue();
        assertThat(sum.get("send_lag_ms").get("count").asInt()).isEqualTo(observed.size());
    }

    @Test
    void eventsSplitAcrossReadsAreParsed() throws Exception {
        try (FakeOpenAiServer s = server(FAST, r -> Cue.split())) {
            CliHarness h = observe(s, "split", "--workload", "interactive-chat", "--qps", "10", "--duration", "2", "--api", "completions",
                    "--prompts", "token-ids", "--token-times");
            assertThat(h.exit()).as(h.out() + h.err()).isZero();
        }
        for (ObservedRequest r : requests("split").requests()) {
            assertThat(r.result()).isEqualTo(ObservedRequest.Result.COMPLETED);
            assertThat(r.tokensOut()).isEqualTo(r.outputTokens());
            assertThat(r.promptTokens()).isEqualTo(r.inputTokens()); // token ids: exact
            assertThat(r.tokenTimesUs()).hasSize(r.outputTokens()).isSorted();
            assertThat(r.tokenTimesUs()[0]).isEqualTo(r.firstTokenUs());
        }
    }

    @Test
    void dropsAndFailuresAreCountedByReason() throws Exception {
        java.util.concurrent.atomic.AtomicInteger real = new java.util.concurrent.atomic.AtomicInteger();
        try (FakeOpenAiServer s = server(FAST, r -> warmUp(r) ? Cue.SERVE : switch (real.getAndIncrement() % 10) {
            case 2 -> Cue.reject(429, "rejected-saturated");
            case 4 -> Cue.reject(503, "rejected-no-endpoints");
            case 6 -> Cue.resetAfter(2);
            case 8 -> Cue.error(500);
            case 9 -> Cue.slowHeaders(150);
            default -> Cue.SERVE;
        })) {
            CliHarness h = observe(s, "faults", "--workload", "interactive-chat", "--qps", "20", "--duration", "3", "--warmup", "0");
            assertThat(h.exit()).as(h.out() + h.err()).isZero();
            assertThat(h.out()).contains("rejected-saturated").contains("reset");
            int n = real.get();
            long[] expected = new long[10];
            for (int i = 0; i < n; i++) {
                expected[i % 10]++;
            }
            JsonNode classes = summary("faults").get("classes");
            assertThat(total(classes, "drops_by_reason", "rejected-saturated")).isEqualTo(expected[2]);
            assertThat(total(classes, "drops_by_reason", "rejected-no-endpoints")).isEqualTo(expected[4]);
            assertThat(total(classes, "failures_by_error", "reset")).isEqualTo(expected[6]);
            assertThat(total(classes, "failures_by_error", "http-500")).isEqualTo(expected[8]);
            long completed = 0;
            for (JsonNode c : classes) {
                completed += c.get("completed").asLong();
            }
            assertThat(completed).isEqualTo(n - expected[2] - expected[4] - expected[6] - expected[8]);
        }
        // a reset request streamed its first tokens: its TTFT is kept, it has no end-to-end latency
        ObservedRequest reset = requests("faults").requests().stream().filter(r -> "reset".equals(r.error())).findFirst().orElseThrow();
        assertThat(reset.firstTokenUs()).isPositive();
        assertThat(reset.e2eMs()).isNaN();
    }

    private static boolean warmUp(FakeOpenAiServer.Received r) {
        return io.nous.observe.LoadGenerator.WARM_UP_FAIRNESS_ID.equals(r.headers().get("x-llm-d-inference-fairness-id"));
    }

    @Test
    void anEndpointThatCannotStreamFailsInTheWarmUpBeforeTheRun() throws Exception {
        try (FakeOpenAiServer s = server(FAST, r -> Cue.notStreaming())) {
            CliHarness h = observe(s, "nostream", "--workload", "interactive-chat", "--qps", "10", "--duration", "20");
            assertThat(h.exit()).isEqualTo(6);
            assertThat(h.err()).contains("did not stream the response");
            assertThat(requests("nostream").requests()).isEmpty();
        }
    }

    private static long total(JsonNode classes, String map, String key) {
        long t = 0;
        for (JsonNode c : classes) {
            t += c.get(map).path(key).asLong(0);
        }
        return t;
    }

    @Test
    void aServerThatCannotBeMeasuredIsOneLineAndKeepsWhatWasMeasured() throws Exception {
        int closed;
        try (ServerSocket probe = new ServerSocket(0)) {
            closed = probe.getLocalPort();
        }
        CliHarness unreachable = CliHarness.run("observe", "--url", "http://127.0.0.1:" + closed, "--model", "m", "--workload",
                "interactive-chat", "--qps", "5", "--duration", "1", "--out", dir.resolve("u.json").toString());
        assertThat(unreachable.exit()).isEqualTo(6);
        assertThat(unreachable.err().strip()).startsWith("nous: cannot reach http://127.0.0.1:" + closed + "/v1").doesNotContain("\n")
                .doesNotContain("Exception");
        try (FakeOpenAiServer s = server(FAST, r -> Cue.SERVE)) {
            CliHarness wrongModel = CliHarness.run("observe", "--url", s.url(), "--model", "llama", "--workload", "interactive-chat", "--qps",
                    "5", "--duration", "1", "--out", dir.resolve("w.json").toString());
            assertThat(wrongModel.exit()).isEqualTo(6);
            assertThat(wrongModel.err().strip()).isEqualTo("nous: model 'llama' is not served by " + s.url() + "/v1 (it serves: m)");
            CliHarness badFlag = observe(s, "b", "--workload", "interactive-chat", "--qps", "5", "--objective", "gold=x");
            assertThat(badFlag.exit()).isEqualTo(2);
            assertThat(badFlag.err()).contains("the workload has no class 'gold' (it has: critical, sheddable)");
        }
        // the fifth request is answered without streaming, or with an event that is not JSON: the run stops there
        for (Cue bad : List.of(Cue.notStreaming(), Cue.malformed())) {
            java.util.concurrent.atomic.AtomicInteger real = new java.util.concurrent.atomic.AtomicInteger();
            try (FakeOpenAiServer s = server(FAST, r -> !warmUp(r) && real.getAndIncrement() == 4 ? bad : Cue.SERVE)) {
                String name = bad.kind().name();
                CliHarness h = observe(s, name, "--workload", "interactive-chat", "--qps", "10", "--duration", "20");
                assertThat(h.exit()).isEqualTo(6);
                String line = h.err().strip();
                assertThat(line).doesNotContain("\n").doesNotContain("Exception")
                        .contains(bad.kind() == Cue.Kind.MALFORMED ? "malformed server-sent event" : "did not stream");
                RequestsFile.Contents kept = requests(name);
                assertThat(kept.header().interrupted()).isTrue();
                assertThat(kept.requests().size()).isBetween(4, 150); // stopped long before the 200 planned
                assertThat(kept.requests().stream().filter(r -> r.result() == ObservedRequest.Result.COMPLETED).count()).isPositive();
            }
        }
    }

    @Test
    void aServerThatNeverEndsALineOrAStreamIsCutAtItsBoundAndTheRunEnds() throws Exception {
        for (Cue bad : List.of(Cue.endlessLine(), Cue.endlessStream())) {
            java.util.concurrent.atomic.AtomicInteger real = new java.util.concurrent.atomic.AtomicInteger();
            try (FakeOpenAiServer s = server(FAST, r -> !warmUp(r) && real.getAndIncrement() == 2 ? bad : Cue.SERVE)) {
                String name = "endless-" + bad.kind().name();
                CliHarness h = observe(s, name, "--workload", "interactive-chat", "--qps", "5", "--duration", "2", "--request-timeout", "4");
                assertThat(h.err()).as(name).doesNotContain("Exception").doesNotContain("\tat ");
                List<ObservedRequest> kept = requests(name).requests();
                // the third request is the one the server misbehaves on: failed, with why; the others completed
                assertThat(kept.stream().filter(r -> r.result() == ObservedRequest.Result.FAILED).map(ObservedRequest::error).toList())
                        .as(name).containsExactly(bad.kind() == Cue.Kind.ENDLESS_LINE ? "oversized-event" : "timeout");
                assertThat(kept.stream().filter(r -> r.result() == ObservedRequest.Result.COMPLETED).count()).isEqualTo(kept.size() - 1);
            }
        }
    }

    @Test
    void aModelListThatNeverEndsIsRefusedByItsBoundBeforeAnyLoad() throws Exception {
        for (Cue.Kind how : List.of(Cue.Kind.ENDLESS_LINE, Cue.Kind.ENDLESS_STREAM)) {
            try (FakeOpenAiServer s = server(FAST, r -> Cue.SERVE).misbehaveOnModels(how)) {
                CliHarness h = observe(s, "models-" + how, "--workload", "interactive-chat", "--qps", "5", "--duration", "2",
                        "--request-timeout", "2");
                assertThat(h.exit()).as(h.err()).isNotZero();
                assertThat(h.err()).doesNotContain("Exception").doesNotContain("\tat ")
                        .contains(how == Cue.Kind.ENDLESS_LINE ? "/models answered more than 1024 KiB" : "/models did not finish its answer within 2 s");
                assertThat(s.received()).as("no load is sent").isZero();
            }
        }
    }

    @Test
    void aStreamThatGoesSilentIsCutAtItsOwnDeadlineAndFreesItsSlot() throws Exception {
        java.util.concurrent.atomic.AtomicInteger real = new java.util.concurrent.atomic.AtomicInteger();
        try (FakeOpenAiServer s = server(FAST, r -> !warmUp(r) && real.getAndIncrement() == 0 ? Cue.silentStream() : Cue.SERVE)) {
            // one request at a time: the silent one holds the only slot until its 2 s deadline, not until the run's drain
            CliHarness h = observe(s, "silent", "--workload", "interactive-chat", "--qps", "2", "--duration", "6", "--request-timeout", "2",
                    "--max-concurrency", "1");
            assertThat(h.err()).doesNotContain("Exception").doesNotContain("\tat ");
            List<ObservedRequest> kept = requests("silent").requests();
            ObservedRequest first = kept.get(0);
            assertThat(first.error()).isEqualTo("timeout");
            // before the watchdog, the send loop waited for this slot forever: the run never reached its drain
            assertThat(kept.stream().anyMatch(r -> r.sentUs() > first.endUs())).as("the slot was freed for the requests after it").isTrue();
            assertThat(kept.stream().filter(r -> r.result() == ObservedRequest.Result.COMPLETED).count()).isGreaterThan(kept.size() / 2);
        }
    }

    @Test
    void aRunThatWouldMeasureNothingSendsNothing() throws Exception {
        try (FakeOpenAiServer s = server(FAST, r -> Cue.SERVE)) {
            CliHarness h = observe(s, "empty", "--workload", "interactive-chat", "--qps", "0.001", "--duration", "10");
            assertThat(h.exit()).as(h.err()).isEqualTo(2);
            assertThat(h.err()).contains("no request would arrive in the measured window (8 s after a 2 s warm-up");
            assertThat(s.received()).isZero();
            assertThat(dir.resolve("empty.json")).doesNotExist();
        }
    }

    @Test
    void anErrorPageThatNeverEndsFailsItsRequestAndTheRunGoesOn() throws Exception {
        java.util.concurrent.atomic.AtomicInteger real = new java.util.concurrent.atomic.AtomicInteger();
        try (FakeOpenAiServer s = server(FAST, r -> !warmUp(r) && real.getAndIncrement() == 1 ? Cue.endlessBody(500) : Cue.SERVE)) {
            CliHarness h = observe(s, "endless-body", "--workload", "interactive-chat", "--qps", "5", "--duration", "2", "--request-timeout", "4");
            assertThat(h.err()).doesNotContain("Exception").doesNotContain("\tat ");
            List<ObservedRequest> kept = requests("endless-body").requests();
            assertThat(kept.stream().filter(r -> r.result() == ObservedRequest.Result.FAILED).map(ObservedRequest::error).toList())
                    .containsExactly("http-500");
            assertThat(kept.stream().filter(r -> r.result() == ObservedRequest.Result.COMPLETED).count()).isEqualTo(kept.size() - 1);
        }
    }

    @Test
    void ctrlCWritesWhatWasMeasured() throws Exception {
        try (FakeOpenAiServer s = server(FAST, r -> Cue.SERVE)) {
            Path out = dir.resolve("int.json");
            List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), Nous.class.getName(), "observe", "--url", s.url(), "--model", "m", "--workload",
                    "interactive-chat", "--qps", "20", "--duration", "60", "--out", out.toString(), "--no-progress",
                    "--warm-up-connections", "4");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("int.log").toFile()).start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (s.received() < 40 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(s.received()).as(Files.readString(dir.resolve("int.log"))).isGreaterThanOrEqualTo(40);
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            String log = Files.readString(dir.resolve("int.log"));
            assertThat(p.exitValue()).as(log).isEqualTo(130);
            assertThat(log).contains("interrupted: what was measured is in");
            RequestsFile.Contents kept = RequestsFile.read(dir.resolve("int.requests.jsonl"));
            assertThat(kept.header().interrupted()).isTrue();
            assertThat(kept.requests().size()).as(log).isGreaterThanOrEqualTo(30).isLessThan(1000);
            assertThat(JSON.readTree(out.toFile()).get("interrupted").asBoolean()).isTrue();
        }
    }
}
