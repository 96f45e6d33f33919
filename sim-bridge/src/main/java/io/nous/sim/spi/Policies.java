package io.nous.sim.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The policies one simulation runs, keyed by plug point: a usage-limit policy, an admitter, a
 * routing scorer, a saturation detector, or any other registered plug point's policy, each with the
 * name results carry. A plug point without an entry runs the deployment's own (the router's
 * configured plugins). Immutable; {@link #with} returns a new bundle.
 */
public final class Policies {
    private static final Policies NONE = new Policies(Map.of());

    private final Map<PlugPoint<?>, Entry<?>> entries;

    private Policies(Map<PlugPoint<?>, Entry<?>> entries) {
        this.entries = entries;
    }

    /** A policy and the name a result shows for it. */
    public record Entry<S>(S policy, String name) {
        public Entry {
            Objects.requireNonNull(policy, "policy");
        }
    }

    /** No policies: the deployment's own at every plug point. */
    public static Policies none() {
        return NONE;
    }

    /** This bundle with {@code policy} at {@code point} (replacing any there); a null policy removes the entry. */
    public <S> Policies with(PlugPoint<S> point, S policy, String name) {
        Map<PlugPoint<?>, Entry<?>> m = new LinkedHashMap<>(entries);
        if (policy == null) {
            m.remove(point);
        } else {
            m.put(point, new Entry<>(point.cast(policy), name));
        }
        return new Policies(Collections.unmodifiableMap(m));
    }

    /** The policy at {@code point}, or null. */
    public <S> S get(PlugPoint<S> point) {
        Entry<?> e = entries.get(point);
        return e == null ? null : point.cast(e.policy());
    }

    /** The name of the policy at {@code point}, or null. */
    public String name(PlugPoint<?> point) {
        Entry<?> e = entries.get(point);
        return e == null ? null : e.name();
    }

    /** Whether a policy fills {@code point}. */
    public boolean has(PlugPoint<?> point) {
        return entries.containsKey(point);
    }
}
