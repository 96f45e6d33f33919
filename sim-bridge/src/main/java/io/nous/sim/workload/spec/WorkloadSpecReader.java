package io.nous.sim.workload.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.nous.sim.config.StrictYaml;
import io.nous.sim.workload.ArrivalProcess;
import io.nous.sim.workload.ClientSpec;
import io.nous.sim.workload.LengthDistribution;
import io.nous.sim.workload.RequestClass;
import io.nous.sim.workload.Workload;
import io.nous.sim.workload.WorkloadException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads BLIS workload specs (inference-sim's {@code --workload-spec} YAML, schema version 2):
 * {@code aggregate_rate}, {@code num_requests} or {@code horizon} (microseconds), and
 * {@code clients[]} with {@code id}, {@code tenant_id}, {@code slo_class}, {@code rate_fraction},
 * {@code arrival} ({@code poisson | gamma | weibull | constant}, {@code cv}) and
 * {@code input_distribution} / {@code output_distribution} ({@code gaussian}: mean, std_dev, min,
 * max; {@code exponential}: mean; {@code lognormal}: mu, sigma, min, max; {@code constant}: value;
 * {@code empirical}: token count → probability). Parsing is strict: an unknown key, a missing
 * required one, or an impossible value is an error that names the key's path. BLIS features Nous
 * does not simulate (cohorts, multimodal, reasoning turns, prefix groups, ...) are refused, not
 * ignored.
 *
 * <p>SLO classes map to llm-d priorities (critical 4, standard 3, batch −1, sheddable −2,
 * background −3; none: 0) or, with {@code priority_map: two-class}, to the presets' two bands
 * (critical and standard → critical 0; batch, sheddable and background → sheddable −1).
 */
public final class WorkloadSpecReader {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Set<String> TOP = Set.of("version", "seed", "category", "aggregate_rate", "num_requests", "horizon",
            "clients", "priority_map");
    private static final Set<String> UNSUPPORTED_TOP = Set.of("cohorts", "servegen_data", "inference_perf");
    private static final Set<String> CLIENT = Set.of("id", "tenant_id", "slo_class", "rate_fraction", "arrival", "input_distribution",
            "output_distribution", "streaming");
    private static final Set<String> UNSUPPORTED_CLIENT = Set.of("model", "prefix_group", "prefix_length", "network", "lifecycle",
            "multimodal", "reasoning");
    private static final Map<String, Integer> LLM_D = Map.of("critical", 4, "standard", 3, "batch", -1, "sheddable", -2,
            "background", -3, "default", 0);
    private static final int MAX_TOKENS = 40_960;

    private WorkloadSpecReader() {
    }

    public static WorkloadSpec read(Path file) {
        JsonNode root;
        try {
            root = YAML.readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new WorkloadException("no such workload spec: " + file);
        } catch (IOException e) {
            throw new WorkloadException(file + ": " + StrictYaml.syntax(e));
        }
        if (root == null || !root.isObject()) {
            throw new WorkloadException(file + ": a workload spec must be a YAML mapping");
        }
        String f = file.getFileName().toString();
        keys(root, f, TOP, UNSUPPORTED_TOP);
        double rate = positive(root, "aggregate_rate", f, true);
        String map = root.has("priority_map") ? root.get("priority_map").asText() : "llm-d";
        if (!map.equals("llm-d") && !map.equals("two-class")) {
            throw new WorkloadException(f + ": priority_map must be 'llm-d' or 'two-class', got '" + map + "'");
        }
        JsonNode clients = root.get("clients");
        if (clients == null || !clients.isArray() || clients.isEmpty()) {
            throw new WorkloadException(f + ": clients is required and must list at least one client");
        }
        Map<String, Integer> classIndex = new LinkedHashMap<>();
        List<RequestClass> classes = new ArrayList<>();
        Map<String, Double> classShare = new LinkedHashMap<>();
        Map<String, Integer> tenants = new LinkedHashMap<>();
        List<ClientSpec> specs = new ArrayList<>();
        double totalFraction = 0;
        for (int i = 0; i < clients.size(); i++) {
            JsonNode c = clients.get(i);
            String at = f + ": clients[" + i + "]";
            if (!c.isObject()) {
                throw new WorkloadException(at + " must be a mapping");
            }
            keys(c, at, CLIENT, UNSUPPORTED_CLIENT);
            String id = c.has("id") ? c.get("id").asText() : "client-" + i;
            String slo = c.has("slo_class") && !c.get("slo_class").asText().isEmpty() ? c.get("slo_class").asText() : "default";
            if (!LLM_D.containsKey(slo)) {
                throw new WorkloadException(at + ".slo_class must be critical, standard, sheddable, batch or background, got '" + slo + "'");
            }
            String cls = map.equals("two-class") ? (LLM_D.get(slo) >= 0 ? "critical" : "sheddable") : slo;
            int priority = map.equals("two-class") ? (cls.equals("critical") ? 0 : -1) : LLM_D.get(slo);
            double fraction = positive(c, "rate_fraction", at, true);
            totalFraction += fraction;
            classShare.merge(cls, fraction, Double::sum);
            if (!classIndex.containsKey(cls)) {
                classIndex.put(cls, classes.size());
                classes.add(new RequestClass(cls, priority, 0));
            }
            String tenantKey = c.has("tenant_id") ? "tenant:" + c.get("tenant_id").asText() : "client:" + id;
            int tenant = tenants.computeIfAbsent(tenantKey, k -> tenants.size());
            specs.add(new ClientSpec(id, classIndex.get(cls), tenant, fraction, arrival(c.get("arrival"), at + ".arrival"),
                    distribution(c.get("input_distribution"), at + ".input_distribution"),
                    distribution(c.get("output_distribution"), at + ".output_distribution")));
        }
        List<RequestClass> normalized = new ArrayList<>();
        for (RequestClass rc : classes) {
            normalized.add(new RequestClass(rc.name(), rc.priority(), classShare.get(rc.name()) / totalFraction));
        }
        double sumShares = normalized.stream().mapToDouble(RequestClass::share).sum();
        RequestClass last = normalized.remove(normalized.size() - 1);
        normalized.add(new RequestClass(last.name(), last.priority(), last.share() + (1.0 - sumShares)));
        Double duration = null;
        if (root.has("horizon") && root.get("horizon").asLong() > 0) {
            duration = positive(root, "horizon", f, true) / 1e6;
        } else if (root.has("num_requests") && root.get("num_requests").asLong() > 0) {
            duration = positive(root, "num_requests", f, true) / rate;
        }
        ClientSpec first = specs.get(0);
        Workload w = new Workload("spec:" + f, "BLIS workload spec " + file, file.toString(), normalized, first.input(), first.output(),
                first.arrival(), List.of(rate), 2, 1, specs);
        return new WorkloadSpec(w, rate, duration);
    }

    private static void keys(JsonNode node, String at, Set<String> known, Set<String> unsupported) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (unsupported.contains(k)) {
                throw new WorkloadException(at + "." + k + " is a BLIS feature Nous does not simulate; remove it");
            }
            if (!known.contains(k)) {
                throw new WorkloadException(at + ": unknown key '" + k + "'");
            }
        }
    }

    private static double positive(JsonNode node, String key, String at, boolean required) {
        JsonNode v = node.get(key);
        if (v == null) {
            if (required) {
                throw new WorkloadException(at + "." + key + " is required");
            }
            return Double.NaN;
        }
        if (!v.isNumber() || !(v.asDouble() > 0) || Double.isInfinite(v.asDouble())) {
            throw new WorkloadException(at + "." + key + " must be a positive number, got " + v);
        }
        return v.asDouble();
    }

    private static double number(JsonNode params, String key, String at) {
        JsonNode v = params.get(key);
        if (v == null) {
            throw new WorkloadException(at + ".params." + key + " is required");
        }
        if (!v.isNumber() || Double.isNaN(v.asDouble()) || Double.isInfinite(v.asDouble())) {
            throw new WorkloadException(at + ".params." + key + " must be a finite number, got " + v);
        }
        return v.asDouble();
    }

    private static ArrivalProcess arrival(JsonNode a, String at) {
        if (a == null || !a.isObject()) {
            throw new WorkloadException(at + " is required (process: poisson | gamma | weibull | constant)");
        }
        keys(a, at, Set.of("process", "cv"), Set.of());
        String process = a.path("process").asText("");
        double cv = a.has("cv") ? a.get("cv").asDouble() : 1.0;
        if ((process.equals("gamma") || process.equals("weibull")) && !a.has("cv")) {
            throw new WorkloadException(at + ".cv is required for " + process + " arrivals");
        }
        try {
            return new ArrivalProcess(process, cv);
        } catch (WorkloadException e) {
            throw new WorkloadException(at + ": " + e.getMessage());
        }
    }

    private static LengthDistribution distribution(JsonNode d, String at) {
        if (d == null || !d.isObject()) {
            throw new WorkloadException(at + " is required (type and params)");
        }
        keys(d, at, Set.of("type", "params", "file"), Set.of());
        if (d.has("file")) {
            throw new WorkloadException(at + ".file is not supported; give the distribution inline in params");
        }
        String type = d.path("type").asText("");
        JsonNode p = d.path("params");
        try {
            return switch (type) {
                case "gaussian" -> {
                    double mean = number(p, "mean", at);
                    double sd = number(p, "std_dev", at);
                    if (sd < 0) {
                        throw new WorkloadException(at + ".params.std_dev must be >= 0");
                    }
                    int min = p.has("min") ? (int) Math.max(1, number(p, "min", at)) : 1;
                    int max = p.has("max") ? (int) number(p, "max", at) : MAX_TOKENS;
                    yield new LengthDistribution("gaussian", mean, sd / mean, min, max);
                }
                case "exponential" -> new LengthDistribution("exponential", number(p, "mean", at), 1, 1, MAX_TOKENS);
                case "lognormal" -> {
                    double mu = number(p, "mu", at);
                    double sigma = number(p, "sigma", at);
                    int min = p.has("min") ? (int) Math.max(1, number(p, "min", at)) : 1;
                    int max = p.has("max") ? (int) number(p, "max", at) : MAX_TOKENS;
                    yield new LengthDistribution("lognormal", Math.exp(mu + sigma * sigma / 2), Math.sqrt(Math.exp(sigma * sigma) - 1), min, max);
                }
                case "constant" -> {
                    double v = number(p, "value", at);
                    yield new LengthDistribution("constant", v, 0, (int) Math.max(1, v), (int) Math.max(1, v));
                }
                case "empirical" -> {
                    List<double[]> pairs = new ArrayList<>();
                    double total = 0;
                    double mean = 0;
                    for (Iterator<Map.Entry<String, JsonNode>> it = p.fields(); it.hasNext(); ) {
                        Map.Entry<String, JsonNode> e = it.next();
                        double tokens;
                        try {
                            tokens = Double.parseDouble(e.getKey());
                        } catch (NumberFormatException ex) {
                            throw new WorkloadException(at + ".params: '" + e.getKey() + "' is not a token count");
                        }
                        double w = e.getValue().asDouble(-1);
                        if (!(w >= 0) || !(tokens >= 1)) {
                            throw new WorkloadException(at + ".params." + e.getKey() + " must map a token count >= 1 to a probability >= 0");
                        }
                        pairs.add(new double[] {tokens, w});
                        total += w;
                        mean += tokens * w;
                    }
                    if (pairs.isEmpty() || !(total > 0)) {
                        throw new WorkloadException(at + ".params must give token counts with positive probabilities");
                    }
                    yield new LengthDistribution("empirical", mean / total, 0, 1, MAX_TOKENS, pairs.toArray(double[][]::new));
                }
                case "pareto_lognormal" -> throw new WorkloadException(at + ".type pareto_lognormal is not supported; use lognormal");
                default -> throw new WorkloadException(at + ".type must be gaussian, exponential, lognormal, constant or empirical, got '"
                        + type + "'");
            };
        } catch (WorkloadException e) {
            if (e.getMessage().startsWith(at)) {
                throw e;
            }
            throw new WorkloadException(at + ": " + e.getMessage());
        }
    }

}
