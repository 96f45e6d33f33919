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
 * @param jsonMode       ask the endpoint for a JSON-object reply (OpenAI {@code response_format}); not every server supports it
 */
public record LlmSettings(String baseUrl, String apiKey, String model, double temperature, int maxTokens, Duration timeout,
                          long maxTokensTotal, double usdPerMillionIn, double usdPerMillionOut, int maxAttempts, Duration backoff,
                          boolean jsonMode) {

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
