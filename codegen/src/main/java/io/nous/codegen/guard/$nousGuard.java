package io.nous.codegen.guard;

/**
 * What instrumented candidate code calls when it has no budget in hand (static methods, field
 * initializers and the arguments of {@code this(...)}): the budget bound to the thread. Its name
 * starts with the prefix the verifier reserves, so no name in a candidate can shadow it.
 */
@SuppressWarnings("checkstyle:TypeName")
public final class $nousGuard {
    private $nousGuard() {
    }

    /** The budget a candidate instance being constructed takes as its own (the one bound to the thread). */
    public static Budget creating() {
        Budget b = Budget.current();
        if (b == null) {
            throw new BudgetExceeded("candidate code ran outside a guarded call");
        }
        return b;
    }

    /** Static method entry: the thread's budget, charged. */
    public static Budget enter(int cost) {
        return creating().enterMethod(cost);
    }

    /** A one-dimensional array in code without a budget in hand. */
    public static int alloc(int n) {
        return creating().allocate(n);
    }

    public static int first(int n) {
        return creating().first(n);
    }

    public static int next(int n) {
        return creating().next(n);
    }

    public static int last(int n) {
        return creating().last(n);
    }

    // remainders in code without a budget in hand; see Budget#rem

    public static double rem(double x, double y) {
        return creating().rem(x, y);
    }

    public static float rem(float x, float y) {
        return creating().rem(x, y);
    }

    public static int rem(int x, int y) {
        return x % y;
    }

    public static long rem(long x, long y) {
        return x % y;
    }

    public static double remBy(double x, double y) {
        return creating().remBy(x, y);
    }

    public static float remBy(float x, float y) {
        return creating().remBy(x, y);
    }

    public static int remBy(int x, int y) {
        return y;
    }

    public static long remBy(long x, long y) {
        return y;
    }

    public static double remByWorst(double y) {
        return creating().remByWorst(y);
    }

    public static float remByWorst(float y) {
        return creating().remByWorst(y);
    }

    public static int remByWorst(int y) {
        return y;
    }

    public static long remByWorst(long y) {
        return y;
    }

    public static double ieeeRemainder(double x, double y) {
        return creating().ieeeRemainder(x, y);
    }

    public static double pow(double x, double y) {
        return creating().pow(x, y);
    }
}
