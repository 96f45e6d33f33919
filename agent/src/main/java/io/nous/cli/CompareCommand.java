package io.nous.cli;

import io.nous.observe.Comparison;
import io.nous.observe.ComparisonHtml;
import io.nous.observe.ComparisonJson;
import io.nous.observe.ComparisonTable;
import io.nous.observe.ObservedRequest;
import io.nous.observe.RequestsFile;
import io.nous.observe.RequestsHeader;
import io.nous.observe.SimulatedRequests;
import io.nous.policy.PolicyRegistry;
import io.nous.report.JsonReport;
import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code nous compare}: how far the simulator is from a real endpoint on the same arrivals. Given
 * two requests files (from {@code observe} and {@code simulate --requests}) it compares them;
 * given an observation alone it simulates the observed arrivals itself — each request when it was
 * actually sent, with the lengths the server processed — on the cluster the options describe.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Compare the simulator with an observation of the same arrivals: per-class errors of TTFT, E2E, ITL, "
                + "throughput and drops, and per-request MAPE and Pearson r.")
public final class CompareCommand implements Callable<Integer> {

    @Parameters(arity = "0..2", paramLabel = "FILE",
            description = "OBSERVED [SIMULATED] requests files (from 'nous observe' and 'nous simulate --requests').")
    List<Path> files = new ArrayList<>();

    @Option(names = "--observed", paramLabel = "FILE", description = "The observation; the simulation of its arrivals is run here.")
    Path observedOption;

    @Mixin
    ClusterOptions cluster;

    @Option(names = "--policy", paramLabel = "NAME[:k=v,...]", defaultValue = PolicyRegistry.BASELINE,
            description = "Usage-limit policy the simulated router runs (default: ${DEFAULT-VALUE}).")
    String policy;

    @Option(names = "--admission", paramLabel = "NAME[:k=v,...]", defaultValue = "none",
            description = "Admission the simulated router runs: none, legacy or an admission policy (default: ${DEFAULT-VALUE}).")
    String admission;

    @Option(names = "--simulated-out", paramLabel = "FILE.jsonl", description = "Also write the simulated requests here.")
    Path simulatedOut;

    @Option(names = "--json", description = "Print the comparison as JSON instead of a table.")
    boolean json;

    @Option(names = "--html", paramLabel = "FILE.html", description = "Also write an HTML page with the table and charts.")
    Path html;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        List<Path> all = new ArrayList<>(files);
        if (observedOption != null) {
            all.add(0, observedOption);
        }
        if (all.isEmpty() || all.size() > 2) {
            throw new UserError("give the observation (FILE or --observed FILE) and, optionally, a simulated requests file");
        }
        RequestsFile.Contents observed = RequestsFile.read(all.get(0));
        if (!observed.header().source().equals("observed")) {
            throw new UserError(all.get(0) + " is a " + observed.header().source() + " run; the first file must be an observation from 'nous observe'");
        }
        PrintWriter out = spec.commandLine().getOut();
        RequestsFile.Contents simulated;
        if (all.size() == 2) {
            simulated = RequestsFile.read(all.get(1));
            sameArrivals(observed.header(), simulated.header(), all.get(1));
        } else {
            simulated = simulate(observed, out);
            if (simulatedOut != null) {
                RequestsFile.write(simulatedOut, simulated.header(), simulated.requests());
            }
        }
        Comparison c = Comparison.of(observed, simulated);
        if (c.pairedRequests() == 0) {
            throw new UserError("no request completed in both runs inside the measurement window; nothing to compare");
        }
        if (json) {
            out.println(JsonReport.write(ComparisonJson.of(c, observed.header(), simulated.header())));
        } else {
            out.print(ComparisonTable.render(c));
        }
        if (html != null) {
            try {
                Path dir = html.toAbsolutePath().getParent();
                Files.createDirectories(dir);
                Files.writeString(html, ComparisonHtml.render(c, observed, simulated), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UserError("cannot write " + html + ": " + e.getMessage());
            }
            if (!json) {
                out.println("html: " + html);
            }
        }
        out.flush();
        return ExitCodes.OK;
    }

    private RequestsFile.Contents simulate(RequestsFile.Contents observed, PrintWriter out) {
        SimulatedRequests.Replay replay = SimulatedRequests.replayOf(observed);
        RequestsHeader h = observed.header();
        Scenario s = cluster.toScenario(new ArrivalOptions.Resolved(replay.replay().workload(), replay.replay().qps(), h.seed(),
                replay.replay().durationSeconds(), null, replay.replay(), List.of()));
        ClusterSimulation sim = Simulations.prepare(s, policy, admission);
        if (!json) {
            out.printf(Locale.ROOT, "simulating the %d observed requests: %d pods, profile %s, policy %s, admission %s%n",
                    replay.observedIds().length, s.pods(), s.profile().name(), policy, admission);
        }
        List<ObservedRequest> requests = SimulatedRequests.simulateObserved(observed, replay, sim);
        RequestsHeader simHeader = new RequestsHeader(RequestsHeader.FORMAT, "simulated", h.workload(), h.qps(), h.seed(), h.durationSeconds(),
                h.warmupSeconds(), h.classes(), null, null, null, s.profile().name(), policy, null);
        return new RequestsFile.Contents(simHeader, requests);
    }

    private static void sameArrivals(RequestsHeader o, RequestsHeader s, Path file) {
        if (!o.workload().equals(s.workload()) || o.seed() != s.seed() || Math.abs(o.qps() - s.qps()) > 1e-9 * Math.max(1, o.qps())) {
            throw new UserError(file + " is not a run of the same arrivals (" + s.workload() + " at " + s.qps() + " qps, seed " + s.seed()
                    + "; the observation is " + o.workload() + " at " + o.qps() + " qps, seed " + o.seed()
                    + "); simulate with the observation's options, or use --observed to simulate it here");
        }
    }
}
