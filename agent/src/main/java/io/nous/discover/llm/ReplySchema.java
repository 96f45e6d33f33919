package io.nous.discover.llm;

import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import io.nous.store.journal.Arm;
import java.util.List;

/**
 * The reply format of {@code format.md} as a JSON schema, sent as the OpenAI {@code response_format}
 * of type {@code json_schema} (OpenAI and vLLM's guided decoding honour it), so that a model that
 * supports it cannot answer outside the format. Every property is required, as OpenAI's strict mode
 * asks; {@code arms} may be an empty list.
 */
final class ReplySchema {
    static final String NAME = "nous_proposal";

    private ReplySchema() {
    }

    static ResponseFormat responseFormat() {
        JsonObjectSchema prediction = JsonObjectSchema.builder()
                .addEnumProperty("regime", List.of("under", "near"))
                .addEnumProperty("direction", List.of("decrease", "none", "increase"))
                .addNumberProperty("magnitude", "expected relative change of the objective, e.g. -0.6 for 60% lower")
                .required("regime", "direction", "magnitude").additionalProperties(false).build();
        JsonObjectSchema arm = JsonObjectSchema.builder()
                .addEnumProperty("role", List.copyOf(new java.util.TreeSet<>(Arm.ROLES)))
                .addStringProperty("purpose")
                .addStringProperty("source", "the complete Java class")
                .required("role", "purpose", "source").additionalProperties(false).build();
        JsonObjectSchema root = JsonObjectSchema.builder()
                .addStringProperty("hypothesis", "one sentence: what the policy does and what it will improve")
                .addStringProperty("mechanism", "why it works")
                .addProperty("predictions", JsonArraySchema.builder().items(prediction).build())
                .addStringProperty("source", "the complete Java class")
                .addProperty("arms", JsonArraySchema.builder().description("at most two ablations or controls; may be empty")
                        .items(arm).build())
                .required("hypothesis", "mechanism", "predictions", "source", "arms").additionalProperties(false).build();
        return ResponseFormat.builder().type(ResponseFormatType.JSON)
                .jsonSchema(JsonSchema.builder().name(NAME).rootElement(root).build()).build();
    }
}
