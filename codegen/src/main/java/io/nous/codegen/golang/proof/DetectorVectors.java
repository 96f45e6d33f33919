package io.nous.codegen.golang.proof;

import io.nous.sim.spi.SaturationDetector;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * What a Java saturation detector answers, recorded to be replayed through the exported plugin's
 * {@code Saturation(ctx, endpoints)}: named pools (empty, idle, never scraped, stale, overloaded,
 * the router's in-flight count ahead of an idle scrape) and seeded realistic pools of 0 to 16
 * endpoints. Each case asks a fresh detector {@link #CALLS} times, so a counter's first steps are
 * replayed too. An endpoint the router has never scraped carries no metrics in Go, so its queues and
 * KV use are zero here as well.
 */
public final class DetectorVectors {
    /** Calls per case on one fresh detector. */
    public static final int CALLS = 3;
    private static final long SEED = 0x5a70d38L;
    private static final int DRAWN = 120;

    /** One case: a pool state and the {@link #CALLS} saturations a fresh detector gave, as raw bits. */
    public record Case(String name, PoolDraws.PoolState state, long[] want) {
    }

    private DetectorVectors() {
    }

    /** The cases of {@code fresh} detectors; a fault propagates as the candidate's. */
    public static List<Case> record(Supplier<SaturationDetector> fresh) {
        List<Case> out = new ArrayList<>();
        for (Named n : named()) {
            out.add(ask(n.name(), n.state(), fresh.get()));
        }
        PoolDraws draws = new PoolDraws(PoolDraws.Kind.RANDOM, SEED);
        for (int i = 0; i < DRAWN; i++) {
            out.add(ask(String.format(Locale.ROOT, "drawn-%03d", i + 1), asScraped(draws.next()), fresh.get()));
        }
        return out;
    }

    private static Case ask(String name, PoolDraws.PoolState state, SaturationDetector d) {
        long[] want = new long[CALLS];
        for (int k = 0; k < CALLS; k++) {
            want[k] = Double.doubleToRawLongBits(state.askedOf(d));
        }
        return new Case(name, state, want);
    }

    /** The state as the router can present it: an endpoint never scraped has no queues and no KV use. */
    private static PoolDraws.PoolState asScraped(PoolDraws.PoolState p) {
        for (int i = 0; i < p.endpoints(); i++) {
            if (p.metricsAgeUs()[i] == Long.MAX_VALUE) {
                p.waiting()[i] = 0;
                p.running()[i] = 0;
                p.kvUsage()[i] = 0;
            }
        }
        return p;
    }

    private record Named(String name, PoolDraws.PoolState state) {
    }

    private static List<Named> named() {
        List<Named> out = new ArrayList<>();
        out.add(new Named("empty-pool", PoolDraws.empty(0)));
        out.add(new Named("one-idle", pool(new int[] {0}, new int[] {0}, new double[] {0}, new long[] {5_000}, new int[] {0}, new long[] {0})));
        out.add(new Named("one-never-scraped", pool(new int[] {0}, new int[] {0}, new double[] {0}, new long[] {Long.MAX_VALUE}, new int[] {3},
                new long[] {4096})));
        out.add(new Named("one-stale", pool(new int[] {2}, new int[] {8}, new double[] {0.4}, new long[] {1_500_000}, new int[] {10},
                new long[] {8192})));
        out.add(new Named("two-at-threshold", pool(new int[] {5, 5}, new int[] {4, 4}, new double[] {0.3, 0.3}, new long[] {10_000, 10_000},
                new int[] {9, 9}, new long[] {0, 0})));
        out.add(new Named("two-in-flight-ahead-of-scrape", pool(new int[] {0, 0}, new int[] {0, 0}, new double[] {0, 0},
                new long[] {10_000, 10_000}, new int[] {8, 8}, new long[] {32_000, 32_000})));
        out.add(new Named("two-kv-full", pool(new int[] {0, 1}, new int[] {60, 64}, new double[] {0.97, 0.99}, new long[] {50_000, 80_000},
                new int[] {60, 65}, new long[] {0, 512})));
        out.add(new Named("three-overloaded", pool(new int[] {40, 35, 50}, new int[] {128, 128, 128}, new double[] {0.9, 0.85, 0.95},
                new long[] {20_000, 40_000, 60_000}, new int[] {170, 165, 180}, new long[] {120_000, 90_000, 150_000})));
        return out;
    }

    private static PoolDraws.PoolState pool(int[] waiting, int[] running, double[] kv, long[] age, int[] requests, long[] tokens) {
        return new PoolDraws.PoolState(waiting.length, waiting, running, kv, age, requests, tokens);
    }

    /** The cases as the Go test's fixture: one case per line; inputs as Java printed them, answers as raw IEEE bits. */
    public static String json(List<Case> cases) {
        StringBuilder sb = new StringBuilder("[\n");
        for (int n = 0; n < cases.size(); n++) {
            Case c = cases.get(n);
            PoolDraws.PoolState p = c.state();
            sb.append("  {\"name\": \"").append(c.name()).append("\", \"endpoints\": [");
            for (int i = 0; i < p.endpoints(); i++) {
                sb.append(i > 0 ? ", " : "").append("{\"waiting\": ").append(p.waiting()[i]).append(", \"running\": ").append(p.running()[i])
                        .append(", \"kv\": ").append(Double.toString(p.kvUsage()[i])).append(", \"ageUs\": ").append(p.metricsAgeUs()[i])
                        .append(", \"requests\": ").append(p.inFlightRequests()[i]).append(", \"tokens\": ").append(p.inFlightTokens()[i])
                        .append('}');
            }
            sb.append("], \"want\": [");
            for (int k = 0; k < c.want().length; k++) {
                sb.append(k > 0 ? ", " : "").append('"').append(EquivalenceProof.hex(c.want()[k])).append('"');
            }
            sb.append("]}").append(n < cases.size() - 1 ? "," : "").append('\n');
        }
        return sb.append("]\n").toString();
    }
}
