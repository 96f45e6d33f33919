package io.nous.evaluator.study;

import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.Regime;
import io.nous.evaluator.scenario.Split;
import io.nous.evaluator.scenario.Variant;
import io.nous.sim.epp.RouterRelease;
import java.util.ArrayList;
import java.util.List;

/**
 * A real A/B result as a table Nous can check itself against: the deployment it ran on, the
 * baseline and treatment policies, the metric, and per load point what was published (absolute
 * values, a relative change, or only a direction). The unknowns are the deployment facts the study
 * does not state, each with settings whose values cite where they come from; a fidelity check runs
 * every point under each setting and under the declared combinations.
 *
 * @param metric     a per-class latency quantile Nous reports for every scenario, e.g. {@code critical_ttft_p99}
 * @param tolerance  how close a reproduction must come
 * @param origin     the file or resource it was read from, for messages
 */
public record Study(String name, String title, String source, Deployment deployment, String baseline, String treatment,
                    String metric, int seeds, double durationSeconds, Tolerance tolerance, List<Point> points,
                    List<Unknown> unknowns, List<Setting> combinations, String origin) {

    public Study {
        points = List.copyOf(points);
        unknowns = List.copyOf(unknowns);
        combinations = List.copyOf(combinations);
    }

    /**
     * What the study ran on, as it states it (for people), and the router release whose behaviour
     * the simulation follows.
     */
    public record Deployment(String hardware, String model, String engine, String routerVersion, RouterRelease router) {
    }

    /**
     * How close counts as reproduced: a relative change within {@code changePoints} percentage points
     * (and in the published direction), an absolute value within a factor {@code ratio}.
     */
    public record Tolerance(double changePoints, double ratio) {
        public static final Tolerance DEFAULT = new Tolerance(15, 1.5);
    }

    /**
     * One load point and what the study published for it. Any of the figures may be absent; the
     * expectation is always there (from the change's sign when the file gives a change).
     *
     * @param baselineSeconds  the baseline's metric, or null
     * @param treatmentSeconds the treatment's metric, or null
     * @param change           (treatment - baseline) / baseline, or null
     * @param note             where the figures come from, or what the study says about the point
     */
    public record Point(String workload, double qps, Integer pods, Double baselineSeconds, Double treatmentSeconds, Double change,
                        Expectation expect, String note) {

        public String label() {
            String q = qps == Math.rint(qps) ? String.valueOf((long) qps) : String.valueOf(qps);
            return workload + "@" + q + (pods == null ? "" : "/" + pods + "pods");
        }

        /** The point as a scenario of the matrix the check runs (held out: nothing is tuned on it). */
        public MatrixEntry entry() {
            return new MatrixEntry(workload, qps, null, pods, Split.TEST, expect == Expectation.NEUTRAL ? Regime.UNDER : Regime.NEAR);
        }

        /** The change the published absolutes imply, or the published change. */
        public Double publishedChange() {
            if (change != null) {
                return change;
            }
            return baselineSeconds != null && treatmentSeconds != null ? (treatmentSeconds - baselineSeconds) / baselineSeconds : null;
        }
    }

    /** A deployment fact the study leaves open, and the settings that span what it could be. */
    public record Unknown(String name, String about, List<Setting> settings) {
        public Unknown {
            settings = List.copyOf(settings);
        }
    }

    /**
     * One value of an unknown (or a combination of values of several), as the simulator variant that
     * applies it.
     *
     * @param unknown the unknown it sets, or {@code combination}, or {@code nominal} for the shipped defaults
     * @param source  where the value comes from
     * @param guess   whether no source bounds it: it is named as a guess
     */
    public record Setting(String name, String unknown, Variant variant, String source, boolean guess) {
    }

    /** Every setting a check runs, in order: the shipped defaults, each unknown's settings, the combinations. */
    public List<Setting> settings() {
        List<Setting> out = new ArrayList<>();
        out.add(new Setting("nominal", "nominal", Variant.NOMINAL, "the simulator's shipped defaults", false));
        unknowns.forEach(u -> out.addAll(u.settings()));
        out.addAll(combinations);
        return out;
    }

    /** The same study on {@code n} seeds. */
    public Study withSeeds(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("seeds must be at least 1, got " + n);
        }
        return new Study(name, title, source, deployment, baseline, treatment, metric, n, durationSeconds, tolerance, points, unknowns,
                combinations, origin);
    }

    /** The same study with runs of {@code seconds} of arrivals (a setting that sets its own keeps it). */
    public Study withDuration(double seconds) {
        if (!(seconds > 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("duration must be a positive number of seconds, got " + seconds);
        }
        return new Study(name, title, source, deployment, baseline, treatment, metric, seeds, seconds, tolerance, points, unknowns,
                combinations, origin);
    }

    /** The same study with only the named settings (the shipped defaults always stay). */
    public Study withSettings(List<String> keep) {
        java.util.Set<String> known = new java.util.LinkedHashSet<>();
        settings().forEach(s -> known.add(s.name()));
        for (String k : keep) {
            if (!known.contains(k)) {
                throw new IllegalArgumentException("study " + name + " has no setting '" + k + "'; it has: " + String.join(", ", known));
            }
        }
        List<Unknown> us = new ArrayList<>();
        for (Unknown u : unknowns) {
            List<Setting> kept = u.settings().stream().filter(s -> keep.contains(s.name())).toList();
            if (!kept.isEmpty()) {
                us.add(new Unknown(u.name(), u.about(), kept));
            }
        }
        List<Setting> cs = combinations.stream().filter(s -> keep.contains(s.name())).toList();
        return new Study(name, title, source, deployment, baseline, treatment, metric, seeds, durationSeconds, tolerance, points, us, cs,
                origin);
    }

    /** The same study with only the points of these labels (e.g. {@code code-generation@16}), in the study's order. */
    public Study withPoints(List<String> labels) {
        List<String> known = points.stream().map(Point::label).toList();
        for (String l : labels) {
            if (!known.contains(l)) {
                throw new IllegalArgumentException("study " + name + " has no point '" + l + "'; it has: " + String.join(", ", known));
            }
        }
        List<Point> kept = points.stream().filter(p -> labels.contains(p.label())).toList();
        return new Study(name, title, source, deployment, baseline, treatment, metric, seeds, durationSeconds, tolerance, kept, unknowns,
                combinations, origin);
    }
}
