package io.nous.discover.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nous.discover.Prediction;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Parses a model's reply strictly: one JSON object (a Markdown code fence around it is tolerated)
 * with {@code hypothesis}, {@code mechanism}, {@code predictions} and {@code source}. Anything
 * else is a {@link BadReply} saying what is wrong, which goes back to the model.
 */
final class ReplyParser {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> DIRECTIONS = Set.of("decrease", "none", "increase");

    /** A reply that cannot be used, and why. */
    static final class BadReply extends Exception {
        private static final long serialVersionUID = 1L;

        BadReply(String message) {
            super(message);
        }
    }

    record Parsed(String hypothesis, String mechanism, List<Prediction> predictions, String source) {
    }

    static Parsed parse(String reply) throws BadReply {
        if (reply == null || reply.isBlank()) {
            throw new BadReply("the reply was empty");
        }
        String text = reply.strip();
        if (text.startsWith("```")) {
            int nl = text.indexOf('\n');
            int end = text.lastIndexOf("```");
            text = nl > 0 && end > nl ? text.substring(nl + 1, end).strip() : text;
        }
        JsonNode o;
        try {
            o = JSON.readTree(text);
        } catch (Exception e) {
            throw new BadReply("the reply is not one valid JSON object (" + firstLine(e.getMessage()) + "); it may have been cut off");
        }
        if (o == null || !o.isObject()) {
            throw new BadReply("the reply must be one JSON object");
        }
        String source = o.path("source").asText("");
        if (source.isBlank() || !source.contains("computeLimit")) {
            throw new BadReply("the reply has no Java source with a computeLimit method in \"source\"");
        }
        String hypothesis = o.path("hypothesis").asText("");
        String mechanism = o.path("mechanism").asText("");
        if (hypothesis.isBlank() || mechanism.isBlank()) {
            throw new BadReply("the reply needs a non-empty \"hypothesis\" and \"mechanism\"");
        }
        List<Prediction> preds = new ArrayList<>();
        for (JsonNode p : o.path("predictions")) {
            String regime = p.path("regime").asText("");
            String dir = p.path("direction").asText("");
            if (!regime.equals("under") && !regime.equals("near")) {
                throw new BadReply("prediction regime must be \"under\" or \"near\", got \"" + regime + "\"");
            }
            if (!DIRECTIONS.contains(dir)) {
                throw new BadReply("prediction direction must be decrease, none or increase, got \"" + dir + "\"");
            }
            preds.add(new Prediction(regime, dir, p.path("magnitude").asDouble(0)));
        }
        if (preds.isEmpty()) {
            throw new BadReply("the reply needs predictions for the \"under\" and \"near\" regimes");
        }
        return new Parsed(hypothesis, mechanism, List.copyOf(preds), source);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "no detail";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
