package io.nous.sim.epp;

import io.nous.sim.request.Request;
import io.nous.sim.spi.UsageLimitPolicy;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * The EPP's flow controller: priority bands, capacity limits, TTL eviction, and the dispatch cycle
 * exactly as llm-d-router's processor runs it (flowcontrol/controller/internal/processor.go):
 * <ol>
 *   <li>saturation is computed once per cycle by the detector;</li>
 *   <li>the usage-limit policy fills one ceiling per provisioned band, highest priority first, into
 *       a buffer pre-filled with 1.0;</li>
 *   <li>bands are walked highest first; the walk stops at the first band with
 *       {@code saturation >= ceiling}, even an empty one (head-of-line block for everything below);
 *       empty open bands are skipped;</li>
 *   <li>at most one request is dispatched per cycle.</li>
 * </ol>
 * Cycles run after every enqueue and on a 1 ms ticker; the caller skips ticks while every band is
 * empty, which changes nothing observable except for policies that count calls with nothing queued.
 *
 * <p>Every answer is checked against the contract (ceilings in [0, 1], none above the band before,
 * priorities untouched). By default a breach fails the run with a {@link PolicyException}; with
 * {@link FlowControlConfig#failOnContractViolation()} off it is counted and the run goes on, as the
 * router would (it does not check), to study what a broken policy does.
 */
public final class FlowController {
    private final FlowControlConfig config;
    private final Band[] bands;
    private final int[] priorities;
    /** The policy, called once a cycle; its ceilings land in {@link #ceilings}. */
    private final LimitCalls calls;
    private final double[] ceilings;
    private final String policyName;
    private final SaturationGauge detector;

    private int queued;
    private long cycles;
    private final long[] gatedCycles;
    private long ceilingViolations;
    private String firstViolation;
    private double lastSaturation;
    /** The last cycle dispatched nothing: the band it stopped at (gated from there on), or -1 if none was gated. */
    private boolean lastIdle;
    private int lastGatedFrom = -1;
    /** Whether the last cycle's ceilings broke the contract (an idle repeat breaks it again). */
    private boolean lastViolated;
    /** Whether a call now, with the last cycle's saturation, would be the last call again. */
    private boolean lastRepeats;
    /** In-flight eviction, or null: off. */
    private Reclamation reclamation;
    /** The cycles' decisions as they are made, or null: not recorded. */
    private DecisionTrace.Recorder trace;

    /**
     * @param provisioned band priorities to provision (any order; priority 0 is always added, as in
     *                    the router)
     */
    public FlowController(FlowControlConfig config, int[] provisioned, UsageLimitPolicy policy, String policyName,
                          SaturationGauge detector) {
        this(config, provisioned, policy, policyName, detector, null);
    }

    /**
     * A flow controller whose bands order their queues with {@code ordering} (the ordering plug
     * point's policy), or with the configured ordering when it is null.
     */
    public FlowController(FlowControlConfig config, int[] provisioned, UsageLimitPolicy policy, String policyName,
                          SaturationGauge detector, OrderingCall ordering) {
        this(config, provisioned, policy, policyName, detector, ordering, null);
    }

    /**
     * A flow controller whose bands pick their next flow with {@code fairness} (the fairness plug
     * point's policy, each band with its own state), or with the configured fairness when it is null.
     */
    public FlowController(FlowControlConfig config, int[] provisioned, UsageLimitPolicy policy, String policyName,
                          SaturationGauge detector, OrderingCall ordering, FairnessCall fairness) {
        this.config = config;
        int[] p = Arrays.stream(provisioned).boxed().distinct().mapToInt(Integer::intValue).toArray();
        if (Arrays.stream(p).noneMatch(x -> x == 0)) {
            p = Arrays.copyOf(p, p.length + 1); // new slot is 0
        }
        this.priorities = Arrays.stream(p).boxed().sorted((a, b) -> Integer.compare(b, a)).mapToInt(Integer::intValue).toArray();
        this.bands = new Band[priorities.length];
        for (int i = 0; i < priorities.length; i++) {
            bands[i] = new Band(priorities[i], config.fairness(), ordering, fairness);
        }
        this.calls = new LimitCalls(policy, priorities);
        this.ceilings = calls.ceilings;
        this.gatedCycles = new long[priorities.length];
        this.policyName = policyName;
        this.detector = detector;
    }

    /**
     * Turns in-flight eviction on: a cycle that stops at a saturated band asks {@code r} to revoke
     * lower-priority leases for the queued demand, as the router's processor does on a head-of-line
     * block ({@code maybeReclaim}).
     */
    public FlowController withReclamation(Reclamation r) {
        this.reclamation = r;
        if (trace != null) {
            trace.spoil(); // a reclamation reads every ceiling, which a trace of gates does not keep
        }
        return this;
    }

    /**
     * Records every cycle's decision from now on, up to {@code maxDecisions} distinct ones (see
     * {@link DecisionTrace}); {@link #decisionTrace} returns it after the run.
     */
    public FlowController recordDecisions(int maxDecisions) {
        this.trace = new DecisionTrace.Recorder(priorities, maxDecisions);
        if (reclamation != null) {
            trace.spoil();
        }
        return this;
    }

    /**
     * The decisions recorded so far, or null when none were asked for or they cannot stand for the run
     * (more than asked for, a ceiling that broke the contract, in-flight eviction).
     */
    public DecisionTrace decisionTrace() {
        return trace == null ? null : trace.finish();
    }

    /**
     * Whether the last cycle dispatched nothing and a cycle now would do exactly the same, given the
     * same saturation and no dispatch since: the last call changed nothing the policy carries to the
     * next ({@link PolicyState}, or the guard's word for the candidate it wraps) and left the priorities
     * intact, so the same saturation gives the same ceilings; and a band it found empty and open can
     * only fill through an arrival, whose own cycle dispatches it.
     */
    public boolean idleRepeats() {
        return lastRepeats && lastIdle;
    }

    /**
     * Accounts one cycle at {@code nowUs} that {@link #idleRepeats} says would repeat the last: counted,
     * gated and (when the last broke the contract) counted as a violation as that cycle was, charged to
     * a guarded candidate's budget, without calling the policy. Throws what the cycle would have thrown.
     */
    public void repeatIdleCycle(long nowUs) {
        if (repeatIdleCycles(1) == 0) {
            // the budget refuses this one: its accounting throws what the call would have thrown
            try {
                calls.repeatRefused();
            } catch (RuntimeException e) {
                throw thrown(e, nowUs, lastSaturation);
            }
            throw new IllegalStateException("a repeat the budget refused was accounted at t=" + nowUs / 1e6 + " s");
        }
    }

    /**
     * Accounts up to {@code count} cycles that {@link #idleRepeats} says repeat the last, as that many
     * {@link #repeatIdleCycle}s would; returns how many, fewer only when a guarded candidate's budget
     * would fail on the next (which {@link #repeatIdleCycle} then throws at its own time).
     */
    public long repeatIdleCycles(long count) {
        long n = calls.repeat(count);
        if (trace != null) {
            trace.repeat(n);
        }
        cycles += n;
        if (lastGatedFrom >= 0) {
            for (int j = lastGatedFrom; j < bands.length; j++) {
                gatedCycles[j] += n;
            }
        }
        if (lastViolated) {
            ceilingViolations += n;
        }
        return n;
    }

    /** Payload estimate for the byte limit: about 4 bytes per prompt token plus a JSON envelope. */
    public static long requestBytes(Request r) {
        return 4L * r.inputTokens + 256;
    }

    /** Queues a request; returns false if its band is full (HTTP 429 rejected-saturated). */
    public boolean enqueue(Request r, long nowUs) {
        Band b = bandFor(r.priority);
        long bytes = requestBytes(r);
        if (b.size() >= config.maxRequestsPerBand() || b.bytes() + bytes > config.maxBytesPerBand()) {
            return false;
        }
        r.enqueueUs = nowUs;
        r.orderKey = config.ordering().key(r, config.ttlUs());
        b.add(r, bytes);
        queued++;
        return true;
    }

    /** Runs one dispatch cycle; returns the dispatched request or null. */
    public Request dispatchCycle(long nowUs) {
        double s = detector.saturation(nowUs);
        lastSaturation = s;
        try {
            calls.call(s);
        } catch (RuntimeException | StackOverflowError e) {
            throw thrown(e, nowUs, s);
        }
        lastRepeats = calls.lastRepeats();
        cycles++;
        long violations = ceilingViolations;
        checkCeilings(s);
        lastViolated = ceilingViolations != violations;
        for (int i = 0; i < bands.length; i++) {
            if (s >= ceilings[i]) {
                for (int j = i; j < bands.length; j++) {
                    gatedCycles[j]++;
                }
                lastIdle = true;
                lastGatedFrom = i;
                if (trace != null) {
                    trace.stopped(s, i);
                }
                if (reclamation != null) {
                    maybeReclaim(nowUs, s, i);
                }
                return null;
            }
            Request r = bands[i].poll(FlowController::requestBytes);
            if (r != null) {
                queued--;
                r.dispatchUs = nowUs;
                lastIdle = false;
                if (trace != null) {
                    trace.dispatched(s, i);
                }
                return r;
            }
        }
        lastIdle = true;
        lastGatedFrom = -1;
        if (trace != null) {
            trace.stopped(s, bands.length);
        }
        return null;
    }

    /**
     * The eviction trigger on a block at band {@code blocked} (processor.go {@code maybeReclaim}): with the
     * pacing gate open and something evictable, the first band from there down whose priority is above
     * the first victim's, whose ceiling is positive and reached, and that holds queued requests, is the
     * demand one decision reclaims for.
     */
    private void maybeReclaim(long nowUs, double s, int blocked) {
        if (!reclamation.gateOpen(nowUs)) {
            return;
        }
        Request victim = reclamation.queue().peek();
        if (victim == null) {
            return;
        }
        for (int j = blocked; j < bands.length; j++) {
            if (priorities[j] <= victim.priority) {
                return;
            }
            if (ceilings[j] <= 0 || s < ceilings[j] || bands[j].size() == 0) {
                continue;
            }
            reclamation.reclaim(nowUs, s, ceilings[j], priorities[j]);
            return;
        }
    }

    private PolicyException thrown(Throwable e, long nowUs, double s) {
        return new PolicyException("usage-limit policy '" + policyName + "' threw " + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage())
                + " at t=" + nowUs / 1e6 + " s, saturation " + s, e);
    }

    /**
     * Takes a queued request out because its client went away: the router finalizes a queued item
     * whose request context is cancelled and stops waiting for it. False if it is not queued.
     */
    public boolean remove(Request r) {
        if (!bandFor(r.priority).remove(r, FlowController::requestBytes)) {
            return false;
        }
        queued--;
        return true;
    }

    /** Evicts every request that waited longer than the TTL (HTTP 429 rejected-ttl-expired). */
    public void sweep(long nowUs, Consumer<Request> evicted) {
        long ttl = config.ttlUs();
        if (ttl <= 0 || queued == 0) {
            return;
        }
        for (Band b : bands) {
            b.evictExpired(r -> nowUs - r.enqueueUs > ttl, FlowController::requestBytes, r -> {
                queued--;
                evicted.accept(r);
            });
        }
    }

    public boolean isEmpty() {
        return queued == 0;
    }

    public int queued() {
        return queued;
    }

    /** Provisioned band priorities, highest first. */
    public int[] priorities() {
        return priorities.clone();
    }

    public long cycles() {
        return cycles;
    }

    /** Cycles in which the walk stopped at or above band {@code i} (band i could not dispatch). */
    public long gatedCycles(int i) {
        return gatedCycles[i];
    }

    public long ceilingViolations() {
        return ceilingViolations;
    }

    /** A description of the first contract violation seen, or null. */
    public String firstViolation() {
        return firstViolation;
    }

    public double lastSaturation() {
        return lastSaturation;
    }

    public FlowControlConfig config() {
        return config;
    }

    private Band bandFor(int priority) {
        for (Band b : bands) {
            if (b.priority == priority) {
                return b;
            }
        }
        // Unprovisioned priorities fall back to band 0, as the router does.
        for (Band b : bands) {
            if (b.priority == 0) {
                return b;
            }
        }
        throw new IllegalStateException("band 0 is always provisioned");
    }

    private void checkCeilings(double s) {
        String problem = calls.problem();
        if (problem == null) {
            return;
        }
        ceilingViolations++;
        if (trace != null) {
            trace.spoil(); // a replay holds a policy to the gates alone, and so to no violation
        }
        if (firstViolation == null) {
            firstViolation = problem + " at saturation " + s;
        }
        if (config.failOnContractViolation()) {
            throw new PolicyException("usage-limit policy '" + policyName + "' broke the contract: " + problem
                    + " (saturation " + s + ", ceilings " + java.util.Arrays.toString(ceilings) + ")", null);
        }
    }
}
