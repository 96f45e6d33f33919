package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The real Go toolchain (Debian's golang-go) on exported packages, offline: {@code gofmt -l} must list
 * nothing, {@code go vet} and {@code go test} must pass, and staticcheck (Debian's go-staticcheck,
 * every check) must report nothing.
 */
final class GoToolchain {
    private GoToolchain() {
    }

    /**
     * Offline, with one build cache, module cache and staticcheck cache for all of this module's tests
     * (under {@code target/}): the caches are content-addressed, so sharing them changes no verdict
     * ({@code go test -count=1} still runs every test), but the packages every export imports are
     * compiled once instead of once per test.
     */
    static void caches(ProcessBuilder pb) {
        Path root = Path.of("target", "go-test-cache").toAbsolutePath();
        pb.environment().put("GOPROXY", "off");
        pb.environment().put("GOCACHE", root.resolve("build").toString());
        pb.environment().put("GOPATH", root.resolve("path").toString());
        pb.environment().put("XDG_CACHE_HOME", root.resolve("user").toString());
    }

    /** Whether Go is installed; where it is required (NOUS_REQUIRE_GO, as in CI) its absence fails the test. */
    static boolean goInstalled() {
        boolean present = Files.isExecutable(Path.of("/usr/bin/go"));
        if (!present && System.getenv("NOUS_REQUIRE_GO") != null) {
            throw new AssertionError("Go is required (NOUS_REQUIRE_GO) but /usr/bin/go is missing");
        }
        return present;
    }

    /**
     * That an export run through the CLI proved its package: with Go installed, the export itself ran
     * gofmt, go vet, go test (the golden vectors and the equivalence sequences) and, where installed,
     * staticcheck on exactly the files it wrote, and refuses on any failure, so a test need not run
     * them again; without Go, it says the proof was not run.
     */
    static void assertProved(CliHarness export) {
        assertThat(export.exit()).as(export.err()).isZero();
        if (!goInstalled()) {
            assertThat(export.out()).contains("the equivalence proof was not run");
            return;
        }
        assertThat(export.out()).contains("proved: the Go answers all").contains("gofmt -l .").contains("go vet ./...")
                .contains("go test -count=1 ./...");
        if (Files.isExecutable(Path.of("/usr/bin/go-staticcheck")) || System.getenv("NOUS_REQUIRE_STATICCHECK") != null) {
            assertThat(export.out()).contains("staticcheck ./...");
        }
    }

    /** Also what every exported package must satisfy, so the method keeps its short name. */
    static void vetAndTest(Path module) throws Exception {
        Path goBin = Path.of("/usr/bin/go");
        if (!Files.isExecutable(goBin)) {
            Assumptions.assumeTrue(System.getenv("NOUS_REQUIRE_GO") == null, "Go is required (NOUS_REQUIRE_GO) but /usr/bin/go is missing");
            Assumptions.abort("no Go toolchain at /usr/bin/go");
        }
        Path staticcheck = Path.of("/usr/bin/go-staticcheck");
        if (!Files.isExecutable(staticcheck)) {
            Assumptions.assumeTrue(System.getenv("NOUS_REQUIRE_STATICCHECK") == null,
                    "staticcheck is required (NOUS_REQUIRE_STATICCHECK) but /usr/bin/go-staticcheck is missing");
            staticcheck = null;
        }
        List<List<String>> runs = new ArrayList<>(List.of(List.of("/usr/bin/gofmt", "-l", "."), List.of(goBin.toString(), "vet", "./..."),
                List.of(goBin.toString(), "test", "-count=1", "./...")));
        if (staticcheck != null) {
            runs.add(List.of(staticcheck.toString(), "-checks", "all", "./..."));
        }
        for (List<String> cmd : runs) {
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(module.toFile()).redirectErrorStream(true);
            caches(pb);
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(cmd + " in " + module + ":\n" + out).isZero();
            assertThat(out.strip()).as(cmd + " in " + module + " reports").matches("(?s)(ok .*|\\?.*|)");
        }
    }
}
