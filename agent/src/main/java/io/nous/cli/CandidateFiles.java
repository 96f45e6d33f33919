package io.nous.cli;

import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.Contract;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reads candidate source files with clear errors, and checks them. */
final class CandidateFiles {
    /** Candidate sources larger than this are refused before parsing. */
    static final long MAX_BYTES = 256 * 1024;

    private CandidateFiles() {
    }

    static boolean isSourceReference(String ref) {
        return ref.endsWith(".java");
    }

    static CheckResult check(Path file) {
        return check(file, Contract.ROUTER);
    }

    static CheckResult check(Path file, Contract contract) {
        return Candidates.check(read(file), file.getFileName().toString(), contract);
    }

    static String read(Path file) {
        try {
            if (Files.isDirectory(file)) {
                throw new UserError(file + " is a directory, not a .java file");
            }
            if (Files.size(file) > MAX_BYTES) {
                throw new UserError(file + " is larger than " + MAX_BYTES / 1024 + " KiB; a policy is one small class");
            }
            return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file))).toString();
        } catch (NoSuchFileException e) {
            throw new UserError("no such file: " + file);
        } catch (CharacterCodingException e) {
            throw new UserError(file + " is not UTF-8 text");
        } catch (IOException e) {
            throw new UserError("cannot read " + file + ": " + e.getMessage());
        }
    }
}
