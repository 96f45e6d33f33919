package io.nous.observe;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.store.PlainJson;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A requests file: JSON lines, a {@link RequestsHeader} first, then one {@link ObservedRequest}
 * per line in id order. {@code nous observe} and {@code nous simulate --requests} write it;
 * {@code nous compare} and {@code nous calibrate --observed} read it. Writes go to a temporary file
 * that replaces the target only when complete, so an interrupted write never leaves half a file.
 */
public final class RequestsFile {
    private static final ObjectMapper MAPPER = PlainJson.mapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
    /** Request lines carry every field (null where nothing happened), so a missing one is an error. */
    private static final ObjectMapper STRICT = MAPPER.copy().enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES);
    /** Request fields a line may leave out: every other one is required. */
    private static final List<String> OPTIONAL = List.of("cached_tokens", "prompt", "disaggregation");

    /** A requests file's contents. */
    public record Contents(RequestsHeader header, List<ObservedRequest> requests) {
    }

    private RequestsFile() {
    }

    public static void write(Path file, RequestsHeader header, List<ObservedRequest> requests) {
        List<ObservedRequest> sorted = new ArrayList<>(requests);
        sorted.sort(Comparator.comparingInt(ObservedRequest::id));
        atomically(file, tmp -> {
            try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                w.write(MAPPER.writeValueAsString(header));
                w.newLine();
                for (ObservedRequest r : sorted) {
                    w.write(MAPPER.writeValueAsString(r));
                    w.newLine();
                }
            }
        });
    }

    /** Writes text to {@code file} the same way: complete, or not at all. */
    public static void writeText(Path file, String text) {
        atomically(file, tmp -> Files.writeString(tmp, text, StandardCharsets.UTF_8));
    }

    private interface TempWriter {
        void write(Path tmp) throws IOException;
    }

    /**
     * Writes a temporary file beside {@code file} and moves it into place, readable as every other
     * file Nous writes (a temporary file starts owner-only, 0600).
     */
    private static void atomically(Path file, TempWriter writer) {
        Path dir = file.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
            writer.write(tmp);
            if (tmp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            }
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Reads a requests file; anything malformed is a {@link RequestsFileException} naming the line. */
    public static Contents read(Path file) {
        List<ObservedRequest> requests = new ArrayList<>();
        RequestsHeader header = null;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int n = 0;
            while ((line = r.readLine()) != null) {
                n++;
                if (line.isBlank()) {
                    continue;
                }
                try {
                    if (header == null) {
                        com.fasterxml.jackson.databind.JsonNode h = MAPPER.readTree(line);
                        String format = h == null ? null : h.path("format").asText(null);
                        if (!RequestsHeader.FORMAT.equals(format)) {
                            throw new RequestsFileException(file + " line " + n + ": not a requests file (format '" + format
                                    + "', expected '" + RequestsHeader.FORMAT + "'); write one with 'nous observe' or 'nous simulate --requests'");
                        }
                        for (String key : List.of("source", "workload", "qps", "seed", "duration_seconds", "warmup_seconds", "classes")) {
                            if (!h.hasNonNull(key)) {
                                throw new RequestsFileException(file + " line " + n + ": the header has no '" + key + "'");
                            }
                        }
                        header = MAPPER.treeToValue(h, RequestsHeader.class);
                        if (header.source() == null || header.workload() == null || !(header.durationSeconds() > 0)) {
                            throw new RequestsFileException(file + " line " + n + ": the header needs source, workload and duration_seconds > 0");
                        }
                        if (header.classes() == null || header.classes().isEmpty()) {
                            throw new RequestsFileException(file + " line " + n + ": the header lists no classes");
                        }
                        continue;
                    }
                    JsonNode row = STRICT.readTree(line);
                    if (row instanceof ObjectNode o) {
                        // what servers and files from before prefix caching do not have reads as not reported
                        for (String optional : OPTIONAL) {
                            if (!o.has(optional)) {
                                o.putNull(optional);
                            }
                        }
                    }
                    ObservedRequest q = STRICT.treeToValue(row, ObservedRequest.class);
                    if (q.className() == null || header.classes().stream().noneMatch(c -> c.name().equals(q.className()))) {
                        throw new RequestsFileException(file + " line " + n + ": class '" + q.className() + "' is not in the header's classes");
                    }
                    if (q.inputTokens() < 1 || q.outputTokens() < 1) {
                        throw new RequestsFileException(file + " line " + n + ": input_tokens and output_tokens must be >= 1");
                    }
                    String impossible = impossible(q);
                    if (impossible != null) {
                        throw new RequestsFileException(file + " line " + n + ": request " + q.id() + " " + impossible
                                + "; a measurement cannot be that, so it is not compared or fitted");
                    }
                    if (!requests.isEmpty() && q.id() <= requests.get(requests.size() - 1).id()) {
                        throw new RequestsFileException(file + " line " + n + ": ids must increase (" + q.id() + " after "
                                + requests.get(requests.size() - 1).id() + ")");
                    }
                    requests.add(q);
                } catch (JsonProcessingException e) {
                    throw new RequestsFileException(file + " line " + n + ": " + e.getOriginalMessage());
                }
            }
        } catch (NoSuchFileException e) {
            throw new RequestsFileException(file + ": no such file");
        } catch (IOException e) {
            throw new RequestsFileException(file + ": cannot read: " + e.getMessage());
        }
        if (header == null) {
            throw new RequestsFileException(file + ": empty; a requests file starts with a header line");
        }
        return new Contents(header, List.copyOf(requests));
    }

    /**
     * What about a row no measurement can be: times before the run or out of order for a completed
     * request, counts past any model's context, more cached than prompt tokens; null when it is possible.
     */
    static String impossible(ObservedRequest q) {
        long max = Endpoint.MAX_USAGE_TOKENS;
        if (q.scheduledUs() < 0) {
            return "has scheduled_us " + q.scheduledUs() + " (before the run)";
        }
        if (q.inputTokens() > max || q.outputTokens() > max || q.promptTokens() > max || q.tokensOut() < 0 || q.tokensOut() > max) {
            return "has a token count outside 0.." + max;
        }
        if (q.cachedTokens() != null && (q.cachedTokens() < 0 || q.cachedTokens() > q.processedPromptTokens())) {
            return "has cached_tokens " + q.cachedTokens() + ", not within 0.." + q.processedPromptTokens() + " prompt tokens";
        }
        if (q.result() != ObservedRequest.Result.COMPLETED) {
            return null;
        }
        if (q.sentUs() < 0 || (q.firstTokenUs() >= 0 && q.firstTokenUs() < q.sentUs()) || q.endUs() < Math.max(q.sentUs(), q.firstTokenUs())) {
            return "completed with times out of order (sent_us " + q.sentUs() + ", first_token_us " + q.firstTokenUs() + ", end_us " + q.endUs() + ")";
        }
        long[] t = q.tokenTimesUs();
        if (t != null) {
            for (int i = 0; i < t.length; i++) {
                if (t[i] < q.sentUs() || t[i] > q.endUs() || (i > 0 && t[i] < t[i - 1])) {
                    return "has token_times_us[" + i + "] = " + t[i] + ", not in order between its send and its end";
                }
            }
        }
        return null;
    }
}
