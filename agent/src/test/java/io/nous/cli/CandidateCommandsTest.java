package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nous.policy.PolicyRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CandidateCommandsTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    private Path soft() throws Exception {
        return write("Soft.java", PolicyRegistry.builtin().template("soft-reflective-ceiling").source());
    }

    @Test
    void checkAcceptsATemplateAndRejectsHostileCodeWithPositions() throws Exception {
        CliHarness ok = CliHarness.run("check", soft().toString());
        assertThat(ok.exit()).isZero();
        assertThat(ok.out()).contains("accepted: usage-limit policy").contains("canonical sha256");

        Path bad = write("Bad.java", """
                import io.nous.sim.spi.UsageLimitPolicy;
                public final class Bad implements UsageLimitPolicy {
                    public void computeLimit(double s, int[] p, double[] c) {
                        System.exit(1);
                        c[0] = Math.random();
                    }
                }
                """);
        CliHarness rejected = CliHarness.run("check", bad.toString());
        assertThat(rejected.exit()).isEqualTo(CheckCommand.REJECTED);
        assertThat(rejected.out()).contains("rejected (2 problems)").contains("Bad.java:4:9").contains("Bad.java:5:16");
    }

    @Test
    void checkTakesAJointCandidateHalfByHalfAndRefusesAMalformedOne() throws Exception {
        PolicyRegistry reg = PolicyRegistry.builtin();
        String pair = io.nous.codegen.JointSource.merge(reg.template("soft-reflective-ceiling").source(),
                reg.template("probabilistic-admitter").source(), "Pair");
        CliHarness ok = CliHarness.run("check", write("Pair.java", pair).toString());
        assertThat(ok.exit()).as(ok.out() + ok.err()).isZero();
        assertThat(ok.out()).contains("accepted: usage-limit policy").contains("(usage-limit half)")
                .contains("accepted: admission policy").contains("(admission half)");

        // a bad admitter half is named as such
        CliHarness bad = CliHarness.run("check", write("BadPair.java", pair.replace("return !(u < p);", "return !(Math.random() < p);")).toString());
        assertThat(bad.exit()).as(bad.out()).isEqualTo(CheckCommand.REJECTED);
        assertThat(bad.out()).contains("admitter half").contains("Math.random");

        // too deep for any parser: refused by the pre-scan with a line, no stack overflow
        String deep = pair.replaceFirst("double s = saturation;", "double s = " + "(".repeat(500) + "saturation" + ")".repeat(500) + ";");
        CliHarness tooDeep = CliHarness.run("check", write("DeepPair.java", deep).toString());
        assertThat(tooDeep.exit()).as(tooDeep.out() + tooDeep.err()).isEqualTo(CheckCommand.REJECTED);
        assertThat(tooDeep.out()).contains("nest more than");
        assertThat(tooDeep.out() + tooDeep.err()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void checkOfAMissingFileIsBadInput() {
        CliHarness h = CliHarness.run("check", dir.resolve("Nope.java").toString());
        assertThat(h.exit()).isEqualTo(2);
        assertThat(h.err()).contains("no such file");
    }

    @Test
    void aSourceFileIsAcceptedWhereverAPolicyNameIs() throws Exception {
        String file = soft().toString();
        CliHarness byFile = CliHarness.run("simulate", "--workload", "interactive-chat", "--qps", "60", "--duration", "60", "--json",
                "--policy", file);
        CliHarness byName = CliHarness.run("simulate", "--workload", "interactive-chat", "--qps", "60", "--duration", "60", "--json",
                "--policy", "soft-reflective-ceiling");
        assertThat(byFile.exit()).as(byFile.err()).isZero();
        JsonNode a = new ObjectMapper().readTree(byFile.out());
        JsonNode b = new ObjectMapper().readTree(byName.out());
        assertThat(a.get("classes")).isEqualTo(b.get("classes"));
        assertThat(a.get("policy").asText()).contains("Soft.java");
    }

    @Test
    void isolatedRunsMatchInProcessRuns() throws Exception {
        String file = soft().toString();
        String[] common = {"simulate", "--workload", "code-generation", "--qps", "16", "--duration", "60", "--json", "--policy", file};
        CliHarness here = CliHarness.run(common);
        String[] isolated = java.util.Arrays.copyOf(common, common.length + 1);
        isolated[common.length] = "--isolate";
        CliHarness there = CliHarness.run(isolated);
        assertThat(there.exit()).as(there.err()).isZero();
        assertThat(new ObjectMapper().readTree(there.out()).get("classes")).isEqualTo(new ObjectMapper().readTree(here.out()).get("classes"));
    }

    @Test
    void aRejectedSourceIsBadInputAndAFaultingOneAPolicyFailure() throws Exception {
        Path bad = write("Loop.java", """
                import io.nous.sim.spi.UsageLimitPolicy;
                public final class Loop implements UsageLimitPolicy {
                    private static int n;
                    public void computeLimit(double s, int[] p, double[] c) {
                    }
                }
                """);
        CliHarness h = CliHarness.run("simulate", "--workload", "reasoning", "--qps", "0.2", "--policy", bad.toString());
        assertThat(h.exit()).isEqualTo(2);
        assertThat(h.err()).contains("Loop.java:3:").contains("static-state");
        Path trap = write("Trap.java", """
                import io.nous.sim.spi.UsageLimitPolicy;
                public final class Trap implements UsageLimitPolicy {
                    private long calls;

                    public void computeLimit(double s, int[] p, double[] c) {
                        calls++;
                        if (calls > 50000 && s > 0.26) {
                            while (true) {
                            }
                        }
                    }
                }
                """);
        CliHarness f = CliHarness.run("simulate", "--workload", "code-generation", "--qps", "16", "--duration", "120", "--policy", trap.toString());
        assertThat(f.exit()).isEqualTo(3);
        assertThat(f.err()).contains("work units in one call").doesNotContain("\tat ");
    }
}
