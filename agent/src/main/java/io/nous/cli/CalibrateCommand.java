package io.nous.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.nous.observe.Comparison;
import io.nous.observe.FitJudgement;
import io.nous.observe.ObservedFit;
import io.nous.observe.RequestsFile;
import io.nous.observe.SimulatedRequests;
import io.nous.policy.PolicyRegistry;
import io.nous.report.JsonReport;
import io.nous.sim.Scenario;
import io.nous.sim.config.StrictYaml;
import io.nous.sim.cost.CostCatalog;
import io.nous.sim.cost.CostProfile;
import io.nous.sim.cost.HardwareSpec;
import io.nous.sim.cost.ModelSpec;
import io.nous.sim.cost.ProfileException;
import io.nous.sim.cost.ProfileWriter;
import io.nous.sim.cost.fit.FitException;
import io.nous.sim.cost.fit.LinearStepFit;
import io.nous.sim.cost.fit.MeasuredStep;
import io.nous.sim.cost.fit.RooflineStepFit;
import io.nous.sim.cost.fit.StepFit;
import io.nous.sim.cost.fit.StepTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.commons.math3.stat.regression.SimpleRegression;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code nous calibrate}: fits a cost model to your measurements and writes a profile file that
 * {@code --profile FILE.yaml} accepts everywhere.
 * <ul>
 *   <li>{@code --steps FILE.csv}: measured engine steps. {@code --model linear} (default) fits
 *       step = β0 + β1·prefill tokens + β2·decode sequences by least squares, plus β3·decode KV tokens
 *       and β4·prefill attention work when the file has {@code context_tokens} (and, if present,
 *       {@code prefill_context_tokens}); {@code --model roofline} fits the roofline model's
 *       efficiencies and overheads by Levenberg–Marquardt, keeping the hardware and model geometry
 *       ({@code --hardware}, {@code --model-name}) and the shape of the base profile's GEMM curve.
 *       Every row's residual is reported.</li>
 *   <li>{@code --benchmarks FILE.yaml}: benchmark summaries (prompt tokens per second at given
 *       prompt lengths give β1; inter-token latency at given batch sizes gives β0 and β2).</li>
 * </ul>
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true, description = "Fit a cost profile to measured steps or benchmark summaries.")
public final class CalibrateCommand implements Callable<Integer> {
    /** Rows shown on the console; all of them go to --residuals. */
    static final int SHOWN_ROWS = 40;

    static final class Input {
        @Option(names = "--steps", paramLabel = "FILE.csv",
                description = "Measured steps: columns prefill_tokens, decode_seqs, step_us (or step_ms), optionally context_tokens and prefill_context_tokens.")
        Path steps;

        @Option(names = "--benchmarks", paramLabel = "FILE.yaml",
                description = "Benchmark summaries: prefill: [{prompt_tokens, tokens_per_s}], decode: [{batch, itl_ms}].")
        Path benchmarks;

        @Option(names = "--observed", paramLabel = "FILE.jsonl",
                description = "An observation from 'nous observe': fit the profile so that simulating its arrivals on the cluster the "
                        + "options describe reproduces each request's TTFT and ITL.")
        Path observed;
    }

    @picocli.CommandLine.Mixin
    ClusterOptions cluster;

    @Option(names = "--policy", paramLabel = "NAME[:k=v,...]", defaultValue = PolicyRegistry.BASELINE,
            description = "With --observed: the usage-limit policy the simulated router runs (default: ${DEFAULT-VALUE}).")
    String policy;

    @Option(names = "--held-out", paramLabel = "SHARE", defaultValue = "0.3",
            description = "With --observed: the latest share of requests kept out of the fit and used to report its errors (default: ${DEFAULT-VALUE}).")
    double heldOut;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Input input;

    @Option(names = "--model", defaultValue = "linear", paramLabel = "linear|roofline",
            description = "Which cost model to fit to --steps (default: ${DEFAULT-VALUE}).")
    String model;

    @Option(names = "--base", defaultValue = CostCatalog.DEFAULT_PROFILE, paramLabel = "PROFILE",
            description = "Profile whose hardware, model, KV size (and, for roofline, GEMM curve shape) the fit starts from (default: ${DEFAULT-VALUE}).")
    String base;

    @Option(names = "--hardware", paramLabel = "NAME", description = "The GPU that was measured, from 'nous profiles' (default: the base profile's).")
    String hardware;

    @Option(names = "--model-name", paramLabel = "NAME", description = "The model that was measured, e.g. qwen3-14b (default: the base profile's).")
    String modelName;

    @Option(names = "--kv-blocks", paramLabel = "N", description = "KV-cache blocks of the measured deployment (default: the base profile's).")
    Integer kvBlocks;

    @Option(names = "--name", defaultValue = "calibrated", paramLabel = "NAME", description = "Name of the fitted profile (default: ${DEFAULT-VALUE}).")
    String name;

    @Option(names = "--force", description = "With --observed: write the fitted profile even when it is worse than the one it started from.")
    boolean force;

    @Option(names = "--out", required = true, paramLabel = "FILE.yaml", description = "Where to write the profile file.")
    Path out;

    @Option(names = "--residuals", paramLabel = "FILE.csv", description = "Also write every row's measured and predicted time here.")
    Path residuals;

    @Spec
    CommandSpec spec;

    /** A fit from benchmark summaries: coefficients, quality lines, and how many observations. */
    record Fit(double beta0, double beta1, double beta2, List<String> quality, int n, String method) {
    }

    @Override
    public Integer call() {
        if (!model.equals("linear") && !model.equals("roofline")) {
            throw new UserError("--model must be linear or roofline, got '" + model + "'");
        }
        if (kvBlocks != null && kvBlocks < 1) {
            throw new UserError("--kv-blocks must be >= 1, got " + kvBlocks);
        }
        if (spec.commandLine().getParseResult().hasMatchedOption("--profile")) {
            throw new UserError("calibrate starts from --base PROFILE; --profile does not apply");
        }
        if (input.observed != null) {
            return calibrateObserved();
        }
        CostProfile b = ScenarioOptions.profile(base);
        String hwName = hardware != null ? hardware : b.hardware();
        String mName = modelName != null ? modelName : b.model();
        HardwareSpec hw;
        ModelSpec m;
        try {
            hw = hardware != null ? CostCatalog.builtin().hardware(hardware) : b.hardwareSpec();
            m = modelName != null ? CostCatalog.builtin().model(modelName) : b.modelSpec();
        } catch (ProfileException e) {
            throw new UserError(e.getMessage());
        }
        int blocks = kvBlocks != null ? kvBlocks : b.kvBlocks();
        PrintWriter o = spec.commandLine().getOut();
        CostProfile fitted;
        if (input.benchmarks != null) {
            if (model.equals("roofline")) {
                throw new UserError("--model roofline needs measured steps (--steps FILE.csv); benchmark summaries fit the linear model");
            }
            Fit fit = fitBenchmarks(input.benchmarks);
            checkPhysical(fit.beta0(), fit.beta1(), fit.beta2());
            fitted = linearProfile(b, hwName, hw, mName, m, blocks, new CostProfile.Linear(fit.beta0(), fit.beta1(), fit.beta2()),
                    fit.method() + "; " + String.join("; ", fit.quality()));
            o.printf(Locale.ROOT, "fitted from %d observations (%s):%n  step = %.1f us + %.3f us x prefill tokens + %.3f us x decode sequences%n",
                    fit.n(), fit.method(), fit.beta0(), fit.beta1(), fit.beta2());
            fit.quality().forEach(q -> o.println("  " + q));
        } else {
            StepTable.Steps steps;
            try {
                steps = StepTable.read(input.steps);
            } catch (FitException e) {
                throw new UserError(e.getMessage());
            }
            String origin = input.steps.getFileName().toString();
            StepFit fit;
            try {
                if (model.equals("linear")) {
                    fit = LinearStepFit.fit(steps.rows(), origin);
                    Map<String, Double> p = fit.parameters();
                    checkPhysical(p.get("beta0_us"), p.get("beta1_us_per_prefill_token"), p.get("beta2_us_per_decode_token"));
                    fitted = linearProfile(b, hwName, hw, mName, m, blocks, new CostProfile.Linear(p.get("beta0_us"),
                            p.get("beta1_us_per_prefill_token"), p.get("beta2_us_per_decode_token"),
                            nonNegative(p.get("beta3_us_per_decode_context_token"), "decode context"),
                            nonNegative(p.get("beta4_us_per_prefill_attention_work"), "prefill attention")), fit.method());
                } else {
                    CostProfile start = b.kind().equals("roofline") ? b : CostCatalog.builtin().profile(CostCatalog.DEFAULT_PROFILE);
                    start = start.on(hwName, hw, mName, m, blocks, name, start.description(), start.sources());
                    String curveFrom = b.kind().equals("roofline") ? b.name() : CostCatalog.DEFAULT_PROFILE;
                    RooflineStepFit.Result r = RooflineStepFit.fit(steps.rows(), start, name, origin, curveFrom);
                    fit = r.fit();
                    Map<String, String> src = new LinkedHashMap<>();
                    src.put("roofline", fit.method() + String.format(Locale.ROOT, "; R2 %.4f, max |residual| %.1f%%", fit.rSquared(),
                            100 * fit.maxRelativeError()));
                    src.put("kv_blocks", kvBlocks != null ? "--kv-blocks" : "from " + b.name());
                    fitted = r.profile().on(hwName, hw, mName, m, blocks, name,
                            "Roofline model fitted by nous calibrate to " + origin + " (" + hwName + ", " + mName + ").", src);
                }
            } catch (FitException e) {
                throw new UserError(e.getMessage());
            }
            report(o, fit);
            if (residuals != null) {
                writeResiduals(fit);
            }
        }
        try {
            Files.writeString(out, ProfileWriter.yaml(fitted));
        } catch (IOException e) {
            throw new UserError("cannot write " + out + ": " + e.getMessage());
        }
        CostCatalog.load(out).profile(name); // proves the file loads
        o.printf(Locale.ROOT, "wrote %s; use it with --profile %s%n", out, out);
        o.flush();
        return 0;
    }

    private int calibrateObserved() {
        if (!(heldOut >= 0 && heldOut < 0.9)) {
            throw new UserError("--held-out must be in [0, 0.9), got " + heldOut);
        }
        if (hardware != null || modelName != null || kvBlocks != null) {
            throw new UserError("--hardware, --model-name and --kv-blocks describe measured steps; with --observed the base profile's are kept");
        }
        RequestsFile.Contents obs = RequestsFile.read(input.observed);
        if (!obs.header().source().equals("observed")) {
            throw new UserError(input.observed + " is a " + obs.header().source() + " run; calibrate --observed needs an observation from 'nous observe'");
        }
        CostProfile start = ScenarioOptions.profile(base);
        ObservedFit.Model m = model.equals("roofline") ? ObservedFit.Model.ROOFLINE
                : ObservedFit.Model.LINEAR;
        if (m == ObservedFit.Model.ROOFLINE && start.roofline() == null) {
            throw new UserError("--model roofline fits a roofline profile; --base " + base + " is " + start.kind());
        }
        SimulatedRequests.Replay replay = SimulatedRequests.replayOf(obs);
        Scenario scenario = cluster.toScenario(new ArrivalOptions.Resolved(replay.replay().workload(), replay.replay().qps(),
                obs.header().seed(), replay.replay().durationSeconds(), null, replay.replay(), List.of()));
        Simulations.prepare(scenario, policy, "none"); // the policy reference is checked before the search
        ObservedFit fit = new ObservedFit(obs, p -> SimulatedRequests.simulateObserved(obs, replay,
                Simulations.prepare(scenario.toBuilder().profile(p).build(), policy, "none")), heldOut);
        PrintWriter o = spec.commandLine().getOut();
        o.printf(Locale.ROOT, "fitting the %s model to %d requests (%d held out) of %s: %d pods, policy %s%n", model, fit.trainSize(),
                fit.heldOutSize(), input.observed.getFileName(), scenario.pods(), policy);
        o.flush();
        ObservedFit.Result r = fit.fit(start, m, name);
        r.parameters().forEach((k, v) -> o.printf(Locale.ROOT, "  %-36s %.6g%n", k, v));
        o.printf(Locale.ROOT, "  %-36s %.3g (network, HTTP, tokenization: not simulated, so simulated TTFT reads this much short)%n",
                "outside_engine_ms", r.outsideMs());
        o.printf(Locale.ROOT, "  %d simulations%n", r.evaluations());
        o.printf(Locale.ROOT, "%-10s %-8s %12s %16s %12s %8s%n", "requests", "", "TTFT MAPE", "+outside engine", "ITL MAPE", "not done");
        errorsRow(o, "fitted on", "before", r.trainBefore());
        errorsRow(o, "", "after", r.trainAfter());
        errorsRow(o, "held out", "before", r.heldOutBefore());
        errorsRow(o, "", "after", r.heldOutAfter());
        double observedHits = Comparison.hitRate(obs.requests(), 0, Long.MAX_VALUE);
        if (!Double.isNaN(observedHits)) {
            // a check on the workload's sharing and the cache, which no step-cost parameter should absorb
            double simulatedHits = Comparison.hitRate(SimulatedRequests.simulateObserved(obs, replay,
                    Simulations.prepare(scenario, policy, "none")), 0, Long.MAX_VALUE);
            o.printf(Locale.ROOT, "prefix cache (a check, not fitted): %.1f%% of prompt tokens hit observed, %.1f%% simulated%n",
                    100 * observedHits, 100 * simulatedHits);
        }
        Map<String, String> src = new LinkedHashMap<>();
        src.put(m == ObservedFit.Model.ROOFLINE ? "roofline" : "linear", String.format(Locale.ROOT,
                "fitted by nous calibrate --observed %s (%d requests, %s at %s qps against %s; simulated with %d pods, policy %s); "
                        + "%.2f ms outside the engine (not simulated); held-out TTFT MAPE %.1f%%, ITL MAPE %.1f%%", input.observed.getFileName(), obs.requests().size(), obs.header().workload(),
                JsonReport.decimal(obs.header().qps()).toPlainString(), obs.header().url(), scenario.pods(), policy, r.outsideMs(),
                r.heldOutAfter().ttft().mapePercent(), r.heldOutAfter().itl().mapePercent()));
        FitJudgement judged = FitJudgement.of(r, obs, fit.trainSize());
        if (!judged.acceptable()) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("the fit is worse than the profile it started from (" + base + "): " + String.join("; ", judged.worse()));
            if (judged.causes().isEmpty()) {
                err.println("  nothing in the observation stood out (enough requests, a client on schedule, a server that kept up); "
                        + "try --model " + (model.equals("roofline") ? "linear" : "roofline") + " or another --base");
            } else {
                err.println("  likely why:");
                judged.causes().forEach(c -> err.println("  - " + c));
            }
            if (!force) {
                err.println("not written: " + out + " (--force writes it anyway)");
                err.flush();
                return ExitCodes.UNSUPPORTED;
            }
            err.println("written anyway (--force)");
            err.flush();
        }
        CostProfile fitted = r.profile().on(start.hardware(), start.hardwareSpec(), start.model(), start.modelSpec(), start.kvBlocks(), name,
                (m == ObservedFit.Model.ROOFLINE ? "Roofline" : "Linear") + " model fitted by nous calibrate to an observation of "
                        + obs.header().url() + ".", src);
        try {
            Files.writeString(out, ProfileWriter.yaml(fitted));
        } catch (IOException e) {
            throw new UserError("cannot write " + out + ": " + e.getMessage());
        }
        CostCatalog.load(out).profile(name);
        o.printf(Locale.ROOT, "wrote %s; use it with --profile %s%n", out, out);
        o.flush();
        return 0;
    }

    private static void errorsRow(PrintWriter o, String what, String when, ObservedFit.Errors e) {
        o.printf(Locale.ROOT, "%-10s %-8s %11.1f%% %15.1f%% %11.1f%% %8d%n", what, when, e.ttft().mapePercent(), e.ttftWithOutside().mapePercent(),
                e.itl().mapePercent(), e.missing());
    }

    private static Double nonNegative(Double v, String what) {
        if (v != null && v < 0) {
            throw new UserError(String.format(Locale.ROOT, "the fitted %s coefficient is negative (%.4g): the steps do not vary their "
                    + "context enough to separate it; measure steps with different context lengths", what, v));
        }
        return v;
    }

    private static void checkPhysical(double beta0, double beta1, double beta2) {
        if (!(beta0 > 0) || beta1 < 0 || beta2 < 0) {
            throw new UserError(String.format(Locale.ROOT, "the fit is not physical (step = %.1f + %.3f*prefill + %.3f*decode us): "
                    + "check the units and that the data vary in both prefill and decode", beta0, beta1, beta2));
        }
    }

    private CostProfile linearProfile(CostProfile b, String hwName, HardwareSpec hw, String mName, ModelSpec m, int blocks,
                                      CostProfile.Linear lin, String method) {
        Map<String, String> src = new LinkedHashMap<>();
        src.put("linear", method);
        src.put("kv_blocks", kvBlocks != null ? "--kv-blocks" : "from " + b.name());
        CostProfile p = new CostProfile(name, "Linear model fitted by nous calibrate (" + hwName + ", " + mName + ").", "linear",
                hwName, mName, b.tensorParallel(), blocks, b.blockSize(), null, lin, src, hw, m);
        return p.on(hwName, hw, mName, m, blocks, name, p.description(), src);
    }

    private void report(PrintWriter o, StepFit fit) {
        o.printf(Locale.ROOT, "fitted the %s model (%s):%n", model, fit.method());
        fit.parameters().forEach((k, v) -> o.printf(Locale.ROOT, "  %-36s %.6g%n", k, v));
        int worst = 0;
        for (int i = 1; i < fit.rows().size(); i++) {
            if (Math.abs(fit.relativeResidual(i)) > Math.abs(fit.relativeResidual(worst))) {
                worst = i;
            }
        }
        o.printf(Locale.ROOT, "  R² %.4f; |residual| p50 %.1f%%, p90 %.1f%%, max %.1f%% (line %d)%n", fit.rSquared(),
                100 * fit.relativeErrorQuantile(0.5), 100 * fit.relativeErrorQuantile(0.9), 100 * fit.maxRelativeError(),
                fit.rows().get(worst).line());
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < fit.rows().size(); i++) {
            idx.add(i);
        }
        if (idx.size() > SHOWN_ROWS) {
            idx.sort((a, c) -> Double.compare(Math.abs(fit.relativeResidual(c)), Math.abs(fit.relativeResidual(a))));
            idx = new ArrayList<>(idx.subList(0, 20));
            idx.sort(Integer::compare);
            o.println("per-row residuals (the 20 largest of " + fit.rows().size() + "; --residuals FILE.csv writes all):");
        } else {
            o.println("per-row residuals:");
        }
        o.println("   line  prefill  decode  decode_ctx  prefill_ctx   measured_us  predicted_us  residual");
        for (int i : idx) {
            MeasuredStep r = fit.rows().get(i);
            o.printf(Locale.ROOT, "  %5d  %7d  %6d  %10d  %11d  %12.1f  %12.1f  %+7.1f%%%n", r.line(), r.prefillTokens(), r.decodeSeqs(),
                    r.decodeContextTokens(), r.prefillContextTokens(), r.stepUs(), fit.predicted()[i], 100 * fit.relativeResidual(i));
        }
    }

    private void writeResiduals(StepFit fit) {
        StringBuilder sb = new StringBuilder("line,prefill_tokens,decode_seqs,decode_context_tokens,prefill_context_tokens,measured_us,predicted_us,relative_residual\n");
        for (int i = 0; i < fit.rows().size(); i++) {
            MeasuredStep r = fit.rows().get(i);
            sb.append(String.format(Locale.ROOT, "%d,%d,%d,%d,%d,%.1f,%.1f,%.5f%n", r.line(), r.prefillTokens(), r.decodeSeqs(),
                    r.decodeContextTokens(), r.prefillContextTokens(), r.stepUs(), fit.predicted()[i], fit.relativeResidual(i)));
        }
        try {
            Files.writeString(residuals, sb.toString());
        } catch (IOException e) {
            throw new UserError("cannot write " + residuals + ": " + e.getMessage());
        }
    }

    static Fit fitBenchmarks(Path file) {
        JsonNode root;
        try {
            root = new ObjectMapper(new YAMLFactory()).readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new UserError("no such file: " + file);
        } catch (IOException e) {
            throw new UserError(file + ": " + StrictYaml.syntax(e));
        }
        if (root == null || !root.has("prefill") || !root.has("decode")) {
            throw new UserError(file + ": needs 'prefill' (list of prompt_tokens, tokens_per_s) and 'decode' (list of batch, itl_ms)");
        }
        double sumW = 0;
        double sumUs = 0;
        for (int i = 0; i < root.get("prefill").size(); i++) {
            JsonNode p = root.get("prefill").get(i);
            double tps = p.path("tokens_per_s").asDouble(-1);
            double len = p.path("prompt_tokens").asDouble(-1);
            if (!(tps > 0) || !(len > 0)) {
                throw new UserError(file + ": prefill[" + i + "] needs positive prompt_tokens and tokens_per_s");
            }
            sumUs += 1e6 / tps * len;
            sumW += len;
        }
        SimpleRegression decode = new SimpleRegression();
        for (int i = 0; i < root.get("decode").size(); i++) {
            JsonNode d = root.get("decode").get(i);
            double b = d.path("batch").asDouble(-1);
            double itl = d.path("itl_ms").asDouble(-1);
            if (!(b >= 1) || !(itl > 0)) {
                throw new UserError(file + ": decode[" + i + "] needs batch >= 1 and a positive itl_ms");
            }
            decode.addData(b, itl * 1000);
        }
        if (root.get("prefill").isEmpty() || decode.getN() < 2) {
            throw new UserError(file + ": at least one prefill point and two decode points (different batches) are needed");
        }
        double beta1 = sumUs / sumW;
        List<String> q = List.of(
                String.format(Locale.ROOT, "prefill: %.1f us per prompt token (length-weighted over %d points)", beta1, root.get("prefill").size()),
                String.format(Locale.ROOT, "decode: ITL = %.1f us + %.2f us x batch, R² %.4f over %d points", decode.getIntercept(),
                        decode.getSlope(), decode.getRSquare(), decode.getN()));
        return new Fit(decode.getIntercept(), beta1, decode.getSlope(), q, (int) decode.getN() + root.get("prefill").size(),
                "benchmark summaries from " + file.getFileName());
    }

}
