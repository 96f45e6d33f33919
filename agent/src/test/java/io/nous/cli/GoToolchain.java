package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** The real Go toolchain (Debian's golang-go) on exported packages: {@code go vet} and {@code go test}, offline. */
final class GoToolchain {
    private GoToolchain() {
    }

    static void vetAndTest(Path module) throws Exception {
        Path goBin = Path.of("/usr/bin/go");
        if (!Files.isExecutable(goBin)) {
            Assumptions.assumeTrue(System.getenv("NOUS_REQUIRE_GO") == null, "Go is required (NOUS_REQUIRE_GO) but /usr/bin/go is missing");
            Assumptions.abort("no Go toolchain at /usr/bin/go");
        }
        for (List<String> args : List.of(List.of("vet", "./..."), List.of("test", "-count=1", "./..."))) {
            List<String> cmd = new ArrayList<>(List.of(goBin.toString()));
            cmd.addAll(args);
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(module.toFile()).redirectErrorStream(true);
            pb.environment().put("GOPROXY", "off");
            pb.environment().put("GOCACHE", module.getParent().resolve("gocache").toString());
            pb.environment().put("GOPATH", module.getParent().resolve("gopath").toString());
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as("go " + args + " in " + module + ":\n" + out).isZero();
        }
    }
}
