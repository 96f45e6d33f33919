package io.nous.policy;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The parameters of a policy reference such as {@code priority-holdback:minCeiling=0.5,maxCeiling=0.9}.
 * Decoding is strict, like the router's: unknown keys and malformed values are errors that name the
 * key.
 */
public final class PolicyParameters {
    private final String policy;
    private final Map<String, String> values;

    PolicyParameters(String policy, Map<String, String> values) {
        this.policy = policy;
        this.values = values;
    }

    /** Parses {@code key=value,key=value}; an empty string means no parameters. */
    static PolicyParameters parse(String policy, String text) {
        Map<String, String> m = new LinkedHashMap<>();
        if (text != null && !text.isBlank()) {
            for (String part : text.split(",")) {
                int eq = part.indexOf('=');
                if (eq <= 0 || eq == part.length() - 1) {
                    throw new PolicyReferenceException(policy + ": parameter '" + part.trim() + "' is not of the form key=value");
                }
                String key = part.substring(0, eq).trim();
                if (m.put(key, part.substring(eq + 1).trim()) != null) {
                    throw new PolicyReferenceException(policy + ": parameter '" + key + "' is given twice");
                }
            }
        }
        return new PolicyParameters(policy, m);
    }

    void allowOnly(Set<String> known) {
        for (String k : values.keySet()) {
            if (!known.contains(k)) {
                throw new PolicyReferenceException(policy + ": unknown parameter '" + k + "'"
                        + (known.isEmpty() ? " (it takes no parameters)" : "; known: " + String.join(", ", known)));
            }
        }
    }

    double getDouble(String key, double fallback) {
        String v = values.get(key);
        if (v == null) {
            return fallback;
        }
        try {
            double d = Double.parseDouble(v);
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw new PolicyReferenceException(policy + ": parameter '" + key + "' must be a number, got '" + v + "'");
        }
    }

    double requireDouble(String key) {
        if (!values.containsKey(key)) {
            throw new PolicyReferenceException(policy + ": parameter '" + key + "' is required");
        }
        return getDouble(key, Double.NaN);
    }

    String getString(String key, String fallback) {
        return values.getOrDefault(key, fallback);
    }

    public Map<String, String> asMap() {
        return Map.copyOf(values);
    }
}
