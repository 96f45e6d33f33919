package io.nous.discover.llm;

import java.time.Duration;

/**
 * How to reach an OpenAI-compatible chat endpoint (OpenAI, a vLLM server, Ollama, ...). The API
 * key is never written to a run directory.
 *
 * @param maxTokensTotal stop the run cleanly once this many tokens (in + out) were spent; 0 = no limit
 * @param usdPerMillionIn  price of input tokens, for cost estimates (0 = unknown)
 * @param usdPerMillionOut price of output tokens, for cost estimates (0 = unknown)
 * @param maxAttempts    calls per request when the server answers 429, 5xx or times out
 * @param backoff        first wait before a retry; doubles each time
 * @param replyFormat    what to ask the endpoint for as OpenAI's {@code response_format}: nothing, a JSON object, or the
 *                       reply's JSON schema
 */
public record LlmSettings(String baseUrl, String apiKey, String model, double temperature, int maxTokens, Duration timeout,
                          long maxTokensTotal, double usdPerMillionIn, double usdPerMillionOut, int maxAttempts, Duration backoff,
                          ReplyFormat replyFormat) {

    /** The {@code response_format} a run asks for; an endpoint that refuses one is asked for the next weaker. */
    public enum ReplyFormat {
        /** No {@code response_format}: the prompt alone asks for JSON. */
        TEXT("off"),
        /** {@code json_object}: any JSON object. */
        JSON_OBJECT("object"),
        /** {@code json_schema}: the reply's schema, decoded under it where the server supports it. */
        JSON_SCHEMA("schema");

        private final String flag;

        ReplyFormat(String flag) {
            this.flag = flag;
        }

        /** Its value for {@code --llm-json} and in a run's config. */
        public String flag() {
            return flag;
        }

        /** The next weaker format, for an endpoint that refused this one. */
        ReplyFormat weaker() {
            return this == JSON_SCHEMA ? JSON_OBJECT : TEXT;
        }

        /** The format a flag or config value names ({@code true} is an older run's {@code json_object}); null if none. */
        public static ReplyFormat of(String value) {
            for (ReplyFormat f : values()) {
                if (f.flag.equals(value)) {
                    return f;
                }
            }
            return "true".equals(value) ? JSON_OBJECT : "false".equals(value) ? TEXT : null;
        }
    }

    public static final String BASE_URL_ENV = "NOUS_LLM_BASE_URL";
    public static final String API_KEY_ENV = "NOUS_LLM_API_KEY";
    public static final String MODEL_ENV = "NOUS_LLM_MODEL";

    /** True when the environment names an endpoint or a key, so discovery should use the model. */
    public static boolean configuredInEnvironment() {
        return notBlank(System.getenv(BASE_URL_ENV)) || notBlank(System.getenv(API_KEY_ENV));
    }

    static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }
}
