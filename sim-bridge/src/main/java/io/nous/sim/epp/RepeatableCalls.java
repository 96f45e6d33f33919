package io.nous.sim.epp;

/**
 * A usage-limit policy that knows, after each call, whether the next call with the same saturation
 * would be the same call again, and can account such a call without making it. Only the platform's
 * own wrappers are believed (the candidate guard, which judges the candidate it wraps by its
 * {@link PolicyState} and charges a repeated call to its budget); a class loaded by any other loader
 * is called on every cycle, whatever it implements.
 */
public interface RepeatableCalls {
    /** Whether the call just made changed nothing the next call could see, so that the next, with the same saturation, repeats it. */
    boolean lastCallRepeats();

    /**
     * Accounts one call that {@link #lastCallRepeats} said repeats the last, as making it would have
     * (a budget charged); throws what that call would have thrown.
     */
    void repeatLastCall();

    /**
     * Accounts up to {@code calls} repeats at once, as that many {@link #repeatLastCall}s would, stopping
     * before the first that would throw (left unaccounted, for {@link #repeatLastCall} to throw);
     * returns how many were accounted.
     */
    long repeatLastCalls(long calls);

    /** Whether {@code policy} is a platform wrapper whose answers are believed. */
    static boolean trusted(Object policy) {
        return policy instanceof RepeatableCalls && policy.getClass().getClassLoader() == RepeatableCalls.class.getClassLoader();
    }
}
