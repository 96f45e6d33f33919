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
            String what = root != null ? root.getMessage() : mismatch(e);
            throw error.apply(origin + ": " + what + " at " + path(e), e);
        } catch (IOException e) {
            throw error.apply(origin + ": " + syntax(e), e);
        }
    }

    /**
     * A YAML syntax error in one line: where and what, e.g. "not valid YAML at line 2, column 3:
     * expected <block end>, but found ':'", instead of the parser's multi-line dump.
     */
    public static String syntax(IOException e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof org.yaml.snakeyaml.error.MarkedYAMLException m && m.getProblemMark() != null) {
                return String.format(java.util.Locale.ROOT, "not valid YAML at line %d, column %d: %s", m.getProblemMark().getLine() + 1,
                        m.getProblemMark().getColumn() + 1, firstLine(m.getProblem()));
            }
        }
        if (e instanceof com.fasterxml.jackson.core.JsonProcessingException j && j.getLocation() != null) {
            return String.format(java.util.Locale.ROOT, "not valid YAML at line %d, column %d: %s", j.getLocation().getLineNr(),
                    j.getLocation().getColumnNr(), firstLine(j.getOriginalMessage()));
        }
        return "not valid YAML: " + firstLine(e.getMessage());
    }

    /** A value of the wrong type in the user's terms ("'foo' is not a number"), not the binder's. */
    private static String mismatch(JsonMappingException e) {
        if (e instanceof com.fasterxml.jackson.databind.exc.InvalidFormatException f) {
            return "'" + f.getValue() + "' is not " + kind(f.getTargetType());
        }
        if (e instanceof com.fasterxml.jackson.databind.exc.MismatchedInputException m && m.getTargetType() != null) {
            return "expected " + kind(m.getTargetType()) + " here";
        }
        return firstLine(e.getOriginalMessage());
    }

    private static String kind(Class<?> type) {
        if (type == null) {
            return "a value of the right kind";
        }
        if (type == double.class || type == Double.class || type == float.class || type == Float.class) {
            return "a number";
        }
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "a whole number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a text value";
        }
        if (java.util.Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        if (type.isEnum()) {
            return "one of " + java.util.Arrays.toString(type.getEnumConstants()).toLowerCase(java.util.Locale.ROOT);
        }
        return "a mapping (key: value lines)";
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "no detail";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }

    private static String path(JsonMappingException e) {
        String p = e.getPath().stream()
                .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining("."));
        return p.isEmpty() ? "the top level" : p;
    }
}
