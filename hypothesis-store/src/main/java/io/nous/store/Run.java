package io.nous.store;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * One run directory: {@code config.json} (what was asked), {@code journal.jsonl} (what happened),
 * {@code candidates/<id>.java} (every proposed source) and {@code summary.json} (the outcome).
 * Files other than the journal are written to a temporary name and moved into place, so a crash
 * never leaves half a file.
 */
public final class Run {
    private final String id;
    private final Path dir;

    Run(String id, Path dir) {
        this.id = id;
        this.dir = dir;
    }

    public String id() {
        return id;
    }

    public Path dir() {
        return dir;
    }

    public Path journalFile() {
        return dir.resolve("journal.jsonl");
    }

    public Path configFile() {
        return dir.resolve("config.json");
    }

    public Path summaryFile() {
        return dir.resolve("summary.json");
    }

    public Path candidateFile(String candidateId) {
        return dir.resolve("candidates").resolve(candidateId + ".java");
    }

    public ObjectNode config() {
        return readJson(configFile());
    }

    public Journal openJournal() {
        return Journal.openForAppend(journalFile());
    }

    public JournalContents journal() {
        return Journal.read(journalFile());
    }

    public void writeCandidate(String candidateId, String source) {
        writeAtomically(candidateFile(candidateId), source);
    }

    public void writeSummary(io.nous.store.journal.RunSummary summary) {
        writeJson(summaryFile(), Journal.body(summary));
    }

    void writeJson(Path file, ObjectNode node) {
        try {
            writeAtomically(file, Journal.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node) + "\n");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static ObjectNode readJson(Path file) {
        try {
            return (ObjectNode) Journal.JSON.readTree(Files.readString(file));
        } catch (IOException | ClassCastException e) {
            throw new StoreException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    static void writeAtomically(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new StoreException("cannot write " + file + ": " + Journal.reason(e), e);
        }
    }
}
