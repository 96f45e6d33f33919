package io.nous.codegen.golang.proof;

import io.nous.sim.spi.OrderingPolicy;

/**
 * The queue items an ordering policy is asked about, drawn from a {@link CallSequences.SplitMix}
 * stream the same way in Java and in an exported package's Go test: enqueue times from the
 * simulator's clock (microseconds from 0) and a router's wall clock (microseconds since 1970), often
 * within a second, ten seconds or a minute (the TTL) of the other item's, where deadlines and size
 * charges decide, TTLs
 * off, at the router's default and drawn, SLO headers absent, zero, drawn up to ten seconds and a minute, huge and the largest valid, payloads from one
 * token to long prompts; a quarter of each field copies the other item's, so ties are asked about.
 * Integer operations only, so both languages draw the same items.
 */
public final class QueueItems {
    /** The flow controller's default TTL (llm-d-router {@code defaultQueueTTL}, 60 s) in microseconds. */
    public static final long DEFAULT_TTL_US = 60_000_000L;
    /** Microseconds since 1970 around when the router runs (2026): where a router's enqueue times lie. */
    public static final long WALL_CLOCK_US = 1_780_000_000_000_000L;

    /** The largest SLO header the router accepts: its microseconds still fit an int64. */
    public static final long MAX_SLO_MS = Long.MAX_VALUE / 1_000_000L;

    private QueueItems() {
    }

    /** One queue item as the ordering plug point sees it. */
    public record Item(long enqueueUs, long ttlUs, long sloTtftMs, long bytes) {
        /** In words, for a mismatch message. */
        public String describe() {
            return "enqueued at " + enqueueUs + " us, TTL " + ttlUs + " us, SLO header " + (sloTtftMs < 0 ? "absent" : sloTtftMs + " ms")
                    + ", " + bytes + " bytes";
        }
    }

    /** An item drawn against {@code other} (null for the first of a pair). */
    public static Item draw(CallSequences.SplitMix rng, Item other) {
        long enqueue = switch (rng.below(8)) {
            case 0 -> other != null ? other.enqueueUs() : 0;
            case 1 -> 0;
            case 2 -> WALL_CLOCK_US + (long) rng.below(1 << 30) * 16;
            case 3 -> (other != null ? other.enqueueUs() : WALL_CLOCK_US) + rng.below(2_000_001) - 1_000_000;
            case 4 -> (other != null ? other.enqueueUs() : WALL_CLOCK_US) + rng.below(20_000_001) - 10_000_000;
            case 5 -> (other != null ? other.enqueueUs() : WALL_CLOCK_US) + rng.below(120_000_001) - 60_000_000;
            default -> (long) rng.below(1 << 30) * 4;
        };
        long ttl = switch (rng.below(4)) {
            case 0 -> 0;
            case 1 -> other != null ? other.ttlUs() : DEFAULT_TTL_US;
            case 2 -> DEFAULT_TTL_US;
            default -> (long) rng.below(1 << 30) * 2;
        };
        long slo = switch (rng.below(6)) {
            case 0 -> -1;
            case 1 -> other != null ? other.sloTtftMs() : 0;
            case 2 -> rng.below(10_000);
            case 3 -> rng.below(60_000);
            case 4 -> MAX_SLO_MS;
            default -> (long) rng.below(1 << 30) * 1024;
        };
        long bytes = rng.below(4) == 0 && other != null ? other.bytes() : 256 + 4L * rng.below(200_000);
        return new Item(enqueue, ttl, slo, bytes);
    }

    /** Whether {@code a} dispatches before {@code b} under {@code p}. */
    public static boolean less(OrderingPolicy p, Item a, Item b) {
        return p.less(a.enqueueUs(), a.ttlUs(), a.sloTtftMs(), a.bytes(), b.enqueueUs(), b.ttlUs(), b.sloTtftMs(), b.bytes());
    }

    /**
     * The SLO a router's adapter reads from an {@code x-llm-d-slo-ttft-ms} header value, as the
     * router's {@code slo-deadline} ordering parses it: trimmed, a base-10 integer of milliseconds
     * that is not negative and whose microseconds fit; anything else (or no header) is -1.
     */
    public static long sloHeader(String value) {
        if (value == null) {
            return -1;
        }
        String v = value.strip();
        if (v.isEmpty()) {
            return -1;
        }
        long ms;
        try {
            ms = Long.parseLong(v);
        } catch (NumberFormatException e) {
            return -1;
        }
        return ms < 0 || ms > MAX_SLO_MS ? -1 : ms;
    }
}
