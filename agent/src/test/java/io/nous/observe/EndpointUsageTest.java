package io.nous.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A usage report the server could not have measured marks the request failed with the reason, never a measurement. */
class EndpointUsageTest {
    private static final Endpoint CHAT = new Endpoint("http://127.0.0.1:1", "m", Endpoint.Api.CHAT, Map.of(), List.of(), true,
            new PromptSynthesizer(PromptSynthesizer.Mode.WORDS, 1, List.of()));

    private static Endpoint.Event usage(String usage) {
        return CHAT.parse("{\"choices\": [], \"usage\": " + usage + "}");
    }

    @Test
    void aPlausibleUsageIsRead() {
        Endpoint.Event e = usage("{\"prompt_tokens\": 100, \"completion_tokens\": 20, \"prompt_tokens_details\": {\"cached_tokens\": 64}}");
        assertThat(e.impossible()).isNull();
        assertThat(List.of(e.promptTokens(), e.completionTokens(), e.cachedTokens())).containsExactly(100, 20, 64);
    }

    @Test
    void impossibleCountsAreNamed() {
        assertThat(usage("{\"prompt_tokens\": -5, \"completion_tokens\": 20}").impossible())
                .isEqualTo("usage.prompt_tokens is -5, not a whole number from 0 to 10000000");
        assertThat(usage("{\"prompt_tokens\": 10, \"completion_tokens\": 1e300}").impossible()).startsWith("usage.completion_tokens is 1.0E300");
        assertThat(usage("{\"prompt_tokens\": 10.5, \"completion_tokens\": 2}").impossible()).startsWith("usage.prompt_tokens is 10.5");
        assertThat(usage("{\"prompt_tokens\": 10, \"completion_tokens\": 2, \"prompt_tokens_details\": {\"cached_tokens\": 11}}").impossible())
                .isEqualTo("usage says 11 cached tokens of a 10-token prompt");
        assertThat(CHAT.parse("{\"choices\": {\"text\": \"x\"}}").impossible()).isEqualTo("'choices' is object, not a list");
    }
}
