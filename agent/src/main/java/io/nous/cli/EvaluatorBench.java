package io.nous.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.evaluator.Evaluation;
import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixCatalog;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.policy.PolicyRegistry;
import io.nous.report.JsonReport;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * {@code nous bench --evaluator}: candidate evaluations per minute on the full default matrix, on
 * every core, with the baseline cached (the first evaluation fills the cache and is not timed).
 * The candidate is a compiled, guarded source, as in a discovery run. A measurement, printed.
 */
final class EvaluatorBench {
    private EvaluatorBench() {
    }

    static void run(PrintWriter out, int evaluations, boolean json) {
        Matrix m = MatrixCatalog.load("default");
        int threads = Runtime.getRuntime().availableProcessors();
        CheckResult compiled = Candidates.check(PolicyRegistry.builtin().template("soft-reflective-ceiling").source(), "Candidate.java");
        PolicyUnderTest cand = PolicyUnderTest.of("candidate", "sha256:" + compiled.canonicalHash(),
                compiled.candidate()::newUsageLimitPolicy);
        try (PairedRunner runner = new PairedRunner(PolicyRefs.resolve("static-usage-limit", "none"), threads)) {
            Evaluation e = new Evaluation(runner, Objectives.byName("critical-ttft"), new PairedBootstrap(2000, 0.95));
            long c0 = System.nanoTime();
            e.evaluate(cand, m, null); // fills the baseline cache, warms the JIT
            double cold = (System.nanoTime() - c0) / 1e9;
            long t0 = System.nanoTime();
            for (int i = 0; i < evaluations; i++) {
                e.evaluate(cand, m, null);
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            double perMinute = evaluations * 60 / seconds;
            int sims = m.entries().size() * m.seeds();
            if (json) {
                ObjectNode o = new ObjectMapper().createObjectNode();
                o.put("matrix", m.name());
                o.put("scenarios", m.entries().size());
                o.put("seeds", m.seeds());
                o.put("threads", threads);
                o.put("evaluations", evaluations);
                JsonReport.num(o, "first_evaluation_seconds", cold);
                JsonReport.num(o, "seconds_per_evaluation", seconds / evaluations);
                JsonReport.num(o, "evaluations_per_minute", perMinute);
                out.println(JsonReport.write(o));
            } else {
                out.printf(Locale.ROOT, "default matrix: %d scenarios x %d seeds = %d candidate simulations per evaluation, %d threads%n",
                        m.entries().size(), m.seeds(), sims, threads);
                out.printf(Locale.ROOT, "first evaluation (baseline not cached yet): %.2f s%n", cold);
                out.printf(Locale.ROOT, "%d evaluations with the baseline cached: %.2f s each, %.1f evaluations per minute%n",
                        evaluations, seconds / evaluations, perMinute);
            }
            out.flush();
        }
    }
}
