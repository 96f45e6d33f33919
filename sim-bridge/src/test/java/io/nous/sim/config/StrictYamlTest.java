package io.nous.sim.config;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every YAML error is one line in the user's terms, naming the file, the place and what was wrong. */
class StrictYamlTest {
    record Point(double x, int n, boolean on, List<String> tags) {
    }

    private static void read(String yaml) {
        StrictYaml.read(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "p.yaml", Point.class, IllegalArgumentException::new);
    }

    @Test
    void aValueOfTheWrongKindIsSaidPlainly() {
        assertThatThrownBy(() -> read("x: foo\nn: 1\non: true\ntags: []\n")).hasMessage("p.yaml: 'foo' is not a number at x");
        assertThatThrownBy(() -> read("x: 1\nn: 1.5x\non: true\ntags: []\n")).hasMessage("p.yaml: '1.5x' is not a whole number at n");
        assertThatThrownBy(() -> read("x: 1\nn: 1\non: true\ntags: {a: 1}\n")).hasMessage("p.yaml: expected a list here at tags");
    }

    @Test
    void aSyntaxErrorIsOneLineWithItsPlace() {
        assertThatThrownBy(() -> read(": : :\n  - [\n")).satisfies(e -> org.assertj.core.api.Assertions.assertThat(e.getMessage())
                .startsWith("p.yaml: not valid YAML at line ").doesNotContain("\n").doesNotContain("reader"));
    }
}
