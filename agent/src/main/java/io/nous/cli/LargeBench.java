package io.nous.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.report.JsonReport;
import io.nous.sim.Scenario;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.workload.WorkloadCatalog;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The large scenarios of {@code nous bench --large}: an hour of coding agents on 16 pods (its CPU
 * seconds: sessions that fan out and accumulate context cost more than open-loop arrivals) and
 * interactive chat on 64 pods at 0.8x capacity (its events per second: routing and flow control over
 * many pods). Like the standard scenarios, each runs untimed first, then {@code repeat} times on one
 * thread, the median counting; a measurement, never a test.
 */
final class LargeBench {
    /** Interactive chat's capacity per pod, from {@code nous capacity --workload interactive-chat} on 2 pods (73.0 qps). */
    private static final double CHAT_QPS_PER_POD = 73.0 / 2;
    static final int LARGE_POOL = 64;

    private LargeBench() {
    }

    /** One scenario's medians. */
    record Row(String label, double simulatedSeconds, double wallSeconds, double cpuSeconds, long events) {
    }

    static void run(String policy, long seed, int repeat, PrintWriter out, boolean json, ObjectNode root) {
        List<Scenario> scenarios = List.of(
                Scenario.builder(WorkloadCatalog.builtin().workload("agentic-coding")).qps(0.5).seed(seed).durationSeconds(3_600).build(),
                Scenario.builder(WorkloadCatalog.builtin().workload("interactive-chat")).pods(LARGE_POOL)
                        .qps(Math.round(0.8 * CHAT_QPS_PER_POD * LARGE_POOL)).seed(seed).durationSeconds(120).build());
        String[] labels = {"agentic-coding@0.5, 3,600 s, 16 pods", "interactive-chat@" + Math.round(0.8 * CHAT_QPS_PER_POD * LARGE_POOL)
                + ", 64 pods"};
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        ArrayNode array = root.putArray("large");
        for (int k = 0; k < scenarios.size(); k++) {
            Scenario s = scenarios.get(k);
            Simulations.prepare(s, policy, "none").run();
            double[] walls = new double[repeat];
            double[] cpus = new double[repeat];
            SimulationResult r = null;
            for (int i = 0; i < repeat; i++) {
                long cpu0 = threads.getCurrentThreadCpuTime();
                r = Simulations.prepare(s, policy, "none").run();
                cpus[i] = (threads.getCurrentThreadCpuTime() - cpu0) / 1e9;
                walls[i] = r.wallSeconds();
            }
            Arrays.sort(walls);
            Arrays.sort(cpus);
            Row row = new Row(labels[k], r.simulatedSeconds(), walls[repeat / 2], cpus[repeat / 2], r.events());
            ObjectNode n = array.addObject();
            n.put("scenario", row.label());
            JsonReport.num(n, "simulated_seconds", row.simulatedSeconds());
            JsonReport.num(n, "wall_seconds", row.wallSeconds());
            JsonReport.num(n, "cpu_seconds", row.cpuSeconds());
            n.put("events", row.events());
            JsonReport.num(n, "events_per_second", row.events() / row.wallSeconds());
            if (!json) {
                out.printf(Locale.ROOT, "%-36s %7.0fs simulated in %7.3fs wall, %7.3fs CPU (this thread); %,d events, %,.0f events/s%n",
                        row.label(), row.simulatedSeconds(), row.wallSeconds(), row.cpuSeconds(), row.events(),
                        row.events() / row.wallSeconds());
                out.flush();
            }
        }
    }
}
