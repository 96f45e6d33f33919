package io.nous.store;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.store.journal.RunSummary;
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

    /**
     * A file of this run as text, read only when it is a regular file inside the run directory with
     * no symbolic link on the way: a run directory is evidence, and a file swapped in from elsewhere
     * must not pass for it.
     *
     * @param relative the path inside the run directory, e.g. {@code candidates/c0003.java}
     * @throws StoreException naming the file when it is missing, a link, outside the run, or unreadable
     */
    public String readFile(String relative) {
        Path base = dir.toAbsolutePath().normalize();
        Path file = base.resolve(relative).normalize();
        if (!file.startsWith(base) || file.equals(base)) {
            throw new StoreException(relative + " is not a file inside run " + id, null);
        }
        try {
            for (Path p = file; !p.equals(base); p = p.getParent()) {
                if (Files.isSymbolicLink(p)) {
                    throw new StoreException(base.relativize(p) + " of run " + id + " is a symbolic link; a run's files are its own "
                            + "(replace the link with the file the run wrote)", null);
                }
            }
            if (!Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                throw new StoreException(relative + " of run " + id + (Files.exists(file) ? " is not a regular file" : " is missing"), null);
            }
            if (!file.toRealPath().startsWith(base.toRealPath())) {
                throw new StoreException(relative + " of run " + id + " resolves outside the run directory", null);
            }
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (java.nio.charset.MalformedInputException e) {
            throw new StoreException(relative + " of run " + id + " is not UTF-8 text (it was changed after the run)", e);
        } catch (IOException e) {
            throw new StoreException("cannot read " + relative + " of run " + id + ": " + Journal.reason(e), e);
        }
    }

    /** The source of one candidate, read safely ({@link #readFile}); checking it against the journal is the caller's. */
    public String candidateSource(String candidateId) {
        if (!candidateId.matches("c\\d{4,}")) {
            throw new StoreException("'" + candidateId + "' is not a candidate id", null);
        }
        return readFile("candidates/" + candidateId + ".java");
    }

    /**
     * The run's {@code summary.json} as a checked tree, or empty while the run is unfinished: it must
     * have a summary's shape and name this run (a hand-edited or truncated file fails here with one
     * line, not later in whoever reads it). Missing optional parts read as null.
     */
    public java.util.Optional<com.fasterxml.jackson.databind.JsonNode> summary() {
        return summaryRecord().map(Journal::body);
    }

    /** The run's {@code summary.json} as its record, checked as {@link #summary()} says; empty while the run is unfinished. */
    public java.util.Optional<RunSummary> summaryRecord() {
        if (!Files.exists(summaryFile(), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return java.util.Optional.empty();
        }
        String text = readFile("summary.json");
        RunSummary s;
        try {
            s = Journal.JSON.readValue(text, RunSummary.class);
        } catch (IOException e) {
            throw new StoreException("summary.json of run " + id + " is not a run summary: " + what(e) + "; it was changed after the "
                    + "run (the evidence is in journal.jsonl: 'nous replay " + id + "' checks it)", e);
        }
        String problem = s == null ? "it is empty" : !id.equals(s.runId()) ? "it names run " + s.runId()
                : s.best() != null && (s.best().candidateId() == null || !s.best().candidateId().matches("c\\d{4,}"))
                        ? "its winner has no candidate id" : s.best() != null && s.best().search() == null ? "its winner has no search result"
                        : null;
        if (problem != null) {
            throw new StoreException("summary.json of run " + id + " is not this run's summary: " + problem + "; it was changed after "
                    + "the run (the evidence is in journal.jsonl: 'nous replay " + id + "' checks it)", null);
        }
        return java.util.Optional.of(s);
    }

    /** What is wrong with a JSON file, in words: where, and what was expected (not the JSON library's message). */
    private static String what(IOException e) {
        if (e instanceof com.fasterxml.jackson.core.JsonParseException p) {
            return "it is not JSON (line " + p.getLocation().getLineNr() + ", column " + p.getLocation().getColumnNr() + ")";
        }
        if (e instanceof com.fasterxml.jackson.databind.JsonMappingException m && !m.getPath().isEmpty()) {
            StringBuilder path = new StringBuilder();
            for (com.fasterxml.jackson.databind.JsonMappingException.Reference r : m.getPath()) {
                path.append(r.getFieldName() != null ? (path.length() > 0 ? "." : "") + r.getFieldName() : "[" + r.getIndex() + "]");
            }
            return "'" + path + "' has the wrong type or shape";
        }
        if (e instanceof com.fasterxml.jackson.core.io.JsonEOFException || e.getMessage() != null && e.getMessage().contains("end-of-input")) {
            return "it ends early (truncated)";
        }
        return "it cannot be read as one";
    }

    /**
     * Checks that {@code summary.json}, when present, is the summary the run re-derives on replay
     * (its LLM costs, counted from exchange files, are taken as written).
     *
     * @throws JournalDivergence naming the first difference, or why the file cannot be read
     */
    public void verifySummary(RunSummary derived) {
        if (!Files.exists(summaryFile(), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        RunSummary written;
        try {
            written = summaryRecord().orElseThrow();
        } catch (StoreException e) {
            throw new JournalDivergence(e.getMessage());
        }
        ObjectNode a = Journal.body(written);
        // the front is placed by the views from the journal's front records (which replay checks), and a summary written
        // before it was recorded has none
        ObjectNode b = Journal.body(derived.withLlm(written.llm()).withFront(written.front()).withBestSourcePath(movedSourcePath(written, derived)));
        if (!a.equals(b)) {
            throw new JournalDivergence("summary.json differs from the summary the run re-derives (" + JournalDivergence
                    .firstDifference("", a, b).replace(" in the journal but ", " in summary.json but ") + "): it was changed after the run");
        }
    }

    /**
     * The winner's source path as summary.json wrote it when it names the same candidate file under a runs
     * directory that has moved since (copied to another machine, checked into a repository), else the
     * re-derived one: where a run lies is not part of what it found.
     */
    private static String movedSourcePath(RunSummary written, RunSummary derived) {
        if (written.best() == null || derived.best() == null || written.best().sourcePath() == null || derived.best().sourcePath() == null) {
            return derived.best() == null ? null : derived.best().sourcePath();
        }
        Path was = Path.of(written.best().sourcePath());
        Path now = Path.of(derived.best().sourcePath());
        boolean sameFile = was.getNameCount() >= 2 && now.getNameCount() >= 2
                && was.subpath(was.getNameCount() - 2, was.getNameCount()).equals(now.subpath(now.getNameCount() - 2, now.getNameCount()));
        return sameFile ? written.best().sourcePath() : derived.best().sourcePath();
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

    public void writeSummary(RunSummary summary) {
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
