package io.nous.sim.epp;

import io.nous.sim.request.Request;
import java.util.function.Consumer;

/**
 * The router's reclamation controller (pkg/epp/flowcontrol/controller/internal/reclamation.go): when
 * a band with queued demand is blocked by saturation, it revokes in-flight leases of lower priority,
 * sized and paced as upstream does.
 * <ul>
 *   <li><b>Sizing:</b> {@code n = max(1, ceil((saturation - ceiling) / credit))} with
 *       {@code credit = saturation / in-flight} (the mean lease's share of the gauge), capped at
 *       {@code maxRevocationsPerDecision} and at the evictable count; victims come off the
 *       {@link EvictionQueue} top and stop at the first whose priority is not below the demand's.</li>
 *   <li><b>Pacing (stop-and-wait):</b> the next decision waits until every revocation is confirmed
 *       (its stream ended, {@code terminationUs} after the signal, or the timeout) and the grace has
 *       passed since. Under this gate the pending-reclaim debit is always zero when a decision runs, so
 *       it is not carried.</li>
 * </ul>
 * What a revocation does to the request (429 to its client, its KV blocks freed on the pod) is the
 * caller's, through {@code evict}.
 */
public final class Reclamation {
    private final EvictionQueue queue;
    private final int maxPerDecision;
    private final long graceUs;
    private final long confirmUs;
    private final Consumer<Request> evict;
    /** When the pacing gate opens again: the last decision's confirmations plus the grace. */
    private long gateOpensUs = Long.MIN_VALUE;
    private long decisions;
    private long revocations;

    /**
     * @param graceUs the confirmation grace in force ({@link EvictionConfig#graceUs})
     * @param evict   what a revocation does to its request
     */
    public Reclamation(EvictionQueue queue, EvictionConfig config, long graceUs, Consumer<Request> evict) {
        this.queue = queue;
        this.maxPerDecision = config.maxRevocationsPerDecision();
        this.graceUs = graceUs;
        this.confirmUs = Math.min(config.terminationUs(), config.confirmationTimeoutUs());
        this.evict = evict;
    }

    public EvictionQueue queue() {
        return queue;
    }

    /** Whether a decision may run now: every earlier revocation confirmed and its grace passed. */
    boolean gateOpen(long nowUs) {
        return nowUs >= gateOpensUs;
    }

    /**
     * One sizing decision against the blocked band's ceiling, for demand of priority {@code demandPriority}
     * ({@code ReclamationController.Reclaim}); the caller saw the gate open.
     */
    void reclaim(long nowUs, double saturation, double ceiling, int demandPriority) {
        int inFlight = queue.inFlight();
        int evictable = queue.evictable();
        if (inFlight <= 0 || evictable <= 0) {
            return;
        }
        double credit = saturation / inFlight;
        if (!(credit > 0) || Double.isInfinite(credit)) {
            return;
        }
        double target = saturation - ceiling;
        if (target < 0) {
            return;
        }
        int n = (int) Math.min(Math.max(1, Math.ceil(target / credit)), Math.min(maxPerDecision, evictable));
        decisions++;
        int issued = 0;
        for (int k = 0; k < n; k++) {
            Request victim = queue.peek();
            if (victim == null || victim.priority >= demandPriority) {
                break;
            }
            queue.poll();
            issued++;
            evict.accept(victim);
        }
        if (issued > 0) {
            revocations += issued;
            gateOpensUs = nowUs + confirmUs + graceUs;
        }
    }

    /** Decisions that ran. */
    public long decisions() {
        return decisions;
    }

    /** Leases revoked. */
    public long revocations() {
        return revocations;
    }
}
