package io.nous.codegen.golang;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleBinaryOperator;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Go helpers that stand for Java's library functions answer bit for bit as this JVM does:
 * the fdlibm ports against {@code StrictMath}, the Java-semantics helpers (max/min, copySign,
 * nextUp, ...) against {@code Math}, on random bit patterns, on ranges where policies live, and on
 * the edge values (zeros, NaN, infinities, subnormals, overflow and underflow thresholds). Every
 * NaN counts as one NaN. Go's own {@code math} is measured on the same inputs to show why the ports
 * exist (printed, not asserted).
 */
class StrictMathPortsTest {
    static final int PER_FUNCTION = Integer.getInteger("nous.strictmath.inputs", 40_000);

    @TempDir
    Path dir;

    private record Fn(String name, String go, DoubleBinaryOperator java) {
    }

    private static final List<Fn> FUNCTIONS = List.of(
            new Fn("exp", "strictExp(x)", (x, y) -> StrictMath.exp(x)),
            new Fn("log", "strictLog(x)", (x, y) -> StrictMath.log(x)),
            new Fn("log10", "strictLog10(x)", (x, y) -> StrictMath.log10(x)),
            new Fn("log1p", "strictLog1p(x)", (x, y) -> StrictMath.log1p(x)),
            new Fn("expm1", "strictExpm1(x)", (x, y) -> StrictMath.expm1(x)),
            new Fn("tanh", "strictTanh(x)", (x, y) -> StrictMath.tanh(x)),
            new Fn("sinh", "strictSinh(x)", (x, y) -> StrictMath.sinh(x)),
            new Fn("cosh", "strictCosh(x)", (x, y) -> StrictMath.cosh(x)),
            new Fn("atan", "strictAtan(x)", (x, y) -> StrictMath.atan(x)),
            new Fn("cbrt", "strictCbrt(x)", (x, y) -> StrictMath.cbrt(x)),
            new Fn("atan2", "strictAtan2(x, y)", StrictMath::atan2),
            new Fn("hypot", "strictHypot(x, y)", StrictMath::hypot),
            new Fn("pow", "strictPow(x, y)", StrictMath::pow),
            new Fn("max", "javaMax(x, y)", Math::max),
            new Fn("min", "javaMin(x, y)", Math::min),
            new Fn("copySign", "javaCopySign(x, y)", StrictMath::copySign),
            new Fn("nextAfter", "javaNextAfter(x, y)", Math::nextAfter),
            new Fn("nextUp", "javaNextUp(x)", (x, y) -> Math.nextUp(x)),
            new Fn("nextDown", "javaNextDown(x)", (x, y) -> Math.nextDown(x)),
            new Fn("signum", "javaSignum(x)", (x, y) -> Math.signum(x)),
            new Fn("IEEEremainder", "math.Remainder(x, y)", Math::IEEEremainder),
            new Fn("remainder", "math.Mod(x, y)", (x, y) -> x % y),
            new Fn("rint", "math.RoundToEven(x)", (x, y) -> Math.rint(x)),
            new Fn("round", "float64(javaRound(x))", (x, y) -> (double) Math.round(x)),
            new Fn("(int)", "float64(javaToInt32(x))", (x, y) -> (double) (int) x),
            // Go's own math, for the record
            new Fn("go:math.Pow", "math.Pow(x, y)", StrictMath::pow),
            new Fn("go:math.Exp", "math.Exp(x)", (x, y) -> StrictMath.exp(x)),
            new Fn("go:math.Tanh", "math.Tanh(x)", (x, y) -> StrictMath.tanh(x)),
            new Fn("go:math.Cbrt", "math.Cbrt(x)", (x, y) -> StrictMath.cbrt(x)),
            new Fn("go:math.Log", "math.Log(x)", (x, y) -> StrictMath.log(x)));

    private static final double[] EDGES = {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, Double.NaN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_NORMAL, 1e-300,
        1e300, 709.78, 709.7827128933840, -745.13321910194, 710, 22, -22, 0.34657359, 1.03972077, 1e-20, 3, 5, 0.1, 0.7, 1.5, 1e10,
        -1e10, 0x1p53, 0x1p31, 0.9999995, 1.0000001, 1e-310, -1e-310, Math.nextUp(1.0), Math.nextDown(1.0), 0x1p-1022, 0x1p-1074 * 3,
        2.5, -2.5, 0.49999999999999994, 4503599627370497.0, 2147483647.5, -2147483648.5};

    private static double pick(SplittableRandom r, int i, boolean second) {
        int k = second ? i / EDGES.length : i;
        if (k < EDGES.length && (!second || i < EDGES.length * EDGES.length)) {
            return EDGES[(second ? i : i) % EDGES.length];
        }
        return switch (r.nextInt(6)) {
            case 0 -> Double.longBitsToDouble(r.nextLong());
            case 1 -> (r.nextDouble() - 0.5) * 4;
            case 2 -> (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(16) - 6);
            case 3 -> r.nextDouble() * 3;
            case 4 -> r.nextInt(21) - 10;
            default -> EDGES[r.nextInt(EDGES.length)];
        };
    }

    @Test
    void everyHelperTheCallTableNamesExistsAndIsTestedHere() {
        assertThat(GoHelpers.names()).containsAll(MathCalls.helpersNamed());
        List<String> tested = FUNCTIONS.stream().map(f -> f.go().replaceAll("\\(.*", "")).toList();
        assertThat(tested).containsAll(MathCalls.helpersNamed());
    }

    @Test
    void portsAnswerBitForBitAsTheJvm() throws Exception {
        Path go = Path.of("/usr/bin/go");
        if (!Files.isExecutable(go)) {
            Assumptions.assumeTrue(System.getenv("NOUS_REQUIRE_GO") == null, "Go is required (NOUS_REQUIRE_GO) but /usr/bin/go is missing");
            Assumptions.abort("no Go toolchain");
        }
        Path module = dir.resolve("ports");
        Files.createDirectories(module);
        Files.writeString(module.resolve("go.mod"), "module ports\n\ngo 1.19\n");
        StringBuilder src = new StringBuilder("package main\n\nimport (\n\t\"bufio\"\n\t\"fmt\"\n\t\"math\"\n\t\"os\"\n\t\"strconv\"\n\t\"strings\"\n)\n\n");
        for (String h : GoHelpers.names()) {
            src.append(GoHelpers.source(h)).append('\n');
        }
        src.append("func main() {\n\tin := bufio.NewScanner(os.Stdin)\n\tout := bufio.NewWriter(os.Stdout)\n\tdefer out.Flush()\n\tfor in.Scan() {\n")
                .append("\t\tf := strings.Fields(in.Text())\n\t\tk, _ := strconv.Atoi(f[0])\n")
                .append("\t\ta, _ := strconv.ParseUint(f[1], 16, 64)\n\t\tb, _ := strconv.ParseUint(f[2], 16, 64)\n")
                .append("\t\tx, y := math.Float64frombits(a), math.Float64frombits(b)\n\t\tvar r float64\n\t\tswitch k {\n");
        for (int i = 0; i < FUNCTIONS.size(); i++) {
            src.append("\t\tcase ").append(i).append(":\n\t\t\tr = ").append(FUNCTIONS.get(i).go()).append('\n');
        }
        src.append("\t\t}\n\t\tif math.IsNaN(r) {\n\t\t\tr = math.Float64frombits(0x7ff8000000000000)\n\t\t}\n")
                .append("\t\tfmt.Fprintf(out, \"%016x\\n\", math.Float64bits(r))\n\t}\n}\n");
        Files.writeString(module.resolve("main.go"), src.toString());
        // each helper is pasted into policy.go as it is, so each must be exactly as gofmt lays it out
        for (String h : GoHelpers.names()) {
            Path alone = Files.createDirectories(dir.resolve("gofmt")).resolve(h + ".go");
            Files.writeString(alone, "package x\n\n" + GoHelpers.source(h));
        }
        Process gofmt = new ProcessBuilder(go.resolveSibling("gofmt").toString(), "-l", dir.resolve("gofmt").toString()).redirectErrorStream(true).start();
        String unformatted = new String(gofmt.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(gofmt.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(unformatted).as("helpers gofmt would change").isEmpty();
        ProcessBuilder build = new ProcessBuilder(go.toString(), "build", "-o", "ports", ".").directory(module.toFile()).redirectErrorStream(true);
        build.environment().put("GOCACHE", Path.of("target", "go-test-cache", "build").toAbsolutePath().toString());
        build.environment().put("GOFLAGS", "-mod=mod");
        build.environment().put("GOPROXY", "off");
        Process b = build.start();
        String buildOut = new String(b.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(b.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(b.exitValue()).as(buildOut).isZero();

        SplittableRandom r = new SplittableRandom(20261202);
        List<double[]> inputs = new ArrayList<>();
        List<Integer> which = new ArrayList<>();
        StringBuilder stdin = new StringBuilder();
        for (int f = 0; f < FUNCTIONS.size(); f++) {
            for (int i = 0; i < PER_FUNCTION; i++) {
                double x = pick(r, i, false);
                double y = pick(r, i, true);
                inputs.add(new double[] {x, y});
                which.add(f);
                stdin.append(f).append(' ').append(Long.toHexString(Double.doubleToRawLongBits(x))).append(' ')
                        .append(Long.toHexString(Double.doubleToRawLongBits(y))).append('\n');
            }
        }
        Process p = new ProcessBuilder(module.resolve("ports").toString()).start();
        Thread feeder = new Thread(() -> {
            try (OutputStream o = p.getOutputStream()) {
                o.write(stdin.toString().getBytes(StandardCharsets.US_ASCII));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        feeder.start();
        Map<String, Integer> mismatches = new TreeMap<>();
        List<String> examples = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII))) {
            for (int i = 0; i < inputs.size(); i++) {
                long got = Long.parseUnsignedLong(in.readLine(), 16);
                Fn fn = FUNCTIONS.get(which.get(i));
                double x = inputs.get(i)[0];
                double y = inputs.get(i)[1];
                double want = fn.java().applyAsDouble(x, y);
                long wantBits = Double.doubleToLongBits(want);
                if (got != wantBits) {
                    mismatches.merge(fn.name(), 1, Integer::sum);
                    if (!fn.name().startsWith("go:") && examples.size() < 5) {
                        examples.add(fn.name() + "(" + x + ", " + y + "): Java " + want + ", Go " + Double.longBitsToDouble(got));
                    }
                }
            }
        }
        feeder.join();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        System.out.printf("strict math ports: %,d inputs per function, %d functions; Go's own math differs on: %s%n", PER_FUNCTION,
                FUNCTIONS.stream().filter(f -> !f.name().startsWith("go:")).count(), mismatches.entrySet().stream()
                        .filter(e -> e.getKey().startsWith("go:")).map(e -> e.getKey().substring(3) + " " + e.getValue()).toList());
        mismatches.keySet().removeIf(k -> k.startsWith("go:"));
        assertThat(mismatches).as("ports that differ from the JVM: " + examples).isEmpty();
    }
}
