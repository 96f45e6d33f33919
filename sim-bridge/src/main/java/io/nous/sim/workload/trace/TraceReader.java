package io.nous.sim.workload.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads request traces, by file name: {@code .csv} is the Azure LLM inference trace
 * ({@code TIMESTAMP,ContextTokens,GeneratedTokens}, e.g. {@code 2023-11-16 18:17:03.9799600,4808,10};
 * Windows line endings and a missing final newline are fine; header names are matched without
 * regard to case, spaces or quotes), {@code .jsonl} is Nous's own format, one object per line:
 * {@code {"arrival_s": 0.25, "input_tokens": 812, "output_tokens": 96, "priority": 0, "tenant": "a"}}
 * (priority and tenant optional). A {@code .jsonl} whose rows have {@code hash_ids} is a Mooncake trace
 * (github.com/kvcache-ai/Mooncake, FAST25-release/traces): {@code timestamp} in milliseconds,
 * {@code input_length}, {@code output_length}, and {@code hash_ids}, the prompt's 512-token blocks
 * named so that equal ids are equal prefixes; the pods' prefix caches then see what the prompts share.
 * Times become microseconds from the first request. A malformed row
 * is reported with its line number: fatal under {@link BadRows#FAIL}, skipped and listed under
 * {@link BadRows#SKIP}.
 */
public final class TraceReader {
    private static final DateTimeFormatter AZURE_TIME = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd[ ]['T']HH:mm:ss")
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true).optionalEnd()
            .toFormatter(Locale.ROOT);
    private static final Set<String> JSONL_KEYS = Set.of("arrival_s", "input_tokens", "output_tokens", "priority", "tenant");
    private static final Set<String> MOONCAKE_KEYS = Set.of("timestamp", "input_length", "output_length", "hash_ids");
    /** Tokens per Mooncake {@code hash_ids} block (FAST25-release/README.md). */
    static final int MOONCAKE_BLOCK_TOKENS = 512;
    private static final ObjectMapper JSON = new ObjectMapper();

    private TraceReader() {
    }

    public static Trace read(Path file, BadRows policy) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".csv")) {
            return readAzureCsv(file, policy);
        }
        if (name.endsWith(".jsonl") || name.endsWith(".ndjson")) {
            return readJsonl(file, policy);
        }
        throw new TraceException(file + ": unknown trace format; use .csv (Azure LLM inference trace) or .jsonl");
    }

    private static List<String> lines(Path file) {
        try {
            String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
            if (text.startsWith("\uFEFF")) {
                text = text.substring(1);
            }
            return List.of(text.split("\r\n|\n|\r", -1));
        } catch (NoSuchFileException e) {
            throw new TraceException("no such trace file: " + file);
        } catch (IOException e) {
            throw new TraceException("cannot read trace " + file + ": " + e.getMessage());
        }
    }

    private static final class Rows {
        final String file;
        final BadRows policy;
        final List<String> skipped = new ArrayList<>();

        Rows(String file, BadRows policy) {
            this.file = file;
            this.policy = policy;
        }

        void bad(int line, String why) {
            if (policy == BadRows.FAIL) {
                throw new TraceException(file + " line " + line + ": " + why + " (use --bad-rows skip to skip such rows)");
            }
            skipped.add("line " + line + ": " + why);
        }
    }

    static Trace readAzureCsv(Path file, BadRows policy) {
        List<String> lines = lines(file);
        Rows rows = new Rows(file.getFileName().toString(), policy);
        if (lines.isEmpty() || lines.get(0).isBlank()) {
            throw new TraceException(file + ": empty trace");
        }
        String[] header = lines.get(0).split(",", -1);
        int ts = -1;
        int ctx = -1;
        int gen = -1;
        for (int i = 0; i < header.length; i++) {
            String h = header[i].trim().replace("\"", "").toLowerCase(Locale.ROOT);
            switch (h) {
                case "timestamp" -> ts = i;
                case "contexttokens", "context_tokens" -> ctx = i;
                case "generatedtokens", "generated_tokens" -> gen = i;
                default -> { }
            }
        }
        if (ts < 0 || ctx < 0 || gen < 0) {
            throw new TraceException(file + " line 1: the header must name TIMESTAMP, ContextTokens and GeneratedTokens, got '"
                    + lines.get(0) + "'");
        }
        List<Object[]> parsed = new ArrayList<>();
        for (int n = 1; n < lines.size(); n++) {
            String line = lines.get(n);
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split(",", -1);
            if (f.length != header.length) {
                rows.bad(n + 1, "expected " + header.length + " columns, got " + f.length);
                continue;
            }
            try {
                LocalDateTime t = LocalDateTime.parse(f[ts].trim().replace("\"", ""), AZURE_TIME);
                int in = Integer.parseInt(f[ctx].trim());
                int out = Integer.parseInt(f[gen].trim());
                if (in < 1 || out < 1) {
                    rows.bad(n + 1, "token counts must be at least 1, got " + in + " and " + out);
                    continue;
                }
                parsed.add(new Object[] {t, in, out, n + 1});
            } catch (DateTimeParseException e) {
                rows.bad(n + 1, "'" + f[ts].trim() + "' is not a timestamp like 2023-11-16 18:17:03.9799600");
            } catch (NumberFormatException e) {
                rows.bad(n + 1, "token counts must be whole numbers, got '" + f[ctx].trim() + "' and '" + f[gen].trim() + "'");
            }
        }
        if (parsed.isEmpty()) {
            throw new TraceException(file + ": no usable rows");
        }
        parsed.sort(Comparator.comparing(o -> (LocalDateTime) o[0]));
        LocalDateTime t0 = (LocalDateTime) parsed.get(0)[0];
        List<TraceRecord> out = new ArrayList<>();
        for (Object[] o : parsed) {
            long us = ChronoUnit.MICROS.between(t0, (LocalDateTime) o[0]);
            out.add(new TraceRecord(us, (Integer) o[1], (Integer) o[2], null, null).onLine((Integer) o[3]));
        }
        return new Trace(file.getFileName().toString(), out, rows.skipped);
    }

    static Trace readJsonl(Path file, BadRows policy) {
        List<String> lines = lines(file);
        Rows rows = new Rows(file.getFileName().toString(), policy);
        List<TraceRecord> out = new ArrayList<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n).trim();
            if (line.isEmpty()) {
                continue;
            }
            JsonNode o;
            try {
                o = JSON.readTree(line);
            } catch (IOException e) {
                rows.bad(n + 1, "not a JSON object");
                continue;
            }
            if (o == null || !o.isObject()) {
                rows.bad(n + 1, "not a JSON object");
                continue;
            }
            if (o.has("hash_ids") || o.has("input_length")) {
                TraceRecord m = mooncake(o, rows, n + 1);
                if (m != null) {
                    out.add(m.onLine(n + 1));
                }
                continue;
            }
            String unknown = null;
            for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                if (!JSONL_KEYS.contains(k)) {
                    unknown = k;
                }
            }
            if (unknown != null) {
                rows.bad(n + 1, "unknown key '" + unknown + "' (known: " + String.join(", ", JSONL_KEYS) + ")");
                continue;
            }
            JsonNode t = o.get("arrival_s");
            JsonNode in = o.get("input_tokens");
            JsonNode outTok = o.get("output_tokens");
            if (t == null || !t.isNumber() || !(t.asDouble() >= 0)) {
                rows.bad(n + 1, "arrival_s must be a number of seconds >= 0");
                continue;
            }
            if (!wholeInt(in) || in.asInt() < 1 || !wholeInt(outTok) || outTok.asInt() < 1) {
                rows.bad(n + 1, "input_tokens and output_tokens must be whole numbers >= 1, got " + in + " and " + outTok);
                continue;
            }
            JsonNode p = o.get("priority");
            if (p != null && !wholeInt(p)) {
                rows.bad(n + 1, "priority must be a whole number");
                continue;
            }
            out.add(new TraceRecord(Math.round(t.asDouble() * 1e6), in.asInt(), outTok.asInt(), p == null ? null : p.asInt(),
                    o.has("tenant") ? o.get("tenant").asText() : null).onLine(n + 1));
        }
        if (out.isEmpty()) {
            throw new TraceException(file + ": no usable rows");
        }
        out.sort(Comparator.comparingLong(TraceRecord::arrivalUs));
        long t0 = out.get(0).arrivalUs();
        List<TraceRecord> shifted = new ArrayList<>();
        for (TraceRecord r : out) {
            shifted.add(r.at(r.arrivalUs() - t0));
        }
        return new Trace(file.getFileName().toString(), shifted, rows.skipped);
    }

    /**
     * A whole number that fits an int, written as one ({@code 3}, not {@code 3.7}, {@code "3"} or
     * {@code 1e300}): Jackson's {@code canConvertToInt} would accept 3.7 and truncate it.
     */
    private static boolean wholeInt(JsonNode n) {
        return n != null && n.isIntegralNumber() && n.canConvertToInt();
    }

    /** One Mooncake row, or null when it is malformed (reported to {@code rows}). */
    private static TraceRecord mooncake(JsonNode o, Rows rows, int line) {
        for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!MOONCAKE_KEYS.contains(k)) {
                rows.bad(line, "unknown key '" + k + "' in a Mooncake row (known: timestamp, input_length, output_length, hash_ids)");
                return null;
            }
        }
        JsonNode t = o.get("timestamp");
        JsonNode in = o.get("input_length");
        JsonNode out = o.get("output_length");
        JsonNode ids = o.get("hash_ids");
        if (t == null || !t.isNumber() || !(t.asDouble() >= 0)) {
            rows.bad(line, "timestamp must be a number of milliseconds >= 0");
            return null;
        }
        if (!wholeInt(in) || in.asInt() < 1 || !wholeInt(out) || out.asInt() < 1) {
            rows.bad(line, "input_length and output_length must be whole numbers >= 1, got " + in + " and " + out);
            return null;
        }
        if (ids == null || !ids.isArray()) {
            rows.bad(line, "hash_ids must be a list of block ids");
            return null;
        }
        long[] blocks = new long[ids.size()];
        for (int i = 0; i < blocks.length; i++) {
            if (!ids.get(i).isIntegralNumber() || !ids.get(i).canConvertToLong()) {
                // a fractional id would be truncated into another block's id, merging two distinct prefixes
                rows.bad(line, "hash_ids[" + i + "] is not a whole number: " + ids.get(i));
                return null;
            }
            blocks[i] = ids.get(i).asLong();
        }
        if ((long) (blocks.length - 1) * MOONCAKE_BLOCK_TOKENS >= in.asInt()) {
            rows.bad(line, blocks.length + " hash_ids of 512 tokens are more than input_length " + in.asInt() + " needs");
            return null;
        }
        return new TraceRecord(Math.round(t.asDouble() * 1000), in.asInt(), out.asInt(), null, null, blocks, MOONCAKE_BLOCK_TOKENS);
    }
}
