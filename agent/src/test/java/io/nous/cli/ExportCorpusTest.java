package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Ordinary-looking candidates on which the Go translation used to compute something other than the
 * Java while every check passed (src/test/resources/attacks/export: constants Go folds exactly,
 * literals Go reads differently, evaluation order, dead stores with effects, names that shadow,
 * overloaded entries, Go's own math, annotations javac rejects). Each must be exported with the
 * equivalence proof passing, or refused with a clear line; nothing is written for a refusal.
 * Each file's first line says which: {@code // expect: export=equivalent | why} or
 * {@code // expect: export=refused | fragment of the message}.
 */
class ExportCorpusTest {
    @TempDir
    static Path dir;

    record Attack(String file, boolean equivalent, String why) {
        @Override
        public String toString() {
            return file;
        }
    }

    static Stream<Attack> corpus() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("src", "test", "resources", "attacks", "export"))) {
            return files.filter(p -> p.toString().endsWith(".java")).sorted().map(p -> {
                String first = read(p).lines().findFirst().orElseThrow();
                String[] spec = first.replace("// expect: ", "").split("\\|", 2);
                return new Attack(p.getFileName().toString(), spec[0].strip().equals("export=equivalent"), spec[1].strip());
            }).toList().stream();
        }
    }

    private static String read(Path p) {
        try (InputStream in = Files.newInputStream(p)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void exportsEquivalentOrRefusesClearly(Attack a) {
        Path out = dir.resolve(a.file().replace(".java", ""));
        CliHarness h = CliHarness.run("export", "--policy", Path.of("src", "test", "resources", "attacks", "export", a.file()).toString(),
                "--out", out.toString(), "--force");
        String all = h.out() + h.err();
        assertThat(all).as("no stack trace").doesNotContain("\tat ").doesNotContain("Exception");
        if (a.equivalent()) {
            assertThat(h.exit()).as(all).isZero();
            assertThat(all).as(a.why()).satisfiesAnyOf(
                    s -> assertThat(s).contains("proved: the Go answers all"),
                    s -> assertThat(s).contains("the equivalence proof was not run: no Go toolchain"));
            if (GoToolchain.goInstalled()) {
                assertThat(all).contains("proved: the Go answers all");
            }
            assertThat(out.resolve("source")).isDirectory();
        } else {
            assertThat(h.exit()).as(all).isEqualTo(2);
            assertThat(h.err()).contains(a.why());
            assertThat(h.err().lines().filter(l -> !l.isBlank()).count()).as("one line: " + h.err()).isEqualTo(1);
            assertThat(out).as("nothing is written for a refusal").doesNotExist();
        }
    }
}
