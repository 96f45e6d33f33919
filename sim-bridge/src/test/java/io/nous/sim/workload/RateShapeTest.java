package io.nous.sim.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.nous.sim.engine.RandomStreams;
import io.nous.sim.request.Request;
import io.nous.sim.request.RequestSource;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The daily cycle: the time change inverts the cumulative rate, and the arrivals it places follow the shaped rate. */
class RateShapeTest {

    @Property(tries = 200)
    void realTimeInvertsTheCumulativeRate(@ForAll @DoubleRange(min = 0, max = 0.95) double amplitude,
                                          @ForAll @LongRange(min = 1_000_000L, max = 86_400_000_000L) long period,
                                          @ForAll @DoubleRange(min = 0, max = 2e11) double tau) {
        RateShape shape = new RateShape(amplitude, period);
        long t = shape.realTime(tau);
        assertThat(shape.cumulative(t)).isCloseTo(tau, within(1.0 + amplitude));
    }

    @Test
    void arrivalsFollowTheShapedRate() {
        Workload w = WorkloadCatalog.builtin().workload("interactive-chat");
        long hour = 3_600_000_000L;
        RequestSource source = new RequestSource(w, 50, new RandomStreams(7), hour, 40_000, new RateShape(0.6, hour));
        int[] quarters = new int[4];
        long last = -1;
        int n = 0;
        for (Request r = source.next(); r != null; r = source.next()) {
            assertThat(r.arrivalUs).isGreaterThanOrEqualTo(last).isLessThan(hour);
            last = r.arrivalUs;
            quarters[(int) (r.arrivalUs * 4 / hour)]++;
            n++;
        }
        // a whole period averages the scenario's rate
        assertThat(n).isCloseTo(50 * 3600, within(1500));
        // 1 - 0.6 cos: the middle half holds (1 + 2 * 0.6 / pi) / 2 of the arrivals, the outer quarters the rest
        double middle = (quarters[1] + quarters[2]) / (double) n;
        assertThat(middle).isCloseTo((1 + 2 * 0.6 / Math.PI) / 2, within(0.01));
    }

    @Test
    void shapesOutsideTheirRangeAreRefused() {
        assertThatThrownBy(() -> new RateShape(1.0, 1_000_000L)).hasMessageContaining("amplitude is in [0, 1)");
        assertThatThrownBy(() -> new RateShape(0.5, 10)).hasMessageContaining("period is at least 1 s");
    }
}
