package io.nous.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What {@code nous check} says of the two commonest mistakes: one line each, naming the real problem. */
class CheckMessagesTest {
    private static final String HEAD = "import io.nous.sim.spi.UsageLimitPolicy;\npublic final class P implements UsageLimitPolicy {\n"
            + "    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {\n";

    @Test
    void anUnknownNameIsACompileErrorNamingItNotARouterContractProblem() {
        CheckResult r = Candidates.check(HEAD + "        for (int i = 0; i < ceilings.length; i++) {\n            ceilings[i] = threshold;\n"
                + "        }\n    }\n}\n", "P.java");
        assertThat(r.accepted()).isFalse();
        assertThat(r.problems()).singleElement().asString().contains("5:").contains("Unknown variable or type \"threshold\"")
                .doesNotContain("router");
    }

    @Test
    void aMissingSemicolonIsOneLineThatSaysSo() {
        CheckResult r = Candidates.check(HEAD + "        double x = 1.0\n        for (int i = 0; i < ceilings.length; i++) {\n"
                + "            ceilings[i] = x;\n        }\n    }\n}\n", "P.java");
        assertThat(r.accepted()).isFalse();
        assertThat(r.problems()).singleElement().asString().contains("4:").contains("semicolon missing").doesNotContain("\"instanceof\"");
    }
}
