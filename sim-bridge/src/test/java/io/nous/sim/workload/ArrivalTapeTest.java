package io.nous.sim.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.sim.engine.RandomStreams;
import io.nous.sim.request.ArrivalTape;
import io.nous.sim.request.Arrivals;
import io.nous.sim.request.Request;
import io.nous.sim.request.RequestSource;
import org.junit.jupiter.api.Test;

/** A taped stream plays back, every time, exactly the requests its source draws, as fresh objects. */
class ArrivalTapeTest {
    private static void assertSameStream(Workload w, double qps, long seed) {
        long endUs = 120_000_000L;
        RequestSource drawn = new RequestSource(w, qps, new RandomStreams(seed), endUs, 40_960);
        Arrivals first = ArrivalTape.shared(w, qps, seed, endUs, 40_960);
        Arrivals second = ArrivalTape.shared(w, qps, seed, endUs, 40_960);
        int n = 0;
        Request d;
        while ((d = drawn.next()) != null) {
            Request a = first.next();
            Request b = second.next();
            assertThat(a).isNotSameAs(b);
            for (Request t : new Request[] {a, b}) {
                assertThat(t.id).isEqualTo(d.id);
                assertThat(t.arrivalUs).isEqualTo(d.arrivalUs);
                assertThat(t.classIndex).isEqualTo(d.classIndex);
                assertThat(t.priority).isEqualTo(d.priority);
                assertThat(t.tenant).isEqualTo(d.tenant);
                assertThat(t.inputTokens).isEqualTo(d.inputTokens);
                assertThat(t.outputTokens).isEqualTo(d.outputTokens);
                assertThat(Double.doubleToRawLongBits(t.admissionDraw)).isEqualTo(Double.doubleToRawLongBits(d.admissionDraw));
                assertThat(t.deadlineUs).isEqualTo(d.deadlineUs);
                assertThat(t.content == null).isEqualTo(d.content == null);
                if (d.content != null) {
                    assertThat(t.content.sharedTokens()).isEqualTo(d.content.sharedTokens());
                    assertThat(t.content.tokens()).isEqualTo(d.content.tokens());
                }
            }
            n++;
        }
        assertThat(first.next()).isNull();
        assertThat(second.next()).isNull();
        assertThat(n).isGreaterThan(50);
    }

    @Test
    void poissonAndBurstyStreamsPlayBackAsDrawn() {
        Workload chat = WorkloadCatalog.builtin().workload("interactive-chat");
        assertSameStream(chat, 40, 1);
        assertSameStream(chat.withArrival(new ArrivalProcess("gamma", 2.0)), 40, 2);
    }

    @Test
    void promptsWithSharedPrefixesKeepTheirContent() {
        assertSameStream(WorkloadCatalog.builtin().workload("system-prompts"), 10, 3);
    }

    @Test
    void anotherRateOrSeedIsAnotherTape() {
        Workload chat = WorkloadCatalog.builtin().workload("interactive-chat");
        Request a = ArrivalTape.shared(chat, 40, 1, 60_000_000L, 40_960).next();
        Request b = ArrivalTape.shared(chat, 40, 2, 60_000_000L, 40_960).next();
        Request c = ArrivalTape.shared(chat, 41, 1, 60_000_000L, 40_960).next();
        assertThat(a.arrivalUs).isNotEqualTo(b.arrivalUs).isNotEqualTo(c.arrivalUs);
    }

    @Test
    void onlyOpenLoopStreamsOfAKeepableLengthAreTaped() {
        Workload chat = WorkloadCatalog.builtin().workload("interactive-chat");
        assertThat(ArrivalTape.tapeable(chat, 80, 600)).isTrue();
        assertThat(ArrivalTape.tapeable(chat, 80, 20_000)).as("1.6 M requests are drawn as they are used").isFalse();
        assertThat(ArrivalTape.tapeable(WorkloadCatalog.builtin().workload("lab-16-tenants"), 1, 600)).as("closed-loop clients").isFalse();
    }
}
