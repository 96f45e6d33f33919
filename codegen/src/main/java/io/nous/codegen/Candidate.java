package io.nous.codegen;

import io.nous.codegen.guard.Budget;
import io.nous.codegen.guard.BudgetExceeded;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.guard.CostLimit;
import io.nous.codegen.guard.Faults;
import io.nous.codegen.plug.PlugPoints;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.RoutingScorer;
import io.nous.sim.spi.UsageLimitPolicy;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * A verified, compiled candidate policy. Every instance it hands out is fresh (a policy may keep
 * a dispatch counter) and guarded.
 */
public final class Candidate {
    private final String name;
    private final PlugPoint<?> kind;
    private final Class<?> policyClass;
    private final String canonicalHash;
    private final java.util.Map<java.util.List<Class<?>>, MethodHandle> constructors = new java.util.concurrent.ConcurrentHashMap<>();

    private final boolean threadBudget;

    private final Contract contract;

    Candidate(String name, PlugPoint<?> kind, Class<?> policyClass, String canonicalHash, boolean threadBudget, Contract contract) {
        this.contract = contract;
        this.threadBudget = threadBudget;
        this.name = name;
        this.kind = kind;
        this.policyClass = policyClass;
        this.canonicalHash = canonicalHash;
    }

    public String name() {
        return name;
    }

    public PlugPoint<?> kind() {
        return kind;
    }

    public String canonicalHash() {
        return canonicalHash;
    }

    /** A fresh guarded instance of this candidate's plug point, built with its no-argument constructor. */
    public <S> S newInstance(PlugPoint<S> point) {
        return newInstance(point, CostLimit.DEFAULT, new Class<?>[0]);
    }

    /**
     * A fresh guarded instance whose average work is bounded by {@code limit} instead of the
     * simulator's limit (the per-call bound stays): for an audit that asks it far more than a
     * simulation does, such as the export's equivalence proof.
     */
    public <S> S newInstance(PlugPoint<S> point, CostLimit limit) {
        return newInstance(point, limit, new Class<?>[0]);
    }

    /** A fresh guarded instance built with the constructor of these parameter types. */
    public <S> S newInstance(PlugPoint<S> point, CostLimit limit, Class<?>[] parameterTypes, Object... args) {
        if (kind != point) {
            throw new IllegalStateException(name + " is " + kind.noun() + ", not " + point.noun());
        }
        Budget budget = budget(limit);
        return PlugPoints.of(point).guard(point.cast(instantiate(budget, parameterTypes, args)), name, budget, threadBudget);
    }

    /** A fresh guarded usage-limit policy ({@link #newInstance(PlugPoint)}). */
    public UsageLimitPolicy newUsageLimitPolicy() {
        return newInstance(PlugPoint.USAGE_LIMIT);
    }

    /** A fresh guarded usage-limit policy built with the constructor of these parameter types. */
    public UsageLimitPolicy newUsageLimitPolicy(Class<?>[] parameterTypes, Object... args) {
        return newInstance(PlugPoint.USAGE_LIMIT, CostLimit.DEFAULT, parameterTypes, args);
    }

    /** A fresh guarded usage-limit policy under an audit's work limit ({@link #newInstance(PlugPoint, CostLimit)}). */
    public UsageLimitPolicy newUsageLimitPolicy(CostLimit limit) {
        return newInstance(PlugPoint.USAGE_LIMIT, limit);
    }

    /** A fresh guarded admission policy. */
    public AdmissionPolicy newAdmissionPolicy() {
        return newInstance(PlugPoint.ADMISSION);
    }

    /** A fresh guarded admission policy built with the constructor of these parameter types. */
    public AdmissionPolicy newAdmissionPolicy(Class<?>[] parameterTypes, Object... args) {
        return newInstance(PlugPoint.ADMISSION, CostLimit.DEFAULT, parameterTypes, args);
    }

    /** A fresh guarded admission policy under an audit's work limit. */
    public AdmissionPolicy newAdmissionPolicy(CostLimit limit) {
        return newInstance(PlugPoint.ADMISSION, limit);
    }

    /** A fresh guarded routing scorer. */
    public RoutingScorer newRoutingScorer() {
        return newInstance(PlugPoint.ROUTING);
    }

    /** A fresh guarded routing scorer under an audit's work limit. */
    public RoutingScorer newRoutingScorer(CostLimit limit) {
        return newInstance(PlugPoint.ROUTING, limit);
    }

    /**
     * A fresh budget. Under the router's contract a policy keeps no state but a counter, so it
     * cannot retain memory between calls and only its work and per-call allocation are bounded;
     * a simulation-only policy may keep arrays, so its allocation over its life is bounded too.
     */
    private Budget budget(CostLimit limit) {
        return new Budget(Budget.DEFAULT_UNITS, Budget.DEFAULT_DEPTH, limit,
                contract == Contract.ROUTER ? Long.MAX_VALUE : Budget.MAX_LIFETIME_ALLOCATED);
    }

    /** The contract this candidate was checked under. */
    public Contract contract() {
        return contract;
    }

    /**
     * Runs the constructor (and field initializers) under {@code budget}, which the new instance
     * keeps as its own (the instrumented budget field takes the thread's binding). Through a method
     * handle, not {@code Constructor.newInstance}: after a few calls core reflection generates an
     * accessor class inside the candidate's class loader, which the sandbox (rightly) cannot link.
     */
    private Object instantiate(Budget budget, Class<?>[] parameterTypes, Object[] args) {
        MethodHandle ctor;
        try {
            ctor = constructors.computeIfAbsent(java.util.List.of(parameterTypes), k -> {
                try {
                    return MethodHandles.privateLookupIn(policyClass, MethodHandles.lookup())
                            .findConstructor(policyClass, MethodType.methodType(void.class, parameterTypes));
                } catch (ReflectiveOperationException e) {
                    Throwable root = e;
                    while (root.getCause() != null) {
                        root = root.getCause();
                    }
                    if (root instanceof VerifyError v) {
                        // Janino 3.1.12 emits invalid bytecode for a few legal expressions, e.g. false ? d : 7 (a constant
                        // condition with branches of different types): the JVM refuses the class when it is first used
                        throw new CandidateFault("candidate '" + name + "' cannot be loaded: the in-memory compiler produced code the JVM "
                                + "rejects (" + v.getMessage().lines().findFirst().orElse("VerifyError") + "); write that method's "
                                + "conditional expressions with a condition that is not constant and branches of one type");
                    }
                    throw new CandidateFault("candidate '" + name + "' cannot be created: it has no constructor taking "
                            + java.util.Arrays.toString(parameterTypes));
                }
            });
        } catch (CandidateFault f) {
            throw f;
        }
        Budget previous = Budget.bind(budget);
        try {
            return ctor.invokeWithArguments(args);
        } catch (CandidateFault e) {
            throw e;
        } catch (Throwable e) {
            if (e instanceof Error err && !(e instanceof BudgetExceeded) && !(e instanceof StackOverflowError)
                    && !(e instanceof OutOfMemoryError) && !(e instanceof LinkageError)) {
                throw err;
            }
            throw new CandidateFault("candidate '" + name + "' failed while being created: it " + Faults.describe(e));
        } finally {
            Budget.bind(previous);
        }
    }
}
