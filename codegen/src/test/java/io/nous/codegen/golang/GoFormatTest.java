package io.nous.codegen.golang;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Nous lays out Go exactly as gofmt does: known cases, and thousands of random ones checked against gofmt itself. */
class GoFormatTest {
    @TempDir
    Path dir;

    @Test
    void knownLayouts() {
        assertThat(GoFormat.expr("1.0 - float64(i) * s / float64(n - 1)", 1)).isEqualTo("1.0 - float64(i)*s/float64(n-1)");
        assertThat(GoFormat.expr("maxInt64(1, javaRound(s / (1.0 - s + 1.0e-9)))", 1)).isEqualTo("maxInt64(1, javaRound(s/(1.0-s+1.0e-9)))");
        assertThat(GoFormat.expr("tick % period == 0", 1)).isEqualTo("tick%period == 0");
        assertThat(GoFormat.expr("s >= 1.0 - s && s < 1.0", 1)).isEqualTo("s >= 1.0-s && s < 1.0");
        assertThat(GoFormat.expr("a * b", 1)).isEqualTo("a * b");
        assertThat(GoFormat.expr("x[i + 1]", 1)).isEqualTo("x[i+1]");
        assertThat(GoFormat.expr("a - -b", 1)).isEqualTo("a - -b");
        // tokens that would combine keep a blank between them, as go/printer's mayCombine does
        assertThat(GoFormat.expr("f(n - -1 / n, c)", 1)).isEqualTo("f(n- -1/n, c)");
        assertThat(GoFormat.expr("f(a & ^b, c)", 1)).isEqualTo("f(a & ^b, c)");
        assertThat(GoFormat.expr("0x1.8p-3 * x", 1)).isEqualTo("0x1.8p-3 * x");
        assertThat(GoFormat.expr("f(a + b)", 1)).isEqualTo("f(a + b)");
        assertThat(GoFormat.expr("f(a + b, c)", 1)).isEqualTo("f(a+b, c)");
        assertThat(GoFormat.line("\t\tif x * 2 > y - 1 {")).isEqualTo("\t\tif x*2 > y-1 {");
        assertThat(GoFormat.line("\tfor i := int32(0); i < n - 1; i++ {")).isEqualTo("\tfor i := int32(0); i < n-1; i++ {");
        assertThat(GoFormat.line("\tvar v float64 = a * b + c")).isEqualTo("\tvar v float64 = a*b + c");
        assertThat(GoFormat.line("\tceilings[i + 1] = a / b")).isEqualTo("\tceilings[i+1] = a / b");
    }

    /** A random expression of the translator's shapes, fully spaced as the translator writes it. */
    private static String random(SplittableRandom r, int depth) {
        int kind = depth > 3 ? r.nextInt(2) : r.nextInt(9);
        String[] atoms = {"a", "b", "s", "n", "1.0", "2", "0.5", "1.0e-9", "p.tick.Load()", "cThreshold"};
        String[] ops = {"+", "-", "*", "/", "%", "<", "<=", "==", "!=", ">", ">=", "&&", "||", "&", "|", "^", "<<", ">>", "&^"};
        return switch (kind) {
            case 0, 1 -> atoms[r.nextInt(atoms.length)];
            case 2 -> "(" + random(r, depth + 1) + ")";
            case 3 -> (r.nextBoolean() ? "-" : "!") + (r.nextBoolean() ? atoms[r.nextInt(atoms.length)] : "(" + random(r, depth + 1) + ")");
            case 4 -> {
                int args = 1 + r.nextInt(3);
                List<String> a = new ArrayList<>();
                for (int i = 0; i < args; i++) {
                    a.add(random(r, depth + 1));
                }
                yield (r.nextBoolean() ? "f" : "math.Max") + "(" + String.join(", ", a) + ")";
            }
            case 5 -> "xs[" + random(r, depth + 1) + "]";
            default -> {
                String op = ops[r.nextInt(ops.length)];
                String y = random(r, depth + 1);
                // the translator writes the parentheses Go needs; a random right operand gets them when it is compound
                yield random(r, depth + 1) + " " + op + " " + (y.contains(" ") ? "(" + y + ")" : y);
            }
        };
    }

    @Test
    void randomExpressionsMatchGofmt() throws Exception {
        Path gofmt = Path.of("/usr/bin/gofmt");
        if (!Files.isExecutable(gofmt)) {
            Assumptions.assumeTrue(System.getenv("NOUS_REQUIRE_GO") == null, "Go is required (NOUS_REQUIRE_GO) but gofmt is missing");
            Assumptions.abort("no gofmt");
        }
        SplittableRandom r = new SplittableRandom(11);
        List<String> raw = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            raw.add(random(r, 0));
        }
        StringBuilder src = new StringBuilder("package p\n\nfunc f() {\n");
        for (String e : raw) {
            src.append("\t_ = ").append(e).append('\n');
        }
        src.append("}\n");
        Path file = dir.resolve("x.go");
        Files.writeString(file, src);
        Process p = new ProcessBuilder(gofmt.toString(), file.toString()).redirectErrorStream(true).start();
        String formatted = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(formatted).isZero();
        List<String> lines = formatted.lines().filter(l -> l.startsWith("\t_ = ")).toList();
        assertThat(lines).hasSize(raw.size());
        for (int i = 0; i < raw.size(); i++) {
            assertThat("\t_ = " + GoFormat.expr(raw.get(i), 1)).as(raw.get(i)).isEqualTo(lines.get(i));
        }
    }
}
