package io.nous.discover.llm;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.store.PlainJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Every model exchange of a run, one JSON file each under {@code runs/<id>/llm/}: the request
 * messages and their hash, the reply, the model, token usage, latency, and any error. Costs are
 * reported from these files; the journal holds the proposals, so replay needs no network.
 */
public final class ExchangeLog {
    private static final ObjectMapper JSON = PlainJson.mapper();
    private final Path dir;
    private int next;
    private final List<Spent> spent = new ArrayList<>();

    /** What one exchange cost, and in which iteration and with which model it was made. */
    public record Spent(int iteration, String model, long tokensIn, long tokensOut) {
    }

    public ExchangeLog(Path dir) {
        this.dir = dir;
        try {
            Files.createDirectories(dir);
            try (Stream<Path> s = Files.list(dir)) {
                for (Path p : s.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList()) {
                    ObjectNode o = (ObjectNode) JSON.readTree(Files.readString(p));
                    spent.add(new Spent(o.path("iteration").asInt(), o.path("model").asText(), o.path("input_tokens").asLong(),
                            o.path("output_tokens").asLong()));
                    next = Math.max(next, Integer.parseInt(p.getFileName().toString().replace(".json", "")));
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("cannot use the exchange log in " + dir + ": " + e.getMessage(), e);
        }
    }

    public long tokensIn() {
        return spent.stream().mapToLong(Spent::tokensIn).sum();
    }

    public long tokensOut() {
        return spent.stream().mapToLong(Spent::tokensOut).sum();
    }

    /** Every exchange's cost, in the order they were made (those of an earlier session of a resumed run first). */
    public List<Spent> spent() {
        return List.copyOf(spent);
    }

    public int exchanges() {
        return next;
    }

    void record(Exchange exchange) {
        spent.add(new Spent(exchange.iteration(), exchange.model(), exchange.inputTokens() == null ? 0 : exchange.inputTokens(),
                exchange.outputTokens() == null ? 0 : exchange.outputTokens()));
        Path f = dir.resolve(String.format("%05d.json", ++next));
        try {
            Files.writeString(f, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(exchange));
        } catch (IOException e) {
            throw new IllegalStateException("cannot record an exchange in " + f + ": " + e.getMessage(), e);
        }
    }
}
