package io.nous.evaluator.stats;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where a Beta draw of Cheng's algorithm BB lands, decided from its two uniforms without a logarithm:
 * cells of the first uniform {@code u1} over the ranks the draw is likely to take out of {@code n}, each
 * with its rank and the largest {@code z = u1^2 u2} (the draw's own product of its uniforms) that Cheng's
 * first two tests (the squeeze {@code 5 z <= s + 2.609438}, then {@code ln z <= s}) surely accept anywhere
 * in the cell.
 *
 * <p>The draw is a strictly monotone function of {@code u1}, so each rank owns an interval of it; its cell
 * is that interval with a thousandth of its width cut off at either end, halved where {@code s} varies
 * much along it. Cheng's {@code s} is concave in {@code v}, which grows with {@code u1}, so over a cell it
 * is least at one of the cell's ends. Both ends are evaluated in the intrinsic functions with an error
 * bound of 1e-9 relative per operation (a million times what either library's functions err by), and a
 * rank's cells are kept only when the ranks at its ends, widened by that bound, agree. A draw whose
 * {@code u1} falls in a cell and whose {@code z} is under the cell's bound is then accepted by
 * {@link BetaSampler#sample}'s first or second test at the cell's rank, bit for bit (83-87% of
 * iterations for a p99 of 800 to 20,000 requests, of the 88% Cheng accepts); every other draw takes the
 * exact path. A table takes a few hundred evaluations to build and is kept for the next sampler of the
 * same shapes and sample size (the baseline's samples recur in every evaluation, and each judged scenario
 * asks for the same quantile of the same class several times).
 */
final class RankTable {
    /** The relative error assumed of each operation at a cell's ends. */
    private static final double E = 1e-9;
    /** How far each cell stays from its rank's ends, as a fraction of its width. */
    private static final double INSET = 1e-3;
    /** Standard deviations of the draw's rank the cells cover on either side of its mean. */
    private static final double SPREAD = 5;
    /** The most ranks a table covers (those nearest the mean). */
    static final int MAX_RANKS = 256;
    /**
     * A cell is halved, at most {@code MAX_DEPTH} times, while it would give up more than this share of all
     * draws: {@code u1} is uniform, so a cell holds its width's share of them, and its lower bound on {@code s}
     * gives up about the difference of {@code s} between its ends of the draws in it that Cheng's tests accept.
     */
    private static final double SPLIT = 3e-4;
    private static final int MAX_DEPTH = 3;

    /** Slots of equal width in {@code u1} that index the cells, so that finding one takes no search. */
    private static final int SLOTS = 512;

    /** Per cell, ascending: its first and last {@code u1}, its rank, and the {@code z = u1^2 u2} up to which Cheng's tests accept. */
    final double[] from;
    final double[] to;
    final int[] rank;
    final double[] accept;
    /** Per slot, the first cell that ends in it or after it. */
    private final int[] firstCell;
    /** The sample size the ranks are out of. */
    final int n;

    private RankTable(int n, double[] from, double[] to, int[] rank, double[] accept) {
        this.n = n;
        this.from = from;
        this.to = to;
        this.rank = rank;
        this.accept = accept;
        this.firstCell = new int[SLOTS];
        int c = 0;
        for (int slot = 0; slot < SLOTS; slot++) {
            double slotStart = (double) slot / SLOTS;
            while (c < to.length && to[c] < slotStart) {
                c++;
            }
            firstCell[slot] = c;
        }
    }

    /** Tables already built, by shapes and sample size: a bootstrap draws from the same few again and again. */
    private static final ConcurrentHashMap<Key, RankTable> BUILT = new ConcurrentHashMap<>();
    /**
     * The most tables kept (a table takes 10-15 KB); past it the cache starts over: tables are cheap to rebuild,
     * and only speed depends on it.
     */
    private static final int MAX_KEPT = 2048;

    private record Key(double a, double b, int n) {
    }

    /** {@link #of}, built once for each shapes and sample size (tables never change once built). */
    static RankTable cached(double a, double b, boolean first, double beta, double gamma, int n) {
        Key key = new Key(first ? a : b, first ? b : a, n); // the Beta's own (alpha, beta): the rest follows from them
        RankTable t = BUILT.get(key);
        if (t == null) {
            if (BUILT.size() >= MAX_KEPT) {
                BUILT.clear();
            }
            t = of(a, b, first, beta, gamma, n);
            BUILT.put(key, t);
        }
        return t;
    }

    /** How many cells the table has (none: every draw takes the exact path). */
    int cells() {
        return from.length;
    }

    /**
     * The table of Cheng's BB with shapes {@code a <= b} ({@code first}: the draw is {@code w / (b + w)}, else
     * {@code b / (b + w)}), its constants {@code beta} and {@code gamma}, for ranks out of {@code n}; it may have no cell.
     */
    static RankTable of(double a, double b, boolean first, double beta, double gamma, int n) {
        double alpha = first ? a : b;
        double sum = a + b;
        double mean = alpha / sum * n;
        double sd = Math.sqrt(a * b / (sum * sum * (sum + 1))) * n;
        int half = MAX_RANKS / 2;
        int lo = (int) Math.max(1, Math.max(Math.floor(mean - SPREAD * sd), Math.floor(mean) - half));
        int hi = (int) Math.min(n, Math.min(Math.ceil(mean + SPREAD * sd), Math.floor(mean) + half));
        if (lo > hi) {
            return new Builder(null, 0).table(n);
        }
        Evaluator at = new Evaluator(a, b, first, beta, gamma, n);
        double[] thresholds = new double[hi - lo + 2]; // at y = lo - 1 ... hi
        for (int y = lo - 1; y <= hi; y++) {
            thresholds[y - lo + 1] = at.threshold(y);
        }
        Builder cells = new Builder(at, 2 * (hi - lo + 1));
        // cells in rising u1: ranks rise with it when the draw does, else fall
        for (int i = 0; i <= hi - lo; i++) {
            int j = first ? lo + i : hi - i;
            double below = thresholds[j - lo];
            double above = thresholds[j - lo + 1];
            double start = first ? below : above;
            double end = first ? above : below;
            double width = end - start;
            if (!(width > 0)) {
                continue;
            }
            double x0 = start + width * INSET;
            double x1 = end - width * INSET;
            if (!(x0 > 0 && x1 < 1 && x0 < x1) || !at.evaluate(x0)) {
                continue;
            }
            double lowX = at.x - at.eX;
            double highX = at.x + at.eX;
            double s0 = at.s - at.eS;
            if (!at.evaluate(x1)) {
                continue;
            }
            lowX = Math.min(lowX, at.x - at.eX);
            highX = Math.max(highX, at.x + at.eX);
            double s1 = at.s - at.eS;
            // the draw is monotone in u1: anywhere between the ends its rank is j, computed in any of the two libraries
            if (lowX > j - 1 && highX <= j) {
                cells.add(x0, s0, x1, s1, j, 0);
            }
        }
        return cells.table(n);
    }

    /** Collects cells in rising u1, halving one while {@code s} differs much between its ends. */
    private static final class Builder {
        private final Evaluator at;
        private double[] from;
        private double[] to;
        private int[] rank;
        private double[] accept;
        private int size;

        Builder(Evaluator at, int capacity) {
            this.at = at;
            from = new double[capacity];
            to = new double[capacity];
            rank = new int[capacity];
            accept = new double[capacity];
        }

        /** The cell [x0, x1] of rank j, whose ends' {@code s} is at least s0 and s1. */
        void add(double x0, double s0, double x1, double s1, int j, int depth) {
            if (depth < MAX_DEPTH && (x1 - x0) * Math.min(1, Math.abs(s0 - s1)) > SPLIT) {
                double mid = 0.5 * (x0 + x1);
                if (x0 < mid && mid < x1 && at.evaluate(mid)) {
                    double sMid = at.s - at.eS;
                    add(x0, s0, mid, sMid, j, depth + 1);
                    add(mid, sMid, x1, s1, j, depth + 1);
                    return;
                }
            }
            if (size == from.length) {
                int grown = Math.max(8, 2 * size);
                from = Arrays.copyOf(from, grown);
                to = Arrays.copyOf(to, grown);
                rank = Arrays.copyOf(rank, grown);
                accept = Arrays.copyOf(accept, grown);
            }
            double lowS = Math.min(s0, s1);
            from[size] = x0;
            to[size] = x1;
            rank[size] = j;
            // the squeeze (5 z <= s + 2.609438) or, failing it, the test ln z <= s holds with room to spare below either bound
            accept[size] = Math.max((lowS + BetaSampler.BB_SQUEEZE) * (1 - E) / 5, Math.exp(lowS) * (1 - E));
            size++;
        }

        RankTable table(int n) {
            return new RankTable(n, Arrays.copyOf(from, size), Arrays.copyOf(to, size), Arrays.copyOf(rank, size), Arrays.copyOf(accept, size));
        }
    }

    /** The cell holding {@code u1} (in [0, 1)), or -1. */
    int cell(double u1) {
        int c = firstCell[(int) (u1 * SLOTS)];
        while (c < to.length && to[c] < u1) {
            c++;
        }
        return c < to.length && from[c] <= u1 ? c : -1;
    }

    /** Cheng's BB quantities at one {@code u1}, with bounds on their errors. */
    private static final class Evaluator {
        private final double a;
        private final double b;
        private final boolean first;
        private final double beta;
        private final double gamma;
        private final int n;
        /** The last {@link #evaluate}'s rank-scaled draw and {@code s}, and their error bounds. */
        double x;
        double eX;
        double s;
        double eS;

        Evaluator(double a, double b, boolean first, double beta, double gamma, int n) {
            this.a = a;
            this.b = b;
            this.first = first;
            this.beta = beta;
            this.gamma = gamma;
            this.n = n;
        }

        /** The {@code u1} at which the draw is {@code y / n} (0 and 1 at the ends); only approximately: the cells are checked. */
        double threshold(int y) {
            if (y <= 0 || y >= n) {
                return (y <= 0) == first ? 0 : 1;
            }
            double u = (double) y / n;
            double w = first ? b * u / (1 - u) : b * (1 - u) / u;
            double logit = Math.log(w / a) / beta;
            return 1 / (1 + Math.exp(-logit));
        }

        /** Evaluates at {@code u1}; false when some quantity is not finite. */
        boolean evaluate(double u1) {
            double l1 = Math.log(u1);
            double l2 = Math.log(1 - u1);
            double v = beta * (l1 - l2);
            double w = a * Math.exp(v);
            if (!Double.isFinite(l1) || !Double.isFinite(l2) || !Double.isFinite(w)) {
                return false;
            }
            double eV = beta * E * (Math.abs(l1) + Math.abs(l2) + 1) + E * Math.abs(v);
            double eW = w * (eV + E);
            double r = gamma * v - BetaSampler.LN4;
            double eR = gamma * eV + E * (Math.abs(gamma * v) + BetaSampler.LN4);
            s = a + r - w;
            eS = eR + eW + E * (a + Math.abs(r) + w);
            double u = first ? w / (b + w) : b / (b + w);
            double eU = b * eW / ((b + w) * (b + w)) + E * u;
            x = u * n;
            eX = n * eU + E * (x + 1);
            return Double.isFinite(s) && Double.isFinite(x);
        }
    }
}
