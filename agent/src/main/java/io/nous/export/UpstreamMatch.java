package io.nous.export;

import io.nous.codegen.golang.proof.BehaviourFingerprint;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.RoutingScorer;
import io.nous.sim.spi.UsageLimitPolicy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Whether a policy behaves exactly like one llm-d-router already ships, so that exporting it would
 * only add a duplicate package: soft-reflective-ceiling, static-usage-limit (any threshold) or
 * priority-holdback (any ceilings, by rank). Behaviour is compared call by call on fresh instances:
 * a sweep of saturations 0 to 1.5 per band count, and 600 consecutive calls at each of 151 held
 * saturations, for 1 to 6 bands; the parameters of the parameterised policies are read from the
 * candidate's own first answers.
 */
public final class UpstreamMatch {
    private UpstreamMatch() {
    }

    /** The upstream plugin and its configuration, e.g. {@code static-usage-limit-policy} with {@code threshold=0.9}. */
    public record Match(String pluginType, String reference) {
        /** The router's legacy admission: no plugin to configure, it is what the router does without one. */
        public static final String LEGACY = "legacy-threshold";

        public String describe() {
            if (legacy()) {
                return "the router's legacy admission (sheddable requests refused at saturation 1, what it does with no admitter "
                        + "configured)";
            }
            return reference.contains(":") ? pluginType + " with " + reference.substring(reference.indexOf(':') + 1) : pluginType;
        }

        /** Whether this is the legacy rule, which the router applies without any plugin. */
        public boolean legacy() {
            return LEGACY.equals(reference);
        }
    }

    public static Optional<Match> of(Supplier<UsageLimitPolicy> candidate) {
        PolicyRegistry registry = PolicyRegistry.builtin();
        if (same(candidate, () -> registry.usageLimit("soft-reflective-ceiling"))) {
            return Optional.of(new Match("soft-reflective-ceiling-policy", "soft-reflective-ceiling"));
        }
        double[] one = first(candidate, 1, 0.0);
        if (one[0] >= 0 && one[0] <= 1) {
            String ref = "static-usage-limit:threshold=" + one[0];
            if (same(candidate, () -> registry.usageLimit(ref))) {
                return Optional.of(new Match("static-usage-limit-policy", ref));
            }
        }
        double[] five = first(candidate, 5, 0.0);
        double max = five[0];
        double min = five[4];
        if (min >= 0 && min < 1 && max > min && max <= 1) {
            String ref = "priority-holdback:minCeiling=" + min + ",maxCeiling=" + max;
            if (same(candidate, () -> registry.usageLimit(ref))) {
                return Optional.of(new Match("priority-holdback-policy", ref));
            }
        }
        return Optional.empty();
    }

    /**
     * Whether an admission policy decides exactly as the router's probabilistic-admitter (protected
     * requests always in; sheddable refused with probability min(s^power * k, 1)), with power and k
     * read off the candidate: its refusal probability at two saturations below saturation 1.
     */
    /**
     * The router scorer a routing candidate behaves exactly like: token-load-scorer or
     * active-request-scorer, at their defaults or at the parameters read off the candidate's own
     * scores (token-load's threshold from one loaded endpoint; active-request's idle threshold from
     * where its score first drops, its busy score from an endpoint half as busy as the busiest),
     * compared by the scores they give on the routing probe grid (prompt lengths, prefix matches,
     * in-flight requests and tokens, KV usage).
     */
    public static Optional<Match> ofRouting(Supplier<RoutingScorer> candidate) {
        String mine;
        try {
            mine = BehaviourFingerprint.routing(candidate);
        } catch (RuntimeException e) {
            return Optional.empty(); // a scorer that fails on the probe grid is none of the router's
        }
        List<String> refs = new ArrayList<>(List.of("token-load", "active-request"));
        tokenLoadThreshold(candidate).ifPresent(t -> refs.add("token-load:queueThresholdTokens=" + t));
        activeRequestShape(candidate).ifPresent(refs::add);
        for (String ref : refs) {
            if (mine.equals(BehaviourFingerprint.routing(() -> PolicyRegistry.builtin().routing(ref)))) {
                return Optional.of(new Match(ref.startsWith("token-load") ? "token-load-scorer" : "active-request-scorer", ref));
            }
        }
        return Optional.empty();
    }

    /** The threshold T if the candidate scores a lone endpoint with L tokens in flight 1 - L / T for some probe L. */
    private static Optional<Long> tokenLoadThreshold(Supplier<RoutingScorer> candidate) {
        try {
            RoutingScorer s = candidate.get();
            for (long load : new long[] {1_000, 10_000, 100_000, 1_000_000, 10_000_000}) {
                double v = s.score(4_000, 0, 0, load, 1, 1, 0, 1, 0.5);
                if (v > 0 && v < 1) {
                    return Optional.of(Math.round(load / (1 - v)));
                }
            }
        } catch (RuntimeException e) {
            // not token-load-scorer
        }
        return Optional.empty();
    }

    /** {@code active-request:idleThreshold=I,maxBusyScore=B} read off the candidate, or empty when its scores do not fit that shape. */
    private static Optional<String> activeRequestShape(Supplier<RoutingScorer> candidate) {
        try {
            RoutingScorer s = candidate.get();
            int idle = -1;
            for (int r = 0; r <= 64; r++) {
                if (s.score(4_000, 0, 4_000, 0, r, 128, 0, r, 0.5) < 1) {
                    idle = r - 1;
                    break;
                }
            }
            if (idle < 0) {
                return Optional.empty();
            }
            // half as busy as the busiest (a power of two above the idle threshold): (max - count) / max is exactly 0.5
            int max = Integer.highestOneBit(2 * (idle + 1)) * 2;
            double busy = 2 * s.score(4_000, 0, 4_000, 0, max / 2, max, 0, max / 2, 0.5);
            return busy >= 0 && busy <= 1 ? Optional.of("active-request:idleThreshold=" + idle + ",maxBusyScore=" + busy) : Optional.empty();
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    public static Optional<Match> ofAdmitter(Supplier<AdmissionPolicy> candidate) {
        PolicyRegistry registry = PolicyRegistry.builtin();
        double[] shape = {5.0, 300.0};
        double a = refusal(candidate, 0.1);
        double b = refusal(candidate, 0.2);
        if (a > 0 && b > a && b < 1) {
            double power = Math.log(b / a) / Math.log(2);
            shape = new double[] {power, a / Math.pow(0.1, power)};
        }
        if (sameAdmission(candidate, () -> registry.admission(Match.LEGACY))) {
            return Optional.of(new Match(null, Match.LEGACY));
        }
        for (double[] pk : List.of(new double[] {5.0, 300.0}, shape)) {
            String ref = "probabilistic-admitter:power=" + pk[0] + ",k=" + pk[1];
            if (sameAdmission(candidate, () -> registry.admission(ref))) {
                return Optional.of(new Match("probabilistic-admitter", pk[0] == 5.0 && pk[1] == 300.0 ? "probabilistic-admitter" : ref));
            }
        }
        return Optional.empty();
    }

    /** The share of a fine grid of draws a fresh sheddable request is refused at saturation s. */
    private static double refusal(Supplier<AdmissionPolicy> p, double s) {
        AdmissionPolicy a = p.get();
        int n = 100_000;
        int refused = 0;
        for (int i = 0; i < n; i++) {
            refused += a.admit(-1, s, s, s, (i + 0.5) / n) ? 0 : 1;
        }
        return refused / (double) n;
    }

    private static boolean sameAdmission(Supplier<AdmissionPolicy> a, Supplier<AdmissionPolicy> b) {
        for (int priority : new int[] {2, 1, 0, -1, -2}) {
            AdmissionPolicy pa = a.get();
            AdmissionPolicy pb = b.get();
            for (int k = 0; k <= 300; k++) {
                double s = k / 100.0;
                for (int d = 0; d < 200; d++) {
                    double u = (d + 0.5) / 200;
                    // a pool saturated by both terms alike, by its queues alone, by its KV cache alone
                    if (pa.admit(priority, s, s, s, u) != pb.admit(priority, s, s, s, u)
                            || pa.admit(priority, s, s, 0, u) != pb.admit(priority, s, s, 0, u)
                            || pa.admit(priority, s, 0, s, u) != pb.admit(priority, s, 0, s, u)) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    private static final int BANDS = 6;

    static boolean same(Supplier<UsageLimitPolicy> a, Supplier<UsageLimitPolicy> b) {
        for (int bands = 1; bands <= BANDS; bands++) {
            UsageLimitPolicy pa = a.get();
            UsageLimitPolicy pb = b.get();
            for (int k = 0; k <= 1500; k++) {
                if (!Arrays.equals(call(pa, bands, k / 1000.0), call(pb, bands, k / 1000.0))) {
                    return false;
                }
            }
            for (int k = 0; k <= 150; k++) {
                UsageLimitPolicy ha = a.get();
                UsageLimitPolicy hb = b.get();
                for (int c = 0; c < 600; c++) {
                    if (!Arrays.equals(call(ha, bands, k / 100.0), call(hb, bands, k / 100.0))) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    private static double[] first(Supplier<UsageLimitPolicy> p, int bands, double s) {
        return call(p.get(), bands, s);
    }

    private static double[] call(UsageLimitPolicy p, int bands, double s) {
        int[] priorities = new int[bands];
        for (int i = 0; i < bands; i++) {
            priorities[i] = bands - 2 - i;
        }
        double[] c = new double[bands];
        Arrays.fill(c, 1.0);
        p.computeLimit(s, priorities, c);
        return c;
    }
}
