package io.nous.sim.epp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PodPickerTest {

    @Test
    void prefersTheShorterQueueAndTheEmptierKvCache() {
        PodSnapshot a = new PodSnapshot();
        PodSnapshot b = new PodSnapshot();
        a.update(0, 4, 10, 0.5);
        b.update(0, 0, 10, 0.5);
        assertThat(new PodPicker(new PodSnapshot[] {a, b}, new SplittableRandom(1)).pick()).isEqualTo(1);
        b.update(0, 4, 10, 0.9);
        assertThat(new PodPicker(new PodSnapshot[] {a, b}, new SplittableRandom(1)).pick()).isEqualTo(0);
    }

    @Test
    void tiesAreBrokenBySeededRandomChoice() {
        PodSnapshot[] pods = {new PodSnapshot(), new PodSnapshot(), new PodSnapshot()};
        for (PodSnapshot p : pods) {
            p.update(0, 0, 0, 0.0);
        }
        PodPicker p1 = new PodPicker(pods, new SplittableRandom(9));
        PodPicker p2 = new PodPicker(pods, new SplittableRandom(9));
        int[] counts = new int[3];
        for (int i = 0; i < 3000; i++) {
            int x = p1.pick();
            assertThat(p2.pick()).isEqualTo(x);
            counts[x]++;
        }
        for (int c : counts) {
            assertThat(c).isBetween(850, 1150);
        }
    }

    @Test
    void theUtilizationFilterLeavesOutPodsOverTheirLimitsAndFailsOpen() {
        PodSnapshot full = new PodSnapshot();
        PodSnapshot busy = new PodSnapshot();
        PodSnapshot stale = new PodSnapshot();
        // the scorers alone prefer the pod with more KV room even with a longer queue
        full.update(250_000, 6, 10, 0.1);
        busy.update(250_000, 5, 10, 0.7);
        stale.update(0, 0, 0, 0.0);
        PodSnapshot[] pods = {full, busy, stale};
        PodPicker plain = new PodPicker(pods, new SplittableRandom(1));
        assertThat(plain.pick(300_000)).isEqualTo(2);
        // headroom 0.2: queue limit 6, KV limit 0.96; the pod last scraped 300 ms ago and the one at 6 waiting are left out
        PodPicker filtered = new PodPicker(pods, new SplittableRandom(1)).withUtilizationFilter(5, 0.8, 200_000, 0.2);
        assertThat(filtered.pick(300_000)).isEqualTo(1);
        // every pod over its limit: the filter keeps them all rather than none
        busy.update(250_000, 9, 10, 0.99);
        assertThat(filtered.pick(300_000)).isEqualTo(2);
    }
}
