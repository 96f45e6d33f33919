package io.nous.evaluator.study;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import io.nous.evaluator.objective.StandardMetrics;
import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.MatrixException;
import io.nous.evaluator.scenario.VariantSpec;
import io.nous.sim.config.StrictYaml;
import io.nous.sim.epp.RouterRelease;
import io.nous.sim.workload.WorkloadCatalog;
import io.nous.sim.workload.WorkloadException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a study file (YAML; docs/fidelity.md describes it) or a shipped study by name, checking
 * every field: a bad file gets one message naming the file and the field, never a half-read study.
 */
public final class StudyReader {
    /** The studies shipped with Nous, by name. */
    public static final List<String> BUILT_IN = List.of("soft-reflective-2xh100");

    private static final ObjectMapper FIELDS = new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    private StudyReader() {
    }

    private record DeploymentShape(String hardware, String model, String engine, String routerVersion) {
    }

    private record ArmShape(String policy) {
    }

    private record ToleranceShape(Double changePoints, Double ratio) {
    }

    private record PointShape(String workload, Double qps, Integer pods, Double baseline, Double treatment, Double change, String expect,
                              String note) {
    }

    private record SettingShape(String name, String source, Boolean guess, VariantSpec set) {
    }

    private record UnknownShape(String name, String about, List<SettingShape> settings) {
    }

    private record CombinationShape(String name, String source, List<String> of) {
    }

    private record FileShape(String name, String title, String source, DeploymentShape deployment, ArmShape baseline, ArmShape treatment,
                             String metric, Integer seeds, Double durationSeconds, ToleranceShape tolerance, List<PointShape> points,
                             List<UnknownShape> unknowns, List<CombinationShape> combinations) {
    }

    /** A shipped study by name, or a YAML file by path. */
    public static Study load(String nameOrFile) {
        if (nameOrFile.endsWith(".yaml") || nameOrFile.endsWith(".yml") || nameOrFile.contains("/")) {
            Path p = Path.of(nameOrFile);
            try (InputStream in = Files.newInputStream(p)) {
                return parse(in, p.toString());
            } catch (IOException e) {
                throw new StudyException("cannot read study file " + p + ": " + e.getMessage(), e);
            }
        }
        String resource = "/io/nous/evaluator/studies/" + nameOrFile + ".yaml";
        try (InputStream in = StudyReader.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new StudyException("unknown study '" + nameOrFile + "'; shipped: " + String.join(", ", BUILT_IN)
                        + " (or give a .yaml file)", null);
            }
            return parse(in, nameOrFile);
        } catch (IOException e) {
            throw new StudyException("cannot read " + resource + ": " + e.getMessage(), e);
        }
    }

    /** The study in {@code in}; {@code origin} names it in messages. */
    public static Study parse(InputStream in, String origin) {
        FileShape f = StrictYaml.read(in, origin, FileShape.class, StudyException::new);
        String name = required(f.name(), origin + ": name");
        String source = required(f.source(), origin + ": source (where the figures were published)");
        if (f.deployment() == null) {
            throw new StudyException(origin + ": deployment is required (hardware, model, engine, router_version)", null);
        }
        RouterRelease router;
        try {
            router = f.deployment().routerVersion() == null ? RouterRelease.DEFAULT : RouterRelease.byName(f.deployment().routerVersion());
        } catch (IllegalArgumentException e) {
            throw new StudyException(origin + ": deployment.router_version: " + e.getMessage(), e);
        }
        Study.Deployment deployment = new Study.Deployment(f.deployment().hardware(), f.deployment().model(), f.deployment().engine(),
                f.deployment().routerVersion(), router);
        String baseline = required(f.baseline() == null ? null : f.baseline().policy(), origin + ": baseline.policy");
        String treatment = required(f.treatment() == null ? null : f.treatment().policy(), origin + ": treatment.policy");
        String metric = f.metric() == null ? StandardMetrics.CRITICAL_TTFT_P99 : f.metric();
        if (!StandardMetrics.LATENCIES.contains(metric)) {
            throw new StudyException(origin + ": metric must be one of " + String.join(", ", StandardMetrics.LATENCIES) + ", got '"
                    + metric + "'", null);
        }
        int seeds = f.seeds() == null ? 3 : f.seeds();
        if (seeds < 1) {
            throw new StudyException(origin + ": seeds must be >= 1, got " + seeds, null);
        }
        double duration = f.durationSeconds() == null ? 600 : f.durationSeconds();
        if (!(duration > 0) || Double.isInfinite(duration)) {
            throw new StudyException(origin + ": duration_seconds must be a positive number, got " + duration, null);
        }
        Study.Tolerance tolerance = tolerance(f.tolerance(), origin);
        List<Study.Point> points = points(f.points(), origin, duration);
        MatrixEntry sample = points.get(0).entry();
        Map<String, VariantSpec> specs = new LinkedHashMap<>();
        List<Study.Unknown> unknowns = new ArrayList<>();
        Set<String> unknownNames = new HashSet<>();
        List<UnknownShape> us = f.unknowns() == null ? List.of() : f.unknowns();
        for (int i = 0; i < us.size(); i++) {
            UnknownShape u = us.get(i);
            String where = origin + ": unknowns[" + i + "]";
            if (u == null) {
                throw new StudyException(where + " is empty", null);
            }
            String un = required(u.name(), where + ".name");
            if (!unknownNames.add(un)) {
                throw new StudyException(where + ": unknown " + un + " appears twice", null);
            }
            if (u.settings() == null || u.settings().isEmpty()) {
                throw new StudyException(where + " (" + un + "): needs at least one setting", null);
            }
            List<Study.Setting> settings = new ArrayList<>();
            for (int j = 0; j < u.settings().size(); j++) {
                SettingShape s = u.settings().get(j);
                String sw = where + ".settings[" + j + "]";
                if (s == null || s.set() == null) {
                    throw new StudyException(sw + ".set is required: the simulator settings this value means", null);
                }
                String sn = required(s.name(), sw + ".name");
                if (specs.containsKey(sn) || sn.equals("nominal")) {
                    throw new StudyException(sw + ": setting " + sn + " appears twice (or is named nominal, which is the shipped defaults)", null);
                }
                boolean guess = Boolean.TRUE.equals(s.guess());
                if (s.source() == null && !guess) {
                    throw new StudyException(sw + " (" + sn + "): a source is required, or 'guess: true' to name the value a guess", null);
                }
                VariantSpec spec = named(s.set(), sn);
                specs.put(sn, spec);
                settings.add(new Study.Setting(sn, un, variant(spec, sw + ".set", sample, router), s.source(), guess));
            }
            unknowns.add(new Study.Unknown(un, u.about(), settings));
        }
        List<Study.Setting> combinations = combinations(f.combinations(), origin, specs, unknowns, sample, router);
        return new Study(name, f.title() == null ? name : f.title(), source, deployment, baseline, treatment, metric, seeds, duration,
                tolerance, points, unknowns, combinations, origin);
    }

    private static Study.Tolerance tolerance(ToleranceShape t, String origin) {
        if (t == null) {
            return Study.Tolerance.DEFAULT;
        }
        double pp = t.changePoints() == null ? Study.Tolerance.DEFAULT.changePoints() : t.changePoints();
        double ratio = t.ratio() == null ? Study.Tolerance.DEFAULT.ratio() : t.ratio();
        if (!(pp > 0) || !(ratio > 1) || Double.isInfinite(pp) || Double.isInfinite(ratio)) {
            throw new StudyException(origin + ": tolerance needs change_points > 0 and ratio > 1, got " + pp + " and " + ratio, null);
        }
        return new Study.Tolerance(pp, ratio);
    }

    private static List<Study.Point> points(List<PointShape> shapes, String origin, double duration) {
        if (shapes == null || shapes.isEmpty()) {
            throw new StudyException(origin + ": no 'points'", null);
        }
        List<Study.Point> out = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (int i = 0; i < shapes.size(); i++) {
            PointShape p = shapes.get(i);
            String where = origin + ": points[" + i + "]";
            if (p == null) {
                throw new StudyException(where + " is empty", null);
            }
            String w = required(p.workload(), where + ".workload");
            try {
                WorkloadCatalog.builtin().workload(w);
            } catch (WorkloadException e) {
                throw new StudyException(where + ".workload: " + e.getMessage(), e);
            }
            if (p.qps() == null || !(p.qps() > 0) || p.qps().isInfinite()) {
                throw new StudyException(where + ".qps must be a positive number", null);
            }
            String tooMany = io.nous.sim.Scenario.arrivalsProblem(p.qps(), duration);
            if (tooMany != null) {
                throw new StudyException(where + ".qps: " + tooMany, null);
            }
            if (p.pods() != null && p.pods() < 1) {
                throw new StudyException(where + ".pods must be >= 1", null);
            }
            positive(where + ".baseline", p.baseline());
            positive(where + ".treatment", p.treatment());
            if (p.change() != null && !(p.change() > -1) || p.change() != null && p.change().isInfinite()) {
                throw new StudyException(where + ".change must be a fraction above -1 (e.g. -0.967 for -96.7 %), got " + p.change(), null);
            }
            Double implied = p.baseline() != null && p.treatment() != null ? (p.treatment() - p.baseline()) / p.baseline() : null;
            if (implied != null && p.change() != null && Math.signum(implied) != Math.signum(p.change())) {
                // publications round and summarise (a headline change may come from other runs than the absolutes):
                // each figure is judged as published, but they must at least agree on the direction
                throw new StudyException(where + ": change " + p.change() + " and baseline " + p.baseline() + " -> treatment "
                        + p.treatment() + " point in opposite directions", null);
            }
            Double change = p.change() != null ? p.change() : implied;
            Expectation expect;
            if (p.expect() != null) {
                try {
                    expect = Expectation.byId(p.expect());
                } catch (IllegalArgumentException e) {
                    throw new StudyException(where + ".expect: " + e.getMessage(), e);
                }
                if (change != null && (expect == Expectation.BETTER && change >= 0 || expect == Expectation.WORSE && change <= 0)) {
                    throw new StudyException(where + ": expect " + expect.id() + " contradicts the change " + change, null);
                }
            } else if (change != null) {
                expect = change < 0 ? Expectation.BETTER : change > 0 ? Expectation.WORSE : Expectation.NEUTRAL;
            } else {
                throw new StudyException(where + ": give the published figures (baseline, treatment, change) or at least 'expect'", null);
            }
            Study.Point point = new Study.Point(w, p.qps(), p.pods(), p.baseline(), p.treatment(), p.change(), expect, p.note());
            if (!labels.add(point.label())) {
                throw new StudyException(where + ": point " + point.label() + " appears twice", null);
            }
            out.add(point);
        }
        return out;
    }

    private static List<Study.Setting> combinations(List<CombinationShape> shapes, String origin, Map<String, VariantSpec> specs,
                                                    List<Study.Unknown> unknowns, MatrixEntry sample, RouterRelease router) {
        List<Study.Setting> out = new ArrayList<>();
        if (shapes == null) {
            return out;
        }
        Map<String, String> unknownOf = new LinkedHashMap<>();
        unknowns.forEach(u -> u.settings().forEach(s -> unknownOf.put(s.name(), u.name())));
        Set<String> names = new HashSet<>(specs.keySet());
        for (int i = 0; i < shapes.size(); i++) {
            CombinationShape c = shapes.get(i);
            String where = origin + ": combinations[" + i + "]";
            if (c == null || c.of() == null || c.of().size() < 2) {
                throw new StudyException(where + ".of must name at least two settings", null);
            }
            Map<String, Object> merged = new LinkedHashMap<>();
            Set<String> seen = new HashSet<>();
            for (String part : c.of()) {
                VariantSpec spec = specs.get(part);
                if (spec == null) {
                    throw new StudyException(where + ".of: no setting '" + part + "'; settings: " + String.join(", ", specs.keySet()), null);
                }
                if (!seen.add(unknownOf.get(part))) {
                    throw new StudyException(where + ".of: two settings of the same unknown (" + unknownOf.get(part) + ") cannot both hold", null);
                }
                Map<String, Object> fields = FIELDS.convertValue(spec, FIELDS.getTypeFactory().constructMapType(Map.class, String.class,
                        Object.class));
                fields.remove("name");
                for (Map.Entry<String, Object> e : fields.entrySet()) {
                    Object before = merged.putIfAbsent(e.getKey(), e.getValue());
                    if (before != null && !before.equals(e.getValue())) {
                        throw new StudyException(where + ".of: " + part + " sets " + e.getKey() + " to " + e.getValue()
                                + " where an earlier setting set " + before, null);
                    }
                }
            }
            String name = c.name() == null ? String.join("+", c.of()) : c.name();
            if (!names.add(name)) {
                throw new StudyException(where + ": setting " + name + " appears twice", null);
            }
            merged.put("name", name);
            VariantSpec spec = FIELDS.convertValue(merged, VariantSpec.class);
            String source = c.source() != null ? c.source() : "the sources of " + String.join(", ", c.of());
            out.add(new Study.Setting(name, "combination", variant(spec, where, sample, router), source, false));
        }
        return out;
    }

    private static VariantSpec named(VariantSpec s, String name) {
        Map<String, Object> fields = FIELDS.convertValue(s, FIELDS.getTypeFactory().constructMapType(Map.class, String.class, Object.class));
        fields.put("name", name);
        return FIELDS.convertValue(fields, VariantSpec.class);
    }

    private static io.nous.evaluator.scenario.Variant variant(VariantSpec spec, String where, MatrixEntry sample, RouterRelease router) {
        try {
            return VariantSpec.toVariant(spec, where, sample, router);
        } catch (MatrixException e) {
            throw new StudyException(e.getMessage(), e);
        }
    }

    private static String required(String v, String where) {
        if (v == null || v.isBlank()) {
            throw new StudyException(where + " is required", null);
        }
        return v;
    }

    private static void positive(String where, Double v) {
        if (v != null && !(v > 0 && v < Double.POSITIVE_INFINITY)) {
            throw new StudyException(where + " must be a positive number of seconds, got " + v, null);
        }
    }
}
