package io.nous.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.Contract;
import io.nous.codegen.isolate.WorkerPool;
import io.nous.evaluator.Evaluation;
import io.nous.evaluator.EvaluationReport;
import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.run.Deployment;
import io.nous.evaluator.run.ExecutionBackend;
import io.nous.evaluator.run.LocalBackend;
import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.run.PolicyIdentity;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixCatalog;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.policy.PolicyRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * A measurement, not a test of speed: the same evaluation (the default matrix, every variant, a
 * source candidate in worker JVMs against the built-in baseline) on the local executor and on a
 * standalone cluster of one and of two single-core executors, each timed over evaluations after the
 * first (the baseline is then cached). It prints the times and the speed-up, and fails only if the
 * clusters' reports are not the local executor's, byte for byte. Run it on demand:
 * {@code mvn -pl agent/spark -am test -Dtest=SparkScalingBenchmark -Dsurefire.failIfNoSpecifiedTests=false -Dnous.benchmark=true}
 * ({@code -Dnous.benchmark.evaluations=N} timed evaluations, 4 by default; {@code -Dnous.benchmark.conf=k=v;k=v} further Spark
 * settings; {@code -Dtest.jit.options=-XX:+UseSerialGC} lets the worker JVMs use C2, as outside the test suite).
 */
@EnabledIfSystemProperty(named = "nous.benchmark", matches = "true")
class SparkScalingBenchmark {
    private static final int TIMED = Integer.getInteger("nous.benchmark.evaluations", 4);
    /** Further Spark settings, as {@code -Dnous.benchmark.conf=k=v;k=v}. */
    private static final Map<String, String> EXTRA = parse(System.getProperty("nous.benchmark.conf", ""));
    private static final WorkerPool.Options WORKERS = new WorkerPool.Options(1, "512m", Duration.ofSeconds(300));

    @TempDir
    Path dir;

    @Test
    void oneAndTwoSingleCoreExecutorsOnTheSameEvaluation() throws Exception {
        Matrix m = MatrixCatalog.load("default");
        String source = PolicyRegistry.builtin().template("soft-reflective-ceiling").source();
        PolicyUnderTest candidate = Fixtures.usageLimit("candidate", source, Contract.ROUTER);
        PolicyUnderTest baseline = PolicyUnderTest.builtin("static-usage-limit", PolicyIdentity.builtin("static-usage-limit"),
                "static-usage-limit", null, Deployment.FLOW_CONTROL);

        double[] local;
        try (WorkerPool workers = new WorkerPool(new WorkerPool.Options(2, WORKERS.maxHeap(), WORKERS.timeout()));
             LocalBackend backend = new LocalBackend(2, workers)) {
            local = time(backend, baseline, candidate, m, null);
        }
        String[] expected = last;
        double[][] spark = new double[3][];
        for (int executors = 1; executors <= 2; executors++) {
            try (StandaloneCluster cluster = StandaloneCluster.start(dir.resolve("cluster-" + executors), executors)) {
                Map<String, String> conf = new java.util.HashMap<>(cluster.appConf(executors));
                conf.putAll(EXTRA);
                SparkBackend backend = new SparkBackend(SparkBackend.conf(cluster.url(), conf), WORKERS, null);
                try {
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
                    while (backend.context().sc().getExecutorMemoryStatus().size() < executors + 1 && System.nanoTime() < deadline) {
                        Thread.sleep(200);
                    }
                    assertThat(backend.context().sc().getExecutorMemoryStatus().size()).isEqualTo(executors + 1);
                    spark[executors] = time(backend, baseline, candidate, m, expected);
                    System.out.println(backend.measurements());
                } finally {
                    backend.close();
                }
            }
        }
        System.out.printf(Locale.ROOT, "local executor, 2 threads: first evaluation %.2f s, then %.2f s each%n", local[0], local[1]);
        for (int e = 1; e <= 2; e++) {
            System.out.printf(Locale.ROOT, "standalone, %d single-core executor%s: first evaluation %.2f s, then %.2f s each%n", e,
                    e == 1 ? "" : "s", spark[e][0], spark[e][1]);
        }
        System.out.printf(Locale.ROOT, "two executors vs one: %.2fx on the first evaluation, %.2fx after it%n", spark[1][0] / spark[2][0],
                spark[1][1] / spark[2][1]);
    }

    private static Map<String, String> parse(String kvs) {
        Map<String, String> out = new java.util.HashMap<>();
        for (String kv : kvs.split(";")) {
            int eq = kv.indexOf('=');
            if (eq > 0) {
                out.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
        }
        return out;
    }

    /** The reports of the last {@link #time}: the first evaluation's (baseline simulated too) and a later one's (baseline cached). */
    private String[] last;

    /**
     * Seconds of the first evaluation and the mean of the next {@link #TIMED}; checks that the later
     * reports agree, and that both kinds are {@code expected}'s (null: nothing to compare with yet).
     */
    private double[] time(ExecutionBackend backend, PolicyUnderTest baseline, PolicyUnderTest candidate, Matrix m, String[] expected) {
        try (PairedRunner runner = new PairedRunner(baseline, backend)) {
            Evaluation e = new Evaluation(runner, Objectives.byName("critical-ttft"), new PairedBootstrap(2000, 0.95));
            long t0 = System.nanoTime();
            EvaluationReport first = e.evaluate(candidate, m, null);
            double firstSeconds = (System.nanoTime() - t0) / 1e9;
            assertThat(first.failure()).isNull();
            String[] reports = {Fixtures.bytes(first), null};
            long t1 = System.nanoTime();
            for (int i = 0; i < TIMED; i++) {
                String again = Fixtures.bytes(e.evaluate(candidate, m, null));
                if (reports[1] != null) {
                    assertThat(again).isEqualTo(reports[1]);
                }
                reports[1] = again;
            }
            double later = (System.nanoTime() - t1) / 1e9 / TIMED;
            if (expected != null) {
                assertThat(reports).isEqualTo(expected);
            }
            last = reports;
            return new double[] {firstSeconds, later};
        }
    }
}
