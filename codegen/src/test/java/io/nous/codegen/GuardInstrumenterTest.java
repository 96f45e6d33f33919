package io.nous.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.guard.Budget;
import io.nous.codegen.guard.GuardInstrumenter;
import io.nous.codegen.verify.Verification;
import io.nous.codegen.verify.Verifier;
import io.nous.sim.spi.UsageLimitPolicy;
import org.junit.jupiter.api.Test;

class GuardInstrumenterTest {
    private static final String SRC = String.join("\r\n",
            "import io.nous.sim.spi.UsageLimitPolicy;",
            "public final class Tabs implements UsageLimitPolicy {",
            "\tprivate long n;",
            "\tpublic void computeLimit(double s, int[] p, double[] c) {",
            "\t\tfor (int i = 1; i < c.length; i++)\tc[i] = 1.0;",
            "\t\tint k = 0;",
            "\t\twhile (k < 3) k++;",
            "\t\tdo { n++; } while (n % 7 != 0);",
            "\t\tdouble[] h = new double[c.length + 1];",
            "\t\tfor (double x : h) n++;",
            "\t}",
            "}");

    private static String instrument(String src) {
        Verification v = new Verifier().verify(src);
        assertThat(v.violations()).isEmpty();
        return GuardInstrumenter.instrument(src, v.unit());
    }

    @Test
    void guardsEveryLoopAndMethodWithoutMovingLines() {
        String out = instrument(SRC);
        assertThat(out.split("\r\n", -1)).hasSameSizeAs(SRC.split("\r\n", -1));
        assertThat(out.split("\\$nous.tick\\(", -1)).hasSize(5); // four loops
        assertThat(out).contains("this.$nousBudget.allocate(c.length + 1)");
        assertThat(out).containsPattern("\\$nous = this\\.\\$nousBudget\\.enterMethod\\(\\d+\\); try \\{");
        assertThat(out).contains("private final io.nous.codegen.guard.Budget $nousBudget = $nousGuard.creating();");
        assertThat(out).startsWith("import io.nous.codegen.guard.$nousGuard; import io.nous.sim.spi.UsageLimitPolicy;");
        assertThat(out.lines().skip(4).findFirst().orElseThrow()).containsPattern("\\{ \\$nous\\.tick\\(\\d+\\); c\\[i\\] = 1\\.0; }");
    }

    @Test
    void instrumentedSourceCompilesAndRuns() {
        CheckResult r = Candidates.check(SRC, "Tabs.java", Contract.SIMULATION_ONLY);
        assertThat(r.problems()).isEmpty();
        double[] c = {1, 1, 1};
        r.candidate().newUsageLimitPolicy().computeLimit(0.5, new int[] {1, 0, -1}, c);
        assertThat(c).containsExactly(1, 1, 1);
    }

    @Test
    void aBraceInACommentBeforeTheFirstMemberDoesNotMisplaceTheBudgetField() {
        String src = "import io.nous.sim.spi.UsageLimitPolicy;\npublic final class C implements UsageLimitPolicy { /* { */\n"
                + "  // also { here\n  private final double t = 1.0;\n"
                + "  public void computeLimit(double s, int[] p, double[] c) { c[0] = t; }\n}\n";
        CheckResult r = Candidates.check(src, "C.java", Contract.SIMULATION_ONLY);
        assertThat(r.problems()).isEmpty();
    }

    @Test
    void aFieldNamedIoDoesNotShadowTheGuard() {
        String src = "import io.nous.sim.spi.UsageLimitPolicy;\npublic final class C implements UsageLimitPolicy {\n"
                + "  private double io = 1.0;\n  private static double twice(double x) { return 2 * x; }\n"
                + "  public void computeLimit(double s, int[] p, double[] c) { double[] t = new double[2]; c[0] = Math.min(1, io + twice(t[0])); }\n}\n";
        CheckResult r = Candidates.check(src, "C.java", Contract.SIMULATION_ONLY);
        assertThat(r.problems()).isEmpty();
    }

    @Test
    void arraysInTheArgumentsOfThisAreChargedToTheThreadBudget() {
        String src = "import io.nous.sim.spi.UsageLimitPolicy;\npublic final class C implements UsageLimitPolicy {\n"
                + "  private final double[] w;\n  public C() { this(new double[8]); }\n  private C(double[] w) { this.w = w; }\n"
                + "  public void computeLimit(double s, int[] p, double[] c) { c[0] = Math.min(1, 1 + w[0]); }\n}\n";
        CheckResult r = Candidates.check(src, "C.java", Contract.SIMULATION_ONLY);
        assertThat(r.problems()).isEmpty();
        assertThat(instrument(src)).contains("this(new double[$nousGuard.alloc(8)])");
    }

    @Test
    void everyDimensionOfAMultiDimensionalArrayIsCharged() {
        String src = "import io.nous.sim.spi.UsageLimitPolicy;\npublic final class C implements UsageLimitPolicy {\n"
                + "  public void computeLimit(double s, int[] p, double[] c) { double[][] m = new double[4096][4096]; c[0] = m[1][1] + 1; }\n}\n";
        assertThat(instrument(src)).contains("new double[this.$nousBudget.first(4096)][this.$nousBudget.last(4096)]");
        CheckResult r = Candidates.check(src, "C.java", Contract.SIMULATION_ONLY);
        // 4096 x 4096 = 16.8 M elements: far over the per-call limit, stopped before allocating
        assertThat(r.exerciseFault()).isNotNull();
        assertThat(r.exerciseFault().getMessage()).contains("allocated more than " + Budget.MAX_ALLOCATED + " array elements in one call");
    }

    @Test
    void workIsCountedInSyntaxNodesWithHeavyHelpersWeighingMore() {
        String plain = "import io.nous.sim.spi.UsageLimitPolicy;\npublic final class C implements UsageLimitPolicy {\n"
                + "  public void computeLimit(double s, int[] p, double[] c) { c[0] = Math.min(1, s); }\n}\n";
        String heavy = plain.replace("Math.min(1, s)", "Math.min(1, StrictMath.tan(s))");
        int plainCost = entryCost(instrument(plain));
        int heavyCost = entryCost(instrument(heavy));
        assertThat(heavyCost - plainCost).isGreaterThanOrEqualTo(GuardInstrumenter.HEAVY_CALL);
    }

    private static int entryCost(String instrumented) {
        return Integer.parseInt(instrumented.replaceAll("(?s).*enterMethod\\((\\d+)\\).*", "$1"));
    }

    @Test
    void aCandidateFarSlowerThanTheTemplatesIsStoppedAsTooSlow() {
        // cheap with one band, ~100k work units per call with more: the exercise's later calls catch it
        String src = "import io.nous.sim.spi.UsageLimitPolicy;\npublic final class C implements UsageLimitPolicy {\n"
                + "  private double acc;\n  public void computeLimit(double s, int[] p, double[] c) {\n"
                + "    if (p.length > 1) { for (int i = 0; i < 20000; i++) { acc += i; } }\n    c[0] = 1.0;\n  }\n}\n";
        CheckResult r = Candidates.check(src, "C.java", Contract.SIMULATION_ONLY);
        assertThat(r.exerciseFault()).isNotNull();
        assertThat(r.exerciseFault().getMessage()).contains("too slow").contains("work units per call on average");
        UsageLimitPolicy p = r.candidate().newUsageLimitPolicy();
        assertThat(p).isNotNull();
    }
}
