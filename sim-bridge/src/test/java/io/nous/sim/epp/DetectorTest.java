package io.nous.sim.epp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class DetectorTest {

    @Test
    void utilizationIsTheMeanOfPerPodMaxOfQueueAndKvRatios() {
        PodSnapshot a = new PodSnapshot();
        PodSnapshot b = new PodSnapshot();
        a.update(0, 10, 3, 0.2); // max(10/5, 0.2/0.8) = 2.0
        b.update(0, 1, 3, 0.6);  // max(1/5, 0.6/0.8) = 0.75
        UtilizationDetector d = new UtilizationDetector(new PodSnapshot[] {a, b}, 5, 0.8, 200_000);
        assertThat(d.saturation(1000)).isCloseTo(1.375, within(1e-12));
    }

    @Test
    void aDisaggregatedPoolIsAsSaturatedAsItsMoreSaturatedStage() {
        PodSnapshot[] pods = new PodSnapshot[4];
        for (int i = 0; i < 4; i++) {
            pods[i] = new PodSnapshot();
        }
        pods[0].update(0, 0, 1, 0.1); // prefill: 0.125
        pods[1].update(0, 0, 1, 0.1); // prefill: 0.125
        pods[2].update(0, 10, 50, 0.4); // decode: 2.0
        pods[3].update(0, 5, 50, 0.4); // decode: 1.0
        UtilizationDetector whole = new UtilizationDetector(pods, 5, 0.8, 200_000);
        assertThat(whole.saturation(1000)).isCloseTo(0.8125, within(1e-12)); // one pool: the mean hides the decode stage
        UtilizationDetector staged = new UtilizationDetector(pods, 5, 0.8, 200_000).stages(new boolean[] {true, true, false, false});
        assertThat(staged.saturation(1000)).isCloseTo(1.5, within(1e-12)); // max(prefill 0.125, decode 1.5)
        UtilizationDetector noPrefill = new UtilizationDetector(pods, 5, 0.8, 200_000).stages(new boolean[4]);
        assertThat(noPrefill.saturation(1000)).isCloseTo(0.8125, within(1e-12)); // no prefill pods: every pod decodes
    }

    @Test
    void staleOrMissingMetricsCountAsSaturatedButNotForTheAdmitter() {
        PodSnapshot a = new PodSnapshot();
        PodSnapshot never = new PodSnapshot();
        a.update(0, 0, 0, 0.0);
        UtilizationDetector d = new UtilizationDetector(new PodSnapshot[] {a, never}, 5, 0.8, 200_000);
        assertThat(d.saturation(200_000)).isCloseTo(0.5, within(1e-12)); // a is fresh, never-scraped is 1
        assertThat(d.saturation(200_001)).isCloseTo(1.0, within(1e-12)); // a turned stale
        double[] signals = new double[3];
        d.admissionSignals(signals);
        assertThat(signals).containsExactly(0.5, 0.5, 0.5); // long stale, a still counts 0; never-scraped 1 in every term
    }

    @Test
    void anAdmitterSeesTheSaturationAndItsTwoTermsEachAveragedOverPods() {
        PodSnapshot a = new PodSnapshot();
        PodSnapshot b = new PodSnapshot();
        a.update(0, 10, 3, 0.2); // queue 10/5 = 2, KV 0.2/0.8 = 0.25
        b.update(0, 1, 3, 0.6);  // queue 1/5 = 0.2, KV 0.6/0.8 = 0.75
        UtilizationDetector d = new UtilizationDetector(new PodSnapshot[] {a, b}, 5, 0.8, 200_000);
        double[] signals = new double[3];
        d.admissionSignals(signals);
        assertThat(signals[0]).isCloseTo(1.375, within(1e-12)); // the saturation: mean of per-pod max
        assertThat(signals[1]).isCloseTo(1.1, within(1e-12));
        assertThat(signals[2]).isCloseTo(0.5, within(1e-12));
        assertThat(signals[0]).isGreaterThanOrEqualTo(Math.max(signals[1], signals[2]));
        d = new UtilizationDetector(new PodSnapshot[0], 5, 0.8, 200_000);
        d.admissionSignals(signals);
        assertThat(signals).containsExactly(1.0, 1.0, 1.0);
    }

    @Test
    void cachedValueFollowsScrapesOnceInvalidated() {
        PodSnapshot a = new PodSnapshot();
        a.update(0, 0, 0, 0.0);
        UtilizationDetector d = new UtilizationDetector(new PodSnapshot[] {a}, 5, 0.8, 200_000);
        assertThat(d.saturation(10)).isZero();
        a.update(50_000, 5, 0, 0.0);
        d.invalidate();
        assertThat(d.saturation(50_001)).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void emptyPoolIsSaturated() {
        assertThat(new UtilizationDetector(new PodSnapshot[0], 5, 0.8, 200_000).saturation(0)).isEqualTo(1.0);
        assertThat(new ConcurrencyDetector(new ConcurrencyDetector.InFlight(), 0, ConcurrencyDetector.Mode.REQUESTS, 100)
                .saturation(0)).isEqualTo(1.0);
    }

    @Test
    void concurrencyIsInstantaneousInFlightOverCapacity() {
        ConcurrencyDetector.InFlight f = new ConcurrencyDetector.InFlight();
        ConcurrencyDetector req = new ConcurrencyDetector(f, 2, ConcurrencyDetector.Mode.REQUESTS, 100);
        ConcurrencyDetector tok = new ConcurrencyDetector(f, 2, ConcurrencyDetector.Mode.TOKENS, 1_000_000);
        for (int i = 0; i < 50; i++) {
            f.add(4000);
        }
        assertThat(req.saturation(0)).isCloseTo(0.25, within(1e-12));
        assertThat(tok.saturation(0)).isCloseTo(0.1, within(1e-12));
        f.remove(4000);
        assertThat(req.saturation(0)).isCloseTo(0.245, within(1e-12));
    }
}
