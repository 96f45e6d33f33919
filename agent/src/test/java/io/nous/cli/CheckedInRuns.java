package io.nous.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The run directory checked into the test resources on 2026-12-01 (today's format), copied where a test may change it. */
final class CheckedInRuns {
    static final String RUN = "20261201-050215-s7";

    private CheckedInRuns() {
    }

    /** A fresh copy of the checked-in runs directory under {@code dir}/runs. */
    static Path copy(Path dir) throws Exception {
        Path from = Path.of(CheckedInRuns.class.getClassLoader().getResource("runs-2026-12-01").toURI());
        Path to = dir.resolve("runs");
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Path t = to.resolve(from.relativize(f).toString());
                Files.createDirectories(t.getParent());
                Files.copy(f, t);
            }
        }
        return to;
    }
}
