package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.store.JournalRecord;
import io.nous.store.RunStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The LLM proposer against a local fake OpenAI-compatible server speaking real HTTP: rate limits,
 * server errors, malformed replies, code the verifier rejects, a usable proposal, the token budget,
 * and replay without the server.
 */
class LlmDiscoverTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Validation and test scenarios of the default matrix: a proposer must never see them. */
    private static final List<String> HIDDEN = List.of("code-generation@10", "interactive-chat@40", "interactive-chat@80",
            "code-generation@16~cv2", "reasoning@0.2", "interactive-chat@50~cv2", "code-generation@13~cv2");

    @TempDir
    Path dir;
    MockWebServer server;

    @BeforeEach
    void start() throws Exception {
        server = new MockWebServer();
        server.start();
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    private static String policy(double sheddableCeiling) {
        return "import io.nous.sim.spi.UsageLimitPolicy;\n\n"
                + "public final class ShedEarly implements UsageLimitPolicy {\n"
                + "    @Override\n"
                + "    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {\n"
                + "        for (int i = 0; i < priorities.length; i++) {\n"
                + "            ceilings[i] = priorities[i] < 0 ? " + sheddableCeiling + " : 1.0;\n"
                + "        }\n"
                + "    }\n"
                + "}\n";
    }

    private static String proposal(String source) throws Exception {
        return JSON.writeValueAsString(bundle(source));
    }

    private static ObjectNode bundle(String source) {
        ObjectNode o = JSON.createObjectNode();
        o.put("hypothesis", "closing the sheddable band early keeps pod queues short for critical requests");
        o.put("mechanism", "the sheddable band stops dispatching before the pods queue, so critical requests wait less");
        o.putArray("predictions").add(JSON.createObjectNode().put("regime", "under").put("direction", "none").put("magnitude", 0.0))
                .add(JSON.createObjectNode().put("regime", "near").put("direction", "decrease").put("magnitude", -0.5));
        o.put("source", source);
        return o;
    }

    /** An OpenAI chat-completions response whose message content is {@code content}. */
    private static MockResponse completion(String content, int promptTokens, int completionTokens) throws Exception {
        ObjectNode r = JSON.createObjectNode();
        r.put("id", "chatcmpl-test").put("object", "chat.completion").put("created", 1).put("model", "test-model");
        ObjectNode choice = r.putArray("choices").addObject();
        choice.put("index", 0).put("finish_reason", "stop");
        choice.putObject("message").put("role", "assistant").put("content", content);
        r.putObject("usage").put("prompt_tokens", promptTokens).put("completion_tokens", completionTokens)
                .put("total_tokens", promptTokens + completionTokens);
        return new MockResponse.Builder().code(200).setHeader("Content-Type", "application/json").body(JSON.writeValueAsString(r)).build();
    }

    private static MockResponse error(int code) {
        return new MockResponse.Builder().code(code).setHeader("Content-Type", "application/json")
                .body("{\"error\":{\"message\":\"scripted " + code + "\",\"type\":\"test\"}}").build();
    }

    /** A discovery with the model on a small matrix of the run's problem class. */
    private String[] discover(Path runs, String... extra) throws IOException {
        int p = List.of(extra).indexOf("--problem");
        Path matrix = switch (p < 0 ? "flow-control" : extra[p + 1]) {
            case "admission" -> TestMatrices.admission(dir);
            case "joint" -> TestMatrices.joint(dir);
            default -> TestMatrices.flowControl(dir);
        };
        List<String> a = new ArrayList<>(List.of("discover", "--proposer", "llm", "--llm-base-url", server.url("/v1/").toString(),
                "--llm-model", "test-model", "--llm-backoff", "5ms", "--llm-retries", "3", "--seed-policies", "static-usage-limit",
                "--matrix", matrix.toString(), "--seeds", "2", "--duration", "60", "--threads", "2", "--seed", "3", "--runs-dir",
                runs.toString(), "--no-progress"));
        if (p < 0) {
            a.addAll(List.of("--problem", "flow-control"));
        }
        a.addAll(List.of(extra));
        return a.toArray(String[]::new);
    }


    @Test
    void survivesErrorsRepairsBadRepliesAndReplaysWithoutTheServer() throws Exception {
        // iteration 1: 429, 500, then a cut-off reply (repaired), then code the verifier rejects,
        // then (with the verifier's feedback) a usable policy; iteration 2: another usable policy.
        server.enqueue(error(429));
        server.enqueue(error(500));
        server.enqueue(completion("{\"hypothesis\": \"shed early\", \"source\": \"import io.nous", 900, 40));
        server.enqueue(completion(proposal(policy(0.8).replace("1.0;", "Math.random();")), 950, 200));
        server.enqueue(completion(proposal(policy(0.8)), 1200, 210));
        ObjectNode withArm = bundle(policy(0.6));
        withArm.putArray("arms").addObject().put("role", "ablation").put("purpose", "a milder ceiling").put("source", policy(0.9));
        server.enqueue(completion("```json\n" + JSON.writeValueAsString(withArm) + "\n```", 1300, 220));
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run(discover(runs, "--budget", "2", "--llm-price-in", "2", "--llm-price-out", "8"));
        assertThat(h.exit()).as(h.err()).isZero();

        List<String> bodies = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            RecordedRequest r = server.takeRequest();
            assertThat(r.getUrl().encodedPath()).isEqualTo("/v1/chat/completions");
            bodies.add(r.getBody().utf8());
        }
        assertThat(server.getRequestCount()).isEqualTo(6);
        for (String raw : bodies) {
            JsonNode request = JSON.readTree(raw);
            assertThat(request.get("model").asText()).isEqualTo("test-model");
            StringBuilder text = new StringBuilder();
            request.get("messages").forEach(m -> text.append(m.get("content").asText()).append('\n'));
            String body = text.toString();
            assertThat(body).contains("computeLimit(double saturation, int[] priorities, double[] ceilings)")
                    .contains("ComputeLimit(ctx context.Context");
            for (String hidden : HIDDEN) {
                assertThat(body).as("the prompt shows a held-out scenario").doesNotContain(hidden);
            }
        }
        assertThat(JSON.readTree(bodies.get(3)).toString()).as("the cut-off reply is sent back with what was wrong").contains("cannot be used");
        assertThat(JSON.readTree(bodies.get(4)).toString()).as("the verifier's complaint reaches the model").contains("rejected before simulation")
                .contains("Math.random");
        assertThat(JSON.readTree(bodies.get(5)).toString()).contains("Recent hypotheses");

        String id = CliHarness.onlyRun(runs);
        Path run = runs.resolve(id);
        List<JournalRecord> records = new RunStore(runs).open(id).journal().records();
        long llmHypotheses = records.stream().filter(r -> r.type().equals("hypothesis")
                && r.body().path("proposer").asText(r.body().path("operator").asText()).equals("llm")).count();
        assertThat(llmHypotheses).isGreaterThanOrEqualTo(2);
        assertThat(records.stream().filter(r -> r.type().equals("candidate")).map(r -> r.body().path("operator").asText()))
                .as("the ablation arm is evaluated as its own candidate").contains("llm", "llm:ablation");
        try (Stream<Path> s = Files.list(run.resolve("llm"))) {
            List<JsonNode> exchanges = new ArrayList<>();
            for (Path p : s.sorted().toList()) {
                exchanges.add(JSON.readTree(Files.readString(p)));
            }
            assertThat(exchanges).hasSize(6);
            assertThat(exchanges.get(0).get("error").asText()).contains("RateLimit");
            assertThat(exchanges.get(5).get("prompt_sha256").asText()).hasSize(64);
            assertThat(exchanges.get(5).get("output_tokens").asInt()).isEqualTo(220);
            assertThat(exchanges.toString()).doesNotContain("Authorization").doesNotContain("Bearer");
        }
        JsonNode summary = JSON.readTree(Files.readString(run.resolve("summary.json")));
        assertThat(summary.get("llm").get("input_tokens").asLong()).isEqualTo(900 + 950 + 1200 + 1300);
        assertThat(summary.get("llm").get("failed_calls").asInt()).isEqualTo(2);
        assertThat(summary.get("llm").get("estimated_cost_usd").asDouble()).isEqualTo((4350 * 2.0 + 670 * 8.0) / 1e6, within(1e-9));

        server.close();
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
    }

    /** A usage-limit policy whose sheddable ceiling is {@code expression} (of {@code saturation}), named {@code name}. */
    private static String limit(String name, String expression) {
        return "import io.nous.sim.spi.UsageLimitPolicy;\n\n"
                + "public final class " + name + " implements UsageLimitPolicy {\n"
                + "    @Override\n"
                + "    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {\n"
                + "        for (int i = 0; i < priorities.length; i++) {\n"
                + "            ceilings[i] = priorities[i] < 0 ? Math.max(0.0, " + expression + ") : 1.0;\n"
                + "        }\n"
                + "    }\n"
                + "}\n";
    }

    @Test
    void theNoveltyFilterSkipsARenamedOrRewrittenProposalKeepsADifferentOneAndTheRunReplays() throws Exception {
        String original = limit("Sloped", "0.9317 - 0.2 * saturation");
        server.enqueue(completion(proposal(original), 1000, 200));
        // renamed, with a comment: the same canonical form
        server.enqueue(completion(proposal(original.replace("Sloped", "SlopedAgain").replace("    @Override", "    // sloped\n    @Override")),
                1000, 200));
        // rewritten: its ceilings differ in their last bits (so its fingerprint does), never in what the gate decides
        server.enqueue(completion(proposal(limit("Rearranged", "(0.9317 / 0.2 - saturation) * 0.2")), 1000, 200));
        // the gate closes at saturation 0.69 instead of 0.78: behaviourally different
        server.enqueue(completion(proposal(limit("Steeper", "0.8317 - 0.2 * saturation")), 1000, 200));
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run(discover(runs, "--budget", "4", "--novelty-audit"));
        assertThat(h.exit()).as(h.err()).isZero();

        String id = CliHarness.onlyRun(runs);
        List<JournalRecord> records = new RunStore(runs).open(id).journal().records();
        List<String> candidates = records.stream().filter(r -> r.type().equals("candidate")).map(r -> r.body().get("id").asText()).toList();
        assertThat(candidates).as("the seed, the original and the different one").containsExactly("c0001", "c0002", "c0003");
        List<ObjectNode> duplicates = records.stream().filter(r -> r.type().equals("duplicate")).map(JournalRecord::body).toList();
        assertThat(duplicates).hasSize(2);
        assertThat(duplicates.get(0).get("of").asText()).isEqualTo("c0002");
        assertThat(duplicates.get(0).has("by")).as("the renamed one is caught by its canonical form").isFalse();
        assertThat(duplicates.get(1).get("of").asText()).isEqualTo("c0002");
        assertThat(duplicates.get(1).get("by").asText()).isEqualTo("behaviour");
        assertThat(duplicates.get(1).get("distance").asDouble()).as("the rewrite is caught by the tolerance, not the fingerprint").isZero();
        List<ObjectNode> audits = records.stream().filter(r -> r.type().equals("novelty-audit")).map(JournalRecord::body).toList();
        assertThat(audits).as("only the behavioural duplicate is audited").hasSize(1);
        assertThat(audits.get(0).get("full_change").asDouble()).as("evaluated anyway, it measures as the candidate it was taken for")
                .isCloseTo(audits.get(0).get("of_change").asDouble(), within(1e-9));

        String lastPrompt = "";
        for (int i = 0; i < 4; i++) {
            lastPrompt = JSON.readTree(server.takeRequest().getBody().utf8()).toString();
        }
        assertThat(lastPrompt).as("the archive reaches the model with its evidence").contains("Inspirations from the archive")
                .contains("### c0002: the best of behaviour cell").contains("Search split: ");
        CliHarness show = CliHarness.run("runs", "show", id, "--all", "--runs-dir", runs.toString());
        assertThat(show.out()).contains("saved     2 search evaluations by novelty (1 same code, 0 same behaviour, 1 within tolerance 0.02)")
                .contains("novelty: 0 of 1 skipped would have been promoted")
                .contains("by behaviour (every probed decision within 0.000 of it)");
        server.close();
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
    }

    /** Soft-reflective-ceiling with its duty period stretched {@code m} times: a different, still gating policy for every m. */
    private static String stretched(int m) {
        return "import io.nous.sim.spi.UsageLimitPolicy;\n\n"
                + "public final class Stretched implements UsageLimitPolicy {\n"
                + "    private long tick;\n\n"
                + "    @Override\n"
                + "    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {\n"
                + "        int n = priorities.length;\n"
                + "        if (n < 2) {\n"
                + "            if (n == 1) {\n"
                + "                ceilings[0] = 1.0;\n"
                + "            }\n"
                + "            return;\n"
                + "        }\n"
                + "        double s = saturation;\n"
                + "        boolean open = false;\n"
                + "        if (s >= 1 - s && s < 1) {\n"
                + "            long period = Math.max(1, Math.round(" + m + " * s / (1 - s + 1e-9)));\n"
                + "            tick++;\n"
                + "            open = tick % period == 0;\n"
                + "        }\n"
                + "        ceilings[0] = 1.0;\n"
                + "        for (int i = 1; i < n; i++) {\n"
                + "            double reflective = 1 - i * s / (n - 1);\n"
                + "            ceilings[i] = s < reflective ? 1.0 : s >= 1 ? 0.0 : open ? 1.0 : 0.0;\n"
                + "        }\n"
                + "    }\n"
                + "}\n";
    }

    @Test
    void theEnsembleGivesTheModelWhoseProposalsImproveMostOfThemAfterItsWarmUpAndReplays() throws Exception {
        int[] good = {0};
        List<String> asked = java.util.Collections.synchronizedList(new ArrayList<>());
        server.setDispatcher(new mockwebserver3.Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                try {
                    String model = JSON.readTree(request.getBody().utf8()).get("model").asText();
                    asked.add(model);
                    if (model.equals("careless")) {
                        // code the verifier rejects, every time (and again when asked to repair it)
                        return completion(proposal(policy(0.8).replace("1.0;", "Math.random();")), 500, 100);
                    }
                    synchronized (good) {
                        return completion(proposal(stretched(++good[0])), 2000, 400);
                    }
                } catch (Exception e) {
                    return error(500);
                }
            }
        });
        Path runs = dir.resolve("runs");
        List<String> a = new ArrayList<>(List.of(discover(runs)));
        a.set(a.indexOf("test-model"), "careless,careful");
        a.set(a.indexOf("--matrix") + 1, TestMatrices.studyRouter(dir).toString());
        a.set(a.indexOf("--duration") + 1, "120"); // where soft-reflective's mechanism wins on this matrix
        a.addAll(List.of("--budget", "8", "--llm-price-in", "0.1,5", "--llm-price-out", "0.4,20", "--front", "critical-e2e,goodput"));
        CliHarness h = CliHarness.run(a.toArray(String[]::new));
        assertThat(h.exit()).as(h.err()).isZero();

        String id = CliHarness.onlyRun(runs);
        List<JournalRecord> records = new RunStore(runs).open(id).journal().records();
        List<String> byIteration = records.stream().filter(r -> r.type().equals("hypothesis") && r.body().get("attempt").asInt() == 0)
                .map(r -> r.body().get("model").asText()).toList();
        assertThat(byIteration).as("each model proposes twice in turn, then the one whose candidates improve on the baseline")
                .hasSize(8).startsWith("careless", "careful", "careless", "careful");
        assertThat(byIteration.subList(4, 8)).containsOnly("careful");
        assertThat(asked).as("a repair goes back to the model that made the rejected proposal")
                .containsSubsequence("careless", "careless", "careless", "careful");
        CliHarness show = CliHarness.run("runs", "show", id, "--runs-dir", runs.toString());
        assertThat(show.out()).contains("models    careless 2 proposals").contains("careful 6 proposals")
                .containsPattern("front     \\d+ of \\d+ placed candidates are not dominated on search \\(critical-ttft, critical-e2e, goodput")
                .containsPattern("\n  split +member +critical-ttft +critical-e2e +goodput +vs upstream\n")
                .containsPattern("\n  search +c00\\d\\d +[-+]\\d+\\.\\d% \\[")
                .containsPattern("\n  search +upstream ")
                .containsPattern("\n  validation +c00\\d\\d ")
                .containsPattern("\n  test +c00\\d\\d ")
                .containsPattern("\ngoal      ");
        String table = show.out().substring(show.out().indexOf("front     "), show.out().indexOf("\ngoal      "));
        assertThat(table.lines()).as("the front fits 100 columns").allMatch(l -> l.length() <= FrontView.WIDTH);
        // the run ends with the same front, and summary.json keeps it for scripts
        assertThat(h.out()).contains(table);
        JsonNode front = new ObjectMapper().readTree(runs.resolve(id).resolve("summary.json").toFile()).get("front");
        assertThat(front.get("objectives")).hasSize(3);
        assertThat(front.get("upstream").asText()).isEqualTo("soft-reflective-ceiling");
        assertThat(front.get("members")).anyMatch(m -> m.get("split").asText().equals("test") && m.has("vs_upstream"))
                .anyMatch(m -> m.get("split").asText().equals("search") && m.get("upstream").asBoolean());
        List<JsonNode> placed = records.stream().filter(r -> r.type().equals("front-evaluation")).map(r -> (JsonNode) r.body()).toList();
        assertThat(placed.stream().filter(f -> f.get("split").asText().equals("validation")).map(f -> f.get("candidate").asText()).toList())
                .as("the same members are placed against the upstream policy on validation and on test")
                .isNotEmpty().isEqualTo(placed.stream().filter(f -> f.get("split").asText().equals("test")).map(f -> f.get("candidate").asText())
                        .toList());
        assertThat(placed).filteredOn(f -> !f.get("split").asText().equals("search"))
                .allMatch(f -> f.get("against").asText().equals("soft-reflective-ceiling"));
        assertThat(records.stream().filter(r -> r.type().equals("evaluation")).map(r -> r.body().get("variants").get(0).path("also")))
                .as("every search evaluation scores the front's objectives per variant").allMatch(x -> x.has("critical-e2e") && x.has("goodput"));

        server.close();
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        // an edited front evaluation is refused by everything that trusts the journal, the record named
        String member = placed.get(0).get("candidate").asText();
        RecordIntegrity.editedRecordIsRefusedEverywhere(runs, id, "front-evaluation", member.startsWith("c") ? member : "c0002",
                dir.resolve("tampered"));
    }

    private static final String SMOOTH_ADMITTER = """
            import io.nous.sim.spi.AdmissionPolicy;

            public final class Smoothed implements AdmissionPolicy {
                private long smoothed;

                @Override
                public boolean admit(int priority, double saturation, double u) {
                    smoothed += ((long) (saturation * 1e6) - smoothed) / 128;
                    if (priority >= 0) {
                        return true;
                    }
                    return u >= Math.min(1.0, Math.max(0.0, (smoothed / 1e6 - 0.3) / 0.2));
                }
            }
            """;

    @Test
    void anAdmissionSearchWithTheModelGetsTheAdmitterContractAndReplays() throws Exception {
        // a usage-limit policy: the reply is sent back (no admit method); one that only has a helper called admit compiles
        // as a usage-limit policy and the loop rejects it for its SPI, telling the model; then an admitter
        server.enqueue(completion(proposal(policy(0.8)), 1000, 200));
        server.enqueue(completion(proposal(policy(0.8).replace("    @Override", "    private static boolean admit(double s) {\n"
                + "        return s < 1.0;\n    }\n\n    @Override")), 1000, 200));
        server.enqueue(completion(proposal(SMOOTH_ADMITTER), 1100, 220));
        Path runs = dir.resolve("runs");
        List<String> args = new ArrayList<>(List.of(discover(runs, "--budget", "1", "--problem", "admission")));
        int at = args.indexOf("static-usage-limit");
        args.set(at, "legacy-threshold");
        CliHarness h = CliHarness.run(args.toArray(String[]::new));
        assertThat(h.exit()).as(h.out() + h.err()).isZero();
        String first = JSON.readTree(server.takeRequest().getBody().utf8()).toString();
        assertThat(first).contains("public boolean admit(int priority, double saturation, double u)").contains("requestcontrol.Admitter")
                .contains("relative to the router's legacy path").doesNotContain("computeLimit(double saturation");
        String second = JSON.readTree(server.takeRequest().getBody().utf8()).toString();
        assertThat(second).contains("no Java source with an admit method");
        String third = JSON.readTree(server.takeRequest().getBody().utf8()).toString();
        assertThat(third).contains("rejected before simulation").contains("an admission search takes classes implementing AdmissionPolicy");
        String id = CliHarness.onlyRun(runs);
        List<JournalRecord> records = new RunStore(runs).open(id).journal().records();
        assertThat(records.stream().filter(r -> r.type().equals("candidate")).map(r -> r.body().path("operator").asText()))
                .containsExactly("seed", "llm");
        assertThat(Files.readString(runs.resolve(id).resolve("candidates/c0002.java"))).contains("implements AdmissionPolicy");
        server.close();
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
    }

    @Test
    void aJointSearchWithTheModelGetsBothContractsAndReplays() throws Exception {
        String pair = io.nous.codegen.JointSource.merge(policy(0.8), SMOOTH_ADMITTER, "Pair");
        server.enqueue(completion(proposal(policy(0.7)), 1000, 200));
        server.enqueue(completion(proposal(pair), 1100, 220));
        Path runs = dir.resolve("runs");
        List<String> args = new ArrayList<>(List.of(discover(runs, "--budget", "1", "--problem", "joint")));
        args.set(args.indexOf("static-usage-limit"), "static-usage-limit+legacy-threshold");
        CliHarness h = CliHarness.run(args.toArray(String[]::new));
        assertThat(h.exit()).as(h.out() + h.err()).isZero();
        String first = JSON.readTree(server.takeRequest().getBody().utf8()).toString();
        assertThat(first).contains("implements UsageLimitPolicy, AdmissionPolicy").contains("relative to today's router");
        String second = JSON.readTree(server.takeRequest().getBody().utf8()).toString();
        assertThat(second).as("a reply with only one half is sent back").contains("no Java source with an admit method");
        String id = CliHarness.onlyRun(runs);
        assertThat(Files.readString(runs.resolve(id).resolve("candidates/c0002.java"))).contains("implements UsageLimitPolicy, AdmissionPolicy")
                .contains("smoothed").contains("ceilings[i]");
        server.close();
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
    }

    @Test
    void aJointProposalTooDeepOrTooLargeIsRejectedBeforeAnyParserAndTheRunResumes() throws Exception {
        String pair = io.nous.codegen.JointSource.merge(policy(0.8), SMOOTH_ADMITTER, "Pair");
        // 500 nested parentheses: a recursive-descent parser overflows its stack on these
        String deep = pair.replace("ceilings[i] = priorities[i] < 0 ? 0.8 : 1.0;",
                "ceilings[i] = " + "(".repeat(500) + "0.8" + ")".repeat(500) + ";");
        // 750 KB: far past the source limit, and minutes of parsing and compiling if it got that far
        StringBuilder filler = new StringBuilder();
        for (int i = 0; filler.length() < 750_000; i++) {
            filler.append("    private static final double K").append(i).append(" = ").append(i).append(".5;\n");
        }
        String huge = pair.replace("public final class Pair implements UsageLimitPolicy, AdmissionPolicy {\n",
                "public final class Pair implements UsageLimitPolicy, AdmissionPolicy {\n" + filler);
        assertThat(huge.length()).isGreaterThan(750_000);
        server.enqueue(completion(proposal(deep), 1000, 200));
        server.enqueue(completion(proposal(huge), 1100, 200_000));
        server.enqueue(completion(proposal(pair), 1200, 220));
        Path runs = dir.resolve("runs");
        List<String> args = new ArrayList<>(List.of(discover(runs, "--budget", "1", "--problem", "joint")));
        args.set(args.indexOf("static-usage-limit"), "static-usage-limit+legacy-threshold");
        long t0 = System.nanoTime();
        CliHarness h = CliHarness.run(args.toArray(String[]::new));
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertThat(h.exit()).as(h.out() + h.err()).isZero();
        assertThat(h.err()).doesNotContain("Exception").doesNotContain("\tat ");
        String id = CliHarness.onlyRun(runs);
        Path journal = runs.resolve(id).resolve("journal.jsonl");
        List<String> rejections = Files.readAllLines(journal).stream()
                .filter(l -> l.contains("\"type\":\"verification\"") && l.contains("\"ok\":false")).toList();
        assertThat(rejections).hasSize(2);
        assertThat(rejections.get(0)).contains("nest more than");
        assertThat(rejections.get(1)).contains("characters");
        System.out.printf("joint run with a 500-paren and a %,d-character proposal: %.1f s in all%n", huge.length(), seconds);

        // cut the run back to just after the rejections, as a crash would: resuming follows the journal
        // through both (re-checking each proposal, never parsing one) and asks the model for the next
        List<String> lines = Files.readAllLines(journal);
        int last = lines.indexOf(rejections.get(1));
        Files.write(journal, lines.subList(0, last + 1));
        Files.delete(runs.resolve(id).resolve("summary.json"));
        server.enqueue(completion(proposal(pair), 1200, 220));
        CliHarness resumed = CliHarness.run("discover", "--resume", id, "--runs-dir", runs.toString());
        assertThat(resumed.exit()).as(resumed.out() + resumed.err()).isZero();
        assertThat(resumed.err()).doesNotContain("Exception").doesNotContain("\tat ");
        server.close();
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
    }

    @Test
    void aSpentTokenBudgetStopsTheRunCleanly() throws Exception {
        server.enqueue(completion(proposal(policy(0.7)), 3000, 500));
        server.enqueue(completion(proposal(policy(0.5)), 3000, 500));
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run(discover(runs, "--budget", "5", "--max-tokens-total", "2000"));
        assertThat(h.exit()).as(h.err()).isZero();
        assertThat(server.getRequestCount()).isEqualTo(1);
        String id = CliHarness.onlyRun(runs);
        List<JournalRecord> records = new RunStore(runs).open(id).journal().records();
        assertThat(records.stream().map(JournalRecord::type)).contains("budget-exhausted");
        assertThat(h.out()).contains("token budget");
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
    }

    @Test
    void anEndpointThatKeepsFailingYieldsNoProposalsButNoCrash() throws Exception {
        for (int i = 0; i < 6; i++) {
            server.enqueue(error(503));
        }
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run(discover(runs, "--budget", "2"));
        assertThat(h.exit()).as(h.err()).isZero();
        assertThat(server.getRequestCount()).isEqualTo(6);
        List<JournalRecord> records = new RunStore(runs).open(CliHarness.onlyRun(runs)).journal().records();
        assertThat(records.stream().filter(r -> r.type().equals("proposal-failed")).count()).isEqualTo(2);
        assertThat(h.out()).contains("no proposal: the model endpoint kept failing (3 attempts)");
        assertThat(h.err()).doesNotContain("Exception");
        CliHarness replay = CliHarness.run("replay", CliHarness.onlyRun(runs), "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
    }

    @Test
    void aReplyWithTheJavaUnderCodeInAFenceIsUsedAndTheRunSaysHowManyWereUsable() throws Exception {
        // the shape a plausible endpoint answered with: the class under "code", fenced inside the string, and no "source"
        ObjectNode reply = bundle(policy(0.7));
        reply.remove("source");
        reply.put("code", "```java\n" + policy(0.7) + "```");
        server.enqueue(completion(JSON.writeValueAsString(reply), 3000, 400));
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run(discover(runs, "--budget", "1", "--llm-price-in", "2", "--llm-price-out", "8"));
        assertThat(h.exit()).as(h.out() + h.err()).isZero();
        assertThat(server.getRequestCount()).as("no repair was needed").isEqualTo(1);
        JsonNode format = JSON.readTree(server.takeRequest().getBody().utf8()).path("response_format");
        assertThat(format.path("type").asText()).as("the reply's schema is sent by default").isEqualTo("json_schema");
        assertThat(format.path("json_schema").path("name").asText()).isEqualTo("nous_proposal");
        assertThat(format.path("json_schema").path("schema").path("required").toString()).contains("source").contains("predictions");
        List<JournalRecord> records = new RunStore(runs).open(CliHarness.onlyRun(runs)).journal().records();
        JsonNode hypothesis = records.stream().filter(r -> r.type().equals("hypothesis")).findFirst().orElseThrow().body();
        assertThat(hypothesis.path("notes").toString()).contains("read from \\\"code\\\"").contains("fence was removed");
        assertThat(records.stream().filter(r -> r.type().equals("candidate")).map(r -> r.body().path("operator").asText())).contains("llm");
        assertThat(h.out()).contains("model test-model: 1 of 1 proposals usable (1 read outside the format")
                .contains("3,000 tokens in, 400 out in 1 calls, about $0.0092");
    }

    @Test
    void anEndpointThatRefusesTheSchemaIsAskedForAJsonObject() throws Exception {
        server.enqueue(new MockResponse.Builder().code(400).setHeader("Content-Type", "application/json")
                .body("{\"error\":{\"message\":\"Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model\","
                        + "\"type\":\"invalid_request_error\"}}").build());
        server.enqueue(completion(proposal(policy(0.7)), 1000, 100));
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run(discover(runs, "--budget", "1"));
        assertThat(h.exit()).as(h.out() + h.err()).isZero();
        assertThat(JSON.readTree(server.takeRequest().getBody().utf8()).path("response_format").path("type").asText()).isEqualTo("json_schema");
        assertThat(JSON.readTree(server.takeRequest().getBody().utf8()).path("response_format").path("type").asText()).isEqualTo("json_object");
        assertThat(h.out()).contains("1 of 1 proposals usable").contains("(set --llm-price-in and --llm-price-out for a cost)");
        CliHarness off = CliHarness.run(discover(dir.resolve("off"), "--budget", "1", "--llm-json", "sometimes"));
        assertThat(off.exit()).isEqualTo(2);
        assertThat(off.err().strip()).isEqualTo("nous: --llm-json: 'sometimes' is not a mode; use schema, object or off");
    }

    @Test
    void aModelWhoseRepliesCannotBeReadEndsWithNoneUsable() throws Exception {
        for (int i = 0; i < 3; i++) {
            server.enqueue(completion("I would lower the sheddable ceiling when saturation rises.", 5000, 30));
        }
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run(discover(runs, "--budget", "1"));
        assertThat(h.exit()).as(h.out() + h.err()).isZero();
        assertThat(h.out()).contains("model test-model: 0 of 1 proposals usable (1 reply could not be read); 15,000 tokens in, 90 out in 3 calls");
    }

    @Test
    void aCallThatTimesOutIsRetried() throws Exception {
        MockResponse slow = completion(proposal(policy(0.7)), 1000, 100);
        server.enqueue(slow.newBuilder().headersDelay(3, java.util.concurrent.TimeUnit.SECONDS).build());
        server.enqueue(completion(proposal(policy(0.7)), 1000, 100));
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run(discover(runs, "--budget", "1", "--llm-timeout", "300ms", "--llm-json", "object"));
        assertThat(h.exit()).as(h.err()).isZero();
        assertThat(server.getRequestCount()).isEqualTo(2);
        server.takeRequest();
        assertThat(JSON.readTree(server.takeRequest().getBody().utf8()).path("response_format").path("type").asText())
                .as("--llm-json object asks for a JSON object").isEqualTo("json_object");
        Path llm = runs.resolve(CliHarness.onlyRun(runs)).resolve("llm");
        assertThat(JSON.readTree(Files.readString(llm.resolve("00001.json"))).get("error").asText()).containsIgnoringCase("timeout");
        assertThat(JSON.readTree(Files.readString(llm.resolve("00002.json"))).has("error")).isFalse();
        assertThat(new RunStore(runs).open(CliHarness.onlyRun(runs)).journal().records().stream()
                .filter(r -> r.type().equals("candidate")).map(r -> r.body().path("operator").asText())).contains("llm");
    }

    @Test
    void refusedCredentialsStopTheRunAtOnceWithAClearError() throws Exception {
        server.enqueue(new MockResponse.Builder().code(401).setHeader("Content-Type", "application/json")
                .body("{\"error\":{\"message\":\"Incorrect API key provided\",\"type\":\"invalid_request_error\"}}").build());
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run(discover(runs, "--budget", "4"));
        assertThat(h.exit()).isEqualTo(ExitCodes.SERVICE_UNUSABLE);
        assertThat(server.getRequestCount()).as("credentials are not retried").isEqualTo(1);
        assertThat(h.err()).contains("error: the model endpoint").contains("cannot be used").contains("Incorrect API key")
                .contains("NOUS_LLM_API_KEY").doesNotContain("\tat ");
        String id = CliHarness.onlyRun(runs);
        List<JournalRecord> records = new RunStore(runs).open(id).journal().records();
        assertThat(records.stream().map(JournalRecord::type)).contains("endpoint-unusable", "run-stopped", "run-finished");
        JsonNode stopped = JSON.readTree(Files.readString(runs.resolve(id).resolve("summary.json"))).get("stopped");
        assertThat(stopped.get("reason").asText()).isEqualTo("proposer");
        assertThat(stopped.get("kind").asText()).isEqualTo("endpoint-unusable");
    }
}
