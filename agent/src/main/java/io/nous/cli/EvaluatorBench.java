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
import io.nous.sandbox.Sandbox;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * {@code nous bench --evaluator}: candidate evaluations per minute on the full default matrix (every
 * variant), on every core, with the baseline cached and the JIT warm (untimed evaluations first: the
 * first fills the cache, the rest run until {@code --warmup} seconds have passed). The candidate is a compiled, guarded source simulated in worker JVMs as in a discovery
 * run, or in this JVM with {@code --in-process}; the difference is the isolation's overhead. With
 * {@code --executor spark} the simulations run as Spark tasks. Locally it also reports the CPU an
 * evaluation takes (this JVM and its workers): with every core busy, evaluations per minute on n
 * cores are about 60 n over it, so it compares machines of different sizes. A measurement, printed.
 */
final class EvaluatorBench {
    private EvaluatorBench() {
    }

    /**
     * CPU seconds this JVM and its live worker JVMs have used so far (a worker replaced meanwhile takes
     * its seconds with it; none is in a healthy run).
     */
    private static double cpuSeconds(Sandbox sandbox) {
        double s = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e9;
        if (sandbox.isolated()) {
            for (ProcessHandle worker : sandbox.pool().processes()) {
                s += worker.info().totalCpuDuration().map(d -> d.toNanos() / 1e9).orElse(0.0);
            }
        }
        return s;
    }

    /**
     * Untimed evaluations by default: the first fills the baseline cache; the worker JVMs' compilers
     * then keep compiling the simulator for about 20-30 s more on 2 cores (their compile logs: 3,300
     * methods in the first 5 s, 130 in the 5 s after 20 s), which a discovery run of minutes amortizes
     * and a few timed evaluations would not.
     */
    static final double DEFAULT_WARMUP_SECONDS = 30;

    static void run(PrintWriter out, int evaluations, double warmupSeconds, boolean json, SandboxOptions sandboxOptions,
                    ExecutorOptions executorOptions) {
        Matrix m = MatrixCatalog.load("default");
        int threads = Runtime.getRuntime().availableProcessors();
        String source = PolicyRegistry.builtin().template("soft-reflective-ceiling").source();
        CheckResult compiled = Candidates.compileOnly(source, "Candidate.java");
        executorOptions.validate(sandboxOptions);
        try (Sandbox sandbox = executorOptions.apply(sandboxOptions.open(threads), sandboxOptions);
             PairedRunner runner = sandbox.runner(PolicyRefs.resolve("static-usage-limit", "none"), threads)) {
            PolicyUnderTest cand = sandbox.usageLimit("candidate", compiled, source, "Candidate.java");
            Evaluation e = new Evaluation(runner, Objectives.byName("critical-ttft"), new PairedBootstrap(2000, 0.95));
            long c0 = System.nanoTime();
            e.evaluate(cand, m, null); // fills the baseline cache, warms the JIT
            double cold = (System.nanoTime() - c0) / 1e9;
            int warmups = 1;
            while ((System.nanoTime() - c0) / 1e9 < warmupSeconds) {
                e.evaluate(cand, m, null);
                warmups++;
            }
            double warm = (System.nanoTime() - c0) / 1e9;
            boolean countsCpu = executorOptions.local();
            double cpu0 = countsCpu ? cpuSeconds(sandbox) : Double.NaN;
            int alike0 = runner.decidedAlike();
            long t0 = System.nanoTime();
            for (int i = 0; i < evaluations; i++) {
                e.evaluate(cand, m, null);
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            int settled = runner.decidedAlike() - alike0;
            double cpuPerEvaluation = countsCpu ? (cpuSeconds(sandbox) - cpu0) / evaluations : Double.NaN;
            double perMinute = evaluations * 60 / seconds;
            int sims = m.entries().size() * m.seeds() * m.variants().size();
            if (json) {
                ObjectNode o = new ObjectMapper().createObjectNode();
                o.put("matrix", m.name());
                o.put("scenarios", m.entries().size());
                o.put("seeds", m.seeds());
                o.put("variants", m.variants().size());
                o.put("threads", threads);
                o.put("candidate_runs_in", sandbox.isolated() ? "worker JVMs" : "this JVM");
                o.put("executor", executorOptions.executor);
                o.put("evaluations", evaluations);
                JsonReport.num(o, "first_evaluation_seconds", cold);
                o.put("warmup_evaluations", warmups);
                JsonReport.num(o, "warmup_seconds", warm);
                JsonReport.num(o, "seconds_per_evaluation", seconds / evaluations);
                if (countsCpu) {
                    JsonReport.num(o, "cpu_seconds_per_evaluation", cpuPerEvaluation);
                }
                JsonReport.num(o, "evaluations_per_minute", perMinute);
                JsonReport.num(o, "candidate_runs_decided_alike_per_evaluation", (double) settled / evaluations);
                String measured = runner.backend().measurements();
                if (measured != null) {
                    o.put("backend_measurements", measured);
                }
                out.println(JsonReport.write(o));
            } else {
                out.printf(Locale.ROOT, "default matrix: %d scenarios x %d seeds x %d variants = %d candidate simulations per evaluation, "
                        + "%s, candidate in %s%n", m.entries().size(), m.seeds(), m.variants().size(), sims,
                        executorOptions.local() ? threads + " threads" : executorOptions.flags().strip(),
                        sandbox.isolated() ? "worker JVMs" : "this JVM");
                out.printf(Locale.ROOT, "first evaluation (baseline not cached yet): %.2f s; untimed warm-up: %d evaluations, %.1f s%n",
                        cold, warmups, warm);
                out.printf(Locale.ROOT, "%d evaluations with the baseline cached: %.2f s each, %.1f evaluations per minute%n",
                        evaluations, seconds / evaluations, perMinute);
                out.printf(Locale.ROOT, "candidate runs settled by the baseline's decisions (the candidate decided every cycle alike): "
                        + "%.0f of %d per evaluation%n", (double) settled / evaluations, sims);
                if (countsCpu) {
                    out.printf(Locale.ROOT, "CPU per evaluation: %.2f s (this JVM and its workers: with every core busy, about "
                            + "60 x cores / %.2f evaluations per minute)%n", cpuPerEvaluation, cpuPerEvaluation);
                }
                String measured = runner.backend().measurements();
                if (measured != null) {
                    out.println(measured);
                }
            }
            out.flush();
        }
    }
}
