package io.nous.spark;

import io.nous.evaluator.run.Deployment;
import io.nous.evaluator.run.PolicyIdentity;
import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.CheckResult;
import io.nous.codegen.Candidates;
import io.nous.codegen.Contract;
import io.nous.evaluator.Evaluation;
import io.nous.evaluator.EvaluationReport;
import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.run.ExecutionBackend;
import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixCatalog;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.policy.PolicyRegistry;
import io.nous.report.EvaluationJson;
import io.nous.report.JsonReport;
import io.nous.store.Journal;
import io.nous.store.journal.Evidence;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/** What the Spark tests evaluate, and how they compare two evaluations. */
final class Fixtures {
    private Fixtures() {
    }

    /** The worker JVMs every executor runs candidates in, small enough for a 2-core machine. */
    static final io.nous.codegen.isolate.WorkerPool.Options WORKERS =
            new io.nous.codegen.isolate.WorkerPool.Options(1, "256m", Duration.ofSeconds(120));

    static Matrix matrix(Path dir) throws IOException {
        Path file = dir.resolve("spark-test.yaml");
        try (InputStream in = Fixtures.class.getResourceAsStream("/spark-test.yaml")) {
            java.nio.file.Files.write(file, in.readAllBytes());
        }
        return MatrixCatalog.load(file.toString());
    }

    /** The legacy admission path: a built-in policy, which executors build from its registry reference. */
    static PolicyUnderTest legacy() {
        return PolicyUnderTest.builtin("static-usage-limit + legacy admission", PolicyIdentity.builtin("static-usage-limit").in(Deployment.LEGACY_SHEDDING),
                "static-usage-limit", null, Deployment.LEGACY_SHEDDING);
    }

    /** An admitter of the terms form given as source, which executors compile themselves. */
    static final String ADMITTER = """
            import io.nous.sim.spi.AdmissionPolicy;

            public final class QueueFirst implements AdmissionPolicy {
                private static final double KV_ONSET = 0.5;
                private static final long WINDOW = 512;
                private static final double START = 0.1;
                private static final double WIDTH = 0.1;
                private long smoothed;

                @Override
                public boolean admit(int priority, double saturation, double queue, double kv, double u) {
                    double signal = Math.max(queue, kv >= KV_ONSET ? kv : 0.0);
                    smoothed += ((long) (signal * 1e6) - smoothed) / WINDOW;
                    double level = smoothed / 1e6;
                    if (priority >= 0) {
                        return true;
                    }
                    double refuse = Math.min(1.0, Math.max(0.0, (level - START) / WIDTH));
                    return u >= refuse;
                }
            }
            """;

    static PolicyUnderTest admitter() {
        return admission("queue-first", ADMITTER, Contract.ROUTER);
    }

    /** An admission candidate deployed as the admission study did: flow control off, the static usage-limit policy. */
    static PolicyUnderTest admission(String name, String source, Contract contract) {
        CheckResult c = Candidates.compileOnly(source, name + ".java", contract);
        assertThat(c.problems()).isEmpty();
        return new PolicyUnderTest(name, PolicyIdentity.source(c.canonicalHash()), () -> PolicyRegistry.builtin().usageLimit("static-usage-limit"),
                () -> {
                    throw new AssertionError("an untrusted candidate must not run in this JVM");
                }, Deployment.DIRECT)
                .withSources(new PolicyUnderTest.Sources(PolicyRegistry.builtin().source("static-usage-limit"), "static-usage-limit.java",
                        source, name + ".java", contract));
    }

    /** A usage-limit candidate given as source, under a contract. */
    static PolicyUnderTest usageLimit(String name, String source, Contract contract) {
        CheckResult c = Candidates.compileOnly(source, name + ".java", contract);
        assertThat(c.problems()).isEmpty();
        return PolicyUnderTest.of(name, PolicyIdentity.source(c.canonicalHash()), () -> {
            throw new AssertionError("an untrusted candidate must not run in this JVM");
        }).withSources(new PolicyUnderTest.Sources(source, name + ".java", null, null, contract));
    }

    static EvaluationReport evaluate(ExecutionBackend backend, PolicyUnderTest baseline, PolicyUnderTest candidate, Matrix m) {
        try (PairedRunner r = new PairedRunner(baseline, backend)) {
            return new Evaluation(r, Objectives.byName("critical-ttft-shed"), new PairedBootstrap(500, 0.95)).evaluate(candidate, m, null);
        }
    }

    /**
     * An evaluation as bytes: the journal's evidence record and the JSON report, less the one
     * field that is the wall clock's.
     */
    static String bytes(EvaluationReport r) {
        var report = EvaluationJson.toJson(r);
        report.remove("wall_seconds");
        return JsonReport.write(Journal.body(Evidence.of("c", r, Double.NaN, Double.NaN))) + "\n" + JsonReport.write(report);
    }

    static String hostile(String file) throws IOException {
        try (InputStream in = Fixtures.class.getResourceAsStream("/hostile/" + file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
