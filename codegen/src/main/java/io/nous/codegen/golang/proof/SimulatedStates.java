package io.nous.codegen.golang.proof;


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
    private static volatile List<CallSequences.RoutingCall> routingStates;

    /**
     * Endpoint states as routing regimes really produce them, recorded once (per process) while the
     * router's active-request score routes them. Every candidate is asked about the same states, so
     * their answers compare point by point, and no state follows a pattern a probe grid would.
     */
    static List<CallSequences.RoutingCall> routingStates() {
        List<CallSequences.RoutingCall> states = routingStates;
        if (states != null) {
            return states;
        }
        synchronized (SimulatedStates.class) {
            if (routingStates == null) {
                List<CallSequences.RoutingCall> all = new java.util.ArrayList<>();
                RoutingScorer activeRequest = (prompt, match, uncached, inFlightTokens, inFlight, maxInFlight, waiting, running, kv) -> {
                    all.add(new CallSequences.RoutingCall(prompt, match, uncached, inFlightTokens, inFlight, maxInFlight, waiting, running, kv));
                    return inFlight <= 0 ? 1.0 : (double) (maxInFlight - inFlight) / maxInFlight;
                };
                for (Scenario s : routing()) {
                    new ClusterSimulation(s, STATIC, "static-usage-limit", null, null, activeRequest, "active-request").run();
                }
                int n = Math.min(ROUTING_STATES, all.size());
                List<CallSequences.RoutingCall> picked = new java.util.ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    picked.add(all.get((int) ((long) i * all.size() / n)));
                }
                routingStates = List.copyOf(picked);
            }
            return routingStates;
        }
    }

    /** A scorer's scores on the recorded endpoint states, in their order. */
    public static double[] scoresOnRecordedStates(RoutingScorer s) {
        List<CallSequences.RoutingCall> states = routingStates();
        double[] out = new double[states.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = states.get(i).scoredBy(s);
        }
        return out;
    }

    static void word(MessageDigest d, long w) {
        for (int i = 0; i < 8; i++) {
            d.update((byte) (w >>> (8 * i)));
        }
    }
}
