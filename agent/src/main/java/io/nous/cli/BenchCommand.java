package io.nous.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.report.JsonReport;
import io.nous.sim.Scenario;
import io.nous.sim.StudyGrid;
import io.nous.sim.epp.RouterRelease;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.pod.InferenceSimConfig;
import io.nous.sim.routing.RoutingConfig;
import io.nous.sim.workload.WorkloadCatalog;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code nous bench}: measures the simulator's speed on the standard scenarios, one thread. Each
 * scenario is run untimed for {@code --warmup} seconds to warm the JIT, then {@code --repeat} times; the median wall time is
 * reported. The untimed first run draws the scenario's arrivals, which the timed runs play back from
 * the shared tape ({@code ArrivalTape}), as every simulation of an evaluation but the first does.
 * This is a measurement, not a test: it prints numbers and never fails on them.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Measure simulated seconds per wall second on the standard scenarios (single thread).")
public final class BenchCommand implements Callable<Integer> {

    /** The prefix-heavy preset the bench runs after the standard scenarios. */
    static final String PREFIX_HEAVY = "system-prompts";
    static final String LAB = "lab-16-tenants";
    /** Wall seconds of lab-cell runs averaged into one sample of {@code --repeat}. */
    static final double LAB_SAMPLE_SECONDS = 0.25;

    @Option(names = "--duration", paramLabel = "SECONDS", defaultValue = "600", description = "Simulated seconds per scenario (default: ${DEFAULT-VALUE}).")
    double duration;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "3", description = "Timed runs per scenario; the median counts (default: ${DEFAULT-VALUE}).")
    int repeat;

    @Option(names = "--warmup", paramLabel = "SECONDS",
            description = "Untimed runs of each scenario (with --evaluator: evaluations) first, for at least this much wall time "
                    + "(at least one; default: 1, with --evaluator " + EvaluatorBench.DEFAULT_WARMUP_SECONDS + ").")
    Double warmupOption;

    /** The warm-up asked for, or the mode's default. */
    double warmup;

    @Option(names = "--policy", paramLabel = "NAME", defaultValue = "static-usage-limit", description = "Usage-limit policy (default: ${DEFAULT-VALUE}).")
    String policy;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--router-version", paramLabel = "VERSION", defaultValue = "v0.9",
            description = "Router release of the standard scenarios (default: ${DEFAULT-VALUE}, the study's, as the study grid runs).")
    String routerVersion;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Option(names = "--large", description = "Also measure the large scenarios: an hour of coding agents on 16 pods (CPU seconds) and "
            + "interactive chat on 64 pods (events per second).")
    boolean large;

    @Option(names = "--codegen", description = "Instead, measure candidate verification + compilation time and the guard's overhead.")
    boolean codegen;

    @picocli.CommandLine.Mixin
    SandboxOptions sandboxOptions;

    @picocli.CommandLine.Mixin
    ExecutorOptions executorOptions;

    @Option(names = "--evaluator", description = "Instead, measure candidate evaluations per minute on the full default matrix.")
    boolean evaluator;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (!(duration > 0) || Double.isInfinite(duration)) {
            throw new UserError("--duration must be a positive number of seconds, got " + duration);
        }
        warmup = warmupOption != null ? warmupOption : evaluator ? EvaluatorBench.DEFAULT_WARMUP_SECONDS : 1;
        if (!(warmup >= 0) || Double.isInfinite(warmup)) {
            throw new UserError("--warmup must be a number of seconds, 0 or more, got " + warmup);
        }
        if (repeat < 1) {
            throw new UserError("--repeat must be at least 1, got " + repeat);
        }
        if (!evaluator && !executorOptions.local()) {
            throw new UserError("--executor is for --evaluator: the other benchmarks measure this machine");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (codegen) {
            CodegenBench.run(out, duration, repeat, json);
            return 0;
        }
        if (evaluator) {
            EvaluatorBench.run(out, repeat, warmup, json, sandboxOptions, executorOptions);
            return 0;
        }
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("policy", policy);
        JsonReport.num(root, "duration_seconds", duration);
        root.put("repeat", repeat);
        root.put("threads", 1);
        ArrayNode rows = root.putArray("scenarios");
        double totalSim = 0;
        double totalWall = 0;
        long totalEvents = 0;
        double minSpeedup = Double.POSITIVE_INFINITY;
        double prefixHeavySpeedup = Double.NaN;
        if (!json) {
            out.printf(Locale.ROOT, "%-22s %10s %9s %12s %12s %13s%n", "scenario", "simulated", "wall", "speed-up", "events", "events/s");
        }
        RouterRelease router;
        try {
            router = RouterRelease.byName(routerVersion);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        List<StudyGrid.Point> points = new ArrayList<>(StudyGrid.points());
        // prefix-heavy: 16 tenants' 3,800-token system prompts on 8 pods, where the prefix cache does most of the work
        points.add(new StudyGrid.Point(WorkloadCatalog.builtin().workload(PREFIX_HEAVY), 40));
        for (StudyGrid.Point p : points) {
            Scenario s = Scenario.builder(p.workload()).qps(p.qps()).seed(seed).durationSeconds(duration).routerRelease(router).build();
            warmUp(() -> Simulations.prepare(s, policy, "none").run());
            double[] walls = new double[repeat];
            SimulationResult r = null;
            for (int i = 0; i < repeat; i++) {
                r = Simulations.prepare(s, policy, "none").run();
                walls[i] = r.wallSeconds();
            }
            Arrays.sort(walls);
            double wall = walls[repeat / 2];
            double speedup = r.simulatedSeconds() / wall;
            totalSim += r.simulatedSeconds();
            totalWall += wall;
            boolean standard = !p.workload().name().equals(PREFIX_HEAVY);
            if (standard) {
                minSpeedup = Math.min(minSpeedup, speedup);
            } else {
                prefixHeavySpeedup = speedup;
            }
            totalEvents += r.events();
            ObjectNode row = rows.addObject();
            row.put("scenario", p.label());
            JsonReport.num(row, "simulated_seconds", r.simulatedSeconds());
            JsonReport.num(row, "wall_seconds", wall);
            JsonReport.num(row, "speedup", speedup);
            row.put("events", r.events());
            JsonReport.num(row, "events_per_second", r.events() / wall);
            if (!json) {
                out.printf(Locale.ROOT, "%-22s %9.0fs %8.3fs %11.0fx %12d %13.0f%n", p.label(), r.simulatedSeconds(), wall,
                        speedup, r.events(), r.events() / wall);
                out.flush();
            }
        }
        // one cell of the routing lab: 320 closed-loop requests of 16 tenants on 8 llm-d-inference-sim pods behind the router
        Scenario lab = Scenario.builder(WorkloadCatalog.builtin().workload(LAB)).qps(1).seed(seed).pods(8)
                .inferenceSim(InferenceSimConfig.byNameOrFile("lab-inference-sim")).routing(RoutingConfig.byNameOrFile("lab-defaults"))
                .flowControl(false).build();
        warmUp(() -> Simulations.prepare(lab, policy, "none").run());
        // a run takes a millisecond or two, shorter than the noise of this kind of machine: each sample is the
        // mean of the runs that fill LAB_SAMPLE_SECONDS
        double[] labWalls = new double[repeat];
        double labSimulated = 0;
        for (int i = 0; i < repeat; i++) {
            double sum = 0;
            int runs = 0;
            while (sum < LAB_SAMPLE_SECONDS) {
                SimulationResult r = Simulations.prepare(lab, policy, "none").run();
                sum += r.wallSeconds();
                runs++;
                labSimulated = r.simulatedSeconds();
            }
            labWalls[i] = sum / runs;
        }
        Arrays.sort(labWalls);
        double labWall = labWalls[repeat / 2];

        ObjectNode overall = root.putObject("overall");
        JsonReport.num(overall, "simulated_seconds", totalSim);
        JsonReport.num(overall, "wall_seconds", totalWall);
        JsonReport.num(overall, "speedup", totalSim / totalWall);
        JsonReport.num(overall, "min_speedup", minSpeedup);
        JsonReport.num(overall, "prefix_heavy_speedup", prefixHeavySpeedup);
        JsonReport.num(overall, "lab_16_tenants_wall_seconds", labWall);
        JsonReport.num(overall, "lab_16_tenants_simulated_seconds", labSimulated);
        JsonReport.num(overall, "lab_16_tenants_speedup", labSimulated / labWall);
        JsonReport.num(overall, "events_per_second", totalEvents / totalWall);
        if (large && json) {
            LargeBench.run(policy, seed, repeat, out, true, root);
        }
        if (json) {
            out.println(JsonReport.write(root));
        } else {
            out.printf(Locale.ROOT, "%-22s %9.0fs %8.3fs %11.0fx %12d %13.0f%n", "overall", totalSim, totalWall, totalSim / totalWall,
                    totalEvents, totalEvents / totalWall);
            out.printf(Locale.ROOT, "slowest standard scenario: %.0fx real time; prefix-heavy (%s@40): %.0fx%n", minSpeedup,
                    PREFIX_HEAVY, prefixHeavySpeedup);
            out.printf(Locale.ROOT, "routing lab cell (%s, lab-defaults, 8 inference-sim pods): %.0fs simulated in %.4fs wall, %.0fx%n", LAB,
                    labSimulated, labWall, labSimulated / labWall);
            if (large) {
                LargeBench.run(policy, seed, repeat, out, false, root);
            }
        }
        out.flush();
        return 0;
    }

    /**
     * Runs a scenario untimed until {@code --warmup} seconds of wall time have passed (once at least):
     * on 2 cores the JIT is still compiling the later scenarios' paths (prefix caching, routing) after
     * one run, and a median over runs that are still being compiled measures the compiler.
     */
    private void warmUp(Runnable run) {
        long until = System.nanoTime() + Math.round(warmup * 1e9);
        do {
            run.run();
        } while (System.nanoTime() < until);
    }
}
