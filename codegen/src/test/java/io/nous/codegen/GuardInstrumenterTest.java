package io.nous.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.guard.GuardInstrumenter;
import io.nous.codegen.verify.Verification;
import io.nous.codegen.verify.Verifier;
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

    @Test
    void guardsEveryLoopAndMethodWithoutMovingLines() {
        Verification v = new Verifier().verify(SRC);
        assertThat(v.violations()).isEmpty();
        String out = GuardInstrumenter.instrument(SRC, v.unit());
        assertThat(out.split("\r\n", -1)).hasSameSizeAs(SRC.split("\r\n", -1));
        assertThat(out.split("\\$nous.tick\\(\\)", -1)).hasSize(5); // four loops
        assertThat(out).contains("this.$nousBudget.allocate(c.length + 1)");
        assertThat(out).contains("$nous = this.$nousBudget.enterMethod(); try {");
        assertThat(out).contains("private final io.nous.codegen.guard.Budget $nousBudget = io.nous.codegen.guard.Budget.creating();");
        assertThat(out.lines().skip(4).findFirst().orElseThrow()).contains("{ $nous.tick(); c[i] = 1.0; }");
    }

    @Test
    void instrumentedSourceCompilesAndRuns() {
        CheckResult r = Candidates.check(SRC, "Tabs.java");
        assertThat(r.problems()).isEmpty();
        double[] c = {1, 1, 1};
        r.candidate().newUsageLimitPolicy().computeLimit(0.5, new int[] {1, 0, -1}, c);
        assertThat(c).containsExactly(1, 1, 1);
    }
}
