package io.nous.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.nous.sim.metrics.ClassSummary;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.pod.VllmPod;
import io.nous.sim.spi.UsageLimitPolicy;
import io.nous.sim.workload.ArrivalProcess;
import io.nous.sim.workload.ClientSpec;
import io.nous.sim.workload.LengthDistribution;
import io.nous.sim.workload.RequestClass;
import io.nous.sim.workload.SessionSpec;
import io.nous.sim.workload.SharedPrefix;
import io.nous.sim.workload.Workload;
import io.nous.sim.workload.WorkloadCatalog;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Closed-loop and impatient clients, and prompts that share prefixes, through the whole cluster. */
class ClientsAndPrefixCacheTest {
    private static final UsageLimitPolicy OPEN = (s, p, c) -> { };

    private static Workload closedLoop(int users, long thinkUs, long timeoutUs) {
        ClientSpec c = new ClientSpec("users", 0, 0, 0, ArrivalProcess.POISSON,
                new LengthDistribution("lognormal", 300, 0.5, 16, 4096), new LengthDistribution("lognormal", 100, 0.5, 1, 1024),
                -1, 0, users, thinkUs, timeoutUs);
        return new Workload("closed", "closed loop", "test", List.of(new RequestClass("critical", 0, 1.0)), c.input(), c.output(),
                ArrivalProcess.POISSON, List.of(1.0), 2, 1, List.of(c));
    }

    @Test
    void aClosedLoopFarFromSaturationObeysLittlesLaw() {
        int users = 40;
        long think = 2_000_000;
        Scenario s = Scenario.builder(closedLoop(users, think, 0)).qps(1).durationSeconds(600).build();
        SimulationResult r = new ClusterSimulation(s, OPEN, "open", null, null).run();
        ClassSummary c = r.classes().get("critical");
        double cycleSeconds = c.e2e().meanMs() / 1000 + think / 1e6;
        assertThat(c.throughputRps()).isCloseTo(users / cycleSeconds, within(0.02 * users / cycleSeconds));
        assertThat(c.dropped()).isZero();
    }

    @Test
    void aClosedLoopsUsersSendTheSameRequestsWhateverTheClusterDoes() {
        Scenario fast = Scenario.builder(closedLoop(8, 1_000_000, 0)).qps(1).durationSeconds(120).build();
        Scenario slow = fast.toBuilder().pods(1).build();
        var a = ClusterSimulation.arrivalsOf(fast);
        var b = ClusterSimulation.arrivalsOf(slow);
        for (int i = 0; i < 8; i++) {
            var x = a.next();
            var y = b.next();
            assertThat(x.inputTokens).isEqualTo(y.inputTokens);
            assertThat(x.outputTokens).isEqualTo(y.outputTokens);
        }
    }

    @Test
    void clientsThatGiveUpBeforeTheQueueDrainsAreCountedAndTheirKvIsFreed() {
        // far past saturation: most requests wait longer than 5 s
        Workload w = WorkloadCatalog.builtin().workload("code-generation").withTimeoutUs(5_000_000);
        Scenario s = Scenario.builder(w).qps(30).durationSeconds(120).build();
        ClusterSimulation sim = new ClusterSimulation(s, OPEN, "open", null, null);
        SimulationResult r = sim.run();
        long timedOut = r.classes().values().stream().mapToLong(ClassSummary::timedOut).sum();
        assertThat(timedOut).isPositive();
        assertThat(r.clientTimeouts()).isTrue();
        long aborted = 0;
        for (var server : sim.podsForTest()) {
            VllmPod p = (VllmPod) server;
            p.checkInvariants();
            assertThat(p.usedBlocks()).isZero();
            aborted += p.aborted();
        }
        assertThat(aborted).as("requests given up on inside the pods").isPositive();
        for (ClassSummary c : r.classes().values()) {
            assertThat(c.completed() + c.dropped() + c.inFlight()).isEqualTo(c.arrived());
            assertThat(c.dropped()).isEqualTo(c.rejectedSaturated() + c.evictedTtl() + c.admissionRejected() + c.timedOut());
            if (c.completed() > 0) {
                // a request completes only if it ended within 5 s: nobody's client waited longer
                assertThat(c.e2e().maxMs()).isLessThanOrEqualTo(5_000 * 1.001);
            }
        }
    }

    @Test
    void sharedSystemPromptsAreHitAndMakeFirstTokensFaster() {
        Workload w = WorkloadCatalog.builtin().workload("code-generation").withPrefix(new SharedPrefix(1024, 0, 4));
        Scenario on = Scenario.builder(w).qps(4).durationSeconds(300).build();
        Scenario off = on.toBuilder().podConfig(on.podConfig().withPrefixCaching(false)).build();
        SimulationResult cached = new ClusterSimulation(on, OPEN, "open", null, null).run();
        SimulationResult uncached = new ClusterSimulation(off, OPEN, "open", null, null).run();
        assertThat(cached.prefixCache()).isNotNull();
        // 1,024 of ~2,200 prompt tokens are a system prompt, 64 whole blocks, found on both pods after the first few requests
        assertThat(cached.prefixCache().hitRate()).isBetween(0.35, 0.5);
        assertThat(uncached.prefixCache()).isNull();
        assertThat(cached.classes().get("critical").cachedPromptTokens()).isPositive();
        assertThat(cached.classes().get("critical").ttft().p50Ms()).isLessThan(uncached.classes().get("critical").ttft().p50Ms());
    }

    @Test
    void promptsThatShareNothingGiveTheSameResultWithCachingOnAndOffWhenNothingIsPreempted() {
        Scenario on = Scenario.builder(WorkloadCatalog.builtin().workload("interactive-chat")).qps(40).durationSeconds(120).build();
        Scenario off = on.toBuilder().podConfig(on.podConfig().withPrefixCaching(false)).build();
        SimulationResult a = new ClusterSimulation(on, OPEN, "open", null, null).run().withWallSeconds(0);
        SimulationResult b = new ClusterSimulation(off, OPEN, "open", null, null).run().withWallSeconds(0);
        assertThat(a.podStats()).allSatisfy(p -> assertThat(p.preemptions()).isZero());
        assertThat(a).isEqualTo(b);
        assertThat(a.prefixCache()).isNull();
    }

    @Test
    void aMultiTurnSessionsNextPromptIsTheConversationSoFarAndFindsItCached() {
        ClientSpec chat = new ClientSpec("chat", 0, 0, 1.0, ArrivalProcess.POISSON,
                new LengthDistribution("lognormal", 200, 0.3, 16, 2048), new LengthDistribution("lognormal", 150, 0.3, 1, 1024),
                -1, 0, 0, 0, 0, new SessionSpec(4, 1_000_000, true));
        Workload w = new Workload("sessions", "multi-turn", "test", List.of(new RequestClass("critical", 0, 1.0)), chat.input(),
                chat.output(), ArrivalProcess.POISSON, List.of(1.0), 2, 1, List.of(chat));
        // one pod: with more, a round lands wherever load says (the router's prefix-aware scorer is not simulated yet)
        Scenario s = Scenario.builder(w).qps(0.5).durationSeconds(300).warmupSeconds(0).pods(1).build();
        ClusterSimulation sim = new ClusterSimulation(s, OPEN, "open", null, null);
        SimulationResult r = sim.run();
        ClassSummary c = r.classes().get("critical");
        assertThat(c.dropped()).isZero();
        // sessions start at 0.5/s and most have all four rounds by the end of arrivals
        assertThat((double) c.arrived()).isBetween(3.0 * 0.5 * 300, 4.0 * 0.5 * 300 + 40);
        // rounds 2-4 repeat the conversation before them: of ~2,900 prompt tokens a session sends, ~2,000 are hits
        assertThat(r.prefixCache().hitRate()).isBetween(0.6, 0.75);
        assertThat(c.cachedPromptTokens()).isPositive();
    }
}
