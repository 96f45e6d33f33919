package io.nous.sim.pod;

import io.nous.sim.config.GoDuration;
import io.nous.sim.config.YamlNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An llm-d-inference-sim pod's settings, read from the container's own args (the list in the
 * Deployment), with the simulator's defaults (llm-d-inference-sim pkg/common/config.go
 * {@code newConfig}, flags in pkg/common/parser.go). Flags that change nothing the simulation sees
 * (the model name, the port, TLS, logging) are accepted; flags for features it does not model
 * (LoRA, P/D disaggregation, failure injection, tool calls, datasets, echo mode) are refused by name.
 *
 * @param latencyCalculator "" (default: per-token when time-to-first-token is 0), "per-token" or "constant"
 * @param ignoreEos  the clients send {@code ignore_eos}, so every response is {@code max_tokens} long (a client
 *                   fact, not an arg: without it the simulator draws lengths from its histogram)
 */
public record InferenceSimConfig(int maxNumSeqs, int maxWaitingQueueLength, int maxModelLen, boolean enableKvCache, int kvCacheSize,
                                 int blockSize, String latencyCalculator, long timeToFirstTokenNs, long timeToFirstTokenStdDevNs,
                                 long prefillOverheadNs, long prefillTimePerTokenNs, long prefillTimeStdDevNs, long interTokenLatencyNs,
                                 long interTokenLatencyStdDevNs, double timeFactorUnderLoad, String text, boolean ignoreEos) {

    public static final InferenceSimConfig DEFAULTS = new InferenceSimConfig(5, 1000, 1024, false, 1024, 16, "", 0, 0, 0, 0, 0, 0, 0,
            1.0, "", false);
    /** Args shipped with Nous. */
    public static final List<String> PRESET_NAMES = List.of("lab-inference-sim");

    private static final Set<String> HARMLESS = Set.of("model", "served-model-name", "port", "seed", "config", "log-http",
            "enable-request-id-headers", "ssl-certfile", "ssl-keyfile", "self-signed-certs", "max-request-body-size-mb",
            "tensor-parallel-size", "zmq-endpoint", "event-batch-size", "hash-seed", "kv-events-replay-endpoint",
            "kv-events-replay-queue-size", "use-vllm-map-event-format", "force-dummy-tokenizer", "startup-duration",
            "fake-metrics-refresh-interval", "max-loras", "max-cpu-loras", "skip-tool-validation", "render-url", "render-timeout",
            "mm-render-timeout", "mm-processor-kwargs", "ec-transfer-config", "default-embedding-dimensions");
    private static final Set<String> REFUSED = Set.of("lora-modules", "failure-injection-rate", "failure-types", "dataset-path",
            "dataset-url", "dataset-in-memory", "dataset-table-name", "kv-cache-transfer-latency", "kv-cache-transfer-latency-std-dev",
            "kv-cache-transfer-time-per-token", "kv-cache-transfer-time-std-dev", "data-parallel-size", "data-parallel-rank",
            "global-cache-hit-threshold", "fake-metrics", "image-emission-rate", "time-to-generate-image", "time-to-generate-image-std-dev",
            "max-tool-call-integer-param", "min-tool-call-integer-param", "max-tool-call-number-param", "min-tool-call-number-param",
            "max-tool-call-array-param-length", "min-tool-call-array-param-length", "tool-call-not-required-param-probability",
            "object-tool-call-not-required-field-probability", "tool-call-extra-call-probability");

    public InferenceSimConfig {
        if (maxNumSeqs < 1 || maxWaitingQueueLength < 1 || maxModelLen < 1 || kvCacheSize < 1 || blockSize < 1) {
            throw new IllegalArgumentException("inference-sim: counts and sizes must be >= 1");
        }
        if (!(timeFactorUnderLoad >= 1.0)) {
            throw new IllegalArgumentException("inference-sim: time-factor-under-load must be >= 1.0, got " + timeFactorUnderLoad);
        }
    }

    /** A shipped args list ({@link #PRESET_NAMES}) or a file. */
    public static InferenceSimConfig byNameOrFile(String ref) {
        if (PRESET_NAMES.contains(ref)) {
            try (InputStream in = InferenceSimConfig.class.getResourceAsStream("/io/nous/sim/pod/" + ref + ".yaml")) {
                return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), ref + ".yaml");
            } catch (IOException e) {
                throw new IllegalStateException("cannot read preset " + ref, e);
            }
        }
        try {
            return parse(Files.readString(Path.of(ref), StandardCharsets.UTF_8), ref);
        } catch (NoSuchFileException e) {
            throw new EngineArgsException(ref + ": no such file, and not shipped args (" + String.join(", ", PRESET_NAMES) + ")");
        } catch (IOException e) {
            throw new EngineArgsException(ref + ": cannot read: " + e.getMessage());
        }
    }

    /**
     * Reads an args list: a YAML list of strings ({@code - --max-num-seqs=4}, or a flag and its value as
     * two items), or a map whose {@code args} is that list (a container spec's excerpt).
     */
    public static InferenceSimConfig parse(String text, String origin) {
        YamlNode root = YamlNode.parse(text, origin, EngineArgsException::new);
        YamlNode list = root;
        if (root.isMap()) {
            list = root.get("args");
            root.rejectUnknown("key (give the container's args list)", List.of("args"));
            if (list == null) {
                throw root.fail("no 'args' list");
            }
        }
        List<YamlNode> items = list.list("the args");
        Map<String, String> flags = new LinkedHashMap<>();
        Map<String, YamlNode> where = new LinkedHashMap<>();
        for (int i = 0; i < items.size(); i++) {
            YamlNode item = items.get(i);
            String arg = item.text("an arg").trim();
            if (!arg.startsWith("--")) {
                throw item.fail("expected a flag such as --max-num-seqs=4, got '" + arg + "'");
            }
            String name = arg.substring(2);
            String value;
            int eq = name.indexOf('=');
            if (eq >= 0) {
                value = name.substring(eq + 1);
                name = name.substring(0, eq);
            } else if (i + 1 < items.size() && !items.get(i + 1).text("an arg").trim().startsWith("--")) {
                value = items.get(++i).text("an arg").trim();
            } else {
                value = "true"; // a boolean flag given alone
            }
            if (REFUSED.contains(name)) {
                throw item.fail("--" + name + " is not simulated (the engine model has no LoRA, P/D transfer, failure injection, "
                        + "datasets, images or tool calls)");
            }
            flags.put(name, value);
            where.put(name, item);
        }
        Reader r = new Reader(flags, where);
        InferenceSimConfig d = DEFAULTS;
        String mode = r.text("mode", "random");
        if (!mode.equals("random")) {
            throw where.get("mode").fail("--mode " + mode + " is not simulated (random only: responses of the histogram's lengths)");
        }
        String calc = r.text("latency-calculator", d.latencyCalculator());
        if (!List.of("", "per-token", "constant").contains(calc)) {
            throw where.get("latency-calculator").fail("--latency-calculator must be per-token or constant, got '" + calc + "'");
        }
        InferenceSimConfig c;
        try {
            c = new InferenceSimConfig((int) r.integer("max-num-seqs", d.maxNumSeqs()),
                    (int) r.integer("max-waiting-queue-length", d.maxWaitingQueueLength()),
                    (int) r.integer("max-model-len", d.maxModelLen()), r.bool("enable-kvcache", d.enableKvCache()),
                    (int) r.integer("kv-cache-size", d.kvCacheSize()), (int) r.integer("block-size", d.blockSize()), calc,
                    r.duration("time-to-first-token"), r.duration("time-to-first-token-std-dev"), r.duration("prefill-overhead"),
                    r.duration("prefill-time-per-token"), r.duration("prefill-time-std-dev"), r.duration("inter-token-latency"),
                    r.duration("inter-token-latency-std-dev"), r.number("time-factor-under-load", d.timeFactorUnderLoad()), text, false);
        } catch (IllegalArgumentException e) {
            throw new EngineArgsException(origin + ": " + e.getMessage());
        }
        for (Map.Entry<String, String> e : flags.entrySet()) {
            if (!r.read.contains(e.getKey()) && !HARMLESS.contains(e.getKey())) {
                throw where.get(e.getKey()).fail("unknown flag --" + e.getKey() + " for llm-d-inference-sim");
            }
        }
        if (!List.of(8, 16, 32, 64, 128).contains(c.blockSize())) {
            throw where.get("block-size").fail("--block-size must be 8, 16, 32, 64 or 128, got " + c.blockSize());
        }
        return c;
    }

    /** The same pods with a KV cache of {@code blocks} blocks. */
    public InferenceSimConfig withKvCacheSize(int blocks) {
        return new InferenceSimConfig(maxNumSeqs, maxWaitingQueueLength, maxModelLen, enableKvCache, blocks, blockSize, latencyCalculator,
                timeToFirstTokenNs, timeToFirstTokenStdDevNs, prefillOverheadNs, prefillTimePerTokenNs, prefillTimeStdDevNs,
                interTokenLatencyNs, interTokenLatencyStdDevNs, timeFactorUnderLoad, text, ignoreEos);
    }

    /** The same pods, with clients that do or do not send {@code ignore_eos}. */
    public InferenceSimConfig withIgnoreEos(boolean on) {
        return new InferenceSimConfig(maxNumSeqs, maxWaitingQueueLength, maxModelLen, enableKvCache, kvCacheSize, blockSize, latencyCalculator,
                timeToFirstTokenNs, timeToFirstTokenStdDevNs, prefillOverheadNs, prefillTimePerTokenNs, prefillTimeStdDevNs,
                interTokenLatencyNs, interTokenLatencyStdDevNs, timeFactorUnderLoad, text, on);
    }

    /** Whether the prefill time counts prompt tokens (per-token, or the default with no fixed time to first token). */
    public boolean perToken() {
        return latencyCalculator.equals("per-token") || latencyCalculator.isEmpty() && timeToFirstTokenNs == 0
                && timeToFirstTokenStdDevNs == 0;
    }

    private static final class Reader {
        private final Map<String, String> flags;
        private final Map<String, YamlNode> where;
        final List<String> read = new ArrayList<>();

        Reader(Map<String, String> flags, Map<String, YamlNode> where) {
            this.flags = flags;
            this.where = where;
        }

        String text(String name, String dflt) {
            read.add(name);
            return flags.getOrDefault(name, dflt);
        }

        long integer(String name, long dflt) {
            String v = text(name, null);
            if (v == null) {
                return dflt;
            }
            long n;
            try {
                n = Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw where.get(name).fail("--" + name + " must be a whole number, got '" + v + "'");
            }
            if (n < Integer.MIN_VALUE || n > Integer.MAX_VALUE) {
                // the engine's flags are Go ints the simulator holds as Java ints: a larger value would wrap, not be refused
                throw where.get(name).fail("--" + name + " " + v + " is past the largest value simulated, " + Integer.MAX_VALUE);
            }
            return n;
        }

        double number(String name, double dflt) {
            String v = text(name, null);
            if (v == null) {
                return dflt;
            }
            try {
                return Double.parseDouble(v);
            } catch (NumberFormatException e) {
                throw where.get(name).fail("--" + name + " must be a number, got '" + v + "'");
            }
        }

        boolean bool(String name, boolean dflt) {
            String v = text(name, null);
            if (v == null) {
                return dflt;
            }
            if (!v.equals("true") && !v.equals("false")) {
                throw where.get(name).fail("--" + name + " must be true or false, got '" + v + "'");
            }
            return v.equals("true");
        }

        long duration(String name) {
            String v = text(name, null);
            if (v == null) {
                return 0;
            }
            Long ns = GoDuration.nanos(v);
            if (ns == null) {
                throw where.get(name).fail("--" + name + " must be a duration such as 15ms or 200us: '" + v + "' " + GoDuration.problem(v));
            }
            return ns;
        }
    }
}
