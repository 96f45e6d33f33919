package io.nous.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.codegen.CheckResult;
import io.nous.codegen.Candidates;
import io.nous.policy.PolicyRegistry;
import io.nous.policy.PolicyTemplate;
import io.nous.report.JsonReport;
import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.spi.UsageLimitPolicy;
import io.nous.sim.workload.WorkloadCatalog;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * {@code nous bench --codegen}: how long verification + compilation of a template-sized candidate
 * takes after warm-up, and how much the guard slows a simulation down compared with the same
 * policy compiled by javac. A measurement, printed; it never fails.
 */
final class CodegenBench {
    private static final int COMPILE_WARMUP = 30;
    private static final int COMPILE_RUNS = 60;

    private CodegenBench() {
    }

    static void run(PrintWriter out, double duration, int repeat, boolean json) {
        ObjectNode root = new ObjectMapper().createObjectNode();
        ArrayNode compiles = root.putArray("compile");
        if (!json) {
            out.printf(Locale.ROOT, "verification + compilation per candidate (%d runs after %d warm-up):%n", COMPILE_RUNS, COMPILE_WARMUP);
        }
        for (PolicyTemplate t : PolicyRegistry.builtin().templates().values()) {
            String src = t.source();
            for (int i = 0; i < COMPILE_WARMUP; i++) {
                Candidates.check(src, "warm.java");
            }
            double[] verify = new double[COMPILE_RUNS];
            double[] total = new double[COMPILE_RUNS];
            for (int i = 0; i < COMPILE_RUNS; i++) {
                CheckResult r = Candidates.check(src, t.name() + ".java");
                verify[i] = r.verifyNanos() / 1e6;
                total[i] = (r.verifyNanos() + r.compileNanos()) / 1e6;
            }
            ObjectNode row = compiles.addObject();
            row.put("policy", t.name());
            JsonReport.num(row, "verify_median_ms", median(verify));
            JsonReport.num(row, "verify_compile_median_ms", median(total));
            JsonReport.num(row, "verify_compile_p90_ms", percentile(total, 0.9));
            if (!json) {
                out.printf(Locale.ROOT, "  %-26s verify %6.2f ms, verify+compile median %6.2f ms, p90 %6.2f ms%n", t.name(),
                        median(verify), median(total), percentile(total, 0.9));
                out.flush();
            }
        }

        ArrayNode guard = root.putArray("guard_overhead");
        if (!json) {
            out.printf(Locale.ROOT, "%nguard overhead: soft-reflective-ceiling, javac vs sandboxed + guarded (%.0f s, median of %d):%n",
                    duration, repeat);
        }
        CheckResult compiled = Candidates.check(PolicyRegistry.builtin().template("soft-reflective-ceiling").source(), "srf.java");
        for (String[] point : new String[][] {{"code-generation", "16"}, {"interactive-chat", "60"}, {"interactive-chat", "80"},
                {"reasoning", "0.7"}}) {
            Scenario s = Scenario.builder(WorkloadCatalog.builtin().workload(point[0])).qps(Double.parseDouble(point[1]))
                    .durationSeconds(duration).build();
            double[] both = timeInterleaved(s, () -> PolicyRegistry.builtin().usageLimit("soft-reflective-ceiling"),
                    () -> compiled.candidate().newUsageLimitPolicy(), repeat);
            double plain = both[0];
            double guarded = both[1];
            ObjectNode row = guard.addObject();
            row.put("scenario", point[0] + "@" + point[1]);
            JsonReport.num(row, "javac_wall_seconds", plain);
            JsonReport.num(row, "guarded_wall_seconds", guarded);
            JsonReport.num(row, "overhead", guarded / plain - 1);
            if (!json) {
                out.printf(Locale.ROOT, "  %-22s javac %.3f s, guarded %.3f s, overhead %+.1f%%%n", point[0] + "@" + point[1], plain, guarded,
                        100 * (guarded / plain - 1));
                out.flush();
            }
        }
        if (json) {
            out.println(JsonReport.write(root));
        }
        out.flush();
    }

    /** Alternates the two variants so that JIT state and machine noise hit both alike; medians. */
    private static double[] timeInterleaved(Scenario s, Supplier<UsageLimitPolicy> a, Supplier<UsageLimitPolicy> b, int repeat) {
        for (int i = 0; i < 2; i++) {
            new ClusterSimulation(s, a.get(), "warm-up", null, null).run();
            new ClusterSimulation(s, b.get(), "warm-up", null, null).run();
        }
        double[] wa = new double[repeat];
        double[] wb = new double[repeat];
        for (int i = 0; i < repeat; i++) {
            wa[i] = new ClusterSimulation(s, a.get(), "bench", null, null).run().wallSeconds();
            wb[i] = new ClusterSimulation(s, b.get(), "bench", null, null).run().wallSeconds();
        }
        return new double[] {median(wa), median(wb)};
    }

    private static double median(double[] xs) {
        return percentile(xs, 0.5);
    }

    private static double percentile(double[] xs, double q) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s[Math.min(s.length - 1, (int) Math.floor(q * s.length))];
    }
}
