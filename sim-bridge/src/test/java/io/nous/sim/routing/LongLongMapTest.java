package io.nous.sim.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The router's primitive map against {@link HashMap}: growth, overwrites, puts if absent and backward-shift deletion in crowded probe runs. */
class LongLongMapTest {
    @Test
    void agreesWithAHashMapUnderRandomPutsOverwritesAndRemoves() {
        Random r = new Random(11);
        LongLongMap map = new LongLongMap(4);
        Map<Long, Long> model = new HashMap<>();
        for (int step = 0; step < 200_000; step++) {
            // few distinct keys, some colliding in their low bits, so probe runs grow, wrap and are shifted back
            long key = r.nextInt(3_000) * (r.nextBoolean() ? 1L : 1L << 40);
            switch (r.nextInt(4)) {
                case 0, 1 -> {
                    long value = r.nextInt(1_000_000);
                    map.put(key, value);
                    model.put(key, value);
                }
                case 2 -> {
                    long value = r.nextInt(1_000_000);
                    Long before = model.putIfAbsent(key, value);
                    assertThat(map.putIfAbsent(key, value)).isEqualTo(before == null ? LongLongMap.MISSING : before);
                }
                default -> {
                    map.remove(key);
                    model.remove(key);
                }
            }
            long probe = r.nextInt(3_000) * (r.nextBoolean() ? 1L : 1L << 40);
            assertThat(map.get(probe)).isEqualTo(model.getOrDefault(probe, LongLongMap.MISSING));
            assertThat(map.size()).isEqualTo(model.size());
        }
        model.forEach((k, v) -> assertThat(map.get(k)).isEqualTo(v));
    }

    @Test
    void theEmptyMarkerCannotBeStored() {
        assertThatThrownBy(() -> new LongLongMap(4).put(1, LongLongMap.MISSING)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LongLongMap(4).putIfAbsent(1, LongLongMap.MISSING)).isInstanceOf(IllegalArgumentException.class);
    }
}
