package io.nous.discover;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixCatalog;
import io.nous.evaluator.scenario.Split;
import io.nous.store.Journal;
import io.nous.store.StoreException;
import io.nous.store.journal.JournalSchema;
import java.io.IOException;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a discovery run was asked to do. Stored as the run's {@code config.json}; resume and replay
 * read it back, so a run always continues with its own settings. Bound by Jackson: what runs from
 * earlier versions lack reads as their behaviour then (no racing, flow control, schema 1), and what
 * is at its default is left out, so an old run's config is written back byte for byte.
 *
 * @param budget        iterations (proposals) at most
 * @param timeLimitSeconds stop starting new iterations after this long (0 = no limit)
 * @param target        stop early once the incumbent's objective change reaches this (NaN = never)
 * @param racing        stop simulating a candidate under further variants once it is clearly out
 * @param racingAudit   also evaluate every raced-out candidate fully and journal whether racing was
 *                      right (for measuring racing; costs what racing saved)
 * @param promoteWhen   how many variants must agree ({@code all}, {@code quorum:K}), or null for the matrix's rule
 * @param problem       the problem class searched ({@link Problems}): {@code flow-control} or {@code admission}
 * @param schema        the journal schema version the run was written in ({@link JournalSchema})
 * @param principles    principles earlier runs learned that this run starts from ({@code --principles})
 * @param splitSeeds    seeds of the splits that run their own number (from the matrix file when the run
 *                      started; absent in runs from before splits could), by split name
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record DiscoveryConfig(String objective, String proposer, int budget,
                              @JsonProperty("time_limit_seconds") double timeLimitSeconds, long seed,
                              @JsonProperty("seed_policies") List<String> seedPolicies, String matrix, int seeds,
                              @JsonProperty("duration_seconds") double durationSeconds, int threads, int replicates,
                              @JsonSerialize(using = NanAsNull.class) @JsonDeserialize(using = NullAsNan.class)
                              @JsonInclude(JsonInclude.Include.ALWAYS) double target,
                              @JsonInclude(JsonInclude.Include.NON_NULL) ObjectNode llm, boolean racing,
                              @JsonProperty("racing_audit") boolean racingAudit,
                              @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("promote_when") String promoteWhen,
                              @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = FlowControl.class) String problem,
                              @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = Unversioned.class) int schema,
                              @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> principles,
                              @JsonInclude(JsonInclude.Include.NON_EMPTY) @JsonProperty("split_seeds") Map<String, Integer> splitSeeds) {

    public DiscoveryConfig {
        problem = problem == null ? Problems.FLOW_CONTROL : problem; // absent for flow control, as in runs from before problem classes
        schema = schema == 0 ? JournalSchema.UNVERSIONED : schema;
        principles = principles == null ? List.of() : List.copyOf(principles);
        splitSeeds = splitSeeds == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(splitSeeds));
    }

    /** The same settings, starting from principles earlier runs learned. */
    public DiscoveryConfig withPrinciples(List<String> inherited) {
        return new DiscoveryConfig(objective, proposer, budget, timeLimitSeconds, seed, seedPolicies, matrix, seeds, durationSeconds,
                threads, replicates, target, llm, racing, racingAudit, promoteWhen, problem, schema, inherited, splitSeeds);
    }

    /** The same settings, with these splits on their own numbers of seeds. */
    public DiscoveryConfig withSplitSeeds(Map<String, Integer> bySplit) {
        return new DiscoveryConfig(objective, proposer, budget, timeLimitSeconds, seed, seedPolicies, matrix, seeds, durationSeconds,
                threads, replicates, target, llm, racing, racingAudit, promoteWhen, problem, schema, principles, bySplit);
    }

    /** A new run's settings, in the current schema. */
    public DiscoveryConfig(String objective, String proposer, int budget, double timeLimitSeconds, long seed, List<String> seedPolicies,
                           String matrix, int seeds, double durationSeconds, int threads, int replicates, double target, ObjectNode llm,
                           boolean racing, boolean racingAudit, String promoteWhen, String problem) {
        this(objective, proposer, budget, timeLimitSeconds, seed, seedPolicies, matrix, seeds, durationSeconds, threads, replicates,
                target, llm, racing, racingAudit, promoteWhen, problem, JournalSchema.CURRENT, List.of(), Map.of());
    }

    /** A new flow-control run's settings without an LLM, racing on. */
    public DiscoveryConfig(String objective, String proposer, int budget, double timeLimitSeconds, long seed, List<String> seedPolicies,
                           String matrix, int seeds, double durationSeconds, int threads, int replicates, double target) {
        this(objective, proposer, budget, timeLimitSeconds, seed, seedPolicies, matrix, seeds, durationSeconds, threads, replicates,
                target, null, true, false, null, Problems.FLOW_CONTROL);
    }

    /** The matrix the run evaluates on, with its seeds and duration. */
    public Matrix loadMatrix() {
        Map<Split, Integer> bySplit = new EnumMap<>(Split.class);
        splitSeeds.forEach((split, n) -> bySplit.put(Split.byId(split), n));
        return MatrixCatalog.load(matrix).withSeeds(seeds).withSplitSeeds(bySplit).withDuration(durationSeconds);
    }

    /** The split seeds of a matrix, as a config records them. */
    public static Map<String, Integer> splitSeedsOf(Matrix m) {
        Map<String, Integer> out = new TreeMap<>();
        m.splitSeeds().forEach((split, n) -> out.put(split.id(), n));
        return out;
    }

    /** As {@code config.json} holds it. */
    public ObjectNode toJson() {
        return Journal.body(this);
    }

    /** A run's {@code config.json}; a newer schema than this build reads, or a config that does not fit, is refused. */
    public static DiscoveryConfig fromJson(ObjectNode o) {
        DiscoveryConfig c;
        try {
            c = READER.treeToValue(o, DiscoveryConfig.class);
        } catch (IOException | IllegalArgumentException e) {
            throw new StoreException("the run's config.json is not a discovery config: " + e.getMessage(), e);
        }
        JournalSchema.check(c.schema(), "the run");
        return c;
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper READER = io.nous.store.PlainJson.tolerant();

    /** Leaves {@code problem} out when it is flow control. */
    static final class FlowControl {
        @Override
        public boolean equals(Object o) {
            return o == null || Problems.FLOW_CONTROL.equals(o);
        }

        @Override
        public int hashCode() {
            return 0;
        }
    }

    /** Leaves {@code schema} out for runs from before it was recorded. */
    static final class Unversioned {
        @Override
        public boolean equals(Object o) {
            return o instanceof Integer i && i == JournalSchema.UNVERSIONED;
        }

        @Override
        public int hashCode() {
            return 0;
        }
    }

    /** No target (NaN) is written as null. */
    static final class NanAsNull extends JsonSerializer<Double> {
        @Override
        public void serialize(Double v, JsonGenerator gen, SerializerProvider p) throws IOException {
            if (v == null || v.isNaN()) {
                gen.writeNull();
            } else {
                gen.writeNumber(v);
            }
        }
    }

    /** ... and read back as NaN. */
    static final class NullAsNan extends JsonDeserializer<Double> {
        @Override
        public Double deserialize(JsonParser p, DeserializationContext ctx) throws IOException {
            return p.getValueAsDouble();
        }

        @Override
        public Double getNullValue(DeserializationContext ctx) {
            return Double.NaN;
        }
    }
}
