package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nous.observe.ObservedRequest;
import io.nous.observe.RequestsFile;
import io.nous.observe.fake.Cue;
import io.nous.observe.fake.FakeOpenAiServer;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The prefix cache from both sides: a fake server that caches prompt prefixes and reports
 * {@code cached_tokens} as vLLM does, prompts whose text repeats what the workload says they share,
 * and {@code compare} setting the observed hit rate beside the simulated one.
 */
class ObservedPrefixCacheTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void sharedSystemPromptsAreHitOnTheServerAndInTheSimulationAlike() throws Exception {
        try (FakeOpenAiServer s = ObserveCommandTest.server(ObserveCommandTest.FAST.withPrefixCache(100_000), r -> Cue.SERVE)) {
            CliHarness h = ObserveCommandTest.observe(dir, s, "obs", "--workload", "system-prompts", "--qps", "8", "--duration", "12",
                    "--seed", "3");
            assertThat(h.exit()).as(h.out() + h.err()).isZero();
        }
        Path observed = dir.resolve("obs.requests.jsonl");
        List<ObservedRequest> requests = RequestsFile.read(observed).requests();
        // every completed request says how much of its prompt the server had cached, and what its prompt shared
        assertThat(requests).filteredOn(r -> r.result() == ObservedRequest.Result.COMPLETED)
                .allSatisfy(r -> assertThat(r.cachedTokens()).isNotNull()).allSatisfy(r -> assertThat(r.prompt()).isNotNull());
        assertThat(requests.stream().mapToInt(r -> r.cachedTokens() == null ? 0 : r.cachedTokens()).max().orElseThrow())
                .isGreaterThanOrEqualTo(3_792);

        CliHarness cmp = CliHarness.run("compare", "--observed", observed.toString(), "--pods", "1", "--no-flow-control", "--json");
        assertThat(cmp.exit()).as(cmp.err()).isZero();
        JsonNode hit = JSON.readTree(cmp.out()).get("prefix_cache_hit_rate");
        double obs = hit.get("observed").asDouble();
        double sim = hit.get("simulated").asDouble();
        // 16 tenants' 3,800-token system prompts in ~4,000-token prompts: after each tenant's first request, ~94 % hits
        // (0.899 both, measured; one server, one simulated pod, the same prompts)
        assertThat(obs).as("observed %.3f, simulated %.3f", obs, sim).isBetween(0.8, 0.95);
        assertThat(sim).as("observed %.3f, simulated %.3f", obs, sim).isCloseTo(obs, within(0.02));
        CliHarness table = CliHarness.run("compare", "--observed", observed.toString(), "--pods", "1", "--no-flow-control");
        assertThat(table.out()).contains("prefix cache: ").contains("of prompt tokens hit observed");
        CliHarness cal = CliHarness.run("calibrate", "--observed", observed.toString(), "--pods", "1", "--no-flow-control", "--out",
                dir.resolve("fit.yaml").toString(), "--force");
        assertThat(cal.exit()).as(cal.out() + cal.err()).isZero();
        assertThat(cal.out()).containsPattern("prefix cache \\(a check, not fitted\\): [0-9.]+% of prompt tokens hit observed, [0-9.]+% simulated");
    }
}
