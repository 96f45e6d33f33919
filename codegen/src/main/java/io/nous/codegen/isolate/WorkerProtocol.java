package io.nous.codegen.isolate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nous.sim.Scenario;
import io.nous.sim.metrics.SimulationResult;

/**
 * The messages between a {@link WorkerPool} and a {@link WorkerMain}: one JSON object per line.
 * Records serialize by their components, so a scenario and a result cross the process boundary
 * exactly (doubles are written in full precision).
 */
public final class WorkerProtocol {
    static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private WorkerProtocol() {
    }

    /**
     * One simulation to run in a worker.
     *
     * @param usageLimitSource candidate source of the usage-limit policy
     * @param admissionSource  candidate source of an admission policy, or null
     */
    public record Job(long id, Scenario scenario, String usageLimitSource, String usageLimitOrigin,
                      String admissionSource, String admissionOrigin) {
    }

    /** The worker's answer: a result, or why there is none. */
    public record Reply(long id, SimulationResult result, String error) {
    }

    static String write(Object message) {
        try {
            return JSON.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + message.getClass().getSimpleName(), e);
        }
    }

    static <T> T read(String line, Class<T> type) throws JsonProcessingException {
        return JSON.readValue(line, type);
    }
}
