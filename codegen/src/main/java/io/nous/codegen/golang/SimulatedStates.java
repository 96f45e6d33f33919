package io.nous.codegen.golang;

import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.cost.CostCatalog;
import io.nous.sim.cost.CostProfile;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.RoutingScorer;
import io.nous.sim.spi.UsageLimitPolicy;
import io.nous.sim.workload.ArrivalProcess;
import io.nous.sim.workload.Workload;
import io.nous.sim.workload.WorkloadCatalog;
import java.security.MessageDigest;
import java.util.List;

/**
 * The part of a behaviour fingerprint taken where the candidate is really called: a few short
 * simulations (one seed, the shared arrival tape) whose router calls the candidate exactly as an
 * evaluation does, every answer it gives digested in order. Two candidates that leave the same digest
 * made the same decision on every state those runs reached, so their runs were identical; a candidate
 * cannot answer these calls one way and an evaluation's another, because they are the same calls on
 * the same kind of states. The regimes are the ones searches turn on: load near and over capacity,
 * bursts, prompts that share prefixes, and a KV cache too small for what it is asked to hold.
 */
public final class SimulatedStates {
    /** Simulated seconds of each regime: enough for queues, scrapes and caches to move, a few tens of ms of CPU each. */
    static final double SECONDS = 12;
    /** The seed of every regime's arrivals. */
    static final long SEED = 20_251_205L;

    /** The router's static usage limit (every ceiling 1): flow control that never gates, under an admitter or a scorer. */
    private static final UsageLimitPolicy STATIC = (s, priorities, ceilings) -> java.util.Arrays.fill(ceilings, 0, priorities.length, 1.0);

    private SimulatedStates() {
    }

    /** The regimes a flow-control policy (usage limit or admitter) is run on: 2 pods of the default profile, chat near, over and in bursts. */
    static List<Scenario> flowControl() {
        Workload chat = WorkloadCatalog.builtin().workload("interactive-chat");
        return List.of(scenario(chat, 50, 2, null), scenario(chat, 85, 2, null),
                scenario(chat.withArrival(new ArrivalProcess("gamma", 2.0)), 65, 2, null));
    }

    /** The regimes a routing scorer is run on: prefix-sharing tenants near and over capacity, that under memory pressure, and chat over capacity. */
    static List<Scenario> routing() {
        Workload prompts = WorkloadCatalog.builtin().workload("system-prompts");
        CostProfile p = CostCatalog.builtin().profile(CostCatalog.DEFAULT_PROFILE);
        // two 8k-token working sets per pod: cached prefixes are evicted as fast as they are made
        CostProfile small = p.withKvBlocks(Math.max(64, 2 * 8192 / p.blockSize()), p.name() + "-small-kv");
        return List.of(scenario(prompts, 20, 8, null), scenario(prompts, 45, 8, null), scenario(prompts, 20, 8, small),
                scenario(WorkloadCatalog.builtin().workload("interactive-chat"), 85, 2, null));
    }

    private static Scenario scenario(Workload w, double qps, int pods, CostProfile profile) {
        Scenario.Builder b = Scenario.builder(w).qps(qps).seed(SEED).durationSeconds(SECONDS).warmupSeconds(0).drainSeconds(SECONDS).pods(pods);
        return (profile != null ? b.profile(profile) : b).build();
    }

    /** Runs a usage-limit policy instance on every flow-control regime, digesting every ceiling it sets. */
    static void usageLimit(MessageDigest d, UsageLimitPolicy policy) {
        UsageLimitPolicy recorded = (s, priorities, ceilings) -> {
            policy.computeLimit(s, priorities, ceilings);
            for (double c : ceilings) {
                word(d, Double.doubleToLongBits(c));
            }
        };
        for (Scenario s : flowControl()) {
            new ClusterSimulation(s, recorded, "fingerprint", null, null).run();
        }
    }

    /** Runs an admitter instance on every flow-control regime as the admission study deploys it (flow control off), digesting each answer. */
    static void admission(MessageDigest d, AdmissionPolicy admitter) {
        AdmissionPolicy recorded = new AdmissionPolicy() {
            @Override
            public boolean admit(int priority, double saturation, double queue, double kv, double u) {
                boolean in = admitter.admit(priority, saturation, queue, kv, u);
                word(d, in ? 1 : 0);
                return in;
            }
        };
        for (Scenario s : flowControl()) {
            new ClusterSimulation(s.toBuilder().flowControl(false).build(), STATIC, "static-usage-limit", recorded, "fingerprint")
                    .run();
        }
    }

    /** Runs a routing scorer instance on every routing regime in place of the router's scorers, digesting every score. */
    static void routing(MessageDigest d, RoutingScorer scorer) {
        RoutingScorer recorded = (prompt, match, uncached, inFlightTokens, inFlight, maxInFlight, waiting, running, kv) -> {
            double v = scorer.score(prompt, match, uncached, inFlightTokens, inFlight, maxInFlight, waiting, running, kv);
            word(d, Double.doubleToLongBits(v));
            return v;
        };
        for (Scenario s : routing()) {
            new ClusterSimulation(s, STATIC, "static-usage-limit", null, null, recorded, "fingerprint").run();
        }
    }

    /** How many recorded endpoint states a scorer is asked about, spread evenly over the regimes' calls. */
    static final int ROUTING_STATES = 4096;
    private static volatile long[][] routingStates;

    /**
     * Endpoint states as routing regimes really produce them, recorded once (per process) while the
     * router's active-request score routes them: each row is one call's nine inputs, encoded as longs
     * (doubles by their bits). Every candidate is asked about the same rows, so their answers compare
     * point by point, and no row follows a pattern a probe grid would.
     */
    public static long[][] routingStates() {
        long[][] states = routingStates;
        if (states != null) {
            return states;
        }
        synchronized (SimulatedStates.class) {
            if (routingStates == null) {
                java.util.List<long[]> all = new java.util.ArrayList<>();
                RoutingScorer activeRequest = (prompt, match, uncached, inFlightTokens, inFlight, maxInFlight, waiting, running, kv) -> {
                    all.add(new long[] {prompt, Double.doubleToLongBits(match), uncached, inFlightTokens, inFlight, maxInFlight, waiting,
                            running, Double.doubleToLongBits(kv)});
                    return inFlight <= 0 ? 1.0 : (double) (maxInFlight - inFlight) / maxInFlight;
                };
                for (Scenario s : routing()) {
                    new ClusterSimulation(s, STATIC, "static-usage-limit", null, null, activeRequest, "active-request").run();
                }
                long[][] picked = new long[Math.min(ROUTING_STATES, all.size())][];
                for (int i = 0; i < picked.length; i++) {
                    picked[i] = all.get((int) ((long) i * all.size() / picked.length));
                }
                routingStates = picked;
            }
            return routingStates;
        }
    }

    /** A scorer's score on one recorded state. */
    public static double score(RoutingScorer s, long[] state) {
        return s.score(state[0], Double.longBitsToDouble(state[1]), state[2], state[3], (int) state[4], (int) state[5], (int) state[6],
                (int) state[7], Double.longBitsToDouble(state[8]));
    }

    static void word(MessageDigest d, long w) {
        for (int i = 0; i < 8; i++) {
            d.update((byte) (w >>> (8 * i)));
        }
    }
}
