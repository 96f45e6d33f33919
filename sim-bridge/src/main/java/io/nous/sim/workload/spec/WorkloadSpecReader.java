package io.nous.sim.workload.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.nous.sim.config.StrictYaml;
import io.nous.sim.workload.ActiveWindow;
import io.nous.sim.workload.ArrivalProcess;
import io.nous.sim.workload.ClientSpec;
import io.nous.sim.workload.LengthDistribution;
import io.nous.sim.workload.RequestClass;
import io.nous.sim.workload.SessionSpec;
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
 * {@code empirical}: token count → probability). A client may share a prompt prefix
 * ({@code prefix_group}, {@code prefix_length}, default 50 tokens, put in front of each sampled
 * prompt), run closed loop ({@code concurrency} users with {@code think_time_us}, staggered over the
 * first think time), and give up after {@code timeout} µs (closed-loop users default to BLIS's 300 s,
 * 0 means never); a Nous extension, {@code slo_ttft_ms}, is the TTFT objective a client's requests
 * carry in the router's {@code x-llm-d-slo-ttft-ms} header; {@code num_requests} caps the requests sent. Parsing is strict: an unknown key, a
 * missing required one, or an impossible value is an error that names the key's path. BLIS features
 * Nous does not simulate (multimodal, single-session mode, per-window rates, absolute-rate spikes,
 * network delay, LoRA adapters, ...) are refused by name, not ignored. Cohorts expand into their
 * members, and lifecycle windows (a client's own, or a cohort's diurnal, spike and drain patterns)
 * say when a client sends. Multi-turn sessions
 * ({@code reasoning.multi_turn}) run closed loop: a round a think time after the previous completed,
 * the conversation accumulating in the prompt with {@code context_growth: accumulate}.
 *
 * <p>SLO classes map to llm-d priorities (critical 4, standard 3, batch −1, sheddable −2,
 * background −3; none: 0) or, with {@code priority_map: two-class}, to the presets' two bands
 * (critical and standard → critical 0; batch, sheddable and background → sheddable −1).
 */
public final class WorkloadSpecReader {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Set<String> TOP = Set.of("version", "seed", "category", "aggregate_rate", "num_requests", "horizon",
            "clients", "priority_map", "cohorts");
    private static final Set<String> UNSUPPORTED_TOP = Set.of("servegen_data", "inference_perf");
    private static final Set<String> COHORT = Set.of("id", "population", "tenant_id", "slo_class", "rate_fraction", "arrival",
            "input_distribution", "output_distribution", "prefix_group", "prefix_sharing", "prefix_length", "streaming", "diurnal",
            "spike", "drain", "reasoning", "closed_loop", "timeout", "slo_ttft_ms");
    private static final Set<String> UNSUPPORTED_COHORT = Set.of("model", "adapter", "network", "multimodal", "slo_target_us");
    private static final Set<String> CLIENT = Set.of("id", "tenant_id", "slo_class", "rate_fraction", "arrival", "input_distribution",
            "output_distribution", "streaming", "prefix_group", "prefix_length", "concurrency", "think_time_us", "timeout", "closed_loop",
            "reasoning", "lifecycle", "slo_ttft_ms");
    private static final Set<String> UNSUPPORTED_CLIENT = Set.of("model", "adapter", "network", "multimodal",
            "slo_target_us");
    /** BLIS's {@code defaultPrefixLength} (sim/workload/client.go): a prefix group without a length shares 50 tokens. */
    private static final int DEFAULT_PREFIX_LENGTH = 50;
    /** BLIS's {@code DefaultTimeoutUs} (sim/workload/generator.go): closed-loop users give up after 300 s unless told otherwise. */
    private static final long DEFAULT_SESSION_TIMEOUT_US = 300_000_000L;
    private static final Map<String, Integer> LLM_D = Map.of("critical", 4, "standard", 3, "batch", -1, "sheddable", -2,
            "background", -3, "default", 0);
    private static final int MAX_TOKENS = 40_960;
    /** What some refused BLIS features are, for the refusal. */
    private static final Map<String, String> WHAT = Map.of(
            "network", " (network round trips and bandwidth)",
            "inference_perf", " (an inference-perf stage list; write its stages as clients)",
            "servegen_data", " (ServeGen data directories)",
            "multimodal", " (image, audio and video inputs)");

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
        if (!root.has("clients") && (root.has("routing") || root.has("admission") || root.has("scheduler"))) {
            throw new WorkloadException(f + " is a BLIS policy config (admission, routing, scheduler), not a workload spec");
        }
        keys(root, f, TOP, UNSUPPORTED_TOP);
        String map = root.has("priority_map") ? root.get("priority_map").asText() : "llm-d";
        if (!map.equals("llm-d") && !map.equals("two-class")) {
            throw new WorkloadException(f + ": priority_map must be 'llm-d' or 'two-class', got '" + map + "'");
        }
        JsonNode clients = withCohorts(root, f);
        if (clients.isEmpty()) {
            throw new WorkloadException(f + ": clients (or cohorts) is required and must list at least one client");
        }
        boolean rateBased = false;
        // a prefix group's length is the first length a client of the group gives (BLIS generatePrefixTokens)
        Map<String, Integer> groupLength = new LinkedHashMap<>();
        for (int i = 0; i < clients.size(); i++) {
            JsonNode c = clients.get(i);
            rateBased |= !c.has("concurrency") || c.get("concurrency").asLong() == 0;
            String group = c.path("prefix_group").asText("");
            if (!group.isEmpty() && c.has("prefix_length") && !groupLength.containsKey(group)) {
                groupLength.put(group, (int) whole(c, "prefix_length", f + ": clients[" + i + "]", 1, MAX_TOKENS));
            }
        }
        // aggregate_rate is needed only when some client is rate-based (BLIS spec validation)
        double rate = rateBased ? positive(root, "aggregate_rate", f, true) : 1.0;
        Map<String, Integer> prefixGroups = new LinkedHashMap<>();
        long users = 0;
        Map<String, Integer> classIndex = new LinkedHashMap<>();
        List<RequestClass> classes = new ArrayList<>();
        Map<String, Double> classShare = new LinkedHashMap<>();
        Map<String, Integer> tenants = new LinkedHashMap<>();
        List<ClientSpec> specs = new ArrayList<>();
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
            int concurrency = (int) whole(c, "concurrency", at, 0, 100_000);
            long think = whole(c, "think_time_us", at, 0, Long.MAX_VALUE);
            if (concurrency > 0 && c.has("rate_fraction") && c.get("rate_fraction").asDouble() != 0) {
                throw new WorkloadException(at + ": concurrency and rate_fraction are mutually exclusive");
            }
            if (concurrency == 0 && think > 0) {
                throw new WorkloadException(at + ".think_time_us applies to concurrency (closed-loop) clients only");
            }
            SessionSpec session = session(c.get("reasoning"), at + ".reasoning");
            if (session != null && concurrency > 0) {
                throw new WorkloadException(at + ": concurrency clients and multi-turn sessions cannot be mixed");
            }
            if (c.has("closed_loop")) {
                if (!c.get("closed_loop").isBoolean()) {
                    throw new WorkloadException(at + ".closed_loop must be true or false");
                }
                if (c.get("closed_loop").asBoolean() != (concurrency > 0 || session != null)) {
                    throw new WorkloadException(at + ".closed_loop: " + c.get("closed_loop").asBoolean() + " needs "
                            + (concurrency > 0 ? "no concurrency" : "concurrency > 0")
                            + " (Nous runs concurrency users and multi-turn sessions closed loop, and nothing else; BLIS's open-loop"
                            + " pre-generated rounds are not simulated)");
                }
            }
            double fraction = concurrency > 0 ? 0 : positive(c, "rate_fraction", at, true);
            users += concurrency;
            // a class's share: its rate, or for closed-loop clients its users (read only in descriptions)
            classShare.merge(cls, concurrency > 0 ? concurrency : fraction, Double::sum);
            int group = -1;
            int prefixLength = 0;
            if (c.has("prefix_group") && !c.get("prefix_group").asText().isEmpty()) {
                String name = c.get("prefix_group").asText();
                group = prefixGroups.computeIfAbsent(name, k -> prefixGroups.size());
                prefixLength = groupLength.getOrDefault(name, DEFAULT_PREFIX_LENGTH);
            } else if (c.has("prefix_length")) {
                throw new WorkloadException(at + ".prefix_length needs a prefix_group");
            }
            long timeout = c.has("timeout") ? whole(c, "timeout", at, 0, Long.MAX_VALUE)
                    : concurrency > 0 || session != null ? DEFAULT_SESSION_TIMEOUT_US : 0;
            if (!classIndex.containsKey(cls)) {
                classIndex.put(cls, classes.size());
                classes.add(new RequestClass(cls, priority, 0));
            }
            long sloTtftMs = c.has("slo_ttft_ms") ? whole(c, "slo_ttft_ms", at, 0, Long.MAX_VALUE / 1000) : -1;
            String tenantKey = c.has("tenant_id") ? "tenant:" + c.get("tenant_id").asText() : "client:" + id;
            int tenant = tenants.computeIfAbsent(tenantKey, k -> tenants.size());
            ArrivalProcess arrival = concurrency > 0 && !c.has("arrival") ? ArrivalProcess.POISSON : arrival(c.get("arrival"), at + ".arrival");
            List<ActiveWindow> windows = lifecycle(c.get("lifecycle"), at + ".lifecycle");
            if (!windows.isEmpty() && concurrency > 0) {
                throw new WorkloadException(at + ".lifecycle applies to rate-based clients, not to concurrency users");
            }
            specs.add(new ClientSpec(id, classIndex.get(cls), tenant, fraction, arrival,
                    distribution(c.get("input_distribution"), at + ".input_distribution"),
                    distribution(c.get("output_distribution"), at + ".output_distribution"), group, prefixLength, concurrency, think,
                    timeout, session, windows, 1, 0, sloTtftMs));
        }
        double shareTotal = classShare.values().stream().mapToDouble(Double::doubleValue).sum();
        List<RequestClass> normalized = new ArrayList<>();
        for (RequestClass rc : classes) {
            normalized.add(new RequestClass(rc.name(), rc.priority(), classShare.get(rc.name()) / shareTotal));
        }
        double sumShares = normalized.stream().mapToDouble(RequestClass::share).sum();
        RequestClass last = normalized.remove(normalized.size() - 1);
        normalized.add(new RequestClass(last.name(), last.priority(), last.share() + (1.0 - sumShares)));
        Double duration = null;
        long limit = root.has("num_requests") && root.get("num_requests").asLong() > 0 ? (long) positive(root, "num_requests", f, true) : 0;
        if (root.has("horizon") && root.get("horizon").asLong() > 0) {
            duration = positive(root, "horizon", f, true) / 1e6;
        } else if (limit > 0 && users == 0 && specs.stream().noneMatch(ClientSpec::sessions)) {
            // open loop: the limit arrives in about this long; closed loops and sessions last as long as they take
            duration = limit / rate;
        }
        ClientSpec first = specs.get(0);
        String description = "BLIS workload spec " + file + (users > 0 ? " (" + users + " closed-loop users)" : "");
        Workload w = new Workload("spec:" + f, description, file.toString(), normalized, first.input(), first.output(),
                first.arrival(), List.of(rate), 2, 1, specs, null, limit, 0);
        Long seed = null;
        if (root.has("seed")) {
            JsonNode sd = root.get("seed");
            if (!sd.canConvertToLong() || !sd.isIntegralNumber()) {
                throw new WorkloadException(f + ": seed must be a whole number, got '" + sd.asText() + "'");
            }
            seed = sd.asLong();
        }
        return new WorkloadSpec(w, rate, duration, seed);
    }

    private static void keys(JsonNode node, String at, Set<String> known, Set<String> unsupported) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (unsupported.contains(k)) {
                throw new WorkloadException(at + "." + k + " is a BLIS feature Nous does not simulate" + WHAT.getOrDefault(k, "")
                        + "; remove it");
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

    /**
     * The spec's clients and its cohorts' members (BLIS {@code ExpandCohorts}): a cohort of
     * {@code population} is that many clients, {@code <id>-<j>}, each with the cohort's settings and
     * a {@code population}-th of its rate; with {@code prefix_sharing: per_member} each member has a
     * prefix group of its own; {@code diurnal}, {@code spike} and {@code drain} become lifecycle windows.
     */
    private static ArrayNode withCohorts(JsonNode root, String f) {
        ArrayNode out = YAML.createArrayNode();
        JsonNode clients = root.get("clients");
        if (clients != null) {
            if (!clients.isArray()) {
                throw new WorkloadException(f + ": clients must be a list");
            }
            clients.forEach(out::add);
        }
        JsonNode cohorts = root.get("cohorts");
        if (cohorts == null) {
            return out;
        }
        if (!cohorts.isArray()) {
            throw new WorkloadException(f + ": cohorts must be a list");
        }
        for (int i = 0; i < cohorts.size(); i++) {
            JsonNode c = cohorts.get(i);
            String at = f + ": cohorts[" + i + "]";
            if (!c.isObject()) {
                throw new WorkloadException(at + " must be a mapping");
            }
            keys(c, at, COHORT, UNSUPPORTED_COHORT);
            int population = (int) whole(c, "population", at, 0, 100_000);
            if (population < 1) {
                throw new WorkloadException(at + ".population must be at least 1");
            }
            String sharing = c.path("prefix_sharing").asText("shared");
            if (!sharing.equals("shared") && !sharing.equals("per_member")) {
                throw new WorkloadException(at + ".prefix_sharing must be 'shared' or 'per_member', got '" + sharing + "'");
            }
            if (sharing.equals("per_member") && !c.has("prefix_group")) {
                throw new WorkloadException(at + ".prefix_sharing per_member needs a prefix_group");
            }
            ArrayNode windows = YAML.createArrayNode();
            if (c.has("diurnal")) {
                diurnal(c.get("diurnal"), at + ".diurnal", windows);
            }
            if (c.has("spike")) {
                spike(c.get("spike"), at + ".spike", windows);
            }
            if (c.has("drain")) {
                drain(c.get("drain"), at + ".drain", windows);
            }
            String id = c.has("id") ? c.get("id").asText() : "cohort-" + i;
            double fraction = positive(c, "rate_fraction", at, true);
            for (int j = 0; j < population; j++) {
                ObjectNode m = ((ObjectNode) c).deepCopy();
                m.remove(List.of("population", "prefix_sharing", "diurnal", "spike", "drain"));
                m.put("id", id + "-" + j);
                m.put("rate_fraction", fraction / population);
                if (sharing.equals("per_member")) {
                    m.put("prefix_group", c.get("prefix_group").asText() + "-" + j);
                }
                if (!windows.isEmpty()) {
                    m.putObject("lifecycle").set("windows", windows.deepCopy());
                }
                out.add(m);
            }
        }
        return out;
    }

    /** BLIS diurnalWindows: each of 24 hours is active for a share of it that follows a cosine peaking at peak_hour. */
    private static void diurnal(JsonNode d, String at, ArrayNode windows) {
        keys(d, at, Set.of("peak_hour", "peak_to_trough_ratio"), Set.of());
        int peak = (int) whole(d, "peak_hour", at, 0, 23);
        double ratio = d.path("peak_to_trough_ratio").asDouble(Double.NaN);
        if (!(ratio >= 1) || Double.isInfinite(ratio)) {
            throw new WorkloadException(at + ".peak_to_trough_ratio must be a number >= 1");
        }
        long hour = 3_600_000_000L;
        for (int h = 0; h < 24; h++) {
            double multiplier = (1 + Math.cos(2 * Math.PI * (h - peak) / 24.0)) / 2 * (1 - 1 / ratio) + 1 / ratio;
            long active = Math.max(1, Math.min(hour, (long) (hour * multiplier)));
            windows.addObject().put("start_us", h * hour).put("end_us", h * hour + active);
        }
    }

    /** BLIS spikeWindow: one window. A spike's own absolute rate ({@code trace_rate}) is not simulated. */
    private static void spike(JsonNode sp, String at, ArrayNode windows) {
        keys(sp, at, Set.of("start_time_us", "duration_us"), Set.of("trace_rate"));
        long start = whole(sp, "start_time_us", at, 0, Long.MAX_VALUE / 4);
        long duration = whole(sp, "duration_us", at, 0, Long.MAX_VALUE / 4);
        if (duration < 1) {
            throw new WorkloadException(at + ".duration_us must be at least 1");
        }
        windows.addObject().put("start_us", start).put("end_us", start + duration);
    }

    /** BLIS drainWindows: active until the drain starts, then ten segments each active for a smaller share. */
    private static void drain(JsonNode d, String at, ArrayNode windows) {
        keys(d, at, Set.of("start_time_us", "ramp_duration_us"), Set.of());
        long start = whole(d, "start_time_us", at, 0, Long.MAX_VALUE / 4);
        long ramp = whole(d, "ramp_duration_us", at, 0, Long.MAX_VALUE / 4);
        long segment = Math.max(1, ramp / 10);
        if (start > 0) {
            windows.addObject().put("start_us", 0).put("end_us", start);
        }
        for (int i = 0; i < 10; i++) {
            long from = start + i * segment;
            long active = Math.max(1, (long) (segment * (10 - i) / 10.0));
            windows.addObject().put("start_us", from).put("end_us", from + active);
        }
    }

    /** A client's {@code lifecycle.windows}; per-window rates and distributions are not simulated and refused. */
    private static List<ActiveWindow> lifecycle(JsonNode l, String at) {
        if (l == null) {
            return List.of();
        }
        if (!l.isObject()) {
            throw new WorkloadException(at + " must be a mapping with windows");
        }
        keys(l, at, Set.of("windows"), Set.of());
        JsonNode ws = l.get("windows");
        if (ws == null || !ws.isArray() || ws.isEmpty()) {
            throw new WorkloadException(at + ".windows must list at least one window");
        }
        List<ActiveWindow> out = new ArrayList<>();
        for (int i = 0; i < ws.size(); i++) {
            String where = at + ".windows[" + i + "]";
            JsonNode w = ws.get(i);
            keys(w, where, Set.of("start_us", "end_us"), Set.of("trace_rate", "arrival", "input_distribution", "output_distribution"));
            try {
                out.add(new ActiveWindow(whole(w, "start_us", where, 0, Long.MAX_VALUE), whole(w, "end_us", where, 0, Long.MAX_VALUE)));
            } catch (WorkloadException e) {
                throw new WorkloadException(where + ": " + e.getMessage());
            }
        }
        return out;
    }

    /**
     * BLIS's {@code reasoning} block: {@code multi_turn} ({@code max_rounds}, {@code think_time_us},
     * {@code context_growth}: {@code accumulate} or none) becomes sessions; {@code reason_ratio_distribution}
     * says how much of each output is reasoning, which the engine serves as output tokens like any
     * other, so it changes nothing here and is only checked. Null when there is no multi-turn block.
     */
    private static SessionSpec session(JsonNode r, String at) {
        if (r == null) {
            return null;
        }
        if (!r.isObject()) {
            throw new WorkloadException(at + " must be a mapping");
        }
        keys(r, at, Set.of("reason_ratio_distribution", "multi_turn"), Set.of());
        JsonNode ratio = r.get("reason_ratio_distribution");
        if (ratio != null) {
            if (!ratio.isObject()) {
                throw new WorkloadException(at + ".reason_ratio_distribution must be a mapping (type and params)");
            }
            keys(ratio, at + ".reason_ratio_distribution", Set.of("type", "params"), Set.of());
        }
        JsonNode mt = r.get("multi_turn");
        if (mt == null) {
            return null;
        }
        String where = at + ".multi_turn";
        if (!mt.isObject()) {
            throw new WorkloadException(where + " must be a mapping");
        }
        keys(mt, where, Set.of("max_rounds", "think_time_us", "context_growth", "agent"), Set.of("single_session"));
        int rounds = (int) whole(mt, "max_rounds", where, 0, 100_000);
        if (rounds < 1) {
            throw new WorkloadException(where + ".max_rounds must be at least 1");
        }
        String growth = mt.path("context_growth").asText("");
        if (!growth.isEmpty() && !growth.equals("accumulate")) {
            throw new WorkloadException(where + ".context_growth must be 'accumulate' or absent, got '" + growth + "'");
        }
        SessionSpec.Agentic agent = agent(mt.get("agent"), where + ".agent");
        if (agent != null && !growth.equals("accumulate")) {
            throw new WorkloadException(where + ".agent needs context_growth: accumulate (an agent's prompt is its conversation so far)");
        }
        return new SessionSpec(rounds, whole(mt, "think_time_us", where, 0, Long.MAX_VALUE), growth.equals("accumulate"), agent);
    }

    /**
     * Nous's {@code multi_turn.agent} block (not in BLIS): pauses drawn in milliseconds, the agent's
     * own ({@code think_ms}) or a tool's run ({@code tool_ms}, for {@code tool_share} of the rounds),
     * and sub-agents ({@code subagents}: {@code share} of the rounds hand work to between {@code min}
     * and {@code max} sub-agents of {@code rounds} rounds each, whose results add {@code result_tokens}
     * each to the agent's next prompt). Null when absent.
     */
    private static SessionSpec.Agentic agent(JsonNode a, String at) {
        if (a == null) {
            return null;
        }
        if (!a.isObject()) {
            throw new WorkloadException(at + " must be a mapping");
        }
        keys(a, at, Set.of("think_ms", "tool_share", "tool_ms", "subagents"), Set.of());
        LengthDistribution think = distribution(a.get("think_ms"), at + ".think_ms");
        LengthDistribution tool = a.has("tool_ms") ? distribution(a.get("tool_ms"), at + ".tool_ms") : think;
        double toolShare = a.has("tool_share") ? number(a, "tool_share", at) : 0;
        JsonNode sub = a.get("subagents");
        double share = 0;
        int min = 0;
        int max = 0;
        int rounds = 0;
        int results = 0;
        if (sub != null) {
            String sw = at + ".subagents";
            if (!sub.isObject()) {
                throw new WorkloadException(sw + " must be a mapping");
            }
            keys(sub, sw, Set.of("share", "min", "max", "rounds", "result_tokens"), Set.of());
            share = number(sub, "share", sw);
            min = (int) whole(sub, "min", sw, 1, 64);
            max = sub.has("max") ? (int) whole(sub, "max", sw, min, 64) : min;
            rounds = (int) whole(sub, "rounds", sw, 1, 100_000);
            results = (int) whole(sub, "result_tokens", sw, 0, MAX_TOKENS);
        }
        try {
            return new SessionSpec.Agentic(think, toolShare, tool, share, min, max, rounds, results);
        } catch (WorkloadException e) {
            throw new WorkloadException(at + ": " + e.getMessage());
        }
    }

    /** A whole number in [min, max] at {@code node.key}, or {@code min} when absent. */
    private static long whole(JsonNode node, String key, String at, long min, long max) {
        JsonNode v = node.get(key);
        if (v == null) {
            return min;
        }
        if (!v.canConvertToLong() || !v.isIntegralNumber() || v.asLong() < min || v.asLong() > max) {
            throw new WorkloadException(at + "." + key + " must be a whole number in [" + min + ", " + max + "], got " + v);
        }
        return v.asLong();
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
