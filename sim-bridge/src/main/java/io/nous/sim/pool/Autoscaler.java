package io.nous.sim.pool;

import io.nous.sim.epp.ServingPods;
import io.nous.sim.spi.ScalingPolicy;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The pool's life under a scaling policy: each pod is off, starting, ready (in the router's pool) or
 * draining (out of the pool, finishing what it holds). Every interval the policy recommends a size;
 * the recommendation is stabilized as the HPA does (a scale-down takes the highest recommendation of
 * its window, a scale-up the lowest of its own) and clamped to the bounds; pods asked for start after
 * a drawn start-up time, and pods given up are first those still starting, then the newest ready. It
 * keeps the cost (pod time from request to the end of the drain) and the timeline. The simulation
 * owns the clock and the events: this class says what changes and when.
 */
public final class Autoscaler {
    /** A pod's state. */
    public static final byte OFF = 0;
    public static final byte STARTING = 1;
    public static final byte READY = 2;
    public static final byte DRAINING = 3;

    /** The policy of a pool that names none: it never changes. */
    public static final ScalingPolicy FIXED = (now, ready, starting, saturation, kv, waiting, running, queued, st) -> ready + starting;

    private final AutoscalingConfig config;
    private final String policyName;
    private final ServingPods serving;
    private final byte[] state;
    /** When a starting pod will be ready; when a ready pod became ready. */
    private final long[] sinceUs;
    private final SplittableRandom startup;
    private final long[] policyState = new long[ScalingPolicy.STATE_SIZE];
    /** Recent recommendations (time, pods) for the stabilization windows. */
    private final ArrayDeque<long[]> recommendations = new ArrayDeque<>();
    private final List<PoolSummary.Sample> timeline = new ArrayList<>();
    private int allocated;
    private long lastChangeUs;
    private double podUs;
    private double readyUs;
    private int scaleUps;
    private int scaleDowns;
    private int peak;
    private long metSlo;
    private long judged;

    /** What a decision changes: pods to start (with the instant each is ready) and pods to drain. */
    public static final class Actions {
        public final List<long[]> started = new ArrayList<>();
        public final List<Integer> draining = new ArrayList<>();

        void clear() {
            started.clear();
            draining.clear();
        }
    }

    private final Actions actions = new Actions();

    /**
     * @param policyName what results call the scaling policy
     * @param serving  the router's pool, whose first {@code initial} pods serve from the start
     * @param capacity every pod the pool may ever hold (its maximum)
     * @param startup  the stream start-up times are drawn from
     */
    public Autoscaler(AutoscalingConfig config, String policyName, ServingPods serving, int initial, int capacity, SplittableRandom startup) {
        this.config = config;
        this.policyName = policyName;
        this.serving = serving;
        this.state = new byte[capacity];
        this.sinceUs = new long[capacity];
        this.startup = startup;
        for (int i = 0; i < initial; i++) {
            state[i] = READY;
        }
        this.allocated = initial;
        this.peak = initial;
    }

    public byte state(int pod) {
        return state[pod];
    }

    /**
     * The decision at {@code nowUs} from the signals of the serving pods: what to start and what to
     * drain. Pods that were still starting and are given up go off at once (in {@link Actions#draining}
     * too, with nothing to drain).
     */
    public Actions decide(long nowUs, double saturation, double kvUsage, int waiting, int running, int queued, ScalingPolicy policy) {
        actions.clear();
        accrue(nowUs);
        int ready = serving.count();
        int starting = count(STARTING);
        int draining = count(DRAINING);
        int recommended = config.clamp(policy.desiredPods(nowUs, ready, starting, saturation, kvUsage, waiting, running, queued,
                policyState));
        recommendations.addLast(new long[] {nowUs, recommended});
        long horizon = Math.max(config.downStabilizationUs(), config.upStabilizationUs());
        while (!recommendations.isEmpty() && recommendations.peekFirst()[0] < nowUs - horizon) {
            recommendations.pollFirst();
        }
        int current = ready + starting;
        int desired = recommended;
        if (recommended < current) {
            desired = (int) highest(nowUs - config.downStabilizationUs());
            desired = Math.min(current, desired);
        } else if (recommended > current) {
            desired = (int) lowest(nowUs - config.upStabilizationUs());
            desired = Math.max(current, desired);
        }
        if (desired > current) {
            scaleUps++;
            for (int k = 0, i = 0; k < desired - current && i < state.length; i++) {
                if (state[i] == OFF) {
                    long delay = startupDelay();
                    change(nowUs, +1);
                    state[i] = STARTING;
                    sinceUs[i] = nowUs + delay;
                    actions.started.add(new long[] {i, nowUs + delay});
                    k++;
                }
            }
        } else if (desired < current) {
            scaleDowns++;
            int give = current - desired;
            // pods still starting go first, the latest to be ready first; then the newest ready pods
            while (give > 0) {
                int pod = newest(STARTING);
                if (pod < 0) {
                    break;
                }
                change(nowUs, -1);
                state[pod] = OFF;
                give--;
            }
            while (give > 0 && serving.count() > 0) {
                int pod = newest(READY);
                state[pod] = DRAINING;
                serving.remove(pod);
                actions.draining.add(pod);
                give--;
            }
        }
        peak = Math.max(peak, allocated);
        timeline.add(new PoolSummary.Sample(nowUs / 1e6, serving.count(), count(STARTING), count(DRAINING), desired, saturation));
        return actions;
    }

    /** Pod {@code pod}'s start-up ended at {@code nowUs}: it serves, unless it was given up (then false). */
    public boolean ready(int pod, long nowUs) {
        if (state[pod] != STARTING || sinceUs[pod] != nowUs) {
            return false;
        }
        accrue(nowUs);
        state[pod] = READY;
        sinceUs[pod] = nowUs;
        serving.add(pod);
        return true;
    }

    /** Draining pod {@code pod} holds nothing more at {@code nowUs}: it goes off. */
    public void drained(int pod, long nowUs) {
        if (state[pod] != DRAINING) {
            throw new IllegalStateException("pod " + pod + " is not draining");
        }
        change(nowUs, -1);
        state[pod] = OFF;
    }

    /** A measured request ended: completed with this TTFT (microseconds), or not ({@code ttftUs} < 0). */
    public void judged(long ttftUs, long sloMs) {
        judged++;
        if (ttftUs >= 0 && ttftUs <= (sloMs > 0 ? sloMs : config.sloTtftMs()) * 1000) {
            metSlo++;
        }
    }

    /** The pool's summary at the end of the run ({@code endUs}). */
    public PoolSummary summary(long endUs) {
        accrue(endUs);
        double hours = podUs / 3.6e9;
        return new PoolSummary(policyName, config.minPods(), config.maxPods(), hours, hours * config.gpusPerPod(), scaleUps,
                scaleDowns, peak, endUs > 0 ? readyUs / endUs : 0, judged == 0 ? Double.NaN : (double) metSlo / judged, judged, timeline);
    }

    /** A log-normal draw around the median (a Box-Muller normal from two uniforms of the start-up stream). */
    private long startupDelay() {
        double u1 = 1.0 - startup.nextDouble();
        double u2 = startup.nextDouble();
        double normal = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
        return Math.round(config.startupMedianUs() * Math.exp(config.startupSigma() * normal));
    }

    private long highest(long sinceUs) {
        long best = Long.MIN_VALUE;
        for (long[] r : recommendations) {
            if (r[0] >= sinceUs) {
                best = Math.max(best, r[1]);
            }
        }
        return best;
    }

    private long lowest(long sinceUs) {
        long best = Long.MAX_VALUE;
        for (long[] r : recommendations) {
            if (r[0] >= sinceUs) {
                best = Math.min(best, r[1]);
            }
        }
        return best;
    }

    /** The pod in state {@code s} with the latest {@code sinceUs}, ties to the higher index; -1 when none. */
    private int newest(byte s) {
        int best = -1;
        for (int i = 0; i < state.length; i++) {
            if (state[i] == s && (best < 0 || sinceUs[i] >= sinceUs[best])) {
                best = i;
            }
        }
        return best;
    }

    private int count(byte s) {
        int n = 0;
        for (byte b : state) {
            n += b == s ? 1 : 0;
        }
        return n;
    }

    private void change(long nowUs, int delta) {
        accrue(nowUs);
        allocated += delta;
    }

    private void accrue(long nowUs) {
        if (nowUs > lastChangeUs) {
            podUs += (double) allocated * (nowUs - lastChangeUs);
            readyUs += (double) serving.count() * (nowUs - lastChangeUs);
            lastChangeUs = nowUs;
        }
    }
}
