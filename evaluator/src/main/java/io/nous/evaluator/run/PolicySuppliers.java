package io.nous.evaluator.run;

import io.nous.codegen.plug.PlugPoints;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.Policies;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Where fresh policies come from, by plug point: what a {@link PolicyUnderTest} runs. Each
 * simulation asks for its own instances ({@link #instantiate}), because a policy may keep state
 * between calls.
 */
public final class PolicySuppliers {
    private static final PolicySuppliers NONE = new PolicySuppliers(Map.of());

    private final Map<PlugPoint<?>, Supplier<?>> byPoint;

    private PolicySuppliers(Map<PlugPoint<?>, Supplier<?>> byPoint) {
        this.byPoint = byPoint;
    }

    /** No policies: the deployment's own at every plug point. */
    public static PolicySuppliers none() {
        return NONE;
    }

    /** These suppliers with {@code supplier} at {@code point}; null removes the plug point's. */
    public <S> PolicySuppliers with(PlugPoint<S> point, Supplier<? extends S> supplier) {
        Map<PlugPoint<?>, Supplier<?>> m = new LinkedHashMap<>(byPoint);
        if (supplier == null) {
            m.remove(point);
        } else {
            m.put(point, supplier);
        }
        return new PolicySuppliers(Collections.unmodifiableMap(m));
    }

    /** The supplier at {@code point}, or null. */
    @SuppressWarnings("unchecked")
    public <S> Supplier<S> get(PlugPoint<S> point) {
        return (Supplier<S>) byPoint.get(point);
    }

    /** The plug points these suppliers fill. */
    public java.util.Set<PlugPoint<?>> points() {
        return byPoint.keySet();
    }

    /** Fresh policies from every supplier, each named {@code name} in results. */
    public Policies instantiate(String name) {
        Policies out = Policies.none();
        for (Map.Entry<PlugPoint<?>, Supplier<?>> e : byPoint.entrySet()) {
            out = add(out, e.getKey(), name);
        }
        return out;
    }

    private <S> Policies add(Policies into, PlugPoint<S> point, String name) {
        return PlugPoints.of(point).bind(into, get(point).get(), name);
    }
}
