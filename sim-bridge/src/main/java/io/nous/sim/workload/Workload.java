package io.nous.sim.workload;

import java.util.List;

/**
 * A named open-loop workload: its traffic classes, prompt and output length distributions, arrival
 * process, and the load points and cluster size of the study it comes from.
 *
 * @param tenantsPerClass number of fairness flows (tenants) each class is spread over, uniformly
 * @param clients  independent arrival streams with their own lengths (BLIS specs), or empty: one
 *                 stream whose requests are assigned to classes by share, with the workload's lengths
 */
public record Workload(
        String name,
        String description,
        String source,
        List<RequestClass> classes,
        LengthDistribution input,
        LengthDistribution output,
        ArrivalProcess arrival,
        List<Double> qpsPoints,
        int pods,
        int tenantsPerClass,
        List<ClientSpec> clients) {

    /** A single-stream workload (the presets). */
    public Workload(String name, String description, String source, List<RequestClass> classes, LengthDistribution input,
                    LengthDistribution output, ArrivalProcess arrival, List<Double> qpsPoints, int pods, int tenantsPerClass) {
        this(name, description, source, classes, input, output, arrival, qpsPoints, pods, tenantsPerClass, List.of());
    }

    public Workload {
        if (classes == null || classes.isEmpty()) {
            throw new WorkloadException("workload '" + name + "' has no classes");
        }
        double total = 0;
        for (RequestClass c : classes) {
            if (!(c.share() > 0)) {
                throw new WorkloadException("workload '" + name + "': class '" + c.name() + "' share must be > 0");
            }
            total += c.share();
        }
        if (Math.abs(total - 1.0) > 1e-6) {
            throw new WorkloadException("workload '" + name + "': class shares must add up to 1, got " + total);
        }
        if (input == null || output == null) {
            throw new WorkloadException("workload '" + name + "' needs input and output length distributions");
        }
        if (arrival == null) {
            arrival = ArrivalProcess.POISSON;
        }
        if (pods < 1) {
            throw new WorkloadException("workload '" + name + "': pods must be >= 1");
        }
        if (tenantsPerClass < 1) {
            tenantsPerClass = 1;
        }
        classes = List.copyOf(classes);
        qpsPoints = qpsPoints == null ? List.of() : List.copyOf(qpsPoints);
        clients = clients == null ? List.of() : List.copyOf(clients);
    }

    /** The same workload with another arrival process. */
    public Workload withArrival(ArrivalProcess a) {
        if (!clients.isEmpty()) {
            java.util.List<ClientSpec> cs = new java.util.ArrayList<>();
            for (ClientSpec c : clients) {
                cs.add(new ClientSpec(c.id(), c.classIndex(), c.tenant(), c.rateFraction(), a, c.input(), c.output()));
            }
            return new Workload(name, description, source, classes, input, output, a, qpsPoints, pods, tenantsPerClass, cs);
        }
        return new Workload(name, description, source, classes, input, output, a, qpsPoints, pods, tenantsPerClass, clients);
    }

    /** Index of the class named {@code className}, or -1. */
    public int classIndex(String className) {
        for (int i = 0; i < classes.size(); i++) {
            if (classes.get(i).name().equals(className)) {
                return i;
            }
        }
        return -1;
    }
}
