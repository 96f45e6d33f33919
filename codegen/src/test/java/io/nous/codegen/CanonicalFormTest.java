package io.nous.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CanonicalFormTest {
    private static final String A = """
            package a.b;
            import io.nous.sim.spi.UsageLimitPolicy;

            /** Gate the sheddable band above 0.8. */
            public final class Gate implements UsageLimitPolicy {
                private static final double LIMIT = 0.8;

                @Override
                public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
                    // everything below band 0
                    for (int band = 1; band < ceilings.length; band++) {
                        double open = saturation > LIMIT ? 0.0 : 1.0;
                        ceilings[band] = open;
                    }
                }
            }
            """;

    private static final String A_RENAMED = """
            import io.nous.sim.spi.UsageLimitPolicy;
            final public class SomethingElse implements UsageLimitPolicy {
                static final private double LIMIT = 0.8;
                public void computeLimit(final double s, int[] p, double[] c) {
                    for (int i = 1; i < c.length; i++) { final double x = s > LIMIT ? 0.0 : 1.0; c[i] = x; }
                }
            }
            """;

    private static String hash(String src) {
        CheckResult r = Candidates.check(src, "X.java");
        assertThat(r.problems()).isEmpty();
        return r.canonicalHash();
    }

    @Test
    void namesCommentsFormattingAndAnnotationsDoNotChangeTheIdentity() {
        assertThat(hash(A_RENAMED)).isEqualTo(hash(A)).hasSize(64);
    }

    @Test
    void aBehaviourChangeDoes() {
        assertThat(hash(A.replace("0.8", "0.85"))).isNotEqualTo(hash(A));
        assertThat(hash(A.replace("band = 1", "band = 0"))).isNotEqualTo(hash(A));
    }
}
