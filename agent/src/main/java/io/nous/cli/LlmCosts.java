package io.nous.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.store.JournalRecord;
import io.nous.store.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/** Tokens and estimated cost of an LLM run, in all and per promoted candidate, from its recorded exchanges. */
final class LlmCosts {
    private LlmCosts() {
    }

    static ObjectNode summarize(Run run, JsonNode settings, JsonNode summary) {
        ObjectMapper json = new ObjectMapper();
        long in = 0;
        long out = 0;
        int exchanges = 0;
        int errors = 0;
        Map<Integer, long[]> byIteration = new HashMap<>();
        Path dir = run.dir().resolve("llm");
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.sorted().toList()) {
                    JsonNode e = json.readTree(Files.readString(f));
                    exchanges++;
                    long i = e.path("input_tokens").asLong();
                    long o = e.path("output_tokens").asLong();
                    in += i;
                    out += o;
                    errors += e.has("error") ? 1 : 0;
                    long[] acc = byIteration.computeIfAbsent(e.path("iteration").asInt(), k -> new long[2]);
                    acc[0] += i;
                    acc[1] += o;
                }
            } catch (IOException e) {
                throw new UserError("cannot read the exchanges in " + dir + ": " + e.getMessage());
            }
        }
        double pin = settings.path("usd_per_million_in").asDouble();
        double pout = settings.path("usd_per_million_out").asDouble();
        ObjectNode o = json.createObjectNode();
        o.put("model", settings.path("model").asText());
        o.put("base_url", settings.path("base_url").asText());
        o.put("exchanges", exchanges);
        o.put("failed_calls", errors);
        o.put("input_tokens", in);
        o.put("output_tokens", out);
        if (pin > 0 || pout > 0) {
            usd(o, (in * pin + out * pout) / 1e6);
        }
        ArrayNode promoted = o.putArray("promoted");
        Map<String, Integer> iterationOf = new HashMap<>();
        int read = 0;
        int unread = 0;
        int withNotes = 0;
        int rejected = 0;
        for (JournalRecord r : run.journal().records()) {
            switch (r.type()) {
                case "hypothesis" -> {
                    read++;
                    withNotes += r.body().path("notes").size() > 0 ? 1 : 0;
                }
                case "proposal-failed", "endpoint-unusable" -> unread++;
                case "verification" -> rejected += r.body().path("ok").asBoolean(true) ? 0 : 1;
                default -> { }
            }
            if (r.type().equals("candidate")) {
                iterationOf.put(r.body().get("id").asText(), r.body().get("iteration").asInt());
            }
            if (r.type().equals("promotion") && r.body().get("accepted").asBoolean()) {
                String id = r.body().get("candidate").asText();
                long[] t = byIteration.getOrDefault(iterationOf.getOrDefault(id, -1), new long[2]);
                ObjectNode p = promoted.addObject();
                p.put("candidate", id);
                p.put("input_tokens", t[0]);
                p.put("output_tokens", t[1]);
                if (pin > 0 || pout > 0) {
                    usd(p, (t[0] * pin + t[1] * pout) / 1e6);
                }
            }
        }
        ObjectNode proposals = o.putObject("proposals");
        proposals.put("asked", read + unread);
        proposals.put("read", read);
        proposals.put("read_with_notes", withNotes);
        proposals.put("rejected_before_simulation", rejected);
        proposals.put("usable", Math.max(0, read - rejected));
        return o;
    }

    /**
     * The run's end line for its model: how many proposals were usable, why the others were not, and
     * what they cost, e.g. "model: 3 of 5 proposals usable (...); 15,200 tokens in, 2,100 out, ~$0.004".
     */
    static String line(JsonNode llm) {
        JsonNode p = llm.path("proposals");
        StringBuilder sb = new StringBuilder(String.format(java.util.Locale.ROOT, "model %s: %d of %d proposals usable",
                llm.path("model").asText(), p.path("usable").asInt(), p.path("asked").asInt()));
        java.util.List<String> why = new java.util.ArrayList<>();
        int unread = p.path("asked").asInt() - p.path("read").asInt();
        if (unread > 0) {
            why.add(unread + (unread == 1 ? " reply" : " replies") + " could not be read");
        }
        if (p.path("rejected_before_simulation").asInt() > 0) {
            why.add(p.path("rejected_before_simulation").asInt() + " rejected before simulation");
        }
        if (p.path("read_with_notes").asInt() > 0) {
            why.add(p.path("read_with_notes").asInt() + " read outside the format (see the notes on their hypotheses)");
        }
        if (!why.isEmpty()) {
            sb.append(" (").append(String.join(", ", why)).append(')');
        }
        sb.append(String.format(java.util.Locale.ROOT, "; %,d tokens in, %,d out in %d calls", llm.path("input_tokens").asLong(),
                llm.path("output_tokens").asLong(), llm.path("exchanges").asInt()));
        if (llm.has("estimated_cost_usd")) {
            sb.append(", about $").append(llm.get("estimated_cost_usd").asText());
        } else {
            sb.append(" (set --llm-price-in and --llm-price-out for a cost)");
        }
        return sb.toString();
    }

    /** Dollars to a micro-dollar: small test runs cost fractions of a cent. */
    private static void usd(ObjectNode n, double v) {
        java.math.BigDecimal d = java.math.BigDecimal.valueOf(v).setScale(6, java.math.RoundingMode.HALF_EVEN).stripTrailingZeros();
        n.put("estimated_cost_usd", d.scale() < 0 ? d.setScale(0) : d);
    }
}
