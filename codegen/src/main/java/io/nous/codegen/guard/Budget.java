package io.nous.codegen.guard;

/**
 * The per-call allowance of a guarded candidate, charged by the instrumentation that
 * {@link GuardInstrumenter} inserts: one step at every method entry and loop back-edge, call depth
 * at every method entry, and elements at every array allocation. Counting steps instead of time
 * makes an abort deterministic: the same candidate on the same inputs always stops at the same
 * point, whatever the machine's speed.
 *
 * <p>The budget in force is bound to the calling thread by the guard around each call.
 */
public final class Budget {
    /** Steps (method entries + loop iterations) per call. */
    public static final long DEFAULT_STEPS = 1_000_000;
    /** Nested calls of candidate methods. */
    public static final int DEFAULT_DEPTH = 64;
    /** Elements in one array. */
    public static final int MAX_ARRAY = 1 << 16;
    /** Elements allocated in one call, all arrays together. */
    public static final long MAX_ALLOCATED = 1 << 20;

    private static final ThreadLocal<Budget> CURRENT = new ThreadLocal<>();

    /** The last binding made, as one immutable pair so that a racing thread can never mix halves. */
    private record Binding(Thread thread, Budget budget) {
    }

    private static volatile Binding last = new Binding(null, null);

    private final long steps;
    private final int maxDepth;
    private long remaining;
    private int depth;
    private long allocated;

    public Budget() {
        this(DEFAULT_STEPS, DEFAULT_DEPTH);
    }

    public Budget(long steps, int maxDepth) {
        this.steps = steps;
        this.maxDepth = maxDepth;
        reset();
    }

    /** Refills the allowance for a new call. */
    public void reset() {
        remaining = steps;
        depth = 0;
        allocated = 0;
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
    private static Budget current() {
        Binding l = last;
        if (l.thread == Thread.currentThread()) {
            return l.budget;
        }
        Budget b = CURRENT.get();
        last = new Binding(Thread.currentThread(), b);
        return b;
    }

    // ------------------------------------------------------------- called by instrumented code

    /** The budget a candidate instance being constructed takes as its own (the one bound to the thread). */
    public static Budget creating() {
        Budget b = current();
        if (b == null) {
            throw new BudgetExceeded("candidate code ran outside a guarded call");
        }
        return b;
    }

    /** Static method entry: the thread's budget, charged. */
    public static Budget enter() {
        return creating().enterMethod();
    }

    /** Instance method entry: charges a step and a level of depth; returns this budget for the method's loops. */
    public Budget enterMethod() {
        tick();
        if (++depth > maxDepth) {
            throw new BudgetExceeded("call depth exceeded " + maxDepth + " (unbounded recursion?)");
        }
        return this;
    }

    /** Method exit (in a finally block). */
    public void exit() {
        depth--;
    }

    /** A loop back-edge. */
    public void tick() {
        if (--remaining < 0) {
            throw new BudgetExceeded("exceeded " + steps + " steps in one call (an endless or very long loop?)");
        }
    }

    /** An array dimension about to be allocated in static code. */
    public static int alloc(int n) {
        return creating().allocate(n);
    }

    /** An array dimension about to be allocated in instance code. */
    public int allocate(int n) {
        if (n > MAX_ARRAY) {
            throw new BudgetExceeded("array of " + n + " elements exceeds the limit of " + MAX_ARRAY);
        }
        if (n > 0) {
            allocated += n;
            if (allocated > MAX_ALLOCATED) {
                throw new BudgetExceeded("allocated more than " + MAX_ALLOCATED + " array elements in one call");
            }
        }
        return n;
    }
}
