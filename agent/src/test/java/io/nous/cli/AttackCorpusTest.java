package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Attacks on the sandbox's limits of time, memory and meaning (src/test/resources/attacks, written
 * by generate.py there): each goes through {@code check}, {@code simulate}, {@code simulate
 * --isolate} and {@code evaluate} (worker JVMs, the default). Every path must end within 30 s with
 * a clear one-line reason and no stack trace, the same way every time: {@code check} exits 4 for a
 * rejected candidate, {@code simulate} and {@code evaluate} exit 2 for a rejected one and 3 for one
 * that faults inside a simulation.
 */
@Order(3) // among the longest classes (junit-platform.properties)
class AttackCorpusTest {
    static final int REPETITIONS = 10;
    /** In-process simulations of an accepted attack: each ends at the same point, so a few show it does so every time. */
    static final int SIMULATIONS = 3;

    @TempDir
    static Path dir;
    static Path matrix;

    /** One attack and how it must end. */
    record Attack(String file, String check, String sim, String probe, List<String> flags, String fragment) {
        boolean rejected() {
            return check.equals("rejected");
        }

        @Override
        public String toString() {
            return file;
        }
    }

    static Stream<Attack> corpus() throws IOException {
        List<Attack> out = new ArrayList<>();
        for (String f : resource("index.txt").lines().filter(l -> !l.isBlank()).toList()) {
            String line = resource(f).replace("\uFEFF", "").lines().findFirst().orElseThrow();
            String spec = line.replace("// expect: ", "");
            String[] parts = spec.split("\\|", 2);
            String check = "accepted";
            String sim = "ok";
            String probe = "ok";
            List<String> flags = new ArrayList<>();
            for (String kv : parts[0].trim().split("\\s+")) {
                String[] p = kv.split("=");
                switch (p[0]) {
                    case "check" -> check = p[1];
                    case "sim" -> sim = p[1];
                    case "probe" -> probe = p[1];
                    case "flags" -> flags.add(p[1]);
                    default -> throw new IllegalStateException("unknown expectation " + kv + " in " + f);
                }
            }
            out.add(new Attack(f, check, sim, probe, List.copyOf(flags), parts.length > 1 ? parts[1].trim() : ""));
        }
        return out.stream();
    }

    static String resource(String name) throws IOException {
        try (InputStream in = AttackCorpusTest.class.getResourceAsStream("/attacks/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @BeforeAll
    static void tinyMatrix() throws IOException {
        matrix = Files.writeString(dir.resolve("tiny.yaml"), """
                name: tiny
                seeds: 1
                duration_seconds: 60
                scenarios:
                  - {workload: code-generation, qps: 16, split: search, regime: near}
                  - {workload: code-generation, qps: 4, split: search, regime: under}
                """);
    }

    private static Path file(Attack a) throws IOException {
        Path p = dir.resolve(a.file());
        if (!Files.exists(p)) {
            Files.writeString(p, resource(a.file()));
        }
        return p;
    }

    private static void assertOneCleanLine(CliHarness h, String what) {
        String all = h.out() + h.err();
        assertThat(all).as(what + ": no stack trace").doesNotContain("\tat ").doesNotContain("Exception in thread");
        assertThat(all).as(what).doesNotContain("NullPointerException").doesNotContain("InternalCompilerException");
    }

    private static CliHarness timed(String what, List<String> flags, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(flags);
        long t0 = System.nanoTime();
        CliHarness h = CliHarness.run(all.toArray(String[]::new));
        double seconds = (System.nanoTime() - t0) / 1e9;
        // a hang guard, not a speed check: a contained attack ends in seconds (budget, deadline), a hang never does, and
        // five minutes leaves room for a machine under any load the suite is run beside
        assertThat(seconds).as(what + " took " + seconds + " s").isLessThan(300);
        assertOneCleanLine(h, what);
        return h;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void checkEndsTheSameWayEveryTime(Attack a) throws IOException {
        Path f = file(a);
        CliHarness first = timed(a + " check", a.flags(), "check", f.toString());
        assertThat(first.exit()).as(first.out() + first.err()).isEqualTo(a.rejected() ? 4 : 0);
        assertThat(first.out() + first.err()).contains(a.rejected() ? a.fragment() : "accepted");
        for (int i = 1; i < REPETITIONS; i++) {
            CliHarness again = timed(a + " check #" + i, a.flags(), "check", f.toString());
            assertThat(again.exit()).isEqualTo(first.exit());
            assertThat(stripTimes(again.out())).isEqualTo(stripTimes(first.out()));
        }
    }

    /** check prints how long verification took; everything else must be identical. */
    private static String stripTimes(String s) {
        return s.replaceAll("verified in [0-9.]+ ms, compiled in [0-9.]+ ms", "");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void simulateEndsTheSameWayInProcessAndInAWorker(Attack a) throws IOException {
        Path f = file(a);
        int expected = a.rejected() ? 2 : a.sim().equals("fault") ? 3 : 0;
        String[] sim = {"simulate", "--workload", "code-generation", "--qps", "16", "--duration", "60", "--policy", f.toString()};
        CliHarness first = timed(a + " simulate", a.flags(), sim);
        assertThat(first.exit()).as(first.err()).isEqualTo(expected);
        if (expected != 0) {
            assertThat(first.err()).contains(a.fragment());
            assertThat(first.err().lines().filter(l -> !l.isBlank() && !l.startsWith(" ") && !l.contains(".java:")).count())
                    .as("one line saying why: " + first.err()).isLessThanOrEqualTo(2);
        }
        int reps = a.rejected() ? 2 : SIMULATIONS;
        for (int i = 1; i < reps; i++) {
            CliHarness again = timed(a + " simulate #" + i, a.flags(), sim);
            assertThat(again.exit()).isEqualTo(first.exit());
            assertThat(again.err()).isEqualTo(first.err());
        }
        String[] isolated = new String[sim.length + 1];
        System.arraycopy(sim, 0, isolated, 0, sim.length);
        isolated[sim.length] = "--isolate";
        CliHarness worker = timed(a + " simulate --isolate", a.flags(), isolated);
        assertThat(worker.exit()).as(worker.err()).isEqualTo(expected);
        if (expected != 0) {
            assertThat(worker.err()).contains(a.fragment());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void evaluateRunsItOnlyInWorkersAndEndsCleanly(Attack a) throws IOException {
        Path f = file(a);
        CliHarness h = timed(a + " evaluate", a.flags(), "evaluate", "--policy", f.toString(), "--matrix", matrix.toString(), "--split", "search",
                "--threads", "1", "--replicates", "200");
        int expected = a.rejected() ? 2 : a.sim().equals("fault") ? 3 : 0;
        assertThat(h.exit()).as(h.out() + h.err()).isEqualTo(expected);
        if (expected != 0) {
            assertThat(h.err()).contains(a.fragment());
        }
    }

    /** Peak resident memory of a process, polled from /proc while it runs, in bytes (0 where /proc is absent). */
    static long peakRss(Process p) throws InterruptedException {
        Path status = Path.of("/proc", String.valueOf(p.pid()), "status");
        long peak = 0;
        while (p.isAlive()) {
            try {
                for (String l : Files.readAllLines(status)) {
                    if (l.startsWith("VmHWM:")) {
                        peak = Math.max(peak, Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024);
                    }
                }
            } catch (IOException e) {
                // the process is ending
            }
            Thread.sleep(10);
        }
        return peak;
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"TwoDimHuge.java", "ThreeDim.java", "RetainedRows.java", "GrowingArray.java"})
    void memoryAttacksKeepTheCliUnderOneGigabyte(String name) throws Exception {
        Path f = dir.resolve("rss-" + name);
        Files.writeString(f, resource(name));
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Nous.class.getName(), "check", "--simulation-only", f.toString());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve(name + ".log").toFile()).start();
        long peak = peakRss(p);
        assertThat(p.exitValue()).isEqualTo(4);
        if (Files.exists(Path.of("/proc/self/status"))) {
            assertThat(peak).as("peak RSS of nous check " + name).isPositive().isLessThan(1L << 30);
        }
    }
}
