package io.nous.sim.epp;

import io.nous.sim.spi.UsageLimitPolicy;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * Which usage-limit policies answer from their arguments alone, so that a dispatch cycle with the
 * same saturation as the last gives the same ceilings and need not call them again. Decided from the
 * class, never from anything the policy says of itself (candidate code is untrusted): a class of its
 * own (no superclass but {@code Object}, no nested classes) whose instance fields are all final and
 * of a primitive type or {@code String}, with no static field that is not a final primitive or
 * {@code String} constant. A policy that counts cycles, smooths the saturation or holds any object
 * (a wrapper holding its delegate, an instrumented candidate holding its budget) is not stateless,
 * and sees every cycle the router would run.
 */
public final class StatelessPolicies {
    private StatelessPolicies() {
    }

    /** Whether {@code policy} is stateless; false for null (a run without flow control has no policy). */
    public static boolean isStateless(UsageLimitPolicy policy) {
        if (policy == null) {
            return false;
        }
        Class<?> c = policy.getClass();
        if (c.getSuperclass() != Object.class || c.getDeclaredClasses().length > 0 || c.isAnonymousClass() || c.isSynthetic()) {
            return false;
        }
        for (Field f : c.getDeclaredFields()) {
            int m = f.getModifiers();
            Class<?> t = f.getType();
            boolean value = t.isPrimitive() || t == String.class;
            if (!Modifier.isFinal(m) || !value) {
                return false;
            }
        }
        return true;
    }
}
