package io.nous.sim.epp;

/**
 * The router's {@code concurrency-detector}: EPP-side in-flight accounting, instantaneous (no
 * scrape lag). In {@code requests} mode saturation is in-flight requests over
 * {@code pods × maxConcurrency}; in {@code tokens} mode in-flight tokens over
 * {@code pods × maxTokenConcurrency}.
 */
public final class ConcurrencyDetector implements SaturationGauge {
    public static final int DEFAULT_MAX_CONCURRENCY = 100;
    public static final long DEFAULT_MAX_TOKEN_CONCURRENCY = 1_000_000;

    /** What is counted in flight. */
    public enum Mode { REQUESTS, TOKENS }

    private final InFlight inFlight;
    private final int pods;
    private final Mode mode;
    private final long maxPerPod;
    private final double capacity;
    /** The router's pool when it is autoscaled (capacity follows its size), else null: all {@code pods}. */
    private ServingPods serving;

    public ConcurrencyDetector(InFlight inFlight, int pods, Mode mode, long maxPerPod) {
        if (maxPerPod <= 0) {
            throw new IllegalArgumentException("max concurrency must be > 0");
        }
        this.inFlight = inFlight;
        this.pods = pods;
        this.mode = mode;
        this.maxPerPod = maxPerPod;
        this.capacity = (double) pods * maxPerPod;
    }

    /**
     * Capacity follows {@code pool}'s size (an autoscaled pool). The in-flight count stays the
     * router's total, so requests still finishing on a draining pod count until they end.
     */
    public ConcurrencyDetector over(ServingPods pool) {
        this.serving = pool;
        return this;
    }

    @Override
    public double saturation(long nowUs) {
        int n = serving == null ? pods : serving.count();
        if (n == 0) {
            return 1.0;
        }
        double c = serving == null ? capacity : (double) n * maxPerPod;
        return (mode == Mode.REQUESTS ? inFlight.requests() : inFlight.tokens()) / c;
    }

    /** The EPP's count of dispatched, unfinished work. */
    public static final class InFlight {
        private long requests;
        private long tokens;

        public void add(int tokenCount) {
            requests++;
            tokens += tokenCount;
        }

        public void remove(int tokenCount) {
            requests--;
            tokens -= tokenCount;
        }

        public long requests() {
            return requests;
        }

        public long tokens() {
            return tokens;
        }
    }
}
