package io.nous.codegen;

import io.nous.codegen.guard.Budget;
import io.nous.codegen.guard.BudgetExceeded;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.guard.GuardedAdmissionPolicy;
import io.nous.codegen.guard.GuardedUsageLimitPolicy;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.UsageLimitPolicy;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;

/**
 * A verified, compiled candidate policy. Every instance it hands out is fresh (a policy may keep
 * a dispatch counter) and guarded.
 */
public final class Candidate {
    private final String name;
    private final CandidateKind kind;
    private final Class<?> policyClass;
    private final String canonicalHash;

    Candidate(String name, CandidateKind kind, Class<?> policyClass, String canonicalHash) {
        this.name = name;
        this.kind = kind;
        this.policyClass = policyClass;
        this.canonicalHash = canonicalHash;
    }

    public String name() {
        return name;
    }

    public CandidateKind kind() {
        return kind;
    }

    public String canonicalHash() {
        return canonicalHash;
    }

    /** A fresh guarded instance of a usage-limit candidate, built with its no-argument constructor. */
    public UsageLimitPolicy newUsageLimitPolicy() {
        return newUsageLimitPolicy(new Class<?>[0]);
    }

    /** A fresh guarded instance of a usage-limit candidate, built with the constructor of these parameter types. */
    public UsageLimitPolicy newUsageLimitPolicy(Class<?>[] parameterTypes, Object... args) {
        if (kind != CandidateKind.USAGE_LIMIT) {
            throw new IllegalStateException(name + " is an admission policy, not a usage-limit policy");
        }
        return new GuardedUsageLimitPolicy((UsageLimitPolicy) instantiate(parameterTypes, args), name, new Budget());
    }

    /** A fresh guarded instance of an admission candidate, built with its no-argument constructor. */
    public AdmissionPolicy newAdmissionPolicy() {
        return newAdmissionPolicy(new Class<?>[0]);
    }

    /** A fresh guarded instance of an admission candidate, built with the constructor of these parameter types. */
    public AdmissionPolicy newAdmissionPolicy(Class<?>[] parameterTypes, Object... args) {
        if (kind != CandidateKind.ADMISSION) {
            throw new IllegalStateException(name + " is a usage-limit policy, not an admission policy");
        }
        return new GuardedAdmissionPolicy((AdmissionPolicy) instantiate(parameterTypes, args), name, new Budget());
    }

    /** Runs the constructor (and field initializers) under a budget of its own. */
    private Object instantiate(Class<?>[] parameterTypes, Object[] args) {
        Budget previous = Budget.bind(new Budget());
        try {
            Constructor<?> c = policyClass.getDeclaredConstructor(parameterTypes);
            c.setAccessible(true);
            return c.newInstance(args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            String what = cause instanceof BudgetExceeded ? cause.getMessage()
                    : cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
            throw new CandidateFault("candidate '" + name + "' failed while being created: " + what);
        } catch (ExceptionInInitializerError | NoClassDefFoundError e) {
            throw new CandidateFault("candidate '" + name + "' failed while being initialized: " + e);
        } catch (ReflectiveOperationException e) {
            throw new CandidateFault("candidate '" + name + "' cannot be created: it has no constructor taking "
                    + java.util.Arrays.toString(parameterTypes));
        } finally {
            Budget.bind(previous);
        }
    }
}
