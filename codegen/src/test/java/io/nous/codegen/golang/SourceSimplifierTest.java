package io.nous.codegen.golang;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.sim.spi.UsageLimitPolicy;
import org.junit.jupiter.api.Test;

/**
 * The Go a reviewer reads has no dead conditions, no nesting a search left behind and no conversions
 * that protect nothing; and the Java it is translated from, simplified, answers every call exactly as
 * the original does.
 */
class SourceSimplifierTest {
    /** A policy as the search writes one (c0053 of the default run): a ternary chain under a dead {@code i > 0}. */
    static final String SEARCHED = """
            import io.nous.sim.spi.UsageLimitPolicy;

            public final class C0053Policy implements UsageLimitPolicy {
                private long tick;

                @Override
                public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
                    int n = priorities.length;
                    if (n == 0) {
                        return;
                    }
                    if (n == 1) {
                        ceilings[0] = 1.0;
                        return;
                    }
                    double s = saturation;
                    boolean open = false;
                    if (s >= 1 - s && s < 1) {
                        long period = Math.max(1, Math.round(s / (1 - s + 1e-9)));
                        tick++;
                        open = tick % period == 0;
                    }
                    ceilings[0] = 1.0;
                    for (int i = 1; i < n; i++) {
                        double reflective = 1 - i * s / (n - 1);
                        if (s < reflective) {
                            ceilings[i] = 1.0;
                        } else if (s >= 1) {
                            ceilings[i] = 0.0;
                        } else {
                            ceilings[i] = (i > 0 && saturation >= 0.83) ? 0.0 : ((i > 0 && saturation >= 0.51)
                                    ? (tick % Math.max(1, Math.round(1.88 * saturation / (0.894 - saturation + 1e-9))) == 0 ? 1.0 : 0.0)
                                    : (open ? 1.0 : 0.0));
                        }
                    }
                }
            }
            """;

    @Test
    void theGoHasNoDeadConditionNestedSwitchOrRedundantConversion() {
        String go = GoTranslator.translate(SEARCHED).computeLimitBody();
        assertThat(go).doesNotContain("i > 0").doesNotContain("float64(float64(").doesNotContain("float64(1.88*saturation)");
        assertThat(go.split("switch \\{", -1)).as("one flat switch").hasSize(2);
        assertThat(go).contains("case saturation >= 0.83:").contains("case saturation >= 0.51:").contains("case open:");
    }

    @Test
    void aProductThatMeetsAnAdditionKeepsItsGuard() {
        String go = GoTranslator.translate(SEARCHED.replace("double reflective = 1 - i * s / (n - 1);",
                "double reflective = 1 - i * s + 0.0 * n;")).computeLimitBody();
        assertThat(go).contains("float64(float64(i)*s)");
    }

    @Test
    void theSimplifiedJavaAnswersEveryCallAsTheOriginal() {
        CompilationUnit cu = StaticJavaParser.parse(SEARCHED);
        SourceSimplifier.simplify(cu);
        String simplified = cu.toString();
        assertThat(simplified).doesNotContain("i > 0").doesNotContain("?");
        CheckResult a = Candidates.check(SEARCHED, "C0053Policy.java");
        CheckResult b = Candidates.check(simplified, "C0053Policy.java");
        assertThat(a.accepted()).as(String.join("; ", a.problems())).isTrue();
        assertThat(b.accepted()).as(String.join("; ", b.problems())).isTrue();
        for (int bands = 1; bands <= 5; bands++) {
            UsageLimitPolicy x = a.candidate().newUsageLimitPolicy();
            UsageLimitPolicy y = b.candidate().newUsageLimitPolicy();
            int[] priorities = new int[bands];
            for (int k = 0; k < bands; k++) {
                priorities[k] = -k;
            }
            for (int call = 0; call < 4_000; call++) {
                double s = (call * 0.6180339887) % 1.3; // every saturation region, many times over, in a fixed order
                double[] cx = new double[bands];
                double[] cy = new double[bands];
                java.util.Arrays.fill(cx, 1.0);
                java.util.Arrays.fill(cy, 1.0);
                x.computeLimit(s, priorities, cx);
                y.computeLimit(s, priorities, cy);
                assertThat(cy).as("call %d at saturation %s with %d bands", call, s, bands).containsExactly(cx);
            }
        }
    }
}
