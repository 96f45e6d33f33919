package io.nous.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.SaturationDetector;
import org.junit.jupiter.api.Test;

/** Saturation detectors as candidates: verified, compiled in memory, guarded, exercised and probed through their plug point's descriptor. */
class SaturationCandidateTest {

    private static final String HEADER = "import io.nous.sim.spi.SaturationDetector;\n\npublic final class D implements SaturationDetector {\n"
            + "    @Override\n    public double saturation(int endpoints, int[] waiting, int[] running, double[] kvUsage, long[] metricsAgeUs,\n"
            + "                             int[] inFlightRequests, long[] inFlightTokens) {\n";

    @Test
    void theCompiledTemplatesAnswerExactlyAsJavacsClasses() {
        for (String ref : new String[] {"utilization-detector", "utilization-detector:inflightCredit=true,queueDepthThreshold=3",
            "concurrency-detector:maxConcurrency=7", "lease-detector"}) {
            CheckResult r = Candidates.check(PolicyRegistry.builtin().source(ref), "D.java");
            assertThat(r.problems()).as(ref).isEmpty();
            assertThat(r.kind()).isEqualTo(PlugPoint.SATURATION);
            SaturationDetector compiled = r.candidate().newInstance(PlugPoint.SATURATION);
            SaturationDetector javac = PolicyRegistry.builtin().create(PlugPoint.SATURATION, ref);
            for (int w = 0; w < 12; w += 3) {
                for (long age : new long[] {0, 150_000, 250_000, Long.MAX_VALUE}) {
                    int[] waiting = {w, w / 2, 0};
                    int[] running = {8, 3, w};
                    double[] kv = {0.1 * w / 3, 0.95, 0};
                    long[] ages = {age, 1_000, 90_000};
                    int[] inFlight = {w + 9, 2, 40};
                    long[] tokens = {0, 16_000, 70_000};
                    assertThat(compiled.saturation(3, waiting, running, kv, ages, inFlight, tokens)).as(ref)
                            .isEqualTo(javac.saturation(3, waiting, running, kv, ages, inFlight, tokens));
                }
            }
            assertThat(io.nous.codegen.plug.PlugPoints.of(PlugPoint.SATURATION).translate(PolicyRegistry.builtin().source(ref)).entryParameters())
                    .hasSize(7);
        }
    }

    @Test
    void theProbeSaysWhatADetectorTrusts() {
        CheckResult utilization = Candidates.check(PolicyRegistry.builtin().source("utilization-detector"), "U.java");
        CheckResult credited = Candidates.check(PolicyRegistry.builtin().source("utilization-detector:inflightCredit=true"), "C.java");
        CheckResult lease = Candidates.check(PolicyRegistry.builtin().source("lease-detector"), "L.java");
        // five waiting per endpoint is saturated for all three; a pool the scrape shows idle with 8 in flight each is not, for the first
        assertThat(BehaviourProbe.probe(utilization.candidate())).containsExactly(1.0, 0.0);
        assertThat(BehaviourProbe.probe(credited.candidate())).containsExactly(1.0, 1.6);
        assertThat(BehaviourProbe.probe(lease.candidate())).containsExactly(1.0, 1.95);
        assertThat(BehaviourProbe.fingerprint(utilization.candidate(), null)).isNotEqualTo(BehaviourProbe.fingerprint(credited.candidate(), null));
        assertThat(BehaviourSignature.distance(BehaviourSignature.of(utilization.candidate(), null),
                BehaviourSignature.of(credited.candidate(), null))).isPositive();
    }

    @Test
    void aDetectorThatReturnsNanOrANegativeSaturationIsRejectedByItsFirstRun() {
        CheckResult nan = Candidates.check(HEADER + "        return endpoints > 2 ? Double.NaN : 0.5;\n    }\n}\n", "D.java");
        assertThat(nan.accepted()).isFalse();
        assertThat(nan.problems()).anySatisfy(p -> assertThat(p).contains("returned NaN").contains("finite and not negative"));
        CheckResult negative = Candidates.check(HEADER + "        return endpoints == 0 ? 1.0 : -waiting[0];\n    }\n}\n", "D.java");
        assertThat(negative.accepted()).isFalse();
        CheckResult slow = Candidates.check(HEADER + "        double s = 0;\n        for (long i = 0; i < 100000000L; i++) {\n"
                + "            s += 1e-9;\n        }\n        return s;\n    }\n}\n", "D.java");
        assertThat(slow.accepted()).isFalse();
    }

    @Test
    void aDetectorWithTheWrongSignatureOrBothInterfacesIsRejectedByName() {
        String wrong = "import io.nous.sim.spi.SaturationDetector;\n\npublic final class D implements SaturationDetector {\n"
                + "    public double saturation(int endpoints) {\n        return 1.0;\n    }\n}\n";
        assertThat(Candidates.check(wrong, "D.java").accepted()).isFalse();
        String named = HEADER.replace("class D ", "class SaturationDetector ") + "        return 1.0;\n    }\n}\n";
        assertThat(Candidates.check(named, "D.java").problems()).anySatisfy(p -> assertThat(p).contains("may not be called"));
    }
}
