package io.nous.store.journal;

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
import io.nous.store.PlainJson;
import io.nous.store.StoreException;
import java.io.IOException;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a discovery run was asked to do. Stored as the run's {@code config.json} and as the journal's
 * {@code run-started} record; resume and replay read it back, so a run always continues with its own
 * settings. New runs are built with {@link #builder()}, whose defaults are the CLI's. Bound by Jackson: what runs from
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
 * @param llm           the language model's settings (LLM runs only)
 * @param problem       the problem class searched: {@code flow-control}, {@code admission}, {@code joint}
 * @param schema        the journal schema version the run was written in ({@link JournalSchema})
 * @param principles    principles earlier runs learned that this run starts from ({@code --principles})
 * @param splitSeeds    seeds of the splits that run their own number (from the matrix file when the run
 *                      started; absent in runs from before splits could), by split name
 * @param prefixCaching the pods ran vLLM's automatic prefix caching (true for every new run; absent,
 *                      so false, in runs from before Nous simulated it, which replay without it)
 * @param noveltyTolerance skip a proposal whose behaviour signature is within this distance of an evaluated
 *                      candidate's (0: only an exact behavioural duplicate, as in runs from before the tolerance)
 * @param noveltyAudit  also evaluate every proposal skipped for its behaviour and journal whether it would
 *                      have been promoted (for measuring the novelty filter; costs what it saved)
 * @param front         further objectives every evaluation scores, per variant, for the trade-off front
 *                      ({@code --front}; empty: the objective alone)
 * @param prefer        the stated preference that picks one trade-off of the front for promotion
 *                      ({@code --prefer}; null: a candidate must dominate the incumbent)
 * @param headToHeadSeeds seeds of the search split in a promotion trial against the incumbent ({@code --head-to-head-seeds};
 *                      0, as in runs from before it was set: the search split's own)
 * @param seedsUpTo     comparisons that decide (a trial against the incumbent, confirmation on validation, the test
 *                      split, the upstream policies) add seeds while their verdict is open, up to this many ({@code
 *                      --seeds-up-to}; 0, as in runs from before it was set: a fixed number of seeds)
 * @param matrixRevision the revision of a built-in matrix the run used (0: the first, as in runs from before
 *                      built-in matrices were revised; a file's matrix has none)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record DiscoveryConfig(String objective, String proposer, int budget,
                              @JsonProperty("time_limit_seconds") double timeLimitSeconds, long seed,
                              @JsonProperty("seed_policies") List<String> seedPolicies, String matrix, int seeds,
                              @JsonProperty("duration_seconds") double durationSeconds, int threads, int replicates,
                              @JsonSerialize(using = NanAsNull.class) @JsonDeserialize(using = NullAsNan.class)
                              @JsonInclude(JsonInclude.Include.ALWAYS) double target,
                              @JsonInclude(JsonInclude.Include.NON_NULL) LlmConfig llm, boolean racing,
                              @JsonProperty("racing_audit") boolean racingAudit,
                              @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("promote_when") String promoteWhen,
                              @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = FlowControl.class) String problem,
                              @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = Unversioned.class) int schema,
                              @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> principles,
                              @JsonInclude(JsonInclude.Include.NON_EMPTY) @JsonProperty("split_seeds") Map<String, Integer> splitSeeds,
                              @JsonInclude(JsonInclude.Include.NON_DEFAULT) @JsonProperty("prefix_caching") boolean prefixCaching,
                              @JsonInclude(JsonInclude.Include.NON_DEFAULT) @JsonProperty("novelty_tolerance") double noveltyTolerance,
                              @JsonInclude(JsonInclude.Include.NON_DEFAULT) @JsonProperty("novelty_audit") boolean noveltyAudit,
                              @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> front,
                              @JsonInclude(JsonInclude.Include.NON_NULL) String prefer,
                              @JsonInclude(JsonInclude.Include.NON_DEFAULT) @JsonProperty("head_to_head_seeds") int headToHeadSeeds,
                              @JsonInclude(JsonInclude.Include.NON_DEFAULT) @JsonProperty("seeds_up_to") int seedsUpTo,
                              @JsonInclude(JsonInclude.Include.NON_DEFAULT) @JsonProperty("matrix_revision") int matrixRevision)
        implements JournalEntry {

    /** The journal type of the record that repeats the config at a run's start. */
    public static final String TYPE = "run-started";

    /** The problem class of a run whose config does not name one (runs from before problem classes). */
    public static final String FLOW_CONTROL = "flow-control";

    public DiscoveryConfig {
        problem = problem == null ? FLOW_CONTROL : problem; // absent for flow control, as in runs from before problem classes
        schema = schema == 0 ? JournalSchema.UNVERSIONED : schema;
        seedPolicies = seedPolicies == null ? List.of() : List.copyOf(seedPolicies);
        principles = principles == null ? List.of() : List.copyOf(principles);
        front = front == null ? List.of() : List.copyOf(front);
        splitSeeds = splitSeeds == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(splitSeeds));
    }

    /** The run's objective, then its front's others, in order; empty without a front. */
    public List<String> tradeOffObjectives() {
        if (front.isEmpty()) {
            return List.of();
        }
        List<String> all = new java.util.ArrayList<>(List.of(objective));
        front.stream().filter(o -> !o.equals(objective)).forEach(all::add);
        return List.copyOf(all);
    }

    /** The same settings, starting from principles earlier runs learned. */
    public DiscoveryConfig withPrinciples(List<String> inherited) {
        return new DiscoveryConfig(objective, proposer, budget, timeLimitSeconds, seed, seedPolicies, matrix, seeds, durationSeconds,
                threads, replicates, target, llm, racing, racingAudit, promoteWhen, problem, schema, inherited, splitSeeds, prefixCaching,
                noveltyTolerance, noveltyAudit, front, prefer, headToHeadSeeds, seedsUpTo, matrixRevision);
    }

    /** The same settings, with these splits on their own numbers of seeds. */
    public DiscoveryConfig withSplitSeeds(Map<String, Integer> bySplit) {
        return new DiscoveryConfig(objective, proposer, budget, timeLimitSeconds, seed, seedPolicies, matrix, seeds, durationSeconds,
                threads, replicates, target, llm, racing, racingAudit, promoteWhen, problem, schema, principles, bySplit, prefixCaching,
                noveltyTolerance, noveltyAudit, front, prefer, headToHeadSeeds, seedsUpTo, matrixRevision);
    }

    /** The matrix the run evaluates on, with its seeds and duration. */
    public Matrix loadMatrix() {
        Map<Split, Integer> bySplit = new EnumMap<>(Split.class);
        splitSeeds.forEach((split, n) -> bySplit.put(Split.byId(split), n));
        return MatrixCatalog.load(matrix, matrixRevision).withSeeds(seeds).withSplitSeeds(bySplit).withDuration(durationSeconds)
                .withPrefixCaching(prefixCaching);
    }

    /** The split seeds of a matrix, as a config records them. */
    public static Map<String, Integer> splitSeedsOf(Matrix m) {
        Map<String, Integer> out = new TreeMap<>();
        m.splitSeeds().forEach((split, n) -> out.put(split.id(), n));
        return out;
    }

    @Override
    public String journalType() {
        return TYPE;
    }

    /** A new run's settings in the current schema, from the CLI's defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Builds a new run's settings. Every default is here, once: the CLI's options show these values
     * in their help, and a test or tool that sets only what it cares about gets the same run as the
     * command line would.
     */
    public static final class Builder {
        /** The defaults as the CLI's {@code defaultValue}s (picocli takes strings). */
        public static final String SEED = "1";
        public static final String SEEDS = "3";
        public static final String DURATION_SECONDS = "600";
        /** In minutes, as the CLI writes a duration. */
        public static final String TIME_LIMIT = "12m";
        public static final int REPLICATES = 2000;

        private String objective = "critical-ttft";
        private String proposer = "evolve";
        private int budget = 150;
        private double timeLimitSeconds = 60 * Double.parseDouble(TIME_LIMIT.substring(0, TIME_LIMIT.length() - 1));
        private long seed = Long.parseLong(SEED);
        private List<String> seedPolicies = List.of("static-usage-limit");
        private String matrix = "default";
        private int seeds = Integer.parseInt(SEEDS);
        private double durationSeconds = Double.parseDouble(DURATION_SECONDS);
        private int threads = Runtime.getRuntime().availableProcessors();
        private int replicates = REPLICATES;
        private double target = Double.NaN;
        private LlmConfig llm;
        private boolean racing = true;
        private boolean racingAudit;
        private String promoteWhen;
        private String problem = FLOW_CONTROL;
        private List<String> principles = List.of();
        private Map<String, Integer> splitSeeds = Map.of();
        private boolean prefixCaching = true;
        /** Two hundredths: no probed decision moved by more than two percentage points (see docs/discovery.md). */
        public static final String NOVELTY_TOLERANCE = "0.02";
        private double noveltyTolerance = Double.parseDouble(NOVELTY_TOLERANCE);
        private boolean noveltyAudit;
        private List<String> front = List.of();
        private String prefer;
        private int headToHeadSeeds;
        /** Up to four times the default matrix's three seeds: enough to confirm a 5 % change in a tail (docs/discovery.md). */
        public static final String SEEDS_UP_TO = "12";
        private int seedsUpTo = Integer.parseInt(SEEDS_UP_TO);
        private int matrixRevision = -1;

        private Builder() {
        }

        public Builder objective(String v) { objective = v; return this; }
        public Builder proposer(String v) { proposer = v; return this; }
        public Builder budget(int v) { budget = v; return this; }
        public Builder timeLimitSeconds(double v) { timeLimitSeconds = v; return this; }
        public Builder seed(long v) { seed = v; return this; }
        public Builder seedPolicies(List<String> v) { seedPolicies = List.copyOf(v); return this; }
        public Builder matrix(String v) { matrix = v; return this; }
        public Builder seeds(int v) { seeds = v; return this; }
        public Builder durationSeconds(double v) { durationSeconds = v; return this; }
        public Builder threads(int v) { threads = v; return this; }
        public Builder replicates(int v) { replicates = v; return this; }
        public Builder target(double v) { target = v; return this; }
        public Builder llm(LlmConfig v) { llm = v; return this; }
        public Builder racing(boolean v) { racing = v; return this; }
        public Builder racingAudit(boolean v) { racingAudit = v; return this; }
        public Builder promoteWhen(String v) { promoteWhen = v; return this; }
        public Builder problem(String v) { problem = v; return this; }
        public Builder principles(List<String> v) { principles = List.copyOf(v); return this; }
        public Builder splitSeeds(Map<String, Integer> v) { splitSeeds = Map.copyOf(v); return this; }
        public Builder prefixCaching(boolean v) { prefixCaching = v; return this; }
        public Builder noveltyTolerance(double v) { noveltyTolerance = v; return this; }
        public Builder noveltyAudit(boolean v) { noveltyAudit = v; return this; }
        public Builder front(List<String> v) { front = List.copyOf(v); return this; }
        public Builder prefer(String v) { prefer = v; return this; }
        public Builder headToHeadSeeds(int v) { headToHeadSeeds = v; return this; }
        public Builder seedsUpTo(int v) { seedsUpTo = v; return this; }
        /** The built-in matrix's revision to record (by default its current one). */
        public Builder matrixRevision(int v) { matrixRevision = v; return this; }

        public DiscoveryConfig build() {
            return new DiscoveryConfig(objective, proposer, budget, timeLimitSeconds, seed, seedPolicies, matrix, seeds, durationSeconds,
                    threads, replicates, target, llm, racing, racingAudit, promoteWhen, problem, JournalSchema.CURRENT, principles, splitSeeds, prefixCaching,
                    noveltyTolerance, noveltyAudit, front, prefer, headToHeadSeeds, seedsUpTo,
                    matrixRevision >= 0 ? matrixRevision : MatrixCatalog.revision(matrix));
        }
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

    private static final com.fasterxml.jackson.databind.ObjectMapper READER = PlainJson.tolerant();

    /** Leaves {@code problem} out when it is flow control. */
    static final class FlowControl {
        @Override
        public boolean equals(Object o) {
            return o == null || FLOW_CONTROL.equals(o);
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
