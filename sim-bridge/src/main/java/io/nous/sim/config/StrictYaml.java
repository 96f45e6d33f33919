package io.nous.sim.config;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * Reads Nous's YAML data files (profiles, workloads) into records: snake_case keys, unknown keys
 * rejected, and every error turned into one message that names the file and the key path.
 */
public final class StrictYaml {
    private static final ObjectMapper MAPPER = new ObjectMapper(new YAMLFactory())
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private StrictYaml() {
    }

    /**
     * @param origin the file name or resource, for messages
     * @param error  builds the caller's exception type from a message and a cause
     */
    public static <T, E extends RuntimeException> T read(InputStream in, String origin, Class<T> type,
                                                          BiFunction<String, Throwable, E> error) {
        try {
            T value = MAPPER.readValue(in, type);
            if (value == null) {
                throw error.apply(origin + ": the file is empty", null);
            }
            return value;
        } catch (UnrecognizedPropertyException e) {
            throw error.apply(origin + ": unknown key '" + e.getPropertyName() + "' at " + path(e), e);
        } catch (JsonMappingException e) {
            Throwable root = e.getCause() instanceof RuntimeException r && r.getMessage() != null ? r : null;
            String what = root != null ? root.getMessage() : e.getOriginalMessage();
            throw error.apply(origin + ": " + what + " at " + path(e), e);
        } catch (IOException e) {
            throw error.apply(origin + ": not valid YAML: " + e.getMessage(), e);
        }
    }

    private static String path(JsonMappingException e) {
        String p = e.getPath().stream()
                .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining("."));
        return p.isEmpty() ? "the top level" : p;
    }
}
