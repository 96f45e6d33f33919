package io.nous.codegen.isolate;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nous.codegen.Contract;
import io.nous.sim.Scenario;
import io.nous.sim.metrics.RequestSamples;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.spi.PlugPoint;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The messages between a {@link WorkerPool} and a {@link WorkerMain}: one JSON object per line,
 * each behind {@link #MARKER}, so that nothing else a JVM may print on its standard output (such
 * as "Terminating due to java.lang.OutOfMemoryError") can be mistaken for a message. Records
 * serialize by their components, so a scenario and a result cross the process boundary exactly
 * (doubles in full precision, per-request samples as the raw bits of their floats).
 */
public final class WorkerProtocol {
    /** Every protocol line starts with this; other lines are noise from the JVM. */
    public static final String MARKER = "@nous ";

    static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private WorkerProtocol() {
    }

    /** What a job asks of the worker. */
    public enum Mode {
        /** Check the candidate (verify, compile, exercise); no simulation. */
        CHECK,
        /** Check the candidate and probe its behaviour (what discovery needs). */
        CHECK_AND_PROBE,
        /** Simulate a scenario with the candidate. */
        SIMULATE
    }

    /**
     * One job for a worker.
     *
     * @param policyName      what the simulation calls the policy (in its results), or null for the class name
     * @param sources         the candidate sources, by plug point id ({@code usage-limit}, {@code admission}, ...), in the
     *                        order they are compiled; a plug point without one runs the deployment's own (no usage-limit
     *                        policy: an open gate, ceilings all 1). A check job checks the first.
     * @param samples         return every measured request's latencies too
     * @param probePriorities with {@link Mode#CHECK_AND_PROBE}: the priority arrays the simulator will pass a usage-limit
     *                        candidate, for its behaviour fingerprint (null: no fingerprint)
     * @param decisionsKey    with {@link Mode#SIMULATE} and a usage-limit candidate alone: the key of a baseline run's decisions
     *                        on this scenario ({@link io.nous.sim.epp.DecisionTrace#key}), to hold the candidate to before
     *                        simulating it; alike, the reply says so instead of carrying a result (null: simulate). A worker
     *                        keeps the traces it is sent; one that does not have this one asks for it
     *                        ({@link Reply#needsDecisions})
     * @param decisions       the trace itself ({@link io.nous.sim.epp.DecisionTrace#toBytes}), or null when the worker should
     *                        have it
     */
    public record Job(long id, Mode mode, Scenario scenario, String policyName, Map<String, Source> sources, boolean samples,
                      Contract contract, List<int[]> probePriorities, String decisionsKey, byte[] decisions) {

        /** A job with no decisions to replay. */
        public Job(long id, Mode mode, Scenario scenario, String policyName, Map<String, Source> sources, boolean samples,
                   Contract contract, List<int[]> probePriorities) {
            this(id, mode, scenario, policyName, sources, samples, contract, probePriorities, null, null);
        }

        /** A candidate's source and the name messages give it (its file name). */
        public record Source(String text, String origin) {
        }

        public Job {
            sources = sources == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(sources));
        }

        /** A job with the usage-limit, admission and routing sources (each may be null). */
        public Job(long id, Mode mode, Scenario scenario, String policyName, String usageLimitSource, String usageLimitOrigin,
                   String admissionSource, String admissionOrigin, boolean samples, Contract contract,
                   List<int[]> probePriorities, String routingSource, String routingOrigin) {
            this(id, mode, scenario, policyName, sourcesOf(usageLimitSource, usageLimitOrigin, admissionSource, admissionOrigin,
                    routingSource, routingOrigin), samples, contract, probePriorities);
        }

        public Job(long id, Mode mode, Scenario scenario, String policyName, String usageLimitSource, String usageLimitOrigin,
                   String admissionSource, String admissionOrigin, boolean samples, Contract contract, List<int[]> probePriorities) {
            this(id, mode, scenario, policyName, usageLimitSource, usageLimitOrigin, admissionSource, admissionOrigin, samples, contract,
                    probePriorities, null, null);
        }

        public Job(long id, Mode mode, Scenario scenario, String policyName, String usageLimitSource, String usageLimitOrigin,
                   String admissionSource, String admissionOrigin, boolean samples, Contract contract) {
            this(id, mode, scenario, policyName, usageLimitSource, usageLimitOrigin, admissionSource, admissionOrigin, samples, contract, null);
        }

        public Job(long id, Mode mode, Scenario scenario, String policyName, String usageLimitSource, String usageLimitOrigin,
                   String admissionSource, String admissionOrigin, boolean samples) {
            this(id, mode, scenario, policyName, usageLimitSource, usageLimitOrigin, admissionSource, admissionOrigin, samples,
                    Contract.ROUTER);
        }

        /** A simulation without samples (what {@code simulate --isolate} needs). */
        public Job(long id, Scenario scenario, String usageLimitSource, String usageLimitOrigin, String admissionSource,
                   String admissionOrigin) {
            this(id, Mode.SIMULATE, scenario, null, usageLimitSource, usageLimitOrigin, admissionSource, admissionOrigin, false);
        }

        private static Map<String, Source> sourcesOf(String usageLimit, String usageLimitOrigin, String admission, String admissionOrigin,
                                                     String routing, String routingOrigin) {
            Map<String, Source> m = new LinkedHashMap<>();
            if (usageLimit != null) {
                m.put(PlugPoint.USAGE_LIMIT.id(), new Source(usageLimit, usageLimitOrigin));
            }
            if (admission != null) {
                m.put(PlugPoint.ADMISSION.id(), new Source(admission, admissionOrigin));
            }
            if (routing != null) {
                m.put(PlugPoint.ROUTING.id(), new Source(routing, routingOrigin));
            }
            return m;
        }

        /** The same job with this plug point's candidate source (null removes it). */
        public Job withSource(PlugPoint<?> point, String text, String origin) {
            Map<String, Source> m = new LinkedHashMap<>(sources);
            if (text == null) {
                m.remove(point.id());
            } else {
                m.put(point.id(), new Source(text, origin));
            }
            return new Job(id, mode, scenario, policyName, m, samples, contract, probePriorities, decisionsKey, decisions);
        }

        /** The same job with these sources in place of its own, by plug point id. */
        public Job withSources(Map<String, Source> replaced) {
            return new Job(id, mode, scenario, policyName, replaced, samples, contract, probePriorities, decisionsKey, decisions);
        }

        /** The contract the candidate is checked under (the router's unless said otherwise). */
        public Contract contractOrDefault() {
            return contract == null ? Contract.ROUTER : contract;
        }

        Job withId(long newId) {
            return new Job(newId, mode, scenario, policyName, sources, samples, contract, probePriorities, decisionsKey, decisions);
        }

        /** The same job, holding its candidate to the baseline decisions of this key first, sent along or not ({@link #decisions}). */
        public Job withDecisions(String key, byte[] trace) {
            return new Job(id, mode, scenario, policyName, sources, samples, contract, probePriorities, key, trace);
        }
    }

    /**
     * What a check in a worker found: every problem (verification, compilation, exercise), and the
     * behaviour probe of an accepted usage-limit candidate (onset of gating, open share at 0.8), and
     * its behaviour fingerprint and signature when the job asked for them.
     */
    public record CheckSummary(boolean accepted, List<String> problems, String canonicalHash, double[] behaviour, String fingerprint,
                               double[] signature) {
    }

    /**
     * Per-request samples of one class, each array as its little-endian float bits, which JSON carries
     * as Base64 text (Jackson writes and reads a {@code byte[]} as Base64 directly, with no string in
     * between); the tenants as little-endian ints.
     */
    public record EncodedSamples(byte[] ttft, byte[] e2e, byte[] itl, byte[] tenants) {
        static EncodedSamples of(RequestSamples s) {
            return new EncodedSamples(encode(s.ttftMs()), encode(s.e2eMs()), encode(s.itlMs()), encodeInts(s.tenants()));
        }

        RequestSamples decode() {
            float[] t = WorkerProtocol.decode(ttft);
            return RequestSamples.of(t, WorkerProtocol.decode(e2e), WorkerProtocol.decode(itl),
                    tenants == null ? new int[t.length] : decodeInts(tenants));
        }
    }

    /**
     * The worker's answer: a result (with samples if asked), a check summary, or why there is none; or,
     * for a job with {@link Job#decisionsKey}, that the candidate decided every cycle as the baseline did
     * ({@code decidedAlike}), so that the baseline's run is its run, or that this worker does not have
     * those decisions and needs the job again with them ({@code needsDecisions}).
     */
    public record Reply(long id, SimulationResult result, Map<String, EncodedSamples> samples, CheckSummary check, String error,
                        boolean decidedAlike, boolean needsDecisions) {

        public Reply(long id, SimulationResult result, Map<String, EncodedSamples> samples, CheckSummary check, String error) {
            this(id, result, samples, check, error, false, false);
        }

        /** The candidate of job {@code id} decided every cycle as its baseline did. */
        public static Reply alike(long id) {
            return new Reply(id, null, null, null, null, true, false);
        }

        /** Job {@code id} named decisions this worker does not have: send it again with them. */
        public static Reply needsDecisions(long id) {
            return new Reply(id, null, null, null, null, false, true);
        }

        public Reply(long id, SimulationResult result, String error) {
            this(id, result, null, null, error);
        }

        /** The samples, decoded (class name → samples), or null when none were sent. */
        public Map<String, RequestSamples> decodedSamples() {
            if (samples == null) {
                return null;
            }
            Map<String, RequestSamples> out = new LinkedHashMap<>();
            samples.forEach((k, v) -> out.put(k, v.decode()));
            return out;
        }
    }

    static Map<String, EncodedSamples> encode(Map<String, RequestSamples> samples) {
        Map<String, EncodedSamples> out = new LinkedHashMap<>();
        samples.forEach((k, v) -> out.put(k, EncodedSamples.of(v)));
        return out;
    }

    /** The floats' raw bits, little-endian (a bulk copy through a float view: every bit pattern, NaNs' too, kept). */
    private static byte[] encode(float[] xs) {
        ByteBuffer b = ByteBuffer.allocate(xs.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        b.asFloatBuffer().put(xs);
        return b.array();
    }

    private static byte[] encodeInts(int[] xs) {
        ByteBuffer b = ByteBuffer.allocate(xs.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        b.asIntBuffer().put(xs);
        return b.array();
    }

    private static int[] decodeInts(byte[] bits) {
        if (bits.length % 4 != 0) {
            throw new IllegalArgumentException("tenants of " + bits.length + " bytes are not whole ints");
        }
        int[] out = new int[bits.length / 4];
        ByteBuffer.wrap(bits).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(out);
        return out;
    }

    private static float[] decode(byte[] bits) {
        if (bits.length % 4 != 0) {
            throw new IllegalArgumentException("samples of " + bits.length + " bytes are not whole floats");
        }
        float[] out = new float[bits.length / 4];
        ByteBuffer.wrap(bits).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(out);
        return out;
    }

    /** A job or reply as one line of JSON (without the marker): how it crosses to another machine too. */
    public static String toJson(Object message) {
        return write(message).substring(MARKER.length());
    }

    /** A job or reply from {@link #toJson}. */
    public static <T> T fromJson(String json, Class<T> type) {
        try {
            return read(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a " + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
        }
    }

    /** A job or reply from {@link #toJson}, as UTF-8 bytes. */
    public static <T> T fromJson(byte[] json, Class<T> type) {
        try {
            return JSON.readValue(json, type);
        } catch (IOException e) {
            throw new IllegalArgumentException("not a " + type.getSimpleName() + ": " + (e instanceof JsonProcessingException j
                    ? j.getOriginalMessage() : e.getMessage()), e);
        }
    }

    /** A reply carrying a simulation's result and its samples, as a worker sends it. */
    public static Reply simulated(long id, SimulationResult result, Map<String, RequestSamples> samples) {
        return new Reply(id, result, samples == null ? null : encode(samples), null, null);
    }

    private static final byte[] MARKER_BYTES = MARKER.getBytes(StandardCharsets.UTF_8);

    /** Whether a line (as bytes) is a protocol message: it starts with {@link #MARKER}. */
    static boolean isMessage(byte[] line) {
        return line.length >= MARKER_BYTES.length && Arrays.equals(line, 0, MARKER_BYTES.length, MARKER_BYTES, 0, MARKER_BYTES.length);
    }

    /** {@link #write} as UTF-8 bytes, without passing through characters (the form a worker sends). */
    static byte[] writeBytes(Object message) {
        try {
            byte[] json = JSON.writeValueAsBytes(message);
            byte[] out = Arrays.copyOf(MARKER_BYTES, MARKER_BYTES.length + json.length);
            System.arraycopy(json, 0, out, MARKER_BYTES.length, json.length);
            return out;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + message.getClass().getSimpleName(), e);
        }
    }

    /** The JSON of a protocol line as bytes, the marker cut off. */
    static byte[] jsonOf(byte[] line) {
        return isMessage(line) ? Arrays.copyOfRange(line, MARKER_BYTES.length, line.length) : line;
    }

    static String write(Object message) {
        try {
            return MARKER + JSON.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + message.getClass().getSimpleName(), e);
        }
    }

    /**
     * The job number of a reply in {@link #toJson} form, read from its first field alone (a reply's
     * {@code id} comes first), without parsing the rest; the JSON as UTF-8 bytes.
     */
    static long replyId(byte[] json) throws JsonProcessingException {
        try (JsonParser p = JSON.getFactory().createParser(json)) {
            if (p.nextToken() == JsonToken.START_OBJECT && p.nextToken() == JsonToken.FIELD_NAME && "id".equals(p.currentName())
                    && p.nextToken() == JsonToken.VALUE_NUMBER_INT) {
                return p.getLongValue();
            }
            throw new JsonParseException(p, "a reply must start with its id");
        } catch (JsonProcessingException e) {
            throw e;
        } catch (IOException e) {
            throw new IllegalStateException("reading a string failed", e);
        }
    }

    /** Reads a protocol line (with or without its marker). */
    static <T> T read(String line, Class<T> type) throws JsonProcessingException {
        return JSON.readValue(line.startsWith(MARKER) ? line.substring(MARKER.length()) : line, type);
    }
}
