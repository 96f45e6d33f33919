package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code simulate --deployment}: a P/D pool and its aggregated equivalent on the same arrivals; the
 * table and the JSON say what disaggregation did, the requests file carries each request's prefill
 * pod, decode pod and KV transfer, and flags that contradict the pool shape are refused by name.
 */
class PdSimulateTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aPdDeploymentReportsItsSplitAndTransfersBesideItsAggregatedEquivalent() throws Exception {
        CliHarness pd = CliHarness.run("simulate", "--workload", "code-generation", "--qps", "6", "--duration", "120",
                "--deployment", "pd-2p2d", "--json");
        assertThat(pd.exit()).as(pd.err()).isZero();
        JsonNode r = JSON.readTree(pd.out());
        assertThat(r.get("pods").asInt()).isEqualTo(4);
        assertThat(r.get("routing").asText()).isEqualTo("pd");
        JsonNode d = r.get("disaggregation");
        assertThat(d.get("prefill_pods").asInt()).isEqualTo(2);
        assertThat(d.get("decode_pods").asInt()).isEqualTo(2);
        assertThat(d.get("kv_link").asText()).isEqualTo("rdma");
        assertThat(d.get("share").asDouble()).isEqualTo(1.0);
        assertThat(d.get("kv_transfer_ms_mean").asDouble()).isBetween(1.0, 20.0);

        CliHarness agg = CliHarness.run("simulate", "--workload", "code-generation", "--qps", "6", "--duration", "120",
                "--deployment", "aggregated-4", "--json");
        assertThat(agg.exit()).as(agg.err()).isZero();
        JsonNode a = JSON.readTree(agg.out());
        assertThat(a.has("disaggregation")).isFalse();
        assertThat(a.get("pods").asInt()).isEqualTo(4);
        // the same arrivals: the same requests arrive in each class
        assertThat(a.get("classes").get("critical").get("arrived")).isEqualTo(r.get("classes").get("critical").get("arrived"));
        // decode pods that never run a prompt's prefill keep their inter-token latency low
        assertThat(r.get("classes").get("critical").get("itl_p99_ms").asDouble())
                .isLessThan(a.get("classes").get("critical").get("itl_p99_ms").asDouble());

        CliHarness table = CliHarness.run("simulate", "--workload", "code-generation", "--qps", "6", "--duration", "60",
                "--pods", "3", "--prefill-pods", "1", "--epp-config", "pd", "--kv-link", "tcp:gbps=25");
        assertThat(table.exit()).as(table.err()).isZero();
        assertThat(table.out()).contains("P/D         1 prefill pods, 2 decode pods, KV link tcp:gbps=25").contains("KV transfer mean");
    }

    @Test
    void theRequestsFileCarriesEachRequestsHandoff(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("requests.jsonl");
        CliHarness h = CliHarness.run("simulate", "--workload", "code-generation", "--qps", "4", "--duration", "30",
                "--deployment", "pd-2p2d", "--requests", file.toString());
        assertThat(h.exit()).as(h.err()).isZero();
        int handoffs = 0;
        for (String line : Files.readAllLines(file)) {
            JsonNode n = JSON.readTree(line);
            if (n.has("disaggregation") && n.get("status").asInt() == 200) {
                JsonNode d = n.get("disaggregation");
                assertThat(d.get("prefill_pod").asInt()).isIn(0, 1);
                assertThat(d.get("decode_pod").asInt()).isIn(2, 3);
                assertThat(d.get("kv_transfer_us").asLong()).isGreaterThan(1_000);
                assertThat(n.get("first_token_us").asLong() - n.get("scheduled_us").asLong()).isGreaterThan(d.get("kv_transfer_us").asLong());
                handoffs++;
            }
        }
        assertThat(handoffs).isGreaterThan(50);
        // and reads back as a requests file, with and without the hand-off
        var read = io.nous.observe.RequestsFile.read(file).requests();
        assertThat(read).anyMatch(r -> r.disaggregation() != null && r.disaggregation().decodePod() >= 2);
    }

    @Test
    void flagsThatContradictThePoolShapeAreRefused() {
        CliHarness both = CliHarness.run("simulate", "--workload", "code-generation", "--qps", "4", "--deployment", "pd-2p2d", "--pods", "6");
        assertThat(both.exit()).isEqualTo(2);
        assertThat(both.err()).contains("--deployment pd-2p2d sets the pods").doesNotContain("Exception");
        CliHarness unknown = CliHarness.run("simulate", "--workload", "code-generation", "--qps", "4", "--deployment", "pd-3p1d");
        assertThat(unknown.err()).contains("unknown deployment 'pd-3p1d' (known: pd-2p2d, aggregated-4, pd-4p4d, aggregated-8)");
        CliHarness all = CliHarness.run("simulate", "--workload", "code-generation", "--qps", "4", "--pods", "2", "--prefill-pods", "2");
        assertThat(all.err()).contains("--prefill-pods must leave at least one decode pod");
        CliHarness link = CliHarness.run("simulate", "--workload", "code-generation", "--qps", "4", "--kv-link", "rdma");
        assertThat(link.err()).contains("--kv-link is the link between prefill and decode pods");
        CliHarness badLink = CliHarness.run("simulate", "--workload", "code-generation", "--qps", "4", "--deployment", "pd-2p2d",
                "--kv-link", "rdma:gbps=fast");
        assertThat(badLink.err()).contains("--kv-link: KV link setting gbps needs a number, got 'fast'");
        CliHarness sim = CliHarness.run("simulate", "--workload", "code-generation", "--qps", "4", "--deployment", "pd-2p2d",
                "--pod-engine", "inference-sim");
        assertThat(sim.err()).contains("llm-d-inference-sim pods (--pod-engine inference-sim) are not disaggregated");
        assertThat(sim.exit()).isEqualTo(2);
    }
}
