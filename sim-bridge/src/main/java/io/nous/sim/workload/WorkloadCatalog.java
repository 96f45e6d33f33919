package io.nous.sim.workload;

import io.nous.sim.config.StrictYaml;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The registry of named workload presets, read from the resource {@code io/nous/sim/workloads.yaml}. */
public final class WorkloadCatalog {
    private static final String RESOURCE = "/io/nous/sim/workloads.yaml";
    private static volatile WorkloadCatalog builtin;

    private final Map<String, Workload> workloads;

    private WorkloadCatalog(Map<String, Workload> workloads) {
        this.workloads = workloads;
    }

    public static WorkloadCatalog builtin() {
        WorkloadCatalog c = builtin;
        if (c == null) {
            try (InputStream in = WorkloadCatalog.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new WorkloadException("missing resource " + RESOURCE);
                }
                c = parse(in, RESOURCE);
            } catch (IOException e) {
                throw new WorkloadException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
            }
            builtin = c;
        }
        return c;
    }

    public Workload workload(String name) {
        Workload w = workloads.get(name);
        if (w == null) {
            throw new WorkloadException("unknown workload '" + name + "'; known: " + String.join(", ", workloads.keySet()));
        }
        return w;
    }

    /** All presets in file order. */
    public Map<String, Workload> workloads() {
        return Collections.unmodifiableMap(workloads);
    }

    private record Entry(
            String description,
            String source,
            Integer pods,
            List<Double> qpsPoints,
            List<RequestClass> classes,
            LengthDistribution input,
            LengthDistribution output,
            ArrivalProcess arrival,
            Integer tenantsPerClass,
            SharedPrefix prefix) {
    }

    private record FileShape(LinkedHashMap<String, Entry> workloads) {
    }

    private static WorkloadCatalog parse(InputStream in, String origin) {
        FileShape shape = StrictYaml.read(in, origin, FileShape.class, WorkloadException::new);
        if (shape.workloads() == null) {
            throw new WorkloadException(origin + ": no 'workloads' defined");
        }
        Map<String, Workload> out = new LinkedHashMap<>();
        shape.workloads().forEach((name, e) -> out.put(name, new Workload(name, e.description(), e.source(),
                e.classes(), e.input(), e.output(), e.arrival(), e.qpsPoints(),
                e.pods() == null ? 2 : e.pods(), e.tenantsPerClass() == null ? 1 : e.tenantsPerClass(), List.of(), e.prefix(), 0, 0)));
        return new WorkloadCatalog(out);
    }
}
