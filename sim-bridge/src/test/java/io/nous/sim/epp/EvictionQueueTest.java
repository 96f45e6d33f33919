package io.nous.sim.epp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.sim.request.Request;
import io.nous.sim.spi.EvictionPolicy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The eviction queue tracks every dispatched request and offers the accepted ones lowest priority
 * first, newest dispatch first (the router's pair); the reclamation controller sizes and paces its
 * revocations as upstream does.
 */
class EvictionQueueTest {

    private static Request dispatched(int id, int priority, long dispatchUs) {
        Request r = new Request(id, 0, priority, 0, 100, 10, 0, 0.5);
        r.dispatchUs = dispatchUs;
        return r;
    }

    @Test
    void victimsComeLowestPriorityThenNewestFirstAndOnlySheddableOnes() {
        EvictionQueue q = new EvictionQueue(new SheddableNewestFirst(), SheddableNewestFirst.NAME);
        Request critical = dispatched(1, 0, 10);
        Request oldShed = dispatched(2, -1, 20);
        Request newShed = dispatched(3, -1, 30);
        Request lowest = dispatched(4, -2, 5);
        Request tie = dispatched(5, -1, 30);
        for (Request r : List.of(critical, oldShed, newShed, lowest, tie)) {
            q.track(r);
        }
        assertThat(q.inFlight()).isEqualTo(5);
        assertThat(q.evictable()).isEqualTo(4);
        List<Request> order = new ArrayList<>();
        Request r;
        while ((r = q.poll()) != null) {
            order.add(r);
        }
        // equal priority and dispatch time: the later request first
        assertThat(order).containsExactly(lowest, tie, newShed, oldShed);
        assertThat(q.inFlight()).isEqualTo(1);
        q.untrack(critical);
        assertThat(q.inFlight()).isZero();
    }

    @Test
    void anEndedRequestLeavesTheHeapWhereverItIs() {
        EvictionQueue q = new EvictionQueue(new SheddableNewestFirst(), SheddableNewestFirst.NAME);
        List<Request> all = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Request r = dispatched(i, -1, (i * 7919L) % 41);
            all.add(r);
            q.track(r);
        }
        for (int i = 0; i < 40; i += 3) {
            q.untrack(all.get(i));
            q.untrack(all.get(i)); // twice is once
        }
        long last = Long.MAX_VALUE;
        int n = 0;
        Request r;
        while ((r = q.poll()) != null) {
            assertThat(r.id % 3).isNotZero();
            assertThat(r.dispatchUs).isLessThanOrEqualTo(last);
            last = r.dispatchUs;
            n++;
        }
        assertThat(n).isEqualTo(26);
    }

    @Test
    void aThrowingPolicyFailsNamingItself() {
        EvictionPolicy bad = new EvictionPolicy() {
            @Override
            public boolean accept(int priority, long dispatchUs, long bytes, long sloTtftMs) {
                return true;
            }

            @Override
            public boolean less(int pa, long da, long ba, long sa, int pb, long db, long bb, long sb) {
                throw new ArithmeticException("/ by zero");
            }
        };
        EvictionQueue q = new EvictionQueue(bad, "bad");
        q.track(dispatched(1, -1, 1));
        assertThatThrownBy(() -> q.track(dispatched(2, -1, 2))).isInstanceOf(PolicyException.class)
                .hasMessageContaining("eviction policy 'bad' threw ArithmeticException: / by zero comparing requests");
    }

    @Test
    void aDecisionIsSizedByTheDeficitCappedAndPacedByConfirmationPlusGrace() {
        EvictionQueue q = new EvictionQueue(new SheddableNewestFirst(), SheddableNewestFirst.NAME);
        for (int i = 0; i < 10; i++) {
            q.track(dispatched(i, -1, i));
        }
        List<Request> evicted = new ArrayList<>();
        EvictionConfig c = EvictionConfig.on().withConfirmationGraceUs(100_000).withMaxRevocationsPerDecision(3);
        Reclamation rec = new Reclamation(q, c, c.graceUs(false, 50_000, 200_000), evicted::add);
        // saturation 1.2 over 10 leases: credit 0.12; deficit 0.2 against ceiling 1.0 needs 2
        assertThat(rec.gateOpen(0)).isTrue();
        rec.reclaim(0, 1.2, 1.0, 0);
        assertThat(evicted).extracting(r -> r.id).containsExactly(9, 8);
        // closed until the 3 ms confirmation and the 100 ms grace have passed
        assertThat(rec.gateOpen(102_999)).isFalse();
        assertThat(rec.gateOpen(103_000)).isTrue();
        // a deficit of 8 leases is capped at 3
        rec.reclaim(103_000, 2.0, 0.4, 0);
        assertThat(evicted).hasSize(5);
        // no victim at or above the demand's priority
        rec.reclaim(10_000_000, 2.0, 0.4, -1);
        assertThat(evicted).hasSize(5);
        assertThat(rec.revocations()).isEqualTo(5);
    }

    @Test
    void theGraceIsDerivedFromTheDetectorAsTheRouterDoes() {
        EvictionConfig c = EvictionConfig.on();
        assertThat(c.graceUs(true, 50_000, 200_000)).isEqualTo(10_000);
        assertThat(c.graceUs(false, 50_000, 200_000)).isEqualTo(500_000);
        assertThat(c.withConfirmationGraceUs(0).graceUs(false, 50_000, 200_000)).isZero();
        assertThatThrownBy(() -> c.withMaxRevocationsPerDecision(0)).hasMessageContaining("revocations per decision");
    }
}
