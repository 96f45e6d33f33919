package io.nous.codegen.plug;

import io.nous.sim.spi.PlugPoint;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The registry of plug points Nous can verify, simulate, search and export: the built-in ones,
 * then every {@link PlugPointDescriptor} listed in {@code META-INF/services/io.nous.codegen.plug.PlugPointDescriptor}
 * on the class path (one line registers a new plug point). Stages look a candidate's plug point up
 * here instead of switching over plug points.
 */
public final class PlugPoints {
    private static final PlugPoints REGISTRY = load();

    private final Map<PlugPoint<?>, PlugPointDescriptor<?>> byPoint;
    private final Map<String, PlugPointDescriptor<?>> byId;

    private PlugPoints(List<PlugPointDescriptor<?>> descriptors) {
        Map<PlugPoint<?>, PlugPointDescriptor<?>> points = new LinkedHashMap<>();
        Map<String, PlugPointDescriptor<?>> ids = new LinkedHashMap<>();
        for (PlugPointDescriptor<?> d : descriptors) {
            PlugPointDescriptor<?> taken = ids.putIfAbsent(d.point().id(), d);
            if (taken != null) {
                throw new IllegalStateException("plug point id '" + d.point().id() + "' is registered twice: by "
                        + taken.getClass().getName() + " and " + d.getClass().getName());
            }
            for (PlugPointDescriptor<?> other : points.values()) {
                if (other.point().spi().getSimpleName().equals(d.point().spi().getSimpleName())) {
                    throw new IllegalStateException("plug points " + other.point() + " and " + d.point() + " both name their interface "
                            + d.point().spi().getSimpleName() + "; a candidate's 'implements' could not tell them apart");
                }
            }
            points.put(d.point(), d);
        }
        this.byPoint = Collections.unmodifiableMap(points);
        this.byId = Collections.unmodifiableMap(ids);
    }

    private static PlugPoints load() {
        List<PlugPointDescriptor<?>> all = new ArrayList<>(List.of(new UsageLimitPlugPoint(), new AdmissionPlugPoint(), new RoutingPlugPoint(),
                new SaturationPlugPoint(), new OrderingPlugPoint(), new FairnessPlugPoint(), new EvictionPlugPoint(),
                new ScalingPlugPoint(), new DeciderPlugPoint()));
        List<PlugPointDescriptor<?>> added = new ArrayList<>();
        for (PlugPointDescriptor<?> d : ServiceLoader.load(PlugPointDescriptor.class, PlugPoints.class.getClassLoader())) {
            added.add(d);
        }
        added.sort((a, b) -> a.point().id().compareTo(b.point().id()));
        all.addAll(added);
        return new PlugPoints(all);
    }

    /** Every registered descriptor: the built-in ones first, then the added ones by id. */
    public static List<PlugPointDescriptor<?>> all() {
        return List.copyOf(REGISTRY.byPoint.values());
    }

    /** The descriptor of a plug point; refused for one that is not registered. */
    @SuppressWarnings("unchecked")
    public static <S> PlugPointDescriptor<S> of(PlugPoint<S> point) {
        PlugPointDescriptor<?> d = REGISTRY.byPoint.get(point);
        if (d == null) {
            throw new IllegalArgumentException("plug point '" + point + "' is not registered; known: " + String.join(", ", REGISTRY.byId.keySet()));
        }
        return (PlugPointDescriptor<S>) d;
    }

    /** The plug point whose interface has this simple or fully qualified name, or null. */
    public static PlugPoint<?> byInterfaceName(String name) {
        for (PlugPointDescriptor<?> d : REGISTRY.byPoint.values()) {
            if (d.point().namedBy(name)) {
                return d.point();
            }
        }
        return null;
    }

    /** The plug point with this id ({@code usage-limit}), or null. */
    public static PlugPoint<?> byId(String id) {
        PlugPointDescriptor<?> d = REGISTRY.byId.get(id);
        return d == null ? null : d.point();
    }

    /** The interfaces' simple names, for messages: "A, B or C". */
    public static String interfaceNames(String conjunction) {
        List<String> names = REGISTRY.byPoint.keySet().stream().map(p -> p.spi().getSimpleName()).toList();
        if (names.size() == 1) {
            return names.get(0);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " " + conjunction + " " + names.get(names.size() - 1);
    }
}
