package io.nous.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.policy.PolicyRegistry;
import io.nous.report.JsonReport;
import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.metrics.ClassSummary;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.workload.trace.TraceReplay;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code nous capacity}: the arrival rate at which a cluster saturates for a workload, found by
 * binary search on the simulator with the baseline policy. A load is saturated when the flow
 * controller sees saturation >= 1 more than {@value #SATURATED_SHARE} of the time, or more than
 * {@value #DROP_RATE} of requests are dropped (a rate, not "any drop", so that the answer does not
 * drift down as the window grows). For a trace the rate scale is searched and reported as the
 * trace's rate at that scale.
 */
@Command(name = "capacity", mixinStandardHelpOptions = true, description = "Find the QPS at which the cluster saturates for a workload.")
public final class CapacityCommand implements Callable<Integer> {
    static final double SATURATED_SHARE = 0.10;
    static final double DROP_RATE = 0.005;

    @Mixin
    ScenarioOptions scenario;

    @Option(names = "--precision", defaultValue = "0.01", paramLabel = "R", description = "Relative width of the final bracket (default: ${DEFAULT-VALUE}).")
    double precision;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Spec
    CommandSpec spec;

    private record Probe(double qps, boolean saturated, double satShare, long dropped) {
    }

    @Override
    public Integer call() {
        if (!(precision > 0 && precision < 1)) {
            throw new UserError("--precision must be in (0, 1), got " + precision);
        }
        boolean trace = scenario.arrivals.trace != null;
        if (!trace && scenario.arrivals.qps == null) {
            scenario.arrivals.qps = 1.0; // a starting point for the search, not a measurement
        }
        Scenario base = scenario.toScenario();
        scenario.cluster.notes.forEach(n -> spec.commandLine().getErr().println("nous: warning: " + n));
        if (!base.workload().clients().isEmpty() && base.workload().clients().stream().allMatch(c -> c.closedLoop())) {
            throw new UserError("workload '" + base.workload().name() + "' is sent by closed-loop users, not at a rate: there is no rate "
                    + "to search; run it with 'nous simulate'");
        }
        boolean durationGiven = spec.commandLine().getParseResult().hasMatchedOption("--duration");
        if (!trace && !durationGiven) {
            // Long-lived requests need a long window to reach steady state: at least 15 mean
            // lifetimes, taking ~25 ms per output token (a typical decode step under load).
            double lifetime = base.workload().output().mean() * 0.025;
            double seconds = Math.max(base.durationSeconds(), 15 * lifetime);
            base = base.toBuilder().durationSeconds(seconds).warmupSeconds(0.2 * seconds).build();
        }
        List<Probe> probes = new ArrayList<>();
        double baseRate = base.qps();
        // Expand upwards from the base rate until saturated, then bisect.
        double lo = 0;
        double hi = baseRate;
        Probe p = probe(base, hi, trace);
        probes.add(p);
        while (!p.saturated()) {
            lo = hi;
            hi *= 2;
            if (probes.size() > 30) {
                throw new UserError("no saturation found up to " + hi + " qps");
            }
            p = probe(base, hi, trace);
            probes.add(p);
        }
        if (lo == 0) {
            lo = hi / 1024;
            p = probe(base, lo, trace);
            probes.add(p);
            while (p.saturated()) {
                hi = lo;
                lo /= 2;
                p = probe(base, lo, trace);
                probes.add(p);
            }
        }
        while ((hi - lo) / hi > precision) {
            double mid = (lo + hi) / 2;
            p = probe(base, mid, trace);
            probes.add(p);
            if (p.saturated()) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectNode o = new ObjectMapper().createObjectNode();
            o.put("workload", base.workload().name());
            o.put("pods", base.pods());
            o.put("cost_profile", base.profile().name());
            JsonReport.num(o, "window_seconds", base.durationSeconds());
            JsonReport.num(o, "capacity_qps", lo);
            JsonReport.num(o, "saturated_at_qps", hi);
            o.put("criterion", "saturation >= 1 more than " + (int) (100 * SATURATED_SHARE) + "% of the time, or more than "
                    + 100 * DROP_RATE + "% of requests dropped");
            ArrayNode arr = o.putArray("probes");
            for (Probe x : probes) {
                ObjectNode n = arr.addObject();
                JsonReport.num(n, "qps", x.qps());
                n.put("saturated", x.saturated());
                JsonReport.num(n, "share_at_least_one", x.satShare());
                n.put("dropped", x.dropped());
            }
            out.println(JsonReport.write(o));
        } else {
            for (Probe x : probes) {
                out.printf(Locale.ROOT, "  %10.3f qps  %-10s saturation >= 1 for %3.0f%% of the time, %d dropped%n", x.qps(),
                        x.saturated() ? "saturated" : "ok", 100 * x.satShare(), x.dropped());
            }
            out.printf(Locale.ROOT, "%s on %d pods (%s, %.0f s windows): capacity %.3f qps (saturated at %.3f)%n", base.workload().name(),
                    base.pods(), base.profile().name(), base.durationSeconds(), lo, hi);
        }
        out.flush();
        return 0;
    }

    private static Probe probe(Scenario base, double qps, boolean trace) {
        Scenario s;
        if (trace) {
            TraceReplay t = base.trace();
            double scale = t.rateScale() * qps / base.qps();
            TraceReplay scaled = new TraceReplay(t.trace(), scale, t.criticalFraction(), t.startSeconds(), t.endSeconds());
            s = base.toBuilder().trace(scaled).qps(scaled.qps()).durationSeconds(scaled.durationSeconds())
                    .warmupSeconds(0.2 * scaled.durationSeconds()).build();
        } else {
            s = base.toBuilder().qps(qps).build();
        }
        SimulationResult r = new ClusterSimulation(s, PolicyRegistry.builtin().usageLimit("static-usage-limit"), "static-usage-limit",
                null, null).run();
        long dropped = r.classes().values().stream().mapToLong(ClassSummary::dropped).sum();
        long arrived = r.classes().values().stream().mapToLong(ClassSummary::arrived).sum();
        double share = r.saturation().shareAtLeastOne();
        return new Probe(qps, share > SATURATED_SHARE || dropped > DROP_RATE * Math.max(1, arrived), share, dropped);
    }
}
