package io.nous.export;

import io.nous.codegen.Candidate;
import io.nous.sim.spi.PlugPoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The registry of {@link PlugPointView}s: the built-in plug points' views, then those listed in
 * {@code META-INF/services/io.nous.export.PlugPointView}. A plug point with none is shown by
 * {@link #generic}: its source and entry method, no table.
 */
public final class PlugPointViews {
    private static final Map<PlugPoint<?>, PlugPointView> VIEWS = load();

    private PlugPointViews() {
    }

    private static Map<PlugPoint<?>, PlugPointView> load() {
        List<PlugPointView> all = new ArrayList<>(List.of(new UsageLimitView(), new AdmissionView(), new RoutingView(),
                new SaturationView(), new OrderingView(), new EvictionView(), new FairnessView(), new DeciderView(), new ScalingView()));
        ServiceLoader.load(PlugPointView.class, PlugPointViews.class.getClassLoader()).forEach(all::add);
        Map<PlugPoint<?>, PlugPointView> views = new LinkedHashMap<>();
        for (PlugPointView v : all) {
            if (views.putIfAbsent(v.point(), v) != null) {
                throw new IllegalStateException("plug point " + v.point() + " has two views: " + views.get(v.point()).getClass().getName()
                        + " and " + v.getClass().getName());
            }
        }
        return Map.copyOf(views);
    }

    /** The view of a plug point: its own, or the generic one. */
    public static PlugPointView of(PlugPoint<?> point) {
        PlugPointView v = VIEWS.get(point);
        return v != null ? v : generic(point);
    }

    /** The view of a plug point nobody wrote a view for: words from the plug point, no behaviour table. */
    public static PlugPointView generic(PlugPoint<?> point) {
        return new PlugPointView() {
            @Override
            public PlugPoint<?> point() {
                return point;
            }

            @Override
            public void reviewTable(StringBuilder sb, PolicyPart part) {
                sb.append("It implements `").append(point.spi().getSimpleName()).append("` (upstream: `").append(point.routerMethod())
                        .append("`); its source is below.\n");
            }

            @Override
            public void reportFigure(StringBuilder sb, PolicyPart part, double[] saturations) {
                sb.append("<p>").append(point.noun()).append(": the router's <code>").append(point.routerMethod()).append("</code>.</p>\n");
            }

            @Override
            public List<String> risks(PolicyPart part, String which) {
                return List.of(which + "It replaces the router's " + point.routerMethod() + " for every request it sees; canary it.");
            }

            @Override
            public String half() {
                return point.id();
            }

            @Override
            public void runbook(StringBuilder sb, String pluginType, PolicyPart part, String upstreamType) {
                sb.append("## Roll back\n\n1. In the EndpointPickerConfig, replace `").append(pluginType).append("` with `").append(upstreamType)
                        .append("`.\n2. Roll the EPP Deployment.\n");
            }

            @Override
            public Optional<UpstreamMatch.Match> upstreamMatch(Candidate candidate) {
                return Optional.empty();
            }

            @Override
            public String configureInstead(UpstreamMatch.Match m) {
                return "configure that plugin (" + m.pluginType() + ")";
            }

            @Override
            public String exportedAs() {
                return point.noun() + " ";
            }

            @Override
            public String fingerprintInputs() {
                return "the inputs its descriptor probes";
            }

            @Override
            public String exercisedOn() {
                return "its plug point's input grid";
            }
        };
    }
}
