package io.nous.codegen;

import io.nous.codegen.golang.proof.BehaviourFingerprint;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.plug.PlugPoints;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.UsageLimitPolicy;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Behavioural features of a usage-limit candidate, measured by calling it with two bands: the
 * saturation at which the lowest band first closes ({@code onset}, 1 if never), and the share of
 * 100 calls at saturation 0.8 in which it stays open ({@code dutyAt08}). Discovery places
 * candidates by them and distils principles from them. The candidate runs guarded, so a fault
 * here is a {@link CandidateFault} like any other.
 */
public final class BehaviourProbe {
    private BehaviourProbe() {
    }

    /**
     * {onset, dutyAt08}. For an admission policy the same two axes in its terms: the saturation at
     * which it first refuses at least half of the sheddable requests when the pool saturates by its
     * queues (over 100 evenly spread draws; 1 if never), and the share of sheddable requests it
     * admits when the KV cache alone holds the pool at saturation 0.8 (long contexts, no queue). An
     * admitter of the saturation form reads the same on both kinds of pool; one that sees the terms
     * apart can tell them apart, and the second axis says whether it does.
     */
    public static double[] probe(Candidate c) {
        return PlugPoints.of(c.kind()).probeAxes(c);
    }

    /** An admitter's two axes (see {@link #probe}). */
    public static double[] admissionAxes(Supplier<AdmissionPolicy> admitters) {
        double onset = 1.0;
        for (int k = 1; k <= 20; k++) {
            double s = k * 0.05;
            if (admittedShare(admitters, -1, s, s, 0) < 0.5) {
                onset = s;
                break;
            }
        }
        return new double[] {Math.round(onset * 100) / 100.0, admittedShare(admitters, -1, 0.8, 0, 0.8)};
    }

    /** A usage-limit policy's two axes: where it first closes band -1, and its open share at 0.8 (see {@link #probe}). */
    public static double[] usageLimitAxes(Supplier<UsageLimitPolicy> policies) {
        int[] prio = {0, -1};
        double[] ceil = new double[2];
        double onset = 1.0;
        outer:
        for (int k = 1; k <= 20; k++) {
            double s = k * 0.05;
            UsageLimitPolicy p = policies.get();
            for (int call = 0; call < 40; call++) {
                Arrays.fill(ceil, 1.0);
                p.computeLimit(s, prio, ceil);
                if (s >= ceil[1]) {
                    onset = s;
                    break outer;
                }
            }
        }
        UsageLimitPolicy p = policies.get();
        int open = 0;
        for (int call = 0; call < 100; call++) {
            Arrays.fill(ceil, 1.0);
            p.computeLimit(0.8, prio, ceil);
            if (0.8 < ceil[1]) {
                open++;
            }
        }
        return new double[] {Math.round(onset * 100) / 100.0, open / 100.0};
    }

    /**
     * A routing scorer's two axes: how much more it scores an idle endpoint that holds the whole prompt
     * than an idle one that holds none (4,000-token prompt), and the in-flight requests (of 64, as a
     * share) at which the cached endpoint, carrying them with their prompts served, first scores below
     * the idle cold one (1 if never): how sticky it is, and when it lets go.
     */
    public static double[] routingAxes(io.nous.sim.spi.RoutingScorer s) {
        double cold = s.score(4_000, 0, 4_000, 0, 0, 16, 0, 0, 0);
        double warm = s.score(4_000, 1, 0, 0, 0, 16, 0, 0, 0);
        double letGo = 1.0;
        for (int n = 1; n <= 64; n++) {
            double loaded = s.score(4_000, 1, 0, 64L * n, n, n, 0, Math.min(n, 8), Math.min(1.0, n / 64.0));
            double idle = s.score(4_000, 0, 4_000, 0, 0, n, 0, 0, 0);
            if (loaded < idle) {
                letGo = n / 64.0;
                break;
            }
        }
        return new double[] {Math.round((warm - cold) * 100) / 100.0, Math.round(letGo * 100) / 100.0};
    }

    /**
     * The candidate's behaviour fingerprint on the probe grid ({@link BehaviourFingerprint}):
     * equal for two candidates that answer every probed input alike.
     */
    public static String fingerprint(Candidate c, java.util.List<int[]> prioritySets) {
        return PlugPoints.of(c.kind()).fingerprint(c, prioritySets);
    }

    /**
     * An admitter's admitted share at each saturation, by label, as reviews and reports show it:
     * critical requests, then sheddable ones; for an admitter of the terms form, sheddable requests
     * on a pool whose queues carry the saturation and on one whose KV cache alone does, since that
     * is what it tells apart.
     */
    public static Map<String, double[]> admittedCurves(Supplier<AdmissionPolicy> admitters, boolean terms, double[] saturations) {
        Map<String, double[]> out = new LinkedHashMap<>();
        double[] critical = new double[saturations.length];
        double[] sheddable = new double[saturations.length];
        double[] kvBound = new double[saturations.length];
        for (int i = 0; i < saturations.length; i++) {
            double s = saturations[i];
            critical[i] = admittedShare(admitters, 0, s);
            sheddable[i] = terms ? admittedShare(admitters, -1, s, s, 0) : admittedShare(admitters, -1, s);
            kvBound[i] = terms ? admittedShare(admitters, -1, s, 0, s) : Double.NaN;
        }
        out.put("critical (priority 0)", critical);
        if (terms) {
            out.put("sheddable, queues build", sheddable);
            out.put("sheddable, KV cache alone", kvBound);
        } else {
            out.put("sheddable (priority -1)", sheddable);
        }
        return out;
    }

    /** Protected calls an admitter sees at a saturation before it is read there: enough for an average over 512 calls to settle. */
    static final int WARM_UP_CALLS = 4096;

    /** {@link #admittedShare(Supplier, int, double, double, double)} on a pool whose two terms both stand at s. */
    public static double admittedShare(Supplier<AdmissionPolicy> admitters, int priority, double s) {
        return admittedShare(admitters, priority, s, s, s);
    }

    /**
     * The share of 100 requests of this priority, with draws evenly spread over [0, 1), that a fresh
     * admitter lets in once the pool has held at saturation s with these queue and KV terms: a
     * deterministic reading of its refusal curve. It first sees {@link #WARM_UP_CALLS} protected
     * requests there, so that an admitter deciding on an average of recent signals is read at its
     * steady state, as in a sustained regime.
     */
    public static double admittedShare(Supplier<AdmissionPolicy> admitters, int priority, double s, double queue, double kv) {
        AdmissionPolicy a = admitters.get();
        for (int i = 0; i < WARM_UP_CALLS; i++) {
            a.admit(0, s, queue, kv, 0.5);
        }
        int in = 0;
        for (int i = 0; i < 100; i++) {
            in += a.admit(priority, s, queue, kv, (i + 0.5) / 100) ? 1 : 0;
        }
        return in / 100.0;
    }
}
