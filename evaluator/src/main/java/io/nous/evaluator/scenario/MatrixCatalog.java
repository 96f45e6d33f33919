package io.nous.evaluator.scenario;

import io.nous.sim.Scenario;

import io.nous.sim.config.StrictYaml;
import io.nous.sim.epp.RouterRelease;
import io.nous.sim.pod.InferenceSimConfig;
import io.nous.sim.workload.WorkloadCatalog;
import io.nous.sim.workload.spec.WorkloadSpec;
import io.nous.sim.workload.spec.WorkloadSpecReader;
import io.nous.sim.workload.WorkloadException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Reads evaluation matrices: the built-in ones by name, or a user's YAML file of the same shape. */
public final class MatrixCatalog {
    /** The matrices shipped with Nous. */
    public static final List<String> BUILT_IN = List.of("default", "study-2xh100", "admission", "joint", "routing", "ordering", "eviction", "fairness",
            "autoscaling", "pd");

    private MatrixCatalog() {
    }

    private record EntryShape(String workload, String workloadSpec, Double qps, Double arrivalCv, Integer pods, String split,
                              String regime, String engineArgs, Double load, Double diurnal, Integer maxPods, Integer prefillPods) {
    }

    private record FileShape(String name, Integer revision, Integer seeds, Map<String, Integer> splitSeeds, Double durationSeconds, String routerVersion,
                             List<VariantSpec> variants, String promoteWhen, List<EntryShape> scenarios) {
    }

    /** {@code default} (or another built-in name) at its current revision, or a path to a YAML file. */
    public static Matrix load(String nameOrFile) {
        return load(nameOrFile, revision(nameOrFile));
    }

    /**
     * A built-in matrix at one of its revisions (a run replays on the matrix it used; earlier revisions
     * are kept under {@code matrices/archive/}), or a path to a YAML file (the revision is ignored).
     */
    public static Matrix load(String nameOrFile, int revision) {
        if (!isFile(nameOrFile) && revision != revision(nameOrFile)) {
            String resource = "/io/nous/evaluator/matrices/archive/" + nameOrFile + "-r" + revision + ".yaml";
            try (InputStream in = MatrixCatalog.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new MatrixException("matrix '" + nameOrFile + "' has no revision " + revision + " (its current one is "
                            + revision(nameOrFile) + ")", null);
                }
                return parse(in, resource);
            } catch (IOException e) {
                throw new MatrixException("cannot read " + resource + ": " + e.getMessage(), e);
            }
        }
        return loadCurrent(nameOrFile);
    }

    /** The current revision of a built-in matrix (0 when it was never revised); 0 for a file or an unknown name. */
    public static int revision(String nameOrFile) {
        if (isFile(nameOrFile)) {
            return 0;
        }
        try (InputStream in = MatrixCatalog.class.getResourceAsStream("/io/nous/evaluator/matrices/" + nameOrFile + ".yaml")) {
            if (in == null) {
                return 0;
            }
            FileShape f = StrictYaml.read(in, nameOrFile, FileShape.class, MatrixException::new);
            return f.revision() == null ? 0 : f.revision();
        } catch (IOException e) {
            throw new MatrixException("cannot read matrix " + nameOrFile + ": " + e.getMessage(), e);
        }
    }

    private static boolean isFile(String nameOrFile) {
        return nameOrFile.endsWith(".yaml") || nameOrFile.endsWith(".yml") || nameOrFile.contains("/");
    }

    private static Matrix loadCurrent(String nameOrFile) {
        if (isFile(nameOrFile)) {
            Path p = Path.of(nameOrFile);
            try (InputStream in = Files.newInputStream(p)) {
                return parse(in, p.toString(), p);
            } catch (IOException e) {
                throw new MatrixException("cannot read matrix file " + p + ": " + e.getMessage(), e);
            }
        }
        String resource = "/io/nous/evaluator/matrices/" + nameOrFile + ".yaml";
        try (InputStream in = MatrixCatalog.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new MatrixException("unknown matrix '" + nameOrFile + "'; built in: " + String.join(", ", BUILT_IN) + " (or give a .yaml file)", null);
            }
            return parse(in, resource);
        } catch (IOException e) {
            throw new MatrixException("cannot read " + resource + ": " + e.getMessage(), e);
        }
    }

    static Matrix parse(InputStream in, String origin) {
        return parse(in, origin, null);
    }

    /** @param base the matrix file, against which workload_spec paths resolve (null for resources) */
    static Matrix parse(InputStream in, String origin, Path base) {
        FileShape f = StrictYaml.read(in, origin, FileShape.class, MatrixException::new);
        if (f.scenarios() == null || f.scenarios().isEmpty()) {
            throw new MatrixException(origin + ": no 'scenarios'", null);
        }
        int seeds = f.seeds() == null ? 3 : f.seeds();
        double duration = f.durationSeconds() == null ? 600 : f.durationSeconds();
        if (seeds < 1) {
            throw new MatrixException(origin + ": seeds must be >= 1, got " + seeds, null);
        }
        if (!(duration > 0)) {
            throw new MatrixException(origin + ": duration_seconds must be > 0, got " + duration, null);
        }
        List<MatrixEntry> entries = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (int i = 0; i < f.scenarios().size(); i++) {
            EntryShape e = f.scenarios().get(i);
            String where = origin + ": scenarios[" + i + "]";
            if ((e.workload() == null) == (e.workloadSpec() == null)) {
                throw new MatrixException(where + " needs exactly one of workload and workload_spec", null);
            }
            Path spec = null;
            Double qps = e.qps();
            String name = e.workload();
            try {
                if (e.workload() != null) {
                    WorkloadCatalog.builtin().workload(e.workload());
                } else {
                    spec = base == null ? Path.of(e.workloadSpec()) : base.resolveSibling(e.workloadSpec());
                    WorkloadSpec ws = WorkloadSpecReader.read(spec);
                    name = spec.getFileName().toString().replaceAll("\\.ya?ml$", "");
                    qps = qps == null ? ws.aggregateRate() : qps;
                }
            } catch (WorkloadException ex) {
                throw new MatrixException(where + (e.workload() != null ? ".workload: " : ".workload_spec: ") + ex.getMessage(), ex);
            }
            if (qps == null || !(qps > 0) || qps.isInfinite()) {
                throw new MatrixException(where + ".qps must be a positive number", null);
            }
            String tooMany = Scenario.arrivalsProblem(qps, duration);
            if (tooMany != null) {
                throw new MatrixException(where + ".qps: " + tooMany, null);
            }
            if (e.arrivalCv() != null && !(e.arrivalCv() > 0)) {
                throw new MatrixException(where + ".arrival_cv must be > 0", null);
            }
            if (e.pods() != null && e.pods() < 1) {
                throw new MatrixException(where + ".pods must be >= 1", null);
            }
            String engineArgs = e.engineArgs();
            if (engineArgs != null) {
                if (!InferenceSimConfig.PRESET_NAMES.contains(engineArgs) && base != null) {
                    engineArgs = base.resolveSibling(engineArgs).toString();
                }
                try {
                    InferenceSimConfig.byNameOrFile(engineArgs);
                } catch (RuntimeException ex) {
                    throw new MatrixException(where + ".engine_args: " + ex.getMessage(), ex);
                }
            }
            if (e.diurnal() != null && !(e.diurnal() >= 0 && e.diurnal() < 1)) {
                throw new MatrixException(where + ".diurnal is an amplitude in [0, 1), got " + e.diurnal(), null);
            }
            if (e.maxPods() != null && (e.maxPods() < 1 || e.maxPods() > io.nous.sim.pool.AutoscalingConfig.MAX_PODS
                    || e.pods() != null && e.pods() > e.maxPods())) {
                throw new MatrixException(where + ".max_pods must be between the starting pods and "
                        + io.nous.sim.pool.AutoscalingConfig.MAX_PODS + ", got " + e.maxPods(), null);
            }
            if (e.prefillPods() != null && (e.pods() == null || e.prefillPods() < 1 || e.prefillPods() >= e.pods())) {
                throw new MatrixException(where + ".prefill_pods needs pods and must leave a decode pod: 1 <= prefill_pods < pods", null);
            }
            if (e.prefillPods() != null && (e.maxPods() != null || engineArgs != null)) {
                throw new MatrixException(where + ": a disaggregated pool (prefill_pods) is a fixed pool of vLLM-model pods", null);
            }
            if (e.maxPods() != null && engineArgs != null) {
                throw new MatrixException(where + ": an autoscaled pool (max_pods) runs the vLLM model, not engine_args", null);
            }
            MatrixEntry entry = new MatrixEntry(name, qps, e.arrivalCv(), e.pods(),
                    parseEnum(Split.class, e.split(), where + ".split", "search, validation, test"),
                    parseEnum(Regime.class, e.regime(), where + ".regime", "under, near, over"), spec, engineArgs, e.load(), e.diurnal(),
                    e.maxPods(), e.prefillPods());
            positive(where + ".load", e.load());
            if (!labels.add(entry.label())) {
                throw new MatrixException(where + ": scenario " + entry.label() + " appears twice", null);
            }
            entries.add(entry);
        }
        RouterRelease router;
        try {
            router = f.routerVersion() == null ? RouterRelease.DEFAULT : RouterRelease.byName(f.routerVersion());
        } catch (IllegalArgumentException e) {
            throw new MatrixException(origin + ": router_version: " + e.getMessage(), e);
        }
        List<Variant> variants = variants(f.variants(), origin, entries.get(0), router);
        PromotionRule rule;
        try {
            rule = PromotionRule.parse(f.promoteWhen());
        } catch (IllegalArgumentException e) {
            throw new MatrixException(origin + ": promote_when: " + e.getMessage(), e);
        }
        if (rule.quorum() > variants.size()) {
            throw new MatrixException(origin + ": promote_when: a quorum of " + rule.quorum() + " needs at least that many variants, got "
                    + variants.size(), null);
        }
        return new Matrix(f.name() == null ? origin : f.name(), seeds, duration, entries, router, variants, rule,
                splitSeeds(f.splitSeeds(), origin));
    }

    /** {@code split_seeds}: a split's own number of seeds, by split name. */
    private static Map<Split, Integer> splitSeeds(Map<String, Integer> shape, String origin) {
        Map<Split, Integer> out = new EnumMap<>(Split.class);
        if (shape == null) {
            return out;
        }
        for (Map.Entry<String, Integer> e : shape.entrySet()) {
            Split split = parseEnum(Split.class, e.getKey(), origin + ": split_seeds", "search, validation, test");
            if (e.getValue() == null || e.getValue() < 1) {
                throw new MatrixException(origin + ": split_seeds." + e.getKey() + " must be >= 1, got " + e.getValue(), null);
            }
            out.put(split, e.getValue());
        }
        return out;
    }

    private static List<Variant> variants(List<VariantSpec> shapes, String origin, MatrixEntry sample, RouterRelease router) {
        if (shapes == null || shapes.isEmpty()) {
            return List.of(Variant.NOMINAL);
        }
        List<Variant> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < shapes.size(); i++) {
            VariantSpec v = shapes.get(i);
            String where = origin + ": variants[" + i + "]";
            Variant variant = VariantSpec.toVariant(v, where, sample, router);
            if (!names.add(variant.name())) {
                throw new MatrixException(where + ": variant " + variant.name() + " appears twice", null);
            }
            out.add(variant);
        }
        return out;
    }

    private static void positive(String where, Double v) {
        if (v != null && !(v > 0 && v < Double.POSITIVE_INFINITY)) {
            throw new MatrixException(where + " must be a positive number, got " + v, null);
        }
    }

    private static <E extends Enum<E>> E parseEnum(Class<E> type, String value, String where, String known) {
        if (value == null) {
            throw new MatrixException(where + " is required (" + known + ")", null);
        }
        try {
            return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new MatrixException(where + " must be one of " + known + ", got '" + value + "'", e);
        }
    }
}
