package io.nous.observe.fake;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The fake engine's schedule on a virtual clock: the same {@link EngineSteps} that the real-time
 * {@link FakeEngine} sleeps through, run back to back with each request joining the waiting queue at
 * its arrival time. It is what the fake server's own step log would say if its host never delayed a
 * thread, so a check of what a calibration recovers from it depends on the arithmetic alone, not on
 * how busy the machine was.
 */
public final class EngineTimeline {
    private EngineTimeline() {
    }

    /**
     * One request for the engine.
     *
     * @param arrivalUs    when it reaches the engine, microseconds from the run's start
     * @param promptTokens its prompt length
     * @param outputTokens its output length
     * @param blocks       the hashes naming its prompt's full 16-token blocks (null: never a cache hit)
     */
    public record Arrival(long arrivalUs, int promptTokens, int outputTokens, long[] blocks) {
    }

    /**
     * When one request's tokens came out, microseconds from the run's start (one entry per output
     * token), and how many of its prompt tokens the engine found cached.
     */
    public record Served(long[] tokenTimesUs, int cachedTokens) {
        public long firstTokenUs() {
            return tokenTimesUs[0];
        }

        public long endUs() {
            return tokenTimesUs[tokenTimesUs.length - 1];
        }
    }

    /** Serves {@code arrivals} (in any order) and returns what each got, in the order given. */
    public static List<Served> serve(FakeEngine.Costs costs, List<Arrival> arrivals) {
        Integer[] order = new Integer[arrivals.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        // stable: equal arrival times queue in the order given
        java.util.Arrays.sort(order, Comparator.comparingLong(i -> arrivals.get(i).arrivalUs()));
        long[][] tokens = new long[arrivals.size()][];
        int[] cached = new int[arrivals.size()];
        EngineSteps steps = new EngineSteps(costs);
        long nowNs = 0;
        int next = 0;
        while (true) {
            while (next < order.length && arrivals.get(order[next]).arrivalUs() * 1000 <= nowNs) {
                int i = order[next++];
                Arrival a = arrivals.get(i);
                tokens[i] = new long[Math.max(1, a.outputTokens())];
                steps.submit(a.promptTokens(), a.blocks(), a.outputTokens(), new FakeEngine.Sink() {
                    @Override
                    public void token(int n, boolean last, long dueNanos) {
                        tokens[i][n - 1] = dueNanos / 1000;
                    }

                    @Override
                    public void cached(int t) {
                        cached[i] = t;
                    }
                });
            }
            long ns = steps.plan();
            if (ns >= 0) {
                nowNs += ns;
                steps.finish(nowNs);
            } else if (next < order.length) {
                nowNs = arrivals.get(order[next]).arrivalUs() * 1000; // idle until the next arrival
            } else {
                break;
            }
        }
        List<Served> out = new ArrayList<>(arrivals.size());
        for (int i = 0; i < tokens.length; i++) {
            out.add(new Served(tokens[i], cached[i]));
        }
        return out;
    }
}
