package io.nous.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.guard.CostLimit;
import io.nous.policy.PolicyRegistry;
import io.nous.policy.PolicyTemplate;
import io.nous.report.JsonReport;
import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.epp.PolicyException;
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
        costLimit(out, duration, repeat, json, root);
        if (json) {
            out.println(JsonReport.write(root));
        }
        out.flush();
    }

    /**
     * Variants of soft-reflective-ceiling that compute the same ceilings plus extra work per band,
     * each as close to the cost limit as its kind allows: what a candidate the guard lets through
     * can cost a simulation, against the template itself (all three guarded).
     */
    private static final String[][] NEAR_THE_LIMIT = {
        // a double remainder with a 16-17 bit exponent gap in every band: ~1,300 units a band
        {"remainders", "double reflective = 1 - i * s / (n - 1);",
            "double reflective = 1 - i * s / (n - 1);\n            if ((65536.0 * (1.5 + s) + tick) % 1.1 < 0) { ceilings[i] = 0.5; continue; }"},
        // plain arithmetic in a loop in every band: ~1,300 units a band
        {"arithmetic loop", "double reflective = 1 - i * s / (n - 1);",
            "double reflective = 1 - i * s / (n - 1);\n            double drift = s;\n"
                + "            for (int k = 0; k < 100; k++) { drift = drift * 0.999 + k; }\n"
                + "            if (drift < 0) { ceilings[i] = 0.5; continue; }"},
        // a general-path pow in every band: ~1,850 units a band, over the per-band allowance at 6 bands
        {"pow", "double reflective = 1 - i * s / (n - 1);",
            "double reflective = 1 - i * s / (n - 1);\n            if (Math.pow(s + 1, 1.7 + i) < 0) { ceilings[i] = 0.5; continue; }"}};

    private static void costLimit(PrintWriter out, double duration, int repeat, boolean json, ObjectNode root) {
        ArrayNode rows = root.putArray("cost_limit");
        String template = PolicyRegistry.builtin().template("soft-reflective-ceiling").source();
        CheckResult base = Candidates.check(template, "srf.java");
        if (!json) {
            out.printf(Locale.ROOT, "%ncandidates near the cost limit (%s): simulation wall time against the template, both guarded%n",
                    CostLimit.DEFAULT.factor() + "x the template's work units");
        }
        for (String[] variant : NEAR_THE_LIMIT) {
            String source = template.replace(variant[1], variant[2]);
            CheckResult r = Candidates.check(source, variant[0] + ".java");
            ObjectNode row = rows.addObject();
            row.put("candidate", variant[0]);
            if (r.candidate() == null) {
                row.put("refused", String.join("; ", r.problems()));
                if (!json) {
                    out.printf(Locale.ROOT, "  %-16s refused: %s%n", variant[0], String.join("; ", r.problems()));
                }
                continue;
            }
            Scenario s = Scenario.builder(WorkloadCatalog.builtin().workload("interactive-chat")).qps(80).durationSeconds(duration).build();
            try {
                double[] both = timeInterleaved(s, () -> base.candidate().newUsageLimitPolicy(), () -> r.candidate().newUsageLimitPolicy(), repeat);
                JsonReport.num(row, "template_wall_seconds", both[0]);
                JsonReport.num(row, "candidate_wall_seconds", both[1]);
                JsonReport.num(row, "ratio", both[1] / both[0]);
                if (!json) {
                    out.printf(Locale.ROOT, "  %-16s template %.3f s, candidate %.3f s: %.2fx%n", variant[0], both[0], both[1], both[1] / both[0]);
                }
            } catch (PolicyException e) {
                row.put("stopped", e.getMessage());
                if (!json) {
                    out.printf(Locale.ROOT, "  %-16s stopped in the simulation: %s%n", variant[0], e.getMessage());
                }
            }
            out.flush();
        }
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
