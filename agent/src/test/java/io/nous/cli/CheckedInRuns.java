package io.nous.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The run directories checked into the test resources, copied where a test may change them: one from
 * 2026-12-01, and an admission and a joint run from the release before the typed reading (f65c409).
 */
final class CheckedInRuns {
    static final String RUN = "20261201-050215-s7";
    static final String BEFORE_TYPED_READING = "runs-2026-12-02";
    static final String ADMISSION_RUN = "20261202-121917-s7";
    static final String JOINT_RUN = "20261202-122028-s7";

    private CheckedInRuns() {
    }

    /** A fresh copy of the checked-in runs directory under {@code dir}/runs. */
    static Path copy(Path dir) throws Exception {
        return copy(dir, "runs-2026-12-01");
    }

    /** A fresh copy of the checked-in runs directory {@code resource} under {@code dir}/runs. */
    static Path copy(Path dir, String resource) throws Exception {
        Path from = Path.of(CheckedInRuns.class.getClassLoader().getResource(resource).toURI());
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
