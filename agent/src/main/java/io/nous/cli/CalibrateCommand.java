package io.nous.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.nous.sim.cost.CostCatalog;
import io.nous.sim.cost.CostProfile;
import io.nous.sim.cost.HardwareSpec;
import io.nous.sim.cost.ModelSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;
import org.apache.commons.math3.stat.regression.SimpleRegression;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code nous calibrate}: fits the linear cost model (step = β0 + β1·prefill tokens + β2·decode
 * sequences) to your measurements and writes a profile file that {@code --profile FILE.yaml}
 * accepts everywhere. From measured engine steps ({@code --steps FILE.csv}: least squares, with R²
 * and residual percentiles), or from benchmark summaries ({@code --benchmarks FILE.yaml}: prompt
 * tokens per second at given prompt lengths give β1; inter-token latency at given batch sizes gives
 * β0 and β2).
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true, description = "Fit a linear cost profile to measured steps or benchmark summaries.")
public final class CalibrateCommand implements Callable<Integer> {

    static final class Input {
        @Option(names = "--steps", paramLabel = "FILE.csv",
                description = "Measured steps: columns prefill_tokens, decode_seqs, [context_tokens,] step_us (or step_ms).")
        Path steps;

        @Option(names = "--benchmarks", paramLabel = "FILE.yaml",
                description = "Benchmark summaries: prefill: [{prompt_tokens, tokens_per_s}], decode: [{batch, itl_ms}].")
        Path benchmarks;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Input input;

    @Option(names = "--base", defaultValue = CostCatalog.DEFAULT_PROFILE, paramLabel = "PROFILE",
            description = "Profile whose hardware, model and KV size the fit keeps (default: ${DEFAULT-VALUE}).")
    String base;

    @Option(names = "--name", defaultValue = "calibrated", paramLabel = "NAME", description = "Name of the fitted profile (default: ${DEFAULT-VALUE}).")
    String name;

    @Option(names = "--out", required = true, paramLabel = "FILE.yaml", description = "Where to write the profile file.")
    Path out;

    @Spec
    CommandSpec spec;

    /** A fit: coefficients, quality lines, and how many observations. */
    record Fit(double beta0, double beta1, double beta2, List<String> quality, int n, String method) {
    }

    @Override
    public Integer call() {
        CostProfile b = CostCatalog.builtin().profile(base);
        Fit fit = input.steps != null ? fitSteps(input.steps) : fitBenchmarks(input.benchmarks);
        if (!(fit.beta0() > 0) || fit.beta1() < 0 || fit.beta2() < 0) {
            throw new UserError(String.format(Locale.ROOT, "the fit is not physical (step = %.1f + %.3f*prefill + %.3f*decode us): "
                    + "check the units and that the data vary in both prefill and decode", fit.beta0(), fit.beta1(), fit.beta2()));
        }
        writeProfile(b, fit);
        CostCatalog.load(out).profile(name); // proves the file loads
        PrintWriter o = spec.commandLine().getOut();
        o.printf(Locale.ROOT, "fitted from %d observations (%s):%n  step = %.1f us + %.3f us x prefill tokens + %.3f us x decode sequences%n",
                fit.n(), fit.method(), fit.beta0(), fit.beta1(), fit.beta2());
        fit.quality().forEach(q -> o.println("  " + q));
        o.printf(Locale.ROOT, "wrote %s; use it with --profile %s%n", out, out);
        o.flush();
        return 0;
    }

    static Fit fitSteps(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (NoSuchFileException e) {
            throw new UserError("no such file: " + file);
        } catch (IOException e) {
            throw new UserError("cannot read " + file + ": " + e.getMessage());
        }
        if (lines.isEmpty()) {
            throw new UserError(file + " is empty");
        }
        String[] header = lines.get(0).trim().toLowerCase(Locale.ROOT).split("\\s*,\\s*");
        int pre = Arrays.asList(header).indexOf("prefill_tokens");
        int dec = Arrays.asList(header).indexOf("decode_seqs");
        if (dec < 0) {
            dec = Arrays.asList(header).indexOf("decode_tokens");
        }
        int us = Arrays.asList(header).indexOf("step_us");
        int ms = Arrays.asList(header).indexOf("step_ms");
        if (pre < 0 || dec < 0 || (us < 0 && ms < 0)) {
            throw new UserError(file + " line 1: the header must name prefill_tokens, decode_seqs and step_us (or step_ms)");
        }
        List<double[]> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String l = lines.get(i).trim();
            if (l.isEmpty()) {
                continue;
            }
            String[] f = l.split("\\s*,\\s*");
            if (f.length != header.length) {
                throw new UserError(file + " line " + (i + 1) + ": expected " + header.length + " columns, got " + f.length);
            }
            try {
                double p = Double.parseDouble(f[pre]);
                double d = Double.parseDouble(f[dec]);
                double t = us >= 0 ? Double.parseDouble(f[us]) : 1000 * Double.parseDouble(f[ms]);
                if (p < 0 || d < 0 || !(t > 0) || Double.isInfinite(t)) {
                    throw new NumberFormatException();
                }
                x.add(new double[] {p, d});
                y.add(t);
            } catch (NumberFormatException e) {
                throw new UserError(file + " line " + (i + 1) + ": counts must be numbers >= 0 and the step time a positive number");
            }
        }
        if (x.size() < 10) {
            throw new UserError(file + ": at least 10 measured steps are needed, got " + x.size());
        }
        OLSMultipleLinearRegression ols = new OLSMultipleLinearRegression();
        double[] yy = y.stream().mapToDouble(Double::doubleValue).toArray();
        ols.newSampleData(yy, x.toArray(double[][]::new));
        double[] beta;
        try {
            beta = ols.estimateRegressionParameters();
        } catch (RuntimeException e) {
            throw new UserError(file + ": the steps do not determine the coefficients (" + e.getMessage()
                    + "); measure steps with different prefill and decode mixes");
        }
        double[] res = ols.estimateResiduals();
        double[] rel = new double[res.length];
        double[] abs = new double[res.length];
        for (int i = 0; i < res.length; i++) {
            abs[i] = Math.abs(res[i]);
            rel[i] = Math.abs(res[i]) / yy[i];
        }
        Arrays.sort(abs);
        Arrays.sort(rel);
        List<String> q = List.of(
                String.format(Locale.ROOT, "R² %.4f (adjusted %.4f)", ols.calculateRSquared(), ols.calculateAdjustedRSquared()),
                String.format(Locale.ROOT, "|residual| p50 %.1f us (%.1f%%), p90 %.1f us (%.1f%%), p99 %.1f us (%.1f%%)", pct(abs, 0.5),
                        100 * pct(rel, 0.5), pct(abs, 0.9), 100 * pct(rel, 0.9), pct(abs, 0.99), 100 * pct(rel, 0.99)));
        return new Fit(beta[0], beta[1], beta[2], q, x.size(), "least squares on measured steps from " + file.getFileName());
    }

    static Fit fitBenchmarks(Path file) {
        JsonNode root;
        try {
            root = new ObjectMapper(new YAMLFactory()).readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new UserError("no such file: " + file);
        } catch (IOException e) {
            throw new UserError(file + ": not valid YAML: " + e.getMessage());
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

    private static double pct(double[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.floor(q * sorted.length))];
    }

    private void writeProfile(CostProfile b, Fit fit) {
        Map<String, Object> doc = new LinkedHashMap<>();
        HardwareSpec h = b.hardwareSpec();
        ModelSpec m = b.modelSpec();
        doc.put("hardware", Map.of(b.hardware(), new LinkedHashMap<>(Map.of("peak_tflops_bf16", h.peakTflopsBf16(),
                "hbm_tb_per_s", h.hbmTbPerS(), "memory_gb", h.memoryGb(), "interconnect_gb_per_s", h.interconnectGbPerS(),
                "sources", h.sources()))));
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("layers", m.layers());
        model.put("hidden", m.hidden());
        model.put("query_heads", m.queryHeads());
        model.put("kv_heads", m.kvHeads());
        model.put("head_dim", m.headDim());
        model.put("ffn", m.ffn());
        model.put("vocab", m.vocab());
        model.put("params", m.params());
        model.put("non_embedding_params", m.nonEmbeddingParams());
        model.put("max_model_len", m.maxModelLen());
        model.put("sources", m.sources());
        doc.put("models", Map.of(b.model(), model));
        Map<String, Object> prof = new LinkedHashMap<>();
        prof.put("description", "Linear model fitted by nous calibrate (" + fit.method() + "); hardware, model and KV size from "
                + b.name() + ".");
        prof.put("kind", "linear");
        prof.put("hardware", b.hardware());
        prof.put("model", b.model());
        prof.put("tensor_parallel", b.tensorParallel());
        prof.put("kv_blocks", b.kvBlocks());
        prof.put("block_size", b.blockSize());
        prof.put("linear", new LinkedHashMap<>(Map.of("beta0_us", round(fit.beta0()), "beta1_us_per_prefill_token", round(fit.beta1()),
                "beta2_us_per_decode_token", round(fit.beta2()))));
        prof.put("sources", new LinkedHashMap<>(Map.of("linear", fit.method() + "; " + String.join("; ", fit.quality()),
                "kv_blocks", "from " + b.name())));
        doc.put("profiles", Map.of(name, prof));
        try {
            Files.writeString(out, new ObjectMapper(new YAMLFactory()).writeValueAsString(doc));
        } catch (IOException e) {
            throw new UserError("cannot write " + out + ": " + e.getMessage());
        }
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
