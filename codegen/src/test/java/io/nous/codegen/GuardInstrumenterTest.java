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
        assertThat(heavyCost - plainCost).isGreaterThanOrEqualTo(GuardInstrumenter.callUnits("tan")).isGreaterThan(1000);
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

    private static final String REMAINDERS = String.join("\n",
            "import io.nous.sim.spi.UsageLimitPolicy;",
            "public final class R implements UsageLimitPolicy {",
            "  private static final double PERIOD = 7.5 % 2;",
            "  private static final double SHIFT = PERIOD % 0.3 + 1;",
            "  private final double[] phases = {11.0 % 4.0, PERIOD % 0.7};",
            "  private double field = 9.25 % PERIOD;",
            "  private final double fromThis;",
            "  private long tick;",
            "  public R() { this(100.5 % (PERIOD + 1)); }",
            "  private R(double v) { fromThis = v; }",
            "  public void computeLimit(double s, int[] p, double[] c) {",
            "    tick++;",
            "    int k = 0;",
            "    double acc = s * 1e6 % 3.0 % 0.7;",
            "    acc %= 0.3 + s;",
            "    this.field %= 1.5;",
            "    double[] t = new double[(int) (tick % 3) + 1];",
            "    t[k] %= 0.5;",
            "    if (tick % 40 == 0) t[k++] %= 0.5;",
            "    int bands = p.length % 4;",
            "    long mixed = tick % 5 + (long) (tick%7%3);",
            "    float f = 5.5f % (float) (s + 1);",
            "    switch ((int) (tick % 3)) {",
            "      case 7 % 3: acc += 1; break;",
            "      default: break;",
            "    }",
            "    double ieee = Math.IEEEremainder(acc + 10, 3);",
            "    for (int i = 0; i < c.length; i++) {",
            "      c[i] = Math.min(1, Math.abs(acc + field + fromThis + phases[1] + SHIFT + t[0] + bands + mixed + f + ieee) % 1.0);",
            "    }",
            "  }",
            "}");

    /** The same class compiled by javac, as the reference for what every remainder must compute. */
    private static final class Reference {
        private static final double PERIOD = 7.5 % 2;
        private static final double SHIFT = PERIOD % 0.3 + 1;
        private final double[] phases = {11.0 % 4.0, PERIOD % 0.7};
        private double field = 9.25 % PERIOD;
        private final double fromThis = 100.5 % (PERIOD + 1);
        private long tick;

        @SuppressWarnings("all")
        void computeLimit(double s, int[] p, double[] c) {
            tick++;
            int k = 0;
            double acc = s * 1e6 % 3.0 % 0.7;
            acc %= 0.3 + s;
            this.field %= 1.5;
            double[] t = new double[(int) (tick % 3) + 1];
            t[k] %= 0.5;
            if (tick % 40 == 0) t[k++] %= 0.5;
            int bands = p.length % 4;
            long mixed = tick % 5 + (long) (tick % 7 % 3);
            float f = 5.5f % (float) (s + 1);
            switch ((int) (tick % 3)) {
                case 7 % 3: acc += 1; break;
                default: break;
            }
            double ieee = Math.IEEEremainder(acc + 10, 3);
            for (int i = 0; i < c.length; i++) {
                c[i] = Math.min(1, Math.abs(acc + field + fromThis + phases[1] + SHIFT + t[0] + bands + mixed + f + ieee) % 1.0);
            }
        }
    }

    @Test
    void everyRemainderGoesThroughTheBudgetAndComputesWhatJavaDoes() {
        String out = instrument(REMAINDERS);
        assertThat(out.lines().count()).isEqualTo(REMAINDERS.lines().count());
        assertThat(out).contains("$nous.rem($nous.rem(s * 1e6 , 3.0) , 0.7)")
                .contains("acc %= $nous.remBy(acc, 0.3 + s)")
                .contains("this.field %= $nous.remBy(this.field, 1.5)")
                .contains("t[k] %= $nous.remBy(t[k], 0.5)").contains("t[k++] %= $nous.remByWorst(0.5)")
                .contains("new double[this.$nousBudget.allocate((int) ($nous.rem(tick , 3)) + 1)]")
                .contains("$nous.rem($nous.rem(tick,7),3)")
                .contains("$nous.ieeeRemainder(acc + 10, 3)")
                .contains("field = this.$nousBudget.rem(9.25 , PERIOD)")
                .contains("this($nousGuard.rem(100.5 , (PERIOD + 1)))")
                .contains("SHIFT = $nousGuard.rem(PERIOD , 0.3) + 1").contains("this.$nousBudget.rem(PERIOD , 0.7)}")
                .contains("PERIOD = 7.5 % 2").contains("case 7 % 3:");
        CheckResult r = Candidates.compileOnly(REMAINDERS, "R.java", Contract.SIMULATION_ONLY);
        assertThat(r.problems()).isEmpty();
        UsageLimitPolicy guarded = r.candidate().newUsageLimitPolicy(new io.nous.codegen.guard.CostLimit(1000));
        Reference reference = new Reference();
        java.util.SplittableRandom random = new java.util.SplittableRandom(26);
        for (int call = 0; call < 200; call++) {
            double s = call % 10 == 0 ? -0.0 : random.nextDouble() * 1.5;
            int[] p = new int[1 + call % 6];
            double[] got = new double[p.length];
            double[] want = new double[p.length];
            guarded.computeLimit(s, p, got);
            reference.computeLimit(s, p, want);
            assertThat(got).as("call %d at %s", call, s).containsExactly(want);
        }
    }

    @Test
    void aRemainderIsChargedByTheExponentGapOfItsOperands() {
        String small = "import io.nous.sim.spi.UsageLimitPolicy;\npublic final class C implements UsageLimitPolicy {\n"
                + "  public void computeLimit(double s, int[] p, double[] c) { for (int i = 0; i < c.length; i++) c[i] = s % 0.25; }\n}\n";
        Budget a = spend(small);
        // s in [0, 2) against 0.25: a gap of 3 bits at most, a few hundred units
        assertThat(a.spent() / a.calls()).isLessThan(1000);
        // 1e300 against 1e-300: a gap of 1,993 bits, 68 units a bit
        Budget b = new Budget();
        b.reset();
        assertThat(b.rem(1e300, 1e-300)).isEqualTo(1e300 % 1e-300);
        b.endCall(1);
        assertThat(b.spent()).isGreaterThan(1993L * 68);
        Budget c = new Budget();
        c.reset();
        assertThat(c.rem(7.0, 0.0)).isNaN();
        assertThat(c.rem(Double.MIN_VALUE * 3, 2 * Double.MIN_VALUE)).isEqualTo(Double.MIN_VALUE);
        c.endCall(1);
        assertThat(c.spent()).as("two remainders without a gap: the base charge alone").isLessThan(2 * 140 + 68);
    }

    private static Budget spend(String src) {
        CheckResult r = Candidates.check(src, "C.java", Contract.SIMULATION_ONLY);
        assertThat(r.problems()).isEmpty();
        io.nous.codegen.guard.GuardedUsageLimitPolicy p = (io.nous.codegen.guard.GuardedUsageLimitPolicy) r.candidate().newUsageLimitPolicy();
        for (int i = 0; i < 100; i++) {
            p.computeLimit(i / 50.0, new int[1], new double[1]);
        }
        return p.budget();
    }

    @Test
    void aCandidateBuiltOnHugeRemaindersIsStoppedAsTooSlow() {
        // each band's remainder reduces ~2,000 bits of exponent gap: about 7 us a band, 40x the template's time
        String src = "import io.nous.sim.spi.UsageLimitPolicy;\npublic final class C implements UsageLimitPolicy {\n"
                + "  private long tick;\n  public void computeLimit(double s, int[] p, double[] c) {\n"
                + "    tick++;\n    for (int i = 0; i < c.length; i++) {\n"
                + "      double phase = (tick * 1e300 + i) % 1e-300 * 1e300;\n      c[i] = s > 0.8 && phase > 0.5 ? 0.0 : 1.0;\n    }\n  }\n}\n";
        CheckResult r = Candidates.check(src, "C.java", Contract.SIMULATION_ONLY);
        assertThat(r.exerciseFault()).isNotNull();
        assertThat(r.exerciseFault().getMessage()).contains("too slow");
    }
}
