package io.nous.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.isolate.WorkerPool;
import io.nous.codegen.isolate.WorkerProtocol;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.workload.WorkloadCatalog;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Real worker JVMs, started by the test. */
class WorkerPoolTest {
    private static WorkerPool pool;
    private static final String SOFT = PolicyRegistry.builtin().template("soft-reflective-ceiling").source();

    @BeforeAll
    static void start() {
        pool = new WorkerPool(new WorkerPool.Options(1, "256m", Duration.ofSeconds(20)));
    }

    @AfterAll
    static void stop() {
        pool.close();
    }

    private static Scenario scenario(String workload, double qps, double seconds) {
        return Scenario.builder(WorkloadCatalog.builtin().workload(workload)).qps(qps).durationSeconds(seconds).build();
    }

    /** 400,000 arrivals: seconds of simulation, far past a 300 ms timeout, and well inside a 216 MB heap. */
    private static Scenario overrunning() {
        return scenario("interactive-chat", 80, 5_000);
    }

    private static WorkerProtocol.Job job(Scenario s, String source) {
        return new WorkerProtocol.Job(0, s, source, "Candidate.java", null, null);
    }

    @Test
    void anIsolatedRunGivesExactlyTheInProcessResult() throws Exception {
        Scenario s = scenario("interactive-chat", 60, 120);
        WorkerProtocol.Reply reply = pool.run(job(s, SOFT));
        assertThat(reply.error()).isNull();
        CheckResult local = Candidates.check(SOFT, "Candidate.java");
        SimulationResult here = new ClusterSimulation(s, local.candidate().newUsageLimitPolicy(), local.candidate().name(), null, null).run();
        assertThat(withoutWall(reply.result())).isEqualTo(withoutWall(here));
    }

    /** The decisions of the static usage limit on {@code s}, recorded in this JVM as a baseline run keeps them. */
    private static io.nous.sim.epp.DecisionTrace staticDecisions(Scenario s) {
        ClusterSimulation sim = new ClusterSimulation(s, PolicyRegistry.builtin().usageLimit("static-usage-limit"), "static", null, null)
                .recordDecisions(1 << 16);
        sim.run();
        return sim.decisionTrace();
    }

    @Test
    void aCandidateHeldToBaselineDecisionsIsSettledWhereItDecidesAlikeAndSimulatedWhereNot() throws Exception {
        Scenario light = scenario("interactive-chat", 20, 120);
        io.nous.sim.epp.DecisionTrace trace = staticDecisions(light);
        WorkerProtocol.Job held = job(light, SOFT).withDecisions(trace.key(), null);
        WorkerProtocol.Reply first = pool.run(held);
        assertThat(first.needsDecisions()).as("a worker that has not seen the trace asks for it").isTrue();
        WorkerProtocol.Reply sent = pool.run(held.withDecisions(trace.key(), trace.toBytes()));
        assertThat(sent.decidedAlike()).as("soft-reflective-ceiling is a no-op at light load").isTrue();
        assertThat(sent.result()).isNull();
        WorkerProtocol.Reply kept = pool.run(held);
        assertThat(kept.decidedAlike()).as("the worker kept the trace").isTrue();

        Scenario heavy = scenario("code-generation", 16, 120);
        io.nous.sim.epp.DecisionTrace heavyTrace = staticDecisions(heavy);
        WorkerProtocol.Reply simulated = pool.run(job(heavy, SOFT).withDecisions(heavyTrace.key(), heavyTrace.toBytes()));
        assertThat(simulated.decidedAlike()).as("it gates at load").isFalse();
        assertThat(simulated.error()).isNull();
        assertThat(withoutWall(simulated.result())).as("simulated from a fresh instance, as with no trace")
                .isEqualTo(withoutWall(pool.run(job(heavy, SOFT)).result()));

        WorkerProtocol.Reply wrongKey = pool.run(job(light, SOFT).withDecisions(heavyTrace.key(), trace.toBytes()));
        assertThat(wrongKey.error()).contains("are not trace " + heavyTrace.key());
        byte[] cut = java.util.Arrays.copyOf(trace.toBytes(), 40);
        assertThat(pool.run(job(light, SOFT).withDecisions("k", cut)).error()).contains("decision trace");
    }

    @Test
    void aJobThatOverrunsTheTimeoutIsKilledAndTheWorkerReplaced() throws Exception {
        try (WorkerPool quick = new WorkerPool(new WorkerPool.Options(1, "256m", Duration.ofMillis(300)))) {
            ProcessHandle first = quick.processes().get(0);
            WorkerProtocol.Reply slow = quick.run(job(overrunning(), SOFT));
            assertThat(slow.error()).contains("timed out");
            assertThat(quick.replacedWorkers()).isEqualTo(1);
            assertThat(first.isAlive()).isFalse();
            assertThat(quick.processes().get(0).pid()).isNotEqualTo(first.pid());
        }
        // the pool under test is unaffected
        assertThat(pool.run(job(scenario("reasoning", 0.2, 60), SOFT)).error()).isNull();
    }

    @Test
    void aWorkerThatDiesIsReplaced() throws Exception {
        try (WorkerPool p = new WorkerPool(new WorkerPool.Options(1, "256m", Duration.ofSeconds(20)))) {
            ProcessHandle victim = p.processes().get(0);
            victim.destroyForcibly();
            victim.onExit().get();
            WorkerProtocol.Reply r = p.run(job(scenario("code-generation", 4, 60), SOFT));
            assertThat(r.error()).isNull();
            assertThat(p.replacedWorkers()).isEqualTo(1);
        }
    }

    @Test
    void rejectedAndFaultingCandidatesComeBackAsErrors() throws Exception {
        WorkerProtocol.Reply rejected = pool.run(job(scenario("code-generation", 4, 30), SOFT.replace("Math.round", "Math.random")));
        assertThat(rejected.result()).isNull();
        assertThat(rejected.error()).contains("rejected");
        String trap = """
                import io.nous.sim.spi.UsageLimitPolicy;
                public final class Trap implements UsageLimitPolicy {
                    public void computeLimit(double s, int[] p, double[] c) {
                        if (s > 0.26 && s < 0.39) {
                            while (true) {
                            }
                        }
                    }
                }
                """;
        WorkerProtocol.Reply fault = pool.run(job(scenario("code-generation", 16, 120), trap));
        assertThat(fault.error()).contains("work units in one call");
        assertThat(pool.run(job(scenario("reasoning", 0.2, 30), SOFT)).error()).isNull();
    }

    private static SimulationResult withoutWall(SimulationResult r) {
        return r.withWallSeconds(0);
    }

    @Test
    void aWorkerThatRunsOutOfMemoryIsReplacedAndThePoolSaysSo() throws Exception {
        // every call keeps another 60,000-double row: the worker's 64 MB heap runs out before the
        // guard's lifetime limit (16 M elements) is reached
        String hog = "import io.nous.sim.spi.UsageLimitPolicy;\n"
                + "public final class Hog implements UsageLimitPolicy {\n"
                + "    private final double[][] rows = new double[4096][];\n    private long n;\n"
                + "    public void computeLimit(double s, int[] p, double[] c) {\n"
                + "        rows[(int) (n % 4096)] = new double[60000];\n        n++;\n        c[0] = 1.0;\n    }\n}\n";
        try (WorkerPool small = new WorkerPool(new WorkerPool.Options(1, "64m", Duration.ofSeconds(60)))) {
            WorkerProtocol.Reply r = small.run(new WorkerProtocol.Job(0, WorkerProtocol.Mode.CHECK, null, null, hog, "Hog.java", null, null,
                    false, Contract.SIMULATION_ONLY));
            assertThat(r.error()).contains("ran out of memory in its worker JVM");
            assertThat(r.error()).doesNotContain("Unrecognized token");
            assertThat(small.replacedWorkers()).isEqualTo(1);
            // and the replacement works
            WorkerProtocol.Reply ok = small.run(job(scenario("code-generation", 4, 30), SOFT));
            assertThat(ok.error()).isNull();
        }
    }

    @Test
    void aClosedPoolsHealthyWorkerServesTheNextPoolWithTheSameSettingsAndAnswersTheSame() throws Exception {
        // a heap no other test uses, so that no other pool's workers are in play
        WorkerPool.Options settings = new WorkerPool.Options(1, "200m", Duration.ofSeconds(20));
        WorkerProtocol.Job job = job(scenario("interactive-chat", 40, 60), SOFT);
        long pid;
        WorkerProtocol.Reply first;
        try (WorkerPool a = new WorkerPool(settings)) {
            pid = a.processes().get(0).pid();
            first = a.run(job);
        }
        assertThat(ProcessHandle.of(pid)).as("kept alive for the next pool").hasValueSatisfying(h -> assertThat(h.isAlive()).isTrue());
        try (WorkerPool b = new WorkerPool(settings)) {
            assertThat(b.processes().get(0).pid()).isEqualTo(pid);
            WorkerProtocol.Reply again = b.run(job);
            assertThat(again.error()).isNull();
            assertThat(withoutWall(again.result())).isEqualTo(withoutWall(first.result()));
            try (WorkerPool other = new WorkerPool(new WorkerPool.Options(1, "208m", Duration.ofSeconds(20)))) {
                assertThat(other.processes().get(0).pid()).as("other settings start their own worker").isNotEqualTo(pid);
            }
        }
        // a kept worker that died while idle is not handed out
        ProcessHandle kept = ProcessHandle.of(pid).orElseThrow();
        kept.destroyForcibly();
        kept.onExit().get();
        try (WorkerPool c = new WorkerPool(settings)) {
            assertThat(c.processes().get(0).pid()).isNotEqualTo(pid);
            assertThat(c.run(job).error()).isNull();
        }
    }

    @Test
    void noMoreWorkersAreKeptThanTheMachineHasCoresAndTheOldestGoFirst() throws Exception {
        WorkerPool.Options settings = new WorkerPool.Options(1, "224m", Duration.ofSeconds(20));
        int keep = Math.max(2, Runtime.getRuntime().availableProcessors());
        List<WorkerPool> pools = new java.util.ArrayList<>();
        for (int i = 0; i <= keep; i++) {
            pools.add(new WorkerPool(settings));
        }
        List<ProcessHandle> workers = pools.stream().map(p -> p.processes().get(0)).toList();
        pools.forEach(WorkerPool::close);
        workers.get(0).onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(workers.subList(1, workers.size())).as("the newest are kept").allMatch(ProcessHandle::isAlive);
        // the next pools take the kept ones, and only those
        List<WorkerPool> again = new java.util.ArrayList<>();
        for (int i = 0; i < keep; i++) {
            again.add(new WorkerPool(settings));
        }
        assertThat(again.stream().map(p -> p.processes().get(0).pid()).toList())
                .containsExactlyInAnyOrderElementsOf(workers.subList(1, workers.size()).stream().map(ProcessHandle::pid).toList());
        again.forEach(WorkerPool::close);
    }

    @Test
    void aWorkerKilledForATimeoutIsNeverHandedOn() throws Exception {
        WorkerPool.Options settings = new WorkerPool.Options(1, "216m", Duration.ofMillis(300));
        long pid;
        try (WorkerPool a = new WorkerPool(settings)) {
            pid = a.processes().get(0).pid();
            assertThat(a.run(job(overrunning(), SOFT)).error()).contains("timed out");
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).isNotEqualTo(java.util.Optional.of(true));
    }

    @Test
    void extraJvmOptionsAreOptionsOrAClearRefusal() {
        assertThat(WorkerPool.extraJvmOptions(null)).isEmpty();
        assertThat(WorkerPool.extraJvmOptions("  ")).isEmpty();
        assertThat(WorkerPool.extraJvmOptions(" -XX:TieredStopAtLevel=1   -Xss2m ")).containsExactly("-XX:TieredStopAtLevel=1", "-Xss2m");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> WorkerPool.extraJvmOptions("-Xss2m evil.Main"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NOUS_WORKER_JAVA_OPTIONS").hasMessageContaining("'evil.Main'");
    }
}
