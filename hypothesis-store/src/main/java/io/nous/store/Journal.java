package io.nous.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.store.journal.JournalEntry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * An append-only JSON Lines journal, the single source of truth of a run. Each record is written
 * as one complete line with one write call and forced to disk before {@link #append} returns, so a
 * crash can at worst leave a torn last line; {@link #read} ignores it (and says so) and
 * {@link #openForAppend} cuts it off before writing again, so the file is never left corrupt.
 */
public final class Journal implements AutoCloseable {
    static final ObjectMapper JSON = PlainJson.mapper();

    private final Path file;
    private final FileChannel channel;
    private long nextSeq;
    /** The chain value of the last record written (null: a journal from before records were chained, appended to unchained). */
    private String chain;

    private Journal(Path file, FileChannel channel, long nextSeq, String chain) {
        this.file = file;
        this.channel = channel;
        this.nextSeq = nextSeq;
        this.chain = chain;
    }

    /** What ends a chained line: the chain value of everything before it, and of the line up to here. */
    private static final String CHAIN_FIELD = ",\"chain\":\"";
    private static final int CHAIN_SUFFIX = CHAIN_FIELD.length() + 64 + 2;

    /**
     * The chain value of a line: SHA-256 of the previous line's value and this line's text without its
     * own. Any edit to a record — a number in its evidence, a line removed or reordered — breaks the
     * chain from there on, so a reader names the record without re-running the run. It guards against
     * edits, not against someone who recomputes the chain: {@code replay --verify} re-derives everything.
     */
    static String chain(String previous, String unchainedLine) {
        try {
            java.security.MessageDigest d = java.security.MessageDigest.getInstance("SHA-256");
            d.update(previous.getBytes(StandardCharsets.UTF_8));
            d.update((byte) '\n');
            d.update(unchainedLine.getBytes(StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(d.digest());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Opens (creating if needed) for appending, after truncating any torn last line. */
    public static Journal openForAppend(Path file) {
        // Only a regular file can hold records (a device such as /dev/full is written to, never read).
        JournalContents existing = Files.isRegularFile(file) ? read(file) : new JournalContents(List.of(), false, 0);
        try {
            FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            if (existing.tornTail()) {
                ch.truncate(existing.validBytes());
                ch.force(true);
            }
            if (Files.isRegularFile(file)) {
                ch.position(ch.size());
            }
            return new Journal(file, ch, existing.records().size() + 1L, existing.lastChain());
        } catch (IOException e) {
            throw new StoreException("cannot open journal " + file + " for writing: " + reason(e), e);
        }
    }

    /** Appends one typed record (its type is the line's type) and forces it to disk; returns it. */
    public JournalRecord append(JournalEntry entry) {
        return append(entry.journalType(), JSON.valueToTree(entry));
    }

    /** A typed record as the body it is journaled as. */
    public static ObjectNode body(Object entry) {
        return JSON.valueToTree(entry);
    }

    /** Appends one record and forces it to disk; returns it. */
    public JournalRecord append(String type, ObjectNode body) {
        ObjectNode line = JSON.createObjectNode();
        line.put("seq", nextSeq);
        line.put("type", type);
        String ts = Instant.now().toString();
        line.put("ts", ts);
        line.set("body", body);
        byte[] bytes;
        String next = null;
        try {
            String text = JSON.writeValueAsString(line);
            if (chain != null) {
                next = chain(chain, text);
                text = text.substring(0, text.length() - 1) + CHAIN_FIELD + next + "\"}";
            }
            bytes = (text + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode a journal record", e);
        }
        try {
            ByteBuffer buf = ByteBuffer.wrap(bytes);
            while (buf.hasRemaining()) {
                channel.write(buf);
            }
            channel.force(false);
        } catch (IOException e) {
            throw new StoreException("cannot write to journal " + file + ": " + reason(e)
                    + "; the journal keeps every record written before this one", e);
        }
        if (next != null) {
            chain = next;
        }
        return new JournalRecord(nextSeq++, type, ts, body);
    }

    /** Reads every complete record; a torn last line is reported, not fatal. */
    public static JournalContents read(Path file) {
        byte[] all;
        try {
            all = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new StoreException("no journal at " + file, e);
        } catch (IOException e) {
            throw new StoreException("cannot read journal " + file + ": " + reason(e), e);
        }
        List<JournalRecord> out = new ArrayList<>();
        int start = 0;
        long lineNo = 0;
        String chain = "";
        String broken = null;
        for (int i = 0; i < all.length; i++) {
            if (all[i] != '\n') {
                continue;
            }
            lineNo++;
            String line = new String(all, start, i - start, StandardCharsets.UTF_8);
            try {
                JsonNode n = JSON.readTree(line);
                JournalRecord r = new JournalRecord(n.get("seq").asLong(), n.get("type").asText(), n.path("ts").asText(),
                        (ObjectNode) n.get("body"));
                out.add(r);
                if (lineNo == 1 && !n.has("chain")) {
                    chain = null; // written before records were chained: nothing to check
                } else if (chain != null && broken == null) {
                    String stated = n.path("chain").asText("");
                    boolean wellFormed = line.length() > CHAIN_SUFFIX && line.endsWith("\"}")
                            && line.startsWith(CHAIN_FIELD, line.length() - CHAIN_SUFFIX);
                    String expected = wellFormed ? chain(chain, line.substring(0, line.length() - CHAIN_SUFFIX) + "}") : null;
                    if (!stated.equals(expected) || r.seq() != lineNo) {
                        broken = "record " + lineNo + " (" + r.type() + ")";
                    } else {
                        chain = expected;
                    }
                }
            } catch (JsonProcessingException | RuntimeException e) {
                throw new StoreException("journal " + file + " line " + lineNo + " is corrupt (not a journal record)", e);
            }
            start = i + 1;
        }
        boolean torn = start < all.length;
        return new JournalContents(List.copyOf(out), torn, start, broken == null ? chain : null, broken);
    }

    public Path file() {
        return file;
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new StoreException("cannot close journal " + file + ": " + reason(e), e);
        }
    }

    static String reason(IOException e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null ? "" : " (" + m + ")");
    }
}
