package io.nous.cli;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A directory beside an output directory where a command writes and checks everything first; only
 * a complete result is moved into place (one rename on the same file system), so a refused or
 * interrupted export leaves the destination as it was.
 */
final class Staging {
    private final Path dir;
    private final Path out;
    private boolean committed;

    private Staging(Path dir, Path out) {
        this.dir = dir;
        this.out = out;
    }

    /** A fresh staging directory in {@code out}'s parent (created if needed). */
    static Staging beside(Path out) {
        Path abs = out.toAbsolutePath().normalize();
        Path parent = abs.getParent();
        try {
            Files.createDirectories(parent);
            Path dir = Files.createTempDirectory(parent, "." + abs.getFileName() + ".nous-");
            try {
                // a temporary directory is private; the export is not
                Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: the default permissions stand
            }
            return new Staging(dir, abs);
        } catch (IOException e) {
            throw new UserError("cannot write beside " + out + ": " + e.getMessage());
        }
    }

    Path dir() {
        return dir;
    }

    /** Moves the staged directory to the output (which must be absent or empty). */
    void commit() {
        try {
            if (Files.isDirectory(out)) {
                Files.delete(out); // requireEmptyOut made sure it is empty
            }
            try {
                Files.move(dir, out, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(dir, out);
            }
            committed = true;
        } catch (IOException e) {
            throw new UserError("cannot move the finished export into " + out + ": " + e.getMessage() + " (it is complete in " + dir + ")");
        }
    }

    /** Removes the staged directory unless it was committed. */
    void discard() {
        if (committed || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort: a stray staging directory holds nothing of the user's
        }
    }
}
