package io.nous.spark;

import io.nous.evaluator.run.Deployment;
import io.nous.evaluator.run.PolicyIdentity;
import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.Contract;
import io.nous.codegen.isolate.WorkerPool;
import io.nous.evaluator.EvaluationReport;
import io.nous.evaluator.run.LocalBackend;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.run.SimulationTask;
import io.nous.evaluator.scenario.Matrix;
import io.nous.sim.Scenario;
import io.nous.sim.workload.WorkloadCatalog;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * A standalone cluster this test starts itself (a master and two workers on 127.0.0.1, executors
 * in their own JVMs): the same evaluation as the local executor, byte for byte, even when a worker
 * dies in the middle of it; hostile candidates fail their own tasks, not the job.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StandaloneClusterTest {
    @TempDir
    static Path dir;

    private StandaloneCluster cluster;
    private SparkBackend spark;
    private String local;
    private Matrix matrix;
    private final AtomicInteger finished = new AtomicInteger();
    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    @BeforeAll
    void start() throws Exception {
        matrix = Fixtures.matrix(dir);
        try (WorkerPool workers = new WorkerPool(new WorkerPool.Options(2, "256m", Fixtures.WORKERS.timeout()));
             LocalBackend here = new LocalBackend(2, workers)) {
            local = Fixtures.bytes(Fixtures.evaluate(here, Fixtures.legacy(), Fixtures.admitter(), matrix));
        }
        cluster = StandaloneCluster.start(dir, 2);
        spark = new SparkBackend(SparkBackend.conf(cluster.url(), cluster.appConf(2)), Fixtures.WORKERS,
                new PrintStream(progress, true, StandardCharsets.UTF_8));
        spark.context().sc().addSparkListener(new SparkListener() {
            @Override
            public void onTaskEnd(SparkListenerTaskEnd end) {
                finished.incrementAndGet();
            }
        });
        // both executors registered (the driver counts as one more)
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (spark.context().sc().getExecutorMemoryStatus().size() < 3 && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertThat(spark.context().sc().getExecutorMemoryStatus().size()).as("executors registered").isEqualTo(3);
    }

    @AfterAll
    void stop() throws Exception {
        if (spark != null) {
            spark.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Order(1)
    void anEvaluationOnTwoExecutorsEqualsTheLocalExecutorsByteForByte() {
        EvaluationReport r = Fixtures.evaluate(spark, Fixtures.legacy(), Fixtures.admitter(), matrix);
        assertThat(r.failure()).isNull();
        assertThat(Fixtures.bytes(r)).isEqualTo(local);
    }

    @Test
    @Order(2)
    void aHostileCandidateFailsItsOwnTasksCleanly() throws Exception {
        Scenario s = Scenario.builder(WorkloadCatalog.builtin().workload("code-generation")).qps(16).durationSeconds(120).build();
        PolicyUnderTest trap = Fixtures.usageLimit("late-trap", Fixtures.hostile("LateTrap.java"), Contract.SIMULATION_ONLY);
        PolicyUnderTest huge = Fixtures.usageLimit("huge-array", Fixtures.hostile("HugeArray.java"), Contract.SIMULATION_ONLY);
        PolicyUnderTest fine = PolicyUnderTest.builtin("static", PolicyIdentity.builtin("static-usage-limit"), "static-usage-limit", null, Deployment.FLOW_CONTROL);
        var outcomes = SparkLocalModeTest.outcomes(spark.submit(List.of(new SimulationTask(s, trap), new SimulationTask(s, huge),
                new SimulationTask(s, fine))));
        assertThat(outcomes.get(0).error()).contains("candidate 'LateTrap'").contains("work units in one call");
        assertThat(outcomes.get(1).error()).contains("exceeds the limit of 65536");
        assertThat(outcomes.get(2).error()).isNull();
        assertThat(outcomes.get(2).run()).isNotBlank();
    }

    @Test
    @Order(3)
    void killingAWorkerMidEvaluationStillCompletesWithEqualResults() throws Exception {
        int before = finished.get();
        CompletableFuture<EvaluationReport> running = CompletableFuture.supplyAsync(
                () -> Fixtures.evaluate(spark, Fixtures.legacy(), Fixtures.admitter(), matrix.withSeeds(3)));
        // wait for the job to be under way, then lose a machine
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (finished.get() < before + 2 && System.nanoTime() < deadline && !running.isDone()) {
            Thread.sleep(50);
        }
        assertThat(running.isDone()).as("the evaluation was still running when the worker died").isFalse();
        cluster.killWorker(0);
        EvaluationReport r = running.get(300, TimeUnit.SECONDS);
        assertThat(r.failure()).isNull();
        try (WorkerPool workers = new WorkerPool(new WorkerPool.Options(2, "256m", Fixtures.WORKERS.timeout()));
             LocalBackend here = new LocalBackend(2, workers)) {
            String expected = Fixtures.bytes(Fixtures.evaluate(here, Fixtures.legacy(), Fixtures.admitter(), matrix.withSeeds(3)));
            assertThat(Fixtures.bytes(r)).isEqualTo(expected);
        }
        // the task that was running on the lost executor failed and Spark ran it again on the other
        assertThat(progress.toString(StandardCharsets.UTF_8)).contains("retried");
    }
}
