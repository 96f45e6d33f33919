package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nous.observe.fake.Cue;
import io.nous.observe.fake.FakeEngine;
import io.nous.observe.fake.EngineTimeline;
import io.nous.observe.fake.FakeOpenAiServer;
import io.nous.observe.ObservedRequest;
import io.nous.observe.RequestsFile;
import java.util.ArrayList;
import java.util.List;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Observe, calibrate and compare against a fake server whose step costs are known: the fit must
 * find them. The observation goes over real HTTP, but the timings that calibrate and compare read
 * are the fake engine's own schedule on a virtual clock ({@link EngineTimeline}): the same steps the
 * server slept through, without the machine's scheduling delays. So no load on the machine can move
 * a fitted value, and the bounds below are about the fit, not about the host.
 */
class ObservedCalibrationTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** step = 3 ms + 20 us per prompt token + 300 us per decoding sequence. */
    private static final FakeEngine.Costs COSTS = new FakeEngine.Costs(3000, 20, 300, 256, 8192);

    // The simulator is not the fake engine (its pod admits and prices a step its own way), so the fit is close, not
    // exact: 2,792 / 20.17 / 307.2 us and an ITL error of 3.0 % (r 0.998), the same on every machine at any load.
    private static final double FIT_TOLERANCE_BETA0 = 300;
    private static final double FIT_TOLERANCE_BETA1 = 1.5;
    private static final double FIT_TOLERANCE_BETA2 = 25;
    private static final double ITL_MAPE_BOUND = 6;
    private static final double ITL_PEARSON_BOUND = 0.98;

    @TempDir
    Path dir;

    @Test
    void compareAndCalibrateRecoverTheServersStepCosts() throws Exception {
        Path spec = dir.resolve("short.yaml");
        Files.writeString(spec, """
                version: "2"
                seed: 7
                aggregate_rate: 40
                clients:
                  - id: chat
                    slo_class: critical
                    rate_fraction: 0.3
                    arrival: {process: poisson}
                    input_distribution: {type: gaussian, params: {mean: 600, std_dev: 450, min: 16, max: 2000}}
                    output_distribution: {type: gaussian, params: {mean: 24, std_dev: 8, min: 4, max: 64}}
                  - id: batch
                    slo_class: sheddable
                    rate_fraction: 0.7
                    arrival: {process: poisson}
                    input_distribution: {type: gaussian, params: {mean: 600, std_dev: 450, min: 16, max: 2000}}
                    output_distribution: {type: gaussian, params: {mean: 24, std_dev: 8, min: 4, max: 64}}
                """);
        // prompts of 16 to 2,000 tokens so that the prefill cost stands apart from the constant time per step
        try (FakeOpenAiServer s = ObserveCommandTest.server(COSTS, r -> Cue.SERVE)) {
            CliHarness h = ObserveCommandTest.observe(dir, s, "http", "--workload-spec", spec.toString(), "--duration", "12");
            assertThat(h.exit()).as(h.out() + h.err()).isZero();
        }
        RequestsFile.Contents http = RequestsFile.read(dir.resolve("http.requests.jsonl"));
        assertThat(http.requests()).hasSizeGreaterThan(400);
        // the same planned requests, timed by the engine's schedule instead of the wall clock
        RequestsFile.write(dir.resolve("cal.requests.jsonl"), http.header(), onTheEnginesClock(http.requests(), COSTS));
        String observed = dir.resolve("cal.requests.jsonl").toString();
        Path profile = dir.resolve("fitted.yaml");
        CliHarness cal = CliHarness.run("calibrate", "--observed", observed, "--pods", "1", "--no-flow-control", "--out", profile.toString());
        assertThat(cal.exit()).as(cal.out() + cal.err()).isZero();
        var fitted = io.nous.sim.cost.CostCatalog.load(profile).profile("calibrated").linear();
        String fit = cal.out();
        assertThat(fitted.beta0Us()).as(fit).isCloseTo(3000, within(FIT_TOLERANCE_BETA0));
        assertThat(fitted.beta1UsPerPrefillToken()).as(fit).isCloseTo(20, within(FIT_TOLERANCE_BETA1));
        assertThat(fitted.beta2UsPerDecodeToken()).as(fit).isCloseTo(300, within(FIT_TOLERANCE_BETA2));
        assertThat(cal.out()).contains("held out");
        // the fit is seeded: the same observation gives the same profile, byte for byte
        Path again = dir.resolve("again.yaml");
        assertThat(CliHarness.run("calibrate", "--observed", observed, "--pods", "1", "--no-flow-control", "--out", again.toString()).exit()).isZero();
        assertThat(Files.readString(again)).isEqualTo(Files.readString(profile));

        assertThat(cal.err()).as("a fit better than its start is recommended without a word").doesNotContain("worse");

        // The same server, but the fitted part of the observation slowed threefold (as a client that falls behind would
        // read it), calibrated from the good profile: the fit follows the slow part and gets worse on the held-out part,
        // where the start was right. It is refused, says what got worse, and writes nothing unless --force.
        io.nous.observe.RequestsFile.Contents good = io.nous.observe.RequestsFile.read(Path.of(observed));
        java.util.List<io.nous.observe.ObservedRequest> byTime = new java.util.ArrayList<>(good.requests());
        byTime.sort(java.util.Comparator.comparingLong(io.nous.observe.ObservedRequest::scheduledUs));
        int slowed = (int) (byTime.size() * 0.7);
        java.util.List<io.nous.observe.ObservedRequest> skewed = new java.util.ArrayList<>();
        for (int i = 0; i < byTime.size(); i++) {
            skewed.add(i < slowed ? slower(byTime.get(i), 3) : byTime.get(i));
        }
        Path skewedFile = dir.resolve("skewed.requests.jsonl");
        io.nous.observe.RequestsFile.write(skewedFile, good.header(), skewed);
        Path worse = dir.resolve("worse.yaml");
        CliHarness refused = CliHarness.run("calibrate", "--observed", skewedFile.toString(), "--pods", "1", "--no-flow-control", "--base",
                profile.toString(), "--out", worse.toString());
        assertThat(refused.exit()).as(refused.out() + refused.err()).isEqualTo(7);
        assertThat(refused.err()).contains("the fit is worse than the profile it started from").contains("held-out")
                .contains("not written: " + worse).doesNotContain("Exception");
        assertThat(worse).doesNotExist();
        CliHarness forced = CliHarness.run("calibrate", "--observed", skewedFile.toString(), "--pods", "1", "--no-flow-control", "--base",
                profile.toString(), "--out", worse.toString(), "--force");
        assertThat(forced.exit()).as(forced.out() + forced.err()).isZero();
        assertThat(forced.err()).contains("written anyway (--force)");
        assertThat(worse).exists();

        CliHarness cmp = CliHarness.run("compare", "--observed", observed, "--pods", "1", "--no-flow-control", "--profile", profile.toString(),
                "--json", "--html", dir.resolve("cmp.html").toString(), "--simulated-out", dir.resolve("sim.jsonl").toString());
        assertThat(cmp.exit()).as(cmp.err()).isZero();
        JsonNode c = JSON.readTree(cmp.out());
        assertThat(c.get("paired_requests").asInt()).isGreaterThan(300);
        JsonNode itl = c.get("overall").get("itl");
        assertThat(itl.get("mape_percent").asDouble()).as(itl.toString()).isLessThan(ITL_MAPE_BOUND);
        assertThat(itl.get("pearson_r").asDouble()).as(itl.toString()).isGreaterThan(ITL_PEARSON_BOUND);
        assertThat(Files.readString(dir.resolve("cmp.html"))).contains("<svg").contains("TTFT per request");
        BrowserCheck.assertRenders(dir.resolve("cmp.html"), dir.resolve("cmp.png"));
        // the two-file form reads the same numbers back
        CliHarness two = CliHarness.run("compare", observed, dir.resolve("sim.jsonl").toString(), "--json");
        assertThat(two.exit()).as(two.err()).isZero();
        assertThat(JSON.readTree(two.out()).get("overall")).isEqualTo(c.get("overall"));
    }

    /**
     * Every planned request as the engine served it on its virtual clock: sent when scheduled, each
     * token at the end of the step that made it, prompt and output lengths as planned.
     */
    static List<ObservedRequest> onTheEnginesClock(List<ObservedRequest> planned, FakeEngine.Costs costs) {
        List<EngineTimeline.Arrival> arrivals = planned.stream()
                .map(r -> new EngineTimeline.Arrival(r.scheduledUs(), r.inputTokens(), r.outputTokens(), null)).toList();
        List<EngineTimeline.Served> served = EngineTimeline.serve(costs, arrivals);
        List<ObservedRequest> out = new ArrayList<>(planned.size());
        for (int i = 0; i < planned.size(); i++) {
            ObservedRequest r = planned.get(i);
            EngineTimeline.Served t = served.get(i);
            out.add(new ObservedRequest(r.id(), r.className(), r.priority(), r.fairnessId(), r.scheduledUs(), r.scheduledUs(),
                    r.scheduledUs(), t.firstTokenUs(), t.endUs(), r.inputTokens(), r.outputTokens(), r.inputTokens(),
                    t.tokenTimesUs().length, 200, null, null, t.tokenTimesUs()));
        }
        return out;
    }

    /** A request as a client {@code factor} times slower to read every token would have recorded it. */
    private static io.nous.observe.ObservedRequest slower(io.nous.observe.ObservedRequest r, long factor) {
        long sent = r.sentUs();
        long[] tokens = r.tokenTimesUs() == null ? null : r.tokenTimesUs().clone();
        if (tokens != null) {
            for (int i = 0; i < tokens.length; i++) {
                tokens[i] = sent + factor * (tokens[i] - sent);
            }
        }
        return new io.nous.observe.ObservedRequest(r.id(), r.className(), r.priority(), r.fairnessId(), r.scheduledUs(), sent,
                r.writtenUs(), sent + factor * (r.firstTokenUs() - sent), sent + factor * (r.endUs() - sent), r.inputTokens(),
                r.outputTokens(), r.promptTokens(), r.tokensOut(), r.status(), r.dropReason(), r.error(), tokens);
    }
}
