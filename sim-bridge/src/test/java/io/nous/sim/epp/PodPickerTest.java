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
}
