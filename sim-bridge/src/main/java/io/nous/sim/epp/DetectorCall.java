package io.nous.sim.epp;

import io.nous.sim.PolicyFailure;
import io.nous.sim.spi.SaturationDetector;

/**
 * The simulator's call site of the saturation-detector plug point: fills what the router's data
 * layer holds per endpoint (the last scrape and its age, the in-flight load producer's counts) into
 * arrays it reuses, and asks the policy. Called wherever the pool's saturation is read (every
 * dispatch cycle, and the legacy shedding path), since a policy may read the in-flight counts that
 * change with every dispatch; nothing is cached.
 */
public final class DetectorCall implements SaturationGauge {
    private final SaturationDetector detector;
    private final String name;
    private final PodSnapshot[] pods;
    private final InFlightLoad inFlight;
    private final int[] waiting;
    private final int[] running;
    private final double[] kvUsage;
    private final long[] ageUs;
    private final int[] requests;
    private final long[] tokens;
    /** The pods in the router's pool: all of them unless the pool is autoscaled. */
    private ServingPods serving;

    public DetectorCall(SaturationDetector detector, String name, PodSnapshot[] pods, InFlightLoad inFlight) {
        this.detector = detector;
        this.name = name;
        this.pods = pods;
        this.inFlight = inFlight;
        int n = pods.length;
        waiting = new int[n];
        running = new int[n];
        kvUsage = new double[n];
        ageUs = new long[n];
        requests = new int[n];
        tokens = new long[n];
        serving = ServingPods.all(n);
    }

    /** Hands the detector {@code pool}'s pods only (an autoscaled pool). */
    public DetectorCall over(ServingPods pool) {
        this.serving = pool;
        return this;
    }

    @Override
    public double saturation(long nowUs) {
        int n = serving.count();
        for (int k = 0; k < n; k++) {
            int i = serving.id(k);
            PodSnapshot p = pods[i];
            waiting[k] = p.waiting;
            running[k] = p.running;
            kvUsage[k] = p.kvUsage;
            ageUs[k] = p.scrapedAtUs == Long.MIN_VALUE ? Long.MAX_VALUE : nowUs - p.scrapedAtUs;
            requests[k] = inFlight.requests(i);
            tokens[k] = inFlight.tokens(i);
        }
        double s;
        try {
            s = detector.saturation(n, waiting, running, kvUsage, ageUs, requests, tokens);
        } catch (PolicyFailure e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            throw new PolicyException("saturation detector '" + name + "' threw " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + " at t=" + nowUs / 1e6 + " s", e);
        }
        if (!(s >= 0) || Double.isInfinite(s)) {
            throw new PolicyException("saturation detector '" + name + "' returned " + s + " at t=" + nowUs / 1e6
                    + " s; a saturation is finite and not negative", null);
        }
        return s;
    }
}
