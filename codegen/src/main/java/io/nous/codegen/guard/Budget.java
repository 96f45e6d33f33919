package io.nous.codegen.guard;

/**
 * The allowance of one guarded candidate instance, charged by the instrumentation that
 * {@link GuardInstrumenter} inserts. Counting work instead of time makes every abort deterministic:
 * the same candidate on the same inputs always stops at the same point, whatever the machine, the
 * JIT or the process it runs in.
 *
 * <ul>
 *   <li><b>Work</b>, in units of roughly one syntax node executed: a method entry charges the nodes
 *       of its body outside loops, a loop back-edge the nodes of the loop, a transcendental helper
 *       such as {@code StrictMath.tan} extra. Per call at most {@link #DEFAULT_UNITS}; per instance
 *       (one simulation) on average at most the {@link CostLimit} allows.</li>
 *   <li><b>Call depth</b>, counted by the guard itself (never left to the JVM's stack, whose depth
 *       depends on JIT compilation): at most {@link #DEFAULT_DEPTH} nested candidate methods, whose
 *       frames the verifier keeps small.</li>
 *   <li><b>Memory</b>: every dimension of an array creation is charged with the elements it really
 *       allocates (the product of the dimensions so far), at most {@link #MAX_ARRAY} in one array,
 *       {@link #MAX_ALLOCATED} in one call, and (for simulation-only policies, which may keep arrays)
 *       {@link #MAX_LIFETIME_ALLOCATED} over the instance's life, which bounds what it can retain in its
 *       fields. Allocation also costs work: a unit per eight elements.</li>
 * </ul>
 *
 * <p>The budget in force is bound to the calling thread by the guard around each call.
 */
public final class Budget {
    /** Work units per call. */
    public static final long DEFAULT_UNITS = 10_000_000;
    /** Nested calls of candidate methods. */
    public static final int DEFAULT_DEPTH = 64;
    /** Elements in one array. */
    public static final int MAX_ARRAY = 1 << 16;
    /** Elements allocated in one call, all arrays together. */
    public static final long MAX_ALLOCATED = 1 << 20;
    /** Elements allocated over the instance's life: 16 M doubles are 128 MB. */
    public static final long MAX_LIFETIME_ALLOCATED = 1 << 24;

    private static final ThreadLocal<Budget> CURRENT = new ThreadLocal<>();

    /** The last binding made, as one immutable pair so that a racing thread can never mix halves. */
    private record Binding(Thread thread, Budget budget) {
    }

    private static volatile Binding last = new Binding(null, null);

    private final long units;
    private final int maxDepth;
    private final CostLimit limit;
    private final long lifetimeCap;
    private long remaining;
    private int depth;
    private long allocated;
    // over the instance's life
    private long calls;
    private long spent;
    /** Work the last accounted call used. */
    private long lastCallUnits;
    private double allowance;
    private long lifetimeAllocated;
    // products of the array creation expressions being evaluated (their dimensions are evaluated left to right)
    private long[] dims = new long[8];
    private int dimTop;

    public Budget() {
        this(DEFAULT_UNITS, DEFAULT_DEPTH, CostLimit.DEFAULT);
    }

    public Budget(long units, int maxDepth) {
        this(units, maxDepth, CostLimit.DEFAULT);
    }

    public Budget(long units, int maxDepth, CostLimit limit) {
        this(units, maxDepth, limit, MAX_LIFETIME_ALLOCATED);
    }

    /** @param lifetimeCap elements the instance may allocate over its life */
    public Budget(long units, int maxDepth, CostLimit limit, long lifetimeCap) {
        this.lifetimeCap = lifetimeCap;
        this.units = units;
        this.maxDepth = maxDepth;
        this.limit = limit;
        reset();
    }

    /** Refills the per-call allowance for a new call. */
    public void reset() {
        remaining = units;
        depth = 0;
        allocated = 0;
        dimTop = 0;
    }

    /**
     * Accounts a finished call that saw {@code bands} priority bands: the work it used counts
     * against the instance's average allowance, which grows by the cost limit's allowance per call.
     */
    public void endCall(int bands) {
        account(limit.unitsPerCall(bands));
        if (spent > allowance + limit.warmUpUnits()) {
            throw tooSlow(limit.describe(bands));
        }
    }

    /** Accounts a finished admission decision, against the admission model's allowance. */
    public void endAdmission() {
        account(limit.unitsPerAdmission());
        if (spent > allowance + limit.warmUpUnits()) {
            throw tooSlow(limit.describeAdmission());
        }
    }

    /**
     * Accounts a usage-limit call that repeats the last exactly (same code path, so the same work,
     * nothing allocated) without its having run, as {@link #endCall} accounted the last: the instance's
     * average is the one it would have had, and it fails where the call would have failed.
     */
    public void repeatCall(int bands) {
        calls++;
        spent += lastCallUnits;
        allowance += limit.unitsPerCall(bands);
        if (spent > allowance + limit.warmUpUnits()) {
            throw tooSlow(limit.describe(bands));
        }
    }

    /**
     * Accounts up to {@code n} {@link #repeatCall}s at once, with the same sums, stopping before the
     * first that would throw (which is left unaccounted, for {@link #repeatCall} to throw); returns how
     * many were accounted.
     */
    public long repeatCalls(int bands, long n) {
        double perCall = limit.unitsPerCall(bands);
        double warmUp = limit.warmUpUnits();
        if (n > 0 && lastCallUnits <= perCall && spent <= allowance + warmUp && sumsExact(perCall, warmUp, n)) {
            // each repeat adds no more to the spending than to the allowance, so none can fail; and integral
            // sums below 2^53 are exact, so n additions reach exactly these products
            spent += n * lastCallUnits;
            allowance += n * perCall;
            calls += n;
            return n;
        }
        for (long i = 0; i < n; i++) {
            long s = spent + lastCallUnits;
            double a = allowance + perCall;
            if (s > a + warmUp) {
                calls += i;
                return i;
            }
            spent = s;
            allowance = a;
        }
        calls += n;
        return n;
    }

    /** Whether {@code n} additions of {@code perCall} to the allowance are exact: integral values, the sums below 2^53. */
    private boolean sumsExact(double perCall, double warmUp, long n) {
        final double exact = 0x1p53;
        return perCall == Math.rint(perCall) && allowance == Math.rint(allowance) && warmUp == Math.rint(warmUp)
                && Math.abs(allowance) + Math.abs(warmUp) + n * perCall < exact
                && n < Long.MAX_VALUE / 4 / Math.max(1, lastCallUnits) && spent < (1L << 53);
    }

    /** Array elements the call under way (or the last one) allocated. */
    public long allocatedThisCall() {
        return allocated;
    }

    private void account(double units) {
        calls++;
        lastCallUnits = this.units - remaining;
        spent += lastCallUnits;
        allowance += units;
    }

    private BudgetExceeded tooSlow(String model) {
        return new BudgetExceeded(String.format(java.util.Locale.ROOT,
                "too slow: %.0f work units per call on average over %d calls, more than the limit of %.0f (%s)",
                (double) spent / calls, calls, allowance / calls, model));
    }

    /** Work units used over the instance's life. */
    public long spent() {
        return spent;
    }

    public long calls() {
        return calls;
    }

    /** The allowance grown over the instance's life, in work units (what the average is held to). */
    double allowance() {
        return allowance;
    }

    /** Binds {@code b} to this thread; returns the previously bound budget (or null). */
    public static Budget bind(Budget b) {
        Budget prev = current();
        CURRENT.set(b);
        last = new Binding(Thread.currentThread(), b);
        return prev;
    }

    /** Makes {@code b} this thread's budget if it is not already (the cheap path for repeated calls). */
    static void use(Budget b) {
        Binding l = last;
        if (l.thread != Thread.currentThread() || l.budget != b) {
            bind(b);
        }
    }

    /** This thread's budget: from the one-entry cache when this thread bound last, else the thread-local. */
    static Budget current() {
        Binding l = last;
        if (l.thread == Thread.currentThread()) {
            return l.budget;
        }
        Budget b = CURRENT.get();
        last = new Binding(Thread.currentThread(), b);
        return b;
    }

    // ------------------------------------------------------------- called by instrumented code

    /** Instance method entry: charges the method's work and a level of depth; returns this budget for the method's loops. */
    public Budget enterMethod(int cost) {
        tick(cost);
        if (++depth > maxDepth) {
            throw new BudgetExceeded("call depth exceeded " + maxDepth + " (unbounded recursion?)");
        }
        return this;
    }

    /** Method exit (in a finally block). */
    public void exit() {
        depth--;
    }

    /** Charges work: a method body or one loop iteration. */
    public void tick(int cost) {
        remaining -= cost;
        if (remaining < 0) {
            throw new BudgetExceeded("exceeded " + units + " work units in one call (an endless or very long loop?)");
        }
    }

    // ---------------------------------------------- remainders: cost grows with the exponent gap

    /**
     * Work units of a floating-point remainder before the per-bit part: {@code %} on doubles costs
     * about 7 ns on a small exponent gap (JDK 17, x86-64), {@code IEEEremainder} about 22 ns.
     */
    static final int REM_BASE = 140;
    static final int IEEE_REM_BASE = 440;
    /**
     * Work units per bit of exponent gap between dividend and divisor: the remainder loop reduces one
     * bit at a time, 3.4 ns a bit for {@code %} (6.8 us at a gap of 2000), 6 ns for {@code IEEEremainder}.
     * Measured with RemBench (docs/guard.md); a unit is about 0.05 ns of JIT-compiled candidate code.
     */
    static final int REM_PER_BIT = 68;
    static final int IEEE_REM_PER_BIT = 120;

    /** The binary exponent of a finite nonzero {@code x}, subnormals included (as {@code Math.getExponent} is not). */
    private static int exponent(double x) {
        int e = Math.getExponent(x);
        if (e == Double.MIN_EXPONENT - 1) {
            long mantissa = Double.doubleToRawLongBits(x) & 0x000fffffffffffffL;
            return Double.MIN_EXPONENT - (Long.numberOfLeadingZeros(mantissa) - 11);
        }
        return e;
    }

    /** Bits of exponent gap a remainder of {@code x} by {@code y} reduces; 0 where it takes no loop (zero, infinite, NaN). */
    static int remainderGap(double x, double y) {
        if (x == 0 || y == 0 || !Double.isFinite(x) || !Double.isFinite(y)) {
            return 0;
        }
        return Math.max(0, exponent(x) - exponent(y));
    }

    /** {@code x % y} on doubles, charged by its real cost. */
    public double rem(double x, double y) {
        tick(REM_BASE + REM_PER_BIT * remainderGap(x, y));
        return x % y;
    }

    /** {@code x % y} on floats, charged by its real cost. */
    public float rem(float x, float y) {
        tick(REM_BASE + REM_PER_BIT * remainderGap(x, y));
        return x % y;
    }

    /** {@code x % y} on ints: constant time, charged as the node it is. */
    public int rem(int x, int y) {
        return x % y;
    }

    /** {@code x % y} on longs: constant time, charged as the node it is. */
    public long rem(long x, long y) {
        return x % y;
    }

    /**
     * Charges {@code target %= y} for the target's current value {@code x} and returns {@code y}
     * unchanged, so that the compound assignment keeps its own single evaluation of the target.
     */
    public double remBy(double x, double y) {
        tick(REM_BASE + REM_PER_BIT * remainderGap(x, y));
        return y;
    }

    public float remBy(float x, float y) {
        tick(REM_BASE + REM_PER_BIT * remainderGap(x, y));
        return y;
    }

    public int remBy(int x, int y) {
        return y;
    }

    public long remBy(long x, long y) {
        return y;
    }

    /**
     * Charges {@code target %= y} where the target cannot be read twice (an array element whose index
     * has effects): as if it held the largest double, the worst case. Returns {@code y}.
     */
    public double remByWorst(double y) {
        return remBy(Double.MAX_VALUE, y);
    }

    public float remByWorst(float y) {
        return remBy(Float.MAX_VALUE, y);
    }

    public int remByWorst(int y) {
        return y;
    }

    public long remByWorst(long y) {
        return y;
    }

    /**
     * Work units of {@code StrictMath.pow} on its general path: 85-90 ns a call on JDK 17 (x86-64)
     * for every class of argument measured (x near 1 with huge y, negative x with integral y,
     * subnormal x). Its fast paths (y of 0, 2, 0.5, +-1 or infinite, a NaN) take 3.5 ns, a node's cost.
     */
    static final int POW_UNITS = 1800;

    /** {@code StrictMath.pow(x, y)} (what a candidate's {@code Math.pow} is), charged by the path it takes. */
    public double pow(double x, double y) {
        if (!(y == 0 || y == 2 || y == 0.5 || y == 1 || y == -1 || Double.isInfinite(y) || Double.isNaN(x) || Double.isNaN(y))) {
            tick(POW_UNITS);
        }
        return StrictMath.pow(x, y);
    }

    /** {@code StrictMath.IEEEremainder(x, y)} (what {@code Math.IEEEremainder} is), charged by its real cost. */
    public double ieeeRemainder(double x, double y) {
        tick(IEEE_REM_BASE + IEEE_REM_PER_BIT * remainderGap(x, y));
        return StrictMath.IEEEremainder(x, y);
    }

    /** A one-dimensional array about to be allocated. */
    public int allocate(int n) {
        charge(n, n);
        return n;
    }

    /** The first dimension of a multi-dimensional array creation. */
    public int first(int n) {
        check(n);
        if (dimTop == dims.length) {
            dims = java.util.Arrays.copyOf(dims, dims.length * 2);
        }
        dims[dimTop++] = n;
        charge(n, n);
        return n;
    }

    /** A further dimension: allocates one array of {@code n} for every element of the dimensions before it. */
    public int next(int n) {
        check(n);
        long outer = dimTop > 0 ? dims[dimTop - 1] : 1;
        long elements = Math.multiplyHigh(outer, Math.max(0, n)) != 0 ? Long.MAX_VALUE : outer * Math.max(0, n);
        charge(n, elements);
        if (dimTop > 0) {
            dims[dimTop - 1] = elements;
        }
        return n;
    }

    /** The last given dimension of a multi-dimensional creation: like {@link #next}, and the creation is complete. */
    public int last(int n) {
        int r = next(n);
        if (dimTop > 0) {
            dimTop--;
        }
        return r;
    }

    private static void check(int n) {
        if (n > MAX_ARRAY) {
            throw new BudgetExceeded("array of " + n + " elements exceeds the limit of " + MAX_ARRAY);
        }
    }

    private void charge(int n, long elements) {
        check(n);
        if (elements <= 0) {
            return;
        }
        allocated += elements;
        lifetimeAllocated += elements;
        if (allocated > MAX_ALLOCATED || allocated < 0) {
            throw new BudgetExceeded("allocated more than " + MAX_ALLOCATED + " array elements in one call");
        }
        if (lifetimeAllocated > lifetimeCap || lifetimeAllocated < 0) {
            throw new BudgetExceeded("allocated more than " + lifetimeCap + " array elements over its life (it keeps allocating)");
        }
        // zeroing and collecting memory is work too: a unit per eight elements
        remaining -= elements >>> 3;
        if (remaining < 0) {
            throw new BudgetExceeded("exceeded " + units + " work units in one call (allocating " + elements + " array elements)");
        }
    }
}
