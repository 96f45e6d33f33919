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
    private long tokensIn;
    private long tokensOut;
    private final List<Spent> spent = new ArrayList<>();

    /** What one exchange cost, and where in the run and with which model it was made. */
    public record Spent(int iteration, int attempt, String model, long tokensIn, long tokensOut) {
    }

    public ExchangeLog(Path dir) {
        this.dir = dir;
        try {
            Files.createDirectories(dir);
            try (Stream<Path> s = Files.list(dir)) {
                for (Path p : s.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList()) {
                    ObjectNode o = (ObjectNode) JSON.readTree(Files.readString(p));
                    tokensIn += o.path("input_tokens").asLong();
                    tokensOut += o.path("output_tokens").asLong();
                    spent.add(new Spent(o.path("iteration").asInt(), o.path("proposal_attempt").asInt(), o.path("model").asText(),
                            o.path("input_tokens").asLong(), o.path("output_tokens").asLong()));
                    next = Math.max(next, Integer.parseInt(p.getFileName().toString().replace(".json", "")));
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("cannot use the exchange log in " + dir + ": " + e.getMessage(), e);
        }
    }

    public long tokensIn() {
        return tokensIn;
    }

    public long tokensOut() {
        return tokensOut;
    }

    /** Every exchange's cost, in the order they were made (those of an earlier session of a resumed run first). */
    public List<Spent> spent() {
        return List.copyOf(spent);
    }

    public int exchanges() {
        return next;
    }

    void record(Exchange exchange) {
        tokensIn += exchange.inputTokens() == null ? 0 : exchange.inputTokens();
        tokensOut += exchange.outputTokens() == null ? 0 : exchange.outputTokens();
        spent.add(new Spent(exchange.iteration(), exchange.proposalAttempt(), exchange.model(),
                exchange.inputTokens() == null ? 0 : exchange.inputTokens(), exchange.outputTokens() == null ? 0 : exchange.outputTokens()));
        Path f = dir.resolve(String.format("%05d.json", ++next));
        try {
            Files.writeString(f, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(exchange));
        } catch (IOException e) {
            throw new IllegalStateException("cannot record an exchange in " + f + ": " + e.getMessage(), e);
        }
    }
}
