package io.nous.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RandomStreamsTest {

    @Test
    void aStreamDependsOnlyOnSeedAndPurpose() {
        RandomStreams a = new RandomStreams(42);
        RandomStreams b = new RandomStreams(42);
        b.stream("pod-tie-break").nextLong(); // using another stream changes nothing
        assertThat(a.stream("arrivals").nextLong()).isEqualTo(b.stream("arrivals").nextLong());
        assertThat(a.generator("lengths").nextDouble()).isEqualTo(b.generator("lengths").nextDouble());
    }

    @Test
    void purposesAndSeedsGiveDifferentStreams() {
        RandomStreams a = new RandomStreams(42);
        assertThat(a.seedFor("arrivals")).isNotEqualTo(a.seedFor("classes"));
        assertThat(new RandomStreams(1).seedFor("arrivals")).isNotEqualTo(new RandomStreams(2).seedFor("arrivals"));
    }
}
