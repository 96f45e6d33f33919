package io.nous.export;

import io.nous.sim.spi.RoutingScorer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * A routing scorer's answer to the question every request of a busy tenant asks: the endpoint that
 * holds the whole prompt, carrying {@code n} requests in flight, or an idle one that holds none? The
 * loaded endpoint's requests have their prompts served from cache (64 uncached tokens each, as a
 * sticky tenant's are), it runs up to 4 of them and queues the rest; the prompt is 4,000 tokens.
 * Where the cold endpoint starts to win is where the scorer lets a tenant go.
 */
public final class ScoreProfile {
    /** The in-flight requests on the loaded endpoint, one row each. */
    static final int[] IN_FLIGHT = {0, 1, 2, 3, 4, 6, 8, 16, 32};

    private ScoreProfile() {
    }

    /** One row: the two endpoints' scores (clamped to [0, 1], as the scheduling profile clamps them). */
    public record Row(int inFlight, double warm, double cold) {
        /** Which endpoint the max-score picker takes ("tie": drawn at random). */
        public String winner() {
            return warm > cold ? "holds the prompt" : warm < cold ? "idle, cold" : "tie";
        }
    }

    /** The rows of a fresh scorer. */
    public static List<Row> of(Supplier<RoutingScorer> fresh) {
        RoutingScorer s = fresh.get();
        List<Row> rows = new ArrayList<>();
        for (int n : IN_FLIGHT) {
            int max = Math.max(n, 1);
            double warm = s.score(4_000, 1.0, 0, 64L * n, n, max, Math.max(0, n - 4), Math.min(n, 4), Math.min(1.0, n / 16.0));
            double cold = s.score(4_000, 0.0, 4_000, 0, 0, max, 0, 0, 0);
            rows.add(new Row(n, clamp(warm), clamp(cold)));
        }
        return rows;
    }

    private static double clamp(double x) {
        return Double.isNaN(x) ? 0 : Math.max(0, Math.min(1, x));
    }
}
