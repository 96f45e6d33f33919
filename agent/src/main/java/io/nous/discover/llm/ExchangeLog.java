package io.nous.discover.llm;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.store.PlainJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

    public ExchangeLog(Path dir) {
        this.dir = dir;
        try {
            Files.createDirectories(dir);
            try (Stream<Path> s = Files.list(dir)) {
                for (Path p : s.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList()) {
                    ObjectNode o = (ObjectNode) JSON.readTree(Files.readString(p));
                    tokensIn += o.path("input_tokens").asLong();
                    tokensOut += o.path("output_tokens").asLong();
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

    public int exchanges() {
        return next;
    }

    void record(Exchange exchange) {
        tokensIn += exchange.inputTokens() == null ? 0 : exchange.inputTokens();
        tokensOut += exchange.outputTokens() == null ? 0 : exchange.outputTokens();
        Path f = dir.resolve(String.format("%05d.json", ++next));
        try {
            Files.writeString(f, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(exchange));
        } catch (IOException e) {
            throw new IllegalStateException("cannot record an exchange in " + f + ": " + e.getMessage(), e);
        }
    }
}
