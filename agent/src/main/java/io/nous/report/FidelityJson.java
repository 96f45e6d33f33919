package io.nous.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.nous.evaluator.study.FidelityReport;
import io.nous.store.PlainJson;

/** A fidelity check as one JSON object: snake_case keys, seconds for absolutes, fractions for changes. */
public final class FidelityJson {
    private static final ObjectMapper MAPPER = PlainJson.mapper().enable(SerializationFeature.INDENT_OUTPUT)
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    private FidelityJson() {
    }

    public static String write(FidelityReport r) {
        try {
            return MAPPER.writeValueAsString(r);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the fidelity report as JSON", e);
        }
    }
}
