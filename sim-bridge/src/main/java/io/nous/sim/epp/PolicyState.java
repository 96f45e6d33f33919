package io.nous.sim.epp;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * The state a usage-limit policy carries from one call to the next, read from its fields, so that the
 * flow controller can tell when a call changed nothing: then the next call with the same saturation
 * computes the same ceilings and again changes nothing, and need not be made. Decided from the class,
 * never from anything the policy says of itself (candidate code is untrusted). A policy qualifies when
 * its class is a class of its own (no superclass but {@code Object}), declares no nested class, holds
 * only primitive or {@code String} instance fields, and has no static field that is not a final
 * primitive or {@code String} constant. One whose fields are all final is stateless: every call
 * repeats. One that counts its calls never repeats and sees every cycle; one that counts only in a
 * range of saturations (soft-reflective-ceiling) repeats outside it. A policy holding any object (a
 * wrapper holding its delegate) does not qualify, and is called on every cycle.
 *
 * <p>This assumes what the candidate verifier enforces and the built-in templates keep to: a call reads
 * nothing but its arguments, its own fields and constants (no clock, no randomness, no other class's
 * state).
 */
public final class PolicyState {
    private final Field[] primitives;
    private final Field[] strings;
    private final long[] primitiveValues;
    private final Object[] stringValues;
    /** Calls left that {@link #afterCall} does not look at, and how many it skipped last time. */
    private int skip;
    private int backoff;

    /** The most calls in a row that {@link #afterCall} leaves unread after a call that changed the state. */
    public static final int MAX_SKIP = 64;

    private PolicyState(Field[] primitives, Field[] strings) {
        this.primitives = primitives;
        this.strings = strings;
        this.primitiveValues = new long[primitives.length];
        this.stringValues = new Object[strings.length];
    }

    /** The state of {@code policy}, or null when it does not qualify (see the class comment); null for null. */
    public static PolicyState of(Object policy) {
        return of(policy, null);
    }

    /**
     * {@link #of(Object)}, not counting the final instance field named {@code ignored} (of any type): the
     * guard's own budget field, which candidate code cannot name.
     */
    public static PolicyState of(Object policy, String ignored) {
        if (policy == null) {
            return null;
        }
        Class<?> c = policy.getClass();
        if (c.getSuperclass() != Object.class || c.getDeclaredClasses().length > 0 || c.isAnonymousClass() || c.isSynthetic()
                || c.isLocalClass()) {
            return null;
        }
        List<Field> primitives = new ArrayList<>();
        List<Field> strings = new ArrayList<>();
        for (Field f : c.getDeclaredFields()) {
            int m = f.getModifiers();
            Class<?> t = f.getType();
            boolean value = t.isPrimitive() || t == String.class;
            if (Modifier.isStatic(m)) {
                if (!Modifier.isFinal(m) || !value) {
                    return null;
                }
            } else if (Modifier.isFinal(m) && f.getName().equals(ignored)) {
                continue;
            } else if (!value) {
                return null;
            } else if (!Modifier.isFinal(m)) {
                try {
                    f.setAccessible(true);
                } catch (RuntimeException e) {
                    return null; // a field this module may not read: treat the policy as one to call every cycle
                }
                (t == String.class ? strings : primitives).add(f);
            }
        }
        return new PolicyState(primitives.toArray(new Field[0]), strings.toArray(new Field[0]));
    }

    /** Whether the policy has no mutable field at all: every call with the same saturation repeats. */
    public boolean stateless() {
        return primitives.length == 0 && strings.length == 0;
    }

    /** Before a call: {@link #capture}s the fields unless {@link #afterCall} will not look at this call. */
    public void beforeCall(Object policy) {
        if (skip == 0) {
            capture(policy);
        }
    }

    /**
     * After a call: true only when it provably changed nothing (its fields hold what {@link #beforeCall}
     * saw). Reading the fields costs more than many a call, and a policy that just changed its state (a
     * counter in a range of saturations) most likely changes it on the next call too: after a call that
     * changed it, the next 1, 2, 4 ... up to {@link #MAX_SKIP} calls are not read and count as changing,
     * until a read finds a call that changed nothing. Only speed depends on this: a call counted as
     * changing is simply made again on the next cycle, with the same result a repeat would have had.
     */
    public boolean afterCall(Object policy) {
        if (skip > 0) {
            skip--;
            return false;
        }
        if (unchanged(policy)) {
            backoff = 0;
            return true;
        }
        backoff = backoff == 0 ? 1 : Math.min(MAX_SKIP, 2 * backoff);
        skip = backoff;
        return false;
    }

    /** Remembers the policy's fields now (before a call). */
    public void capture(Object policy) {
        try {
            for (int i = 0; i < primitives.length; i++) {
                primitiveValues[i] = bits(primitives[i], policy);
            }
            for (int i = 0; i < strings.length; i++) {
                stringValues[i] = strings[i].get(policy);
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read the state of " + policy.getClass().getName(), e);
        }
    }

    /** Whether every field still holds what {@link #capture} saw (bit for bit; strings by identity). */
    public boolean unchanged(Object policy) {
        try {
            for (int i = 0; i < primitives.length; i++) {
                if (primitiveValues[i] != bits(primitives[i], policy)) {
                    return false;
                }
            }
            for (int i = 0; i < strings.length; i++) {
                if (stringValues[i] != strings[i].get(policy)) {
                    return false;
                }
            }
            return true;
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read the state of " + policy.getClass().getName(), e);
        }
    }

    private static long bits(Field f, Object o) throws IllegalAccessException {
        Class<?> t = f.getType();
        if (t == double.class) {
            return Double.doubleToRawLongBits(f.getDouble(o));
        } else if (t == float.class) {
            return Float.floatToRawIntBits(f.getFloat(o));
        } else if (t == boolean.class) {
            return f.getBoolean(o) ? 1 : 0;
        } else if (t == char.class) {
            return f.getChar(o);
        }
        return f.getLong(o); // long, int, short, byte: widened
    }
}
