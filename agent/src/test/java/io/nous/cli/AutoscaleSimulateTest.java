package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * {@code simulate --autoscale} over a daily cycle: the table and the JSON say what the pool did and
 * cost, with its size at every decision; flags that tune an autoscaler without one, bounds that
 * exclude the starting pool and malformed cycles are refused with the flag named.
 */
class AutoscaleSimulateTest {

    @Test
    void anAutoscaledPoolReportsItsCostAttainmentAndTimeline() throws Exception {
        CliHarness h = CliHarness.run("simulate", "--workload", "interactive-chat", "--qps", "40", "--duration", "1800", "--pods", "2",
                "--diurnal", "0.6", "--autoscale", "saturation-analyzer", "--max-pods", "6", "--json");
        assertThat(h.exit()).as(h.err()).isZero();
        JsonNode pool = new ObjectMapper().readTree(h.out()).get("autoscaling");
        assertThat(pool.get("policy").asText()).isEqualTo("saturation-analyzer");
        assertThat(pool.get("max_pods").asInt()).isEqualTo(6);
        assertThat(pool.get("gpu_hours").asDouble()).isBetween(0.5, 3.0);
        assertThat(pool.get("slo_attainment").asDouble()).isBetween(0.0, 1.0);
        JsonNode timeline = pool.get("timeline");
        assertThat(timeline.size()).isGreaterThan(100); // a decision every 15 s over 30 min
        assertThat(timeline.get(0).get("t_s").asDouble()).isEqualTo(15.0);
        CliHarness table = CliHarness.run("simulate", "--workload", "interactive-chat", "--qps", "40", "--duration", "600", "--pods", "2",
                "--autoscale", "hpa-utilization");
        assertThat(table.exit()).as(table.err()).isZero();
        assertThat(table.out()).contains("autoscaled pool (hpa-utilization, 1-8 pods)").contains("GPU-hours").contains("TTFT objective met by");
    }

    @Test
    void aScalingPolicyFromAFileRunsInProcessAndInAWorkerAlike(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = dir.resolve("QueueAware.java");
        java.nio.file.Files.writeString(file, """
                import io.nous.sim.spi.ScalingPolicy;

                /** One pod more per 8 requests waiting anywhere, one fewer when nothing waits and KV use is low. */
                public final class QueueAware implements ScalingPolicy {
                    @Override
                    public int desiredPods(long nowUs, int readyPods, int startingPods, double saturation, double kvUsage, int waiting,
                                           int running, int queued, long[] state) {
                        int all = waiting + queued;
                        if (all > 8 * readyPods) {
                            return readyPods + startingPods + 1;
                        }
                        return startingPods == 0 && all == 0 && kvUsage < 0.3 ? readyPods - 1 : readyPods + startingPods;
                    }
                }
                """);
        String[] args = {"simulate", "--workload", "interactive-chat", "--qps", "40", "--duration", "1200", "--pods", "2", "--diurnal",
            "0.6", "--autoscale", file.toString(), "--json"};
        CliHarness here = CliHarness.run(args);
        assertThat(here.exit()).as(here.err()).isZero();
        String[] isolated = java.util.Arrays.copyOf(args, args.length + 1);
        isolated[args.length] = "--isolate";
        CliHarness worker = CliHarness.run(isolated);
        assertThat(worker.exit()).as(worker.err()).isZero();
        ObjectMapper m = new ObjectMapper();
        JsonNode a = m.readTree(here.out());
        assertThat(m.readTree(worker.out()).get("autoscaling")).isEqualTo(a.get("autoscaling"));
        assertThat(a.get("autoscaling").get("policy").asText()).startsWith("QueueAware");
        assertThat(a.get("autoscaling").get("scale_ups").asInt()).isPositive();
        CliHarness check = CliHarness.run("check", file.toString());
        assertThat(check.out() + check.err()).contains("accepted: scaling policy QueueAware");
    }

    @Test
    void theHtmlPageDrawsThePoolAndIsTheSameBytesTwice(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path[] pages = {dir.resolve("a.html"), dir.resolve("b.html")};
        for (java.nio.file.Path page : pages) {
            CliHarness h = CliHarness.run("simulate", "--workload", "interactive-chat", "--qps", "40", "--duration", "1200", "--pods", "2",
                    "--diurnal", "0.6", "--autoscale", "saturation-analyzer", "--html", page.toString());
            assertThat(h.exit()).as(h.err()).isZero();
        }
        String html = java.nio.file.Files.readString(pages[0]);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<svg").contains("Pool size over the run").contains("Autoscaled by <b>"
                + "saturation-analyzer</b>").doesNotContain("wall").doesNotContain("<script");
        assertThat(java.nio.file.Files.readString(pages[1])).isEqualTo(html);
    }

    @Test
    void badPoolFlagsAreRefusedWithTheFlagNamed() {
        CliHarness orphan = CliHarness.run("simulate", "--workload", "interactive-chat", "--qps", "40", "--max-pods", "4");
        assertThat(orphan.exit()).isEqualTo(2);
        assertThat(orphan.err()).contains("add --autoscale POLICY").doesNotContain("\tat ");
        CliHarness outside = CliHarness.run("simulate", "--workload", "interactive-chat", "--qps", "40", "--pods", "5", "--autoscale",
                "fixed-pool", "--max-pods", "4");
        assertThat(outside.exit()).isEqualTo(2);
        assertThat(outside.err()).contains("outside [--min-pods 1, --max-pods 4]");
        CliHarness unknown = CliHarness.run("simulate", "--workload", "interactive-chat", "--qps", "40", "--autoscale", "edf");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("'edf' is an ordering policy, not a scaling policy");
        CliHarness plugged = CliHarness.run("simulate", "--workload", "interactive-chat", "--qps", "40", "--plug", "scaling=fixed-pool");
        assertThat(plugged.err()).contains("give the scaling policy with --autoscale");
        CliHarness cycle = CliHarness.run("simulate", "--workload", "interactive-chat", "--qps", "40", "--diurnal", "1.5");
        assertThat(cycle.exit()).isEqualTo(2);
        assertThat(cycle.err()).contains("--diurnal: a diurnal amplitude is in [0, 1)");
        CliHarness words = CliHarness.run("simulate", "--workload", "interactive-chat", "--qps", "40", "--diurnal", "big");
        assertThat(words.err()).contains("--diurnal is AMPLITUDE[:PERIOD_S]");
        CliHarness clients = CliHarness.run("simulate", "--workload", "noisy-neighbour", "--qps", "10", "--diurnal", "0.5");
        assertThat(clients.exit()).isEqualTo(2);
        assertThat(clients.err()).contains("a diurnal rate shapes a workload's class mix").doesNotContain("\tat ");
    }
}
