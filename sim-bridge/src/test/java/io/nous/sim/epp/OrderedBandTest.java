package io.nous.sim.epp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.sim.request.Request;
import io.nous.sim.spi.OrderingPolicy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A band whose flows an ordering policy orders: heaps per flow, global-strict across them, ties by arrival. */
class OrderedBandTest {
    /** Smallest payload first. */
    private static final OrderingPolicy SMALLEST_FIRST = (ea, ta, sa, ba, eb, tb, sb, bb) -> ba < bb;

    private static Request request(int id, int tenant, int inputTokens, long enqueueUs) {
        Request r = new Request(id, 0, 0, tenant, inputTokens, 10, enqueueUs, 0.5);
        r.enqueueUs = enqueueUs;
        return r;
    }

    private static List<Integer> drain(Band b) {
        List<Integer> ids = new ArrayList<>();
        Request r;
        while ((r = b.poll(FlowController::requestBytes)) != null) {
            ids.add(r.id);
        }
        return ids;
    }

    @Test
    void eachFlowIsAHeapAndGlobalStrictComparesHeadsWithThePolicy() {
        Band b = new Band(0, Fairness.GLOBAL_STRICT, new OrderingCall(SMALLEST_FIRST, "smallest", 0));
        b.add(request(1, 0, 900, 0), 0);
        b.add(request(2, 0, 100, 1), 0);
        b.add(request(3, 1, 500, 2), 0);
        b.add(request(4, 1, 100, 3), 0); // ties with 2 on size: the earlier arrival goes first
        b.add(request(5, 0, 300, 4), 0);
        assertThat(drain(b)).containsExactly(2, 4, 5, 3, 1);
        assertThat(b.isEmpty()).isTrue();
    }

    @Test
    void roundRobinTakesTurnsBetweenFlowsAndEachFlowsBestGoesFirst() {
        Band b = new Band(0, Fairness.ROUND_ROBIN, new OrderingCall(SMALLEST_FIRST, "smallest", 0));
        b.add(request(1, 0, 900, 0), 0);
        b.add(request(2, 0, 100, 1), 0);
        b.add(request(3, 1, 500, 2), 0);
        b.add(request(4, 1, 50, 3), 0);
        assertThat(drain(b)).containsExactly(2, 4, 1, 3);
    }

    @Test
    void expiredRequestsLeaveFromAnywhereInTheHeapOldestFirst() {
        Band b = new Band(0, Fairness.GLOBAL_STRICT, new OrderingCall(SMALLEST_FIRST, "smallest", 0));
        for (int i = 0; i < 20; i++) {
            b.add(request(i, 0, 1000 - 10 * i, i * 100), FlowController.requestBytes(request(i, 0, 1000 - 10 * i, 0)));
        }
        List<Integer> expired = new ArrayList<>();
        b.evictExpired(r -> r.id % 3 == 0, FlowController::requestBytes, r -> expired.add(r.id));
        assertThat(expired).containsExactly(0, 3, 6, 9, 12, 15, 18);
        assertThat(b.size()).isEqualTo(13);
        assertThat(drain(b)).containsExactly(19, 17, 16, 14, 13, 11, 10, 8, 7, 5, 4, 2, 1);
        assertThat(b.bytes()).isZero();
    }

    @Test
    void aRequestWhoseClientWentAwayLeavesTheHeap() {
        Band b = new Band(0, Fairness.GLOBAL_STRICT, new OrderingCall(SMALLEST_FIRST, "smallest", 0));
        Request keep = request(1, 0, 200, 0);
        Request leave = request(2, 0, 100, 1);
        b.add(keep, 0);
        b.add(leave, 0);
        assertThat(b.remove(leave, FlowController::requestBytes)).isTrue();
        assertThat(b.remove(leave, FlowController::requestBytes)).isFalse();
        assertThat(drain(b)).containsExactly(1);
    }

    @Test
    void aPolicyThatContradictsItselfStillGivesOneOrderByArrival() {
        OrderingPolicy always = (ea, ta, sa, ba, eb, tb, sb, bb) -> true;
        Band b = new Band(0, Fairness.GLOBAL_STRICT, new OrderingCall(always, "always", 0));
        for (int id : new int[] {4, 2, 3, 1}) {
            b.add(request(id, id % 2, 100, id), 0);
        }
        assertThat(drain(b)).containsExactly(1, 2, 3, 4);
    }

    @Test
    void aPolicyThatThrowsFailsTheRunNamingItAndTheRequests() {
        OrderingPolicy broken = (ea, ta, sa, ba, eb, tb, sb, bb) -> {
            throw new ArithmeticException("/ by zero");
        };
        Band b = new Band(0, Fairness.GLOBAL_STRICT, new OrderingCall(broken, "broken", 0));
        b.add(request(1, 0, 100, 0), 0);
        assertThatThrownBy(() -> b.add(request(2, 0, 100, 5_000_000), 0)).isInstanceOf(PolicyException.class)
                .hasMessageContaining("ordering policy 'broken' threw ArithmeticException: / by zero comparing requests 2 and 1");
    }

    @Test
    void thePolicySeesTheQueueItemAsTheRouterExposesIt() {
        List<List<Long>> seen = new ArrayList<>();
        OrderingPolicy spy = (ea, ta, sa, ba, eb, tb, sb, bb) -> {
            seen.add(List.of(ea, ta, sa, ba));
            seen.add(List.of(eb, tb, sb, bb));
            return false;
        };
        Band b = new Band(0, Fairness.GLOBAL_STRICT, new OrderingCall(spy, "spy", 30_000_000));
        Request first = request(1, 0, 100, 0);
        b.add(first, 0);
        Request slo = request(2, 0, 250, 7_000);
        slo.sloTtftMs = 400;
        b.add(slo, 0);
        b.add(request(3, 0, 100, 9_000), 0);
        assertThat(seen).contains(List.of(7_000L, 30_000_000L, 400L, 4L * 250 + 256), List.of(0L, 30_000_000L, -1L, 4L * 100 + 256));
    }
}
