package io.nous.discover.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nous.store.journal.Arm;
import io.nous.store.journal.Prediction;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Parses a model's reply strictly: one JSON object (a Markdown code fence around it is tolerated)
 * with {@code hypothesis}, {@code mechanism}, {@code predictions} and {@code source}, and optional
 * {@code arms} (ablations and controls, each with a role, purpose and source). Anything
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

    record Parsed(String hypothesis, String mechanism, List<Prediction> predictions, String source, List<Arm> arms) {
    }

    /** Arms beyond this many are an error: each costs a full evaluation. */
    static final int MAX_ARMS = 2;

    /** The first entry method the source lacks, or null. */
    private static String missing(String source, java.util.List<String> entries) {
        for (String e : entries) {
            if (!source.contains(e + "(")) {
                return e;
            }
        }
        return source.isBlank() ? entries.get(0) : null;
    }

    private static String article(String word) {
        return "aeiou".indexOf(word.charAt(0)) >= 0 ? "an " : "a ";
    }

    static Parsed parse(String reply) throws BadReply {
        return parse(reply, java.util.List.of("computeLimit"));
    }

    /**
     * @param entries the methods the policy's class must have: {@code computeLimit} (usage-limit),
     *                {@code admit} (admitter), or both (joint)
     */
    static Parsed parse(String reply, java.util.List<String> entries) throws BadReply {
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
        String missing = missing(source, entries);
        if (source.isBlank() || missing != null) {
            throw new BadReply("the reply has no Java source with " + article(missing) + missing + " method in \"source\"");
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
        List<Arm> arms = new ArrayList<>();
        JsonNode armsNode = o.path("arms");
        if (!armsNode.isMissingNode() && !armsNode.isNull() && !armsNode.isArray()) {
            throw new BadReply("\"arms\" must be a list");
        }
        for (JsonNode a : armsNode) {
            String role = a.path("role").asText("");
            if (!Arm.ROLES.contains(role)) {
                throw new BadReply("arm role must be \"ablation\" or \"control\", got \"" + role + "\"");
            }
            String armSource = a.path("source").asText("");
            String armMissing = missing(armSource, entries);
            if (armMissing != null) {
                throw new BadReply("the " + role + " arm has no Java source with " + article(armMissing) + armMissing + " method");
            }
            arms.add(new Arm(role, a.path("purpose").asText(""), armSource));
        }
        if (arms.size() > MAX_ARMS) {
            throw new BadReply("at most " + MAX_ARMS + " arms, got " + arms.size());
        }
        return new Parsed(hypothesis, mechanism, List.copyOf(preds), source, List.copyOf(arms));
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "no detail";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
