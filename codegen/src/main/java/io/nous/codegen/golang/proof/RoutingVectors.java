package io.nous.codegen.golang.proof;

import io.nous.codegen.guard.CandidateFault;
import io.nous.sim.spi.RoutingScorer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Golden vectors of an exported scorer: endpoint sets and requests as the router hands them to
 * {@code Scorer.Score}, with each endpoint's attributes as the producers store them (or missing),
 * and the score the Java policy gives each endpoint. The inputs are read from an endpoint exactly as
 * the Go plugin reads them (and as the simulator's scheduling layer hands them to a candidate): the
 * cached share is matched over total blocks, the uncached tokens the in-flight producer's attribute
 * or, without it, the producer's own formula over the prefix match; the busiest endpoint's in-flight
 * requests are taken over the set. Where the Java has no answer the plugin scores 0: an endpoint
 * with no scraped metrics, a score that throws, a NaN score.
 */
public final class RoutingVectors {
    private RoutingVectors() {
    }

    /** What the approximate prefix producer stored for an endpoint. */
    public record Prefix(int matchBlocks, int totalBlocks, int blockSizeTokens) {
    }

    /** What the in-flight load producer stored for an endpoint. */
    public record Load(long tokens, long requests) {
    }

    /** The endpoint's last scrape. */
    public record Scrape(int waiting, int running, double kvUsage) {
    }

    /** One endpoint: a null part is an attribute (or the metrics) the endpoint does not carry. */
    public record EndpointState(String name, Scrape metrics, Prefix prefix, Load inFlight, Long uncachedTokens) {
    }

    /**
     * One call of {@code Score}: a request whose prompt the router counted as {@code promptTokens}
     * (null: no tokenized prompt), the endpoints, and Java's score of each as IEEE bits.
     */
    public record Case(String name, Integer promptTokens, List<EndpointState> endpoints, long[] want) {
    }

    /** The golden cases, each scored by a fresh instance. */
    public static List<Case> record(Supplier<RoutingScorer> fresh) {
        List<Case> out = new ArrayList<>();
        for (Case c : cases()) {
            double[] s = scores(fresh.get(), c.promptTokens(), c.endpoints());
            long[] bits = new long[s.length];
            for (int i = 0; i < s.length; i++) {
                bits[i] = Double.doubleToLongBits(s[i]);
            }
            out.add(new Case(c.name(), c.promptTokens(), c.endpoints(), bits));
        }
        return out;
    }

    /** The scores {@code Score} gives the endpoints, in order: the Go plugin's {@code Score}, in Java. */
    public static double[] scores(RoutingScorer scorer, Integer promptTokens, List<EndpointState> endpoints) {
        long prompt = promptTokens == null ? 0 : promptTokens;
        int maxRequests = 0;
        for (EndpointState e : endpoints) {
            maxRequests = Math.max(maxRequests, requests(e));
        }
        double[] out = new double[endpoints.size()];
        for (int i = 0; i < out.length; i++) {
            EndpointState e = endpoints.get(i);
            if (e.metrics() == null) {
                continue;
            }
            long uncached = e.uncachedTokens() != null ? e.uncachedTokens() : uncachedInputTokens(prompt, e.prefix());
            try {
                double s = scorer.score(prompt, prefixMatch(e.prefix()), uncached, e.inFlight() == null ? 0 : e.inFlight().tokens(),
                        requests(e), maxRequests, e.metrics().waiting(), e.metrics().running(), e.metrics().kvUsage());
                out[i] = Double.isNaN(s) ? 0 : s;
            } catch (CandidateFault f) {
                out[i] = 0;
            }
        }
        return out;
    }

    private static int requests(EndpointState e) {
        return e.inFlight() == null ? 0 : (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, e.inFlight().requests()));
    }

    /** Matched over total blocks; 0 without a match record or with no blocks. */
    public static double prefixMatch(Prefix p) {
        return p != null && p.totalBlocks() > 0 ? (double) p.matchBlocks() / p.totalBlocks() : 0;
    }

    /** The in-flight producer's uncached input: the unmatched indexed blocks plus the tail past them (the whole prompt without a match record). */
    public static long uncachedInputTokens(long prompt, Prefix p) {
        if (p == null || p.blockSizeTokens() <= 0) {
            return Math.max(0, prompt);
        }
        long matched = (long) p.matchBlocks() * p.blockSizeTokens();
        long indexed = (long) p.totalBlocks() * p.blockSizeTokens();
        return Math.max(0, indexed - matched) + Math.max(0, prompt - indexed);
    }

    /** The endpoint sets: the lab's states by hand, the edges of what an endpoint can lack, and seeded random sets. */
    static List<Case> cases() {
        List<Case> out = new ArrayList<>();
        Prefix none = new Prefix(0, 64, 64);
        out.add(hand("sticky-endpoint-lightly-loaded", 4096, List.of(
                full("pod-0", new Scrape(1, 5, 0.42), new Prefix(58, 64, 64), new Load(40960, 5), 384L),
                full("pod-1", new Scrape(0, 1, 0.1), none, new Load(8192, 1), 4096L),
                full("pod-2", new Scrape(0, 0, 0), none, new Load(0, 0), 4096L),
                full("pod-3", new Scrape(6, 24, 0.93), new Prefix(64, 64, 64), new Load(300000, 24), 0L))));
        out.add(hand("hot-tenant-on-one-endpoint", 6144, List.of(
                full("pod-0", new Scrape(12, 32, 0.97), new Prefix(96, 96, 64), new Load(720000, 44), 0L),
                full("pod-1", new Scrape(0, 3, 0.2), new Prefix(0, 96, 64), new Load(18432, 3), 6144L),
                full("pod-2", new Scrape(0, 2, 0.15), new Prefix(0, 96, 64), new Load(12288, 2), 6144L),
                full("pod-3", new Scrape(0, 4, 0.25), new Prefix(10, 96, 64), new Load(24576, 4), 5504L))));
        out.add(hand("idle-pool", 1024, List.of(
                full("pod-0", new Scrape(0, 0, 0), new Prefix(0, 16, 64), new Load(0, 0), 1024L),
                full("pod-1", new Scrape(0, 0, 0), new Prefix(0, 16, 64), new Load(0, 0), 1024L))));
        out.add(hand("no-producer-attributes", 2048, List.of(
                full("pod-0", new Scrape(2, 8, 0.5), null, null, null),
                full("pod-1", new Scrape(0, 1, 0.05), null, null, null))));
        out.add(hand("endpoint-without-metrics", 2048, List.of(
                full("pod-0", null, new Prefix(32, 32, 64), new Load(0, 0), 0L),
                full("pod-1", new Scrape(1, 2, 0.3), new Prefix(0, 32, 64), new Load(4096, 2), 2048L))));
        out.add(hand("uncached-from-the-prefix-match", 200000, List.of(
                full("pod-0", new Scrape(0, 4, 0.6), new Prefix(1024, 2048, 64), new Load(100000, 4), null),
                full("pod-1", new Scrape(0, 1, 0.1), new Prefix(0, 2048, 64), null, null),
                full("pod-2", new Scrape(0, 1, 0.1), new Prefix(3, 0, 0), null, null))));
        out.add(hand("no-tokenized-prompt", null, List.of(
                full("pod-0", new Scrape(0, 2, 0.2), new Prefix(0, 0, 64), new Load(1000, 2), 0L),
                full("pod-1", new Scrape(3, 6, 0.7), null, new Load(9000, 6), null))));
        out.add(hand("one-endpoint", 8192, List.of(
                full("pod-0", new Scrape(4, 16, 0.8), new Prefix(100, 128, 64), new Load(200000, 16), 1792L))));
        CallSequences.SplitMix r = new CallSequences.SplitMix(7);
        for (int k = 0; k < 48; k++) {
            out.add(random("random-" + (k + 1), r));
        }
        return out;
    }

    private static Case hand(String name, Integer prompt, List<EndpointState> endpoints) {
        return new Case(name, prompt, endpoints, null);
    }

    private static EndpointState full(String name, Scrape m, Prefix p, Load l, Long uncached) {
        return new EndpointState(name, m, p, l, uncached);
    }

    /** 1 to 8 endpoints under one request, each part missing one time in 16. */
    private static Case random(String name, CallSequences.SplitMix r) {
        int prompt = 1 + r.below(16384);
        int block = 64;
        int total = (prompt + block - 1) / block;
        int n = 1 + r.below(8);
        List<EndpointState> endpoints = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int match = switch (r.below(3)) {
                case 0 -> 0;
                case 1 -> total;
                default -> r.below(total + 1);
            };
            int requests = r.below(49);
            Scrape m = r.below(16) == 0 ? null : new Scrape(r.below(17), requests, r.below(1001) / 1000.0);
            Prefix p = r.below(16) == 0 ? null : new Prefix(match, total, block);
            Load l = r.below(16) == 0 ? null : new Load(r.below(requests * 8192 + 1), requests);
            Long u = r.below(16) == 0 ? null : Long.valueOf(uncachedInputTokens(prompt, p));
            endpoints.add(new EndpointState("pod-" + i, m, p, l, u));
        }
        return new Case(name, prompt, endpoints, null);
    }

    /** {@code testdata/golden_vectors.json}. */
    public static String json(List<Case> cases) {
        StringBuilder sb = new StringBuilder("{\n  \"cases\": [\n");
        for (int c = 0; c < cases.size(); c++) {
            Case k = cases.get(c);
            sb.append("    {\"name\": \"").append(k.name()).append("\", \"promptTokens\": ").append(k.promptTokens()).append(", \"endpoints\": [\n");
            for (int i = 0; i < k.endpoints().size(); i++) {
                EndpointState e = k.endpoints().get(i);
                sb.append("      {\"name\": \"").append(e.name()).append("\", \"metrics\": ")
                        .append(e.metrics() == null ? "null" : "{\"waiting\": " + e.metrics().waiting() + ", \"running\": " + e.metrics().running()
                                + ", \"kvUsage\": " + e.metrics().kvUsage() + "}")
                        .append(", \"prefix\": ").append(e.prefix() == null ? "null" : "{\"matchBlocks\": " + e.prefix().matchBlocks()
                                + ", \"totalBlocks\": " + e.prefix().totalBlocks() + ", \"blockSizeTokens\": " + e.prefix().blockSizeTokens() + "}")
                        .append(", \"inFlight\": ").append(e.inFlight() == null ? "null" : "{\"tokens\": " + e.inFlight().tokens()
                                + ", \"requests\": " + e.inFlight().requests() + "}")
                        .append(", \"uncachedTokens\": ").append(e.uncachedTokens())
                        .append(", \"want\": \"").append(EquivalenceProof.hex(k.want()[i])).append("\", \"approx\": ")
                        .append('"').append(String.format(Locale.ROOT, "%.6g", Double.longBitsToDouble(k.want()[i]))).append('"')
                        .append('}').append(i + 1 < k.endpoints().size() ? ",\n" : "\n");
            }
            sb.append("    ]}").append(c + 1 < cases.size() ? ",\n" : "\n");
        }
        return sb.append("  ]\n}\n").toString();
    }
}
