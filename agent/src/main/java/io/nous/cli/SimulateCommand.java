package io.nous.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.nous.codegen.Contract;
import io.nous.codegen.isolate.WorkerPool;
import io.nous.codegen.plug.PlugPoints;
import io.nous.observe.ObservationPlan;
import io.nous.observe.ObservedRequest;
import io.nous.observe.PlannedRequest;
import io.nous.observe.RequestsFile;
import io.nous.observe.RequestsHeader;
import io.nous.observe.SimulatedRequests;
import io.nous.policy.PolicyRegistry;
import io.nous.report.ComparisonReport;
import io.nous.report.JsonReport;
import io.nous.report.TableReport;
import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.routing.RoutingConfig;
import io.nous.sim.spi.PlugPoint;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code nous simulate}: one scenario under one policy (a table or a JSON object), or under several
 * policies on the same arrivals (a side-by-side comparison or a JSON array).
 */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = "Simulate an llm-d cluster (EPP with flow control + vLLM pods) under one policy.")
public final class SimulateCommand implements Callable<Integer> {

    @Mixin
    ScenarioOptions scenario;

    @Mixin
    PoolOptions pool;

    @Option(names = "--policy", paramLabel = "NAME[:k=v,...]", defaultValue = PolicyRegistry.BASELINE,
            description = "Usage-limit policy (default: ${DEFAULT-VALUE}); see 'nous policies'. Repeat to compare "
                    + "policies on the same arrivals; the first is the reference.")
    List<String> policies;

    @Option(names = "--admission", paramLabel = "NAME[:k=v,...]", defaultValue = "none",
            description = "Admission: none, legacy (flow control off, shed sheddable at s >= 1) or an admission policy such as probabilistic-admitter.")
    String admission;

    @Option(names = "--scorer", paramLabel = "NAME|FILE.java", description = "Score endpoints with this routing scorer (a built-in, "
            + "see 'nous policies', or a .java RoutingScorer) in place of the router config's scorers, after its filters.")
    String scorer;

    @Option(names = "--plug", paramLabel = "POINT=REF|FILE.java", description = "A policy at any registered plug point, by its id "
            + "(saturation, routing, ordering, fairness, eviction, or one a plugin jar adds): a built-in name or a .java file implementing that plug point's "
            + "interface. Repeatable; --scorer and --detector are the same for routing and saturation.")
    List<String> plugs = new ArrayList<>();

    @Option(names = "--json", description = "Print one JSON object instead of a table.")
    boolean json;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write the run as one self-contained HTML page (with the pool "
            + "size over the run for --autoscale).")
    java.nio.file.Path html;

    @Option(names = "--requests", paramLabel = "FILE.jsonl",
            description = "Also write every request's outcome and times (one policy only), to compare with 'nous observe' of the same arrivals.")
    java.nio.file.Path requestsFile;

    @Option(names = "--simulation-only",
            description = "Accept .java policies the router could not run (e.g. more state than one counter), for study in the simulator.")
    boolean simulationOnly;

    private Contract contract() {
        return simulationOnly ? Contract.SIMULATION_ONLY : Contract.ROUTER;
    }

    @Option(names = "--isolate", description = "Simulate .java candidates in a separate worker JVM (bounded heap, killed on timeout).")
    boolean isolate;

    @Option(names = "--worker-heap", paramLabel = "SIZE", defaultValue = "512m", description = "Worker JVM heap with --isolate (default: ${DEFAULT-VALUE}).")
    String workerHeap;

    @Option(names = "--worker-timeout", paramLabel = "SECONDS", defaultValue = "600",
            description = "Longest one isolated simulation may take (default: ${DEFAULT-VALUE}).")
    double workerTimeout;

    @Spec
    CommandSpec spec;

    /** The plug points this run fills beyond usage limit and admission: the config's or --scorer's scorer, --detector, every --plug. */
    private Map<PlugPoint<?>, String> plugged(String scorerRef) {
        Map<PlugPoint<?>, String> m = Simulations.plugged(scorerRef, scenario.cluster.detectorPolicy());
        if (pool.autoscale != null) {
            m.put(PlugPoint.SCALING, pool.autoscale.strip());
        }
        for (String p : plugs) {
            int eq = p.indexOf('=');
            PlugPoint<?> point = eq <= 0 ? null : PlugPoints.byId(p.substring(0, eq).strip());
            if (point == null) {
                throw new UserError("--plug " + p + ": expected POINT=REF|FILE.java with POINT one of "
                        + String.join(", ", PlugPoints.all().stream().map(d -> d.point().id()).toList()));
            }
            if (point == PlugPoint.SCALING) {
                throw new UserError("--plug " + p + ": give the scaling policy with --autoscale, which also makes the pool autoscaled");
            }
            if (point == PlugPoint.PD_DECIDER && !scenario.cluster.runsPdDecider()) {
                throw new UserError("--plug " + p + ": a P/D decider decides between prefill and decode pods; give the pool prefill pods and "
                        + "a P/D router config (--deployment pd-2p2d, or --prefill-pods N --epp-config pd)");
            }
            if (point == PlugPoint.USAGE_LIMIT || point == PlugPoint.ADMISSION) {
                throw new UserError("--plug " + p + ": give the " + point.id() + " policy with --" + (point == PlugPoint.USAGE_LIMIT ? "policy"
                        : "admission"));
            }
            if (point == PlugPoint.EVICTION && !scenario.cluster.eviction && scenario.cluster.eppConfigs.isEmpty()) {
                throw new UserError("--plug " + p + ": in-flight eviction is off, so no eviction policy would run; add --eviction "
                        + "(or an --epp-config with flowControl.enableEviction: true)");
            }
            if (m.putIfAbsent(point, p.substring(eq + 1).strip()) != null) {
                throw new UserError("--plug " + p + ": the " + point.id() + " plug point is already filled (by --scorer, --detector or "
                        + "another --plug)");
            }
        }
        return m;
    }

    /** What one router config runs, as this command's references: its usage-limit policy, its admitter and its scorer. */
    private record Deployed(String policy, String admission, String scorer) {
    }

    private boolean given(String option) {
        return spec.commandLine().getParseResult() != null && spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    /**
     * The policies {@code c} configures (flowControl.usageLimitPolicyPluginRef, its admitter, an exported
     * scorer), each unless a flag names one: so a config simulates as the router would run it, and a
     * flag overrides it for a what-if.
     */
    private Deployed deployed(RoutingConfig c) {
        ExportedPlugins exported = scenario.cluster.exportedPlugins(c);
        String policy = policies.get(0);
        RoutingConfig.PolicyPlugin u = c.usageLimitPolicy();
        if (u != null) {
            String configured = u.exported() ? exported.source(u.type()).toString() : u.reference();
            if (!given("--policy")) {
                policy = configured;
            } else if (!policies.contains(configured)) {
                spec.commandLine().getErr().println("nous: --policy replaces " + c.name() + "'s usageLimitPolicyPluginRef (" + u.type() + ")");
            }
        }
        String admitter = admission;
        List<RoutingConfig.PolicyPlugin> admitters = c.admitters();
        if (!given("--admission") && !admitters.isEmpty()) {
            if (admitters.size() > 1) {
                throw new UserError(c.name() + " configures " + admitters.size() + " admitters (" + String.join(", ",
                        admitters.stream().map(RoutingConfig.PolicyPlugin::type).toList()) + "); Nous simulates one");
            }
            RoutingConfig.PolicyPlugin a = admitters.get(0);
            admitter = a.exported() ? exported.source(a.type()).toString() : a.reference();
        }
        String scoredBy = scorer;
        List<String> exportedScorers = c.exportedScorers();
        if (!given("--scorer") && !exportedScorers.isEmpty()) {
            if (c.scorers().size() != 1) {
                throw new UserError(c.name() + ": the exported scorer " + exportedScorers.get(0) + " is simulated as its profile's only "
                        + "scorer, as it was measured; this profile has " + c.scorers().size());
            }
            scoredBy = exported.source(exportedScorers.get(0)).toString();
        }
        return new Deployed(policy, admitter, scoredBy);
    }

    /**
     * A run in which no request arrived in the measured window has no metric to report: every
     * latency would be null and every rate zero, which reads as a result. It is refused instead.
     */
    static void refuseEmpty(Scenario s, SimulationResult r) {
        long arrived = r.classes().values().stream().mapToLong(io.nous.sim.metrics.ClassSummary::arrived).sum();
        if (arrived > 0) {
            return;
        }
        double window = s.durationSeconds() - s.warmupSeconds();
        throw new UserError(String.format(Locale.ROOT, "no request arrived in the measured window (%s s after a %s s warm-up; "
                        + "%s requests/s would send %.3g there): nothing was measured; raise the rate or the duration",
                JsonReport.decimal(window).toPlainString(), JsonReport.decimal(s.warmupSeconds()).toPlainString(),
                JsonReport.decimal(s.qps()).toPlainString(), s.qps() * window));
    }

    @Override
    public Integer call() {
        scenario.cluster.severalRoutings = true;
        scenario.cluster.acceptsDetectorPolicy = true;
        if (scenario.cluster.eppConfigs.size() > 1 && (requestsFile != null || isolate)) {
            throw new UserError("--requests and --isolate run one router config: give one --epp-config");
        }
        if (scorer != null && requestsFile != null) {
            throw new UserError("--requests writes the router config's own routing: drop --scorer");
        }
        Scenario s = pool.apply(scenario.toScenario());
        scenario.cluster.notes.forEach(n -> spec.commandLine().getErr().println("nous: warning: " + n));
        if (!scenario.skippedRows.isEmpty()) {
            spec.commandLine().getErr().println("nous: skipped " + scenario.skippedRows.size() + " trace row(s) that are malformed or do not fit the model; first: "
                    + scenario.skippedRows.get(0));
        }
        List<SimulationResult> results = new ArrayList<>();
        List<RoutingConfig> configs = scenario.cluster.routings();
        Deployed first = deployed(configs.get(0));
        List<String> policyRefs = given("--policy") ? policies : List.of(first.policy());
        if (requestsFile != null) {
            if (policies.size() != 1 || isolate) {
                throw new UserError("--requests writes one policy's requests, in process: give one --policy and no --isolate");
            }
            ClusterSimulation sim = Simulations.prepare(s, policyRefs.get(0), first.admission(), contract(),
                    plugged(first.scorer()));
            java.util.List<PlannedRequest> plan = ObservationPlan.of(s);
            SimulationResult result = sim.recordRequests().run();
            java.util.List<ObservedRequest> requests = SimulatedRequests.fromLog(plan, sim.requestLog());
            RequestsHeader h = new RequestsHeader(RequestsHeader.FORMAT, "simulated",
                    s.workload().name(), s.qps(), s.seed(), s.durationSeconds(), s.warmupSeconds(),
                    ObservationPlan.classes(s, c -> c), null, null, null, s.profile().name(), policyRefs.get(0), null);
            RequestsFile.write(requestsFile, h, requests);
            results.add(result);
        } else if (isolate) {
            if (!(workerTimeout > 0) || Double.isInfinite(workerTimeout)) {
                throw new UserError("--worker-timeout must be a positive number of seconds, got " + workerTimeout);
            }
            WorkerPool.Options options;
            try {
                options = new WorkerPool.Options(1, workerHeap, Duration.ofMillis(Math.round(workerTimeout * 1000)));
            } catch (IllegalArgumentException e) {
                throw new UserError("--worker-heap: " + e.getMessage());
            }
            results.addAll(Simulations.runIsolated(s, policyRefs, first.admission(), options, contract(),
                    plugged(first.scorer())));
        } else {
            List<RoutingConfig> routings = configs;
            if (routings.size() > 1 && policies.size() > 1) {
                throw new UserError("compare several --policy or several --epp-config, not both at once");
            }
            List<ClusterSimulation> runs = new ArrayList<>();
            for (String p : policyRefs) {
                // validate every reference before running any
                runs.add(Simulations.prepare(s, p, first.admission(), contract(), plugged(first.scorer())));
            }
            for (int i = 1; i < routings.size(); i++) {
                Deployed d = deployed(routings.get(i));
                runs.add(Simulations.prepare(scenario.cluster.withRouting(s, routings.get(i)), given("--policy") ? policies.get(0) : d.policy(),
                        d.admission(), contract(), plugged(d.scorer())));
            }
            for (ClusterSimulation run : runs) {
                results.add(run.run());
            }
        }
        refuseEmpty(s, results.get(0));
        PrintWriter out = spec.commandLine().getOut();
        if (html != null) {
            if (results.size() > 1) {
                throw new UserError("--html writes one run: give one --policy and one --epp-config");
            }
            try {
                java.nio.file.Files.writeString(html, io.nous.report.SimulationHtml.render(results.get(0).withWallSeconds(0)));
            } catch (java.io.IOException e) {
                throw new UserError("cannot write --html " + html + ": " + e.getMessage());
            }
        }
        if (json) {
            if (results.size() == 1) {
                out.println(JsonReport.render(results.get(0)));
            } else {
                ArrayNode all = new ObjectMapper().createArrayNode();
                results.forEach(r -> all.add(JsonReport.toJson(r)));
                out.println(JsonReport.write(all));
            }
        } else if (results.size() == 1) {
            out.print(TableReport.render(results.get(0)));
        } else {
            out.print(ComparisonReport.render(results));
        }
        out.flush();
        return 0;
    }
}
