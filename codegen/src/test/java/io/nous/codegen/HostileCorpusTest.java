package io.nous.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.epp.PolicyException;
import io.nous.sim.workload.WorkloadCatalog;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A corpus of hostile or broken candidates (src/test/resources/hostile). The first line of each
 * says how it must end: {@code rejected} before loading, {@code fault} when exercised, or
 * {@code simulation} (it passes the exercise grid and must be stopped inside a simulation), with a
 * piece of the expected message.
 */
class HostileCorpusTest {
    private static final Path PWNED = Path.of("/tmp/nous-hostile-pwned");

    static Stream<String> corpus() throws IOException {
        try (InputStream in = HostileCorpusTest.class.getResourceAsStream("/hostile/index.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList().stream();
        }
    }

    private static String source(String file) throws IOException {
        try (InputStream in = HostileCorpusTest.class.getResourceAsStream("/hostile/" + file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @BeforeAll
    static void clean() throws IOException {
        Files.deleteIfExists(PWNED);
    }

    @Test
    void theCorpusIsLargeEnough() throws IOException {
        assertThat(corpus().count()).isGreaterThanOrEqualTo(30);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void everyHostileCandidateIsStoppedWithAClearReason(String file) throws IOException {
        String src = source(file);
        String[] expect = src.lines().findFirst().orElseThrow().replace("// expect: ", "").split("\\|", 2);
        // the sandbox's walls, not the router's contract (which would refuse many of these earlier)
        CheckResult r = Candidates.check(src, file, Contract.SIMULATION_ONLY);
        String problems = String.join("\n", r.problems());
        switch (expect[0]) {
            case "rejected" -> {
                assertThat(r.accepted()).as(file).isFalse();
                assertThat(r.candidate()).as(file + " must not be loaded").isNull();
                assertThat(problems).as(file).isNotBlank().contains(expect[1]);
            }
            case "fault" -> {
                assertThat(r.violations()).as(file).isEmpty();
                assertThat(r.diagnostics()).as(file).isEmpty();
                assertThat(r.exerciseFault()).as(file).isNotNull();
                assertThat(r.exerciseFault().getMessage()).contains(expect[1]);
                assertThat(r.accepted()).isFalse();
            }
            case "simulation" -> {
                assertThat(r.accepted()).as(problems).isTrue();
                Scenario s = Scenario.builder(WorkloadCatalog.builtin().workload("code-generation")).qps(16).durationSeconds(120).build();
                assertThatThrownBy(() -> new ClusterSimulation(s, r.candidate().newUsageLimitPolicy(), file, null, null).run())
                        .isInstanceOf(PolicyException.class)
                        .hasMessageContaining(expect[1]);
            }
            default -> throw new AssertionError("bad expectation in " + file);
        }
        // Every problem names where it is.
        for (String p : r.problems()) {
            assertThat(p).startsWith(file + ":");
        }
    }

    @Test
    void violationsAreAllReportedAtOnceWithPositionsAndFixIts() {
        String src = """
                import io.nous.sim.spi.UsageLimitPolicy;

                public final class Many implements UsageLimitPolicy {
                    private static int calls;
                    @Override
                    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
                        calls++;
                        ceilings[0] = Math.random();
                        System.exit(0);
                    }
                }
                """;
        CheckResult r = Candidates.check(src, "Many.java");
        List<String> rules = new ArrayList<>();
        r.violations().forEach(v -> rules.add(v.rule()));
        assertThat(rules).contains("static-state", "random", "call");
        assertThat(r.violations()).allSatisfy(v -> {
            assertThat(v.line()).isPositive();
            assertThat(v.column()).isPositive();
            assertThat(v.fixIt()).isNotBlank();
        });
        assertThat(r.violations().get(0).line()).isEqualTo(4);
    }

    @AfterAll
    static void nothingEscaped() {
        assertThat(PWNED).doesNotExist();
        // and the JVM still runs policies
        CheckResult ok = Candidates.check("""
                import io.nous.sim.spi.UsageLimitPolicy;
                public final class Fine implements UsageLimitPolicy {
                    public void computeLimit(double s, int[] p, double[] c) {
                        for (int i = 1; i < c.length; i++) {
                            c[i] = s > 0.9 ? 0.0 : 1.0;
                        }
                    }
                }
                """, "Fine.java");
        assertThat(ok.accepted()).isTrue();
    }
}
