package io.nous.discover.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nous.store.journal.Arm;
import io.nous.store.journal.Prediction;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Parses a model's reply: one JSON object with {@code hypothesis}, {@code mechanism},
 * {@code predictions} and {@code source}, and optional {@code arms} (ablations and controls, each
 * with a role, purpose and source). It reads replies the way models write them: the object inside a
 * Markdown fence or after a sentence of prose, the Java under a near-miss key ({@code code},
 * {@code java}, ...), wrapped in a fence inside the string, or in a {@code java} fence beside the
 * object. Each such reading is a note that is journaled with the hypothesis. Anything else is a
 * {@link BadReply} saying what is wrong, which goes back to the model.
 */
final class ReplyParser {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** What models write that strict JSON is not: comments, trailing commas, raw newlines and tabs inside strings. */
    private static final ObjectMapper LENIENT = com.fasterxml.jackson.databind.json.JsonMapper.builder()
            .enable(com.fasterxml.jackson.core.json.JsonReadFeature.ALLOW_JAVA_COMMENTS)
            .enable(com.fasterxml.jackson.core.json.JsonReadFeature.ALLOW_TRAILING_COMMA)
            .enable(com.fasterxml.jackson.core.json.JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS)
            .build();
    private static final Set<String> DIRECTIONS = Set.of("decrease", "none", "increase");

    /** A reply that cannot be used, and why. */
    static final class BadReply extends Exception {
        private static final long serialVersionUID = 1L;

        BadReply(String message) {
            super(message);
        }
    }

    /** A usable reply; {@code notes} say where it departed from the format and how it was read. */
    record Parsed(String hypothesis, String mechanism, List<Prediction> predictions, String source, List<Arm> arms, List<String> notes) {
    }

    /** Keys a model puts the Java under instead of {@code source}, in the order they are tried. */
    static final List<String> SOURCE_NEAR_MISSES = List.of("code", "java", "java_source", "source_code", "java_code", "policy", "class",
            "implementation", "program");

    /** A fenced block: its language tag (may be empty) and its body. */
    private record Fence(String language, String body) {
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
        List<String> notes = new ArrayList<>();
        String text = reply.strip();
        List<Fence> fences = fences(text);
        JsonNode o = object(text, fences, notes);
        String source = source(o, "the reply", notes);
        if (source.isBlank() || missing(source, entries) != null) {
            for (Fence f : fences) {
                if (f.language().equalsIgnoreCase("java") && !f.body().isBlank() && missing(f.body(), entries) == null) {
                    notes.add(source.isBlank() ? "the Java was read from a ```java fence beside the JSON object, not from \"source\""
                            : "\"source\" held a placeholder (" + quote(source) + "); the Java was read from the ```java fence beside the object");
                    source = f.body();
                    break;
                }
            }
        }
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
            String armSource = source(a, "the " + role + " arm", notes);
            String armMissing = missing(armSource, entries);
            if (armMissing != null) {
                throw new BadReply("the " + role + " arm has no Java source with " + article(armMissing) + armMissing + " method");
            }
            arms.add(new Arm(role, a.path("purpose").asText(""), armSource));
        }
        if (arms.size() > MAX_ARMS) {
            throw new BadReply("at most " + MAX_ARMS + " arms, got " + arms.size());
        }
        return new Parsed(hypothesis, mechanism, List.copyOf(preds), source, List.copyOf(arms), List.copyOf(notes));
    }

    /**
     * The reply's JSON object: the whole text, a fenced block, or the first balanced braces among prose
     * or beside a fence; strict JSON first, then what models write beside it (comments, trailing commas,
     * raw newlines in strings), with a note.
     */
    private static JsonNode object(String text, List<Fence> fences, List<String> notes) throws BadReply {
        String firstProblem;
        try {
            return asObject(JSON.readTree(text));
        } catch (Exception e) {
            firstProblem = e instanceof BadReply ? e.getMessage() : problem(e);
        }
        List<String> candidates = new ArrayList<>();
        List<String> where = new ArrayList<>();
        candidates.add(text);
        where.add(null);
        for (Fence f : fences) {
            if (f.language().isEmpty() || f.language().equalsIgnoreCase("json")) {
                candidates.add(f.body());
                where.add(!text.startsWith("```") || !text.endsWith("```") || fences.size() > 1
                        ? "the JSON object was read from a fenced block among other text" : null);
            }
        }
        int open = text.indexOf('{');
        int close = open < 0 ? -1 : balancedEnd(text, open);
        if (open >= 0 && close > open) {
            candidates.add(text.substring(open, close + 1));
            where.add(open > 0 ? "the JSON object was read from between prose (" + open + " characters before it)"
                    : close < text.length() - 1 ? "the JSON object was read from the start of the reply, before other text" : null);
        }
        for (ObjectMapper mapper : List.of(JSON, LENIENT)) {
            for (int i = 0; i < candidates.size(); i++) {
                if (mapper == JSON && i == 0) {
                    continue; // already tried
                }
                try {
                    JsonNode o = asObject(mapper.readTree(candidates.get(i)));
                    if (where.get(i) != null) {
                        notes.add(where.get(i));
                    }
                    if (mapper == LENIENT) {
                        notes.add("the JSON was not strict (comments, trailing commas or raw line breaks inside strings); it was read leniently");
                    }
                    return o;
                } catch (Exception notThisOne) {
                    // try the next reading
                }
            }
        }
        boolean truncated = open >= 0 && close < 0;
        throw new BadReply(firstProblem.startsWith("the reply") ? firstProblem
                : "the reply is not one valid JSON object (" + firstProblem + ")" + (truncated
                        ? "; its braces never close, so it may have been cut off (a larger --llm-max-tokens helps)" : ""));
    }

    /** Where the object opened at {@code open} closes (strings and escapes respected), or -1 if it never does. */
    private static int balancedEnd(String text, int open) {
        int depth = 0;
        boolean inString = false;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /** A JSON parse failure in words: where, and what was found, without the parser's internals. */
    private static String problem(Exception e) {
        if (e instanceof com.fasterxml.jackson.core.JsonProcessingException j) {
            String what = j.getOriginalMessage() == null ? "not JSON" : firstLine(j.getOriginalMessage())
                    .replaceAll(" \\(code \\d+\\)", "").replaceAll("\\(for Object starting at \\[.*$", "").strip();
            var at = j.getLocation();
            return at == null ? what : "line " + at.getLineNr() + ", column " + at.getColumnNr() + ": " + what;
        }
        return firstLine(e.getMessage());
    }

    private static String quote(String s) {
        String one = s.strip().replaceAll("\\s+", " ");
        return "\"" + (one.length() > 40 ? one.substring(0, 40) + "..." : one) + "\"";
    }

    private static JsonNode asObject(JsonNode n) throws BadReply {
        if (n == null || !n.isObject()) {
            throw new BadReply("the reply must be one JSON object");
        }
        return n;
    }

    /** The Java of an object (the reply or an arm): {@code source}, else a near-miss key; a fence inside the string is removed. */
    private static String source(JsonNode o, String where, List<String> notes) {
        String key = "source";
        String text = o.path(key).isTextual() ? o.path(key).asText() : "";
        if (text.isBlank()) {
            java.util.Map<String, String> byLowerName = new java.util.LinkedHashMap<>();
            o.fields().forEachRemaining(e -> {
                if (e.getValue().isTextual()) {
                    byLowerName.putIfAbsent(e.getKey().toLowerCase(java.util.Locale.ROOT), e.getKey());
                }
            });
            for (String near : java.util.stream.Stream.concat(java.util.stream.Stream.of("source"), SOURCE_NEAR_MISSES.stream()).toList()) {
                String actual = byLowerName.get(near);
                if (actual != null && !o.get(actual).asText().isBlank()) {
                    key = actual;
                    text = o.get(actual).asText();
                    notes.add("the Java of " + where + " was read from \"" + actual + "\"; the format asks for \"source\"");
                    break;
                }
            }
        }
        String stripped = text.strip();
        if (stripped.startsWith("```")) {
            List<Fence> inner = fences(stripped);
            if (!inner.isEmpty()) {
                notes.add("the Java in \"" + key + "\" of " + where + " was inside a Markdown fence; the fence was removed");
                return inner.get(0).body();
            }
        }
        return text;
    }

    /** The fenced blocks of a text, in order; an unterminated last fence runs to the end. */
    private static List<Fence> fences(String text) {
        List<Fence> out = new ArrayList<>();
        int at = 0;
        while (true) {
            int open = text.indexOf("```", at);
            if (open < 0) {
                return out;
            }
            int nl = text.indexOf('\n', open);
            if (nl < 0) {
                return out;
            }
            String language = text.substring(open + 3, nl).strip();
            int close = text.indexOf("\n```", nl);
            String body = close < 0 ? text.substring(nl + 1) : text.substring(nl + 1, close + 1);
            out.add(new Fence(language, body.strip()));
            if (close < 0) {
                return out;
            }
            at = close + 4;
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "no detail";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
