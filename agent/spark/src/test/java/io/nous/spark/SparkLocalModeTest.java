package io.nous.spark;

import io.nous.evaluator.run.Deployment;
import io.nous.evaluator.run.PolicyIdentity;
import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.Contract;
import io.nous.codegen.isolate.WorkerPool;
import io.nous.evaluator.EvaluationReport;
import io.nous.evaluator.run.LocalBackend;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.run.RunData;
import io.nous.evaluator.run.SimulationTask;
import io.nous.evaluator.scenario.Matrix;
import io.nous.sim.Scenario;
import io.nous.sim.workload.WorkloadCatalog;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** Spark's local mode (local[2]): the same evaluation, byte for byte, as the local executor. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SparkLocalModeTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();
    private SparkBackend spark;
    private WorkerPool workers;

    @BeforeAll
    void start() {
        spark = new SparkBackend(SparkBackend.conf("local[2]", Map.of()), Fixtures.WORKERS, new PrintStream(progress, true, StandardCharsets.UTF_8));
        workers = new WorkerPool(new WorkerPool.Options(2, Fixtures.WORKERS.maxHeap(), Fixtures.WORKERS.timeout()));
    }

    @AfterAll
    void stop() {
        spark.close();
        workers.close();
    }

    @Test
    void anEvaluationOnSparkEqualsTheLocalExecutorsByteForByte() throws Exception {
        Matrix m = Fixtures.matrix(dir);
        EvaluationReport onSpark = Fixtures.evaluate(spark, Fixtures.legacy(), Fixtures.admitter(), m);
        EvaluationReport here;
        try (LocalBackend local = new LocalBackend(2, workers)) {
            here = Fixtures.evaluate(local, Fixtures.legacy(), Fixtures.admitter(), m);
        }
        assertThat(onSpark.failure()).isNull();
        assertThat(onSpark.scenarios()).hasSize(3);
        assertThat(Fixtures.bytes(onSpark)).isEqualTo(Fixtures.bytes(here));
        // 3 scenarios x 2 seeds, candidate and baseline: 12 simulations in one job, and the console was told
        assertThat(onSpark.simulations()).isEqualTo(12);
        assertThat(progress.toString(StandardCharsets.UTF_8)).contains("12/12 simulations, done");
    }

    @Test
    void aHostileCandidateFailsItsOwnTasksWithTheLocalMessageNotTheJob() throws Exception {
        Scenario s = Scenario.builder(WorkloadCatalog.builtin().workload("code-generation")).qps(16).durationSeconds(120).build();
        PolicyUnderTest trap = Fixtures.usageLimit("late-trap", Fixtures.hostile("LateTrap.java"), Contract.SIMULATION_ONLY);
        PolicyUnderTest huge = Fixtures.usageLimit("huge-array", Fixtures.hostile("HugeArray.java"), Contract.SIMULATION_ONLY);
        PolicyUnderTest fine = PolicyUnderTest.builtin("static", PolicyIdentity.builtin("static-usage-limit"), "static-usage-limit", null, Deployment.FLOW_CONTROL);
        List<SimulationTask> tasks = List.of(new SimulationTask(s, trap), new SimulationTask(s, fine), new SimulationTask(s, huge));
        List<Outcome> onSpark = outcomes(spark.submit(tasks));
        List<Outcome> here;
        try (LocalBackend local = new LocalBackend(2, workers)) {
            here = outcomes(local.submit(tasks));
        }
        assertThat(onSpark.get(0).error()).contains("work units in one call");
        assertThat(onSpark.get(2).error()).contains("exceeds the limit of 65536");
        assertThat(onSpark.get(1).error()).isNull();
        assertThat(onSpark).isEqualTo(here);
    }

    /** A run's numbers (without its wall time), or its failure's message. */
    record Outcome(String run, String error) {
    }

    static List<Outcome> outcomes(List<CompletableFuture<RunData>> futures) throws InterruptedException {
        return futures.stream().map(f -> {
            try {
                var r = f.get().result();
                return new Outcome(r.classes().toString() + r.podStats() + r.saturation() + r.events(), null);
            } catch (ExecutionException e) {
                Throwable c = e.getCause() instanceof java.util.concurrent.CompletionException x ? x.getCause() : e.getCause();
                return new Outcome(null, c.getMessage());
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }).toList();
    }
}
