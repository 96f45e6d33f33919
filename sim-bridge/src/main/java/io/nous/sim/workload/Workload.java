package io.nous.sim.workload;

import java.util.ArrayList;
import java.util.List;

/**
 * A named open-loop workload: its traffic classes, prompt and output length distributions, arrival
 * process, and the load points and cluster size of the study it comes from.
 *
 * @param tenantsPerClass number of fairness flows (tenants) each class is spread over, uniformly
 * @param clients  independent arrival streams with their own lengths (BLIS specs), or empty: one
 *                 stream whose requests are assigned to classes by share, with the workload's lengths
 * @param prefix   what the prompts share (system prompts, a share of each prompt), or null: nothing
 * @param requestLimit no more requests than this are sent in a run (BLIS {@code num_requests}); 0: no limit
 * @param timeoutUs  clients give up on a request this long after sending it, unless a client says
 *                   otherwise; 0: never (the router's queue TTL still applies)
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
        List<ClientSpec> clients,
        SharedPrefix prefix,
        long requestLimit,
        long timeoutUs) {

    /** A workload whose prompts share nothing. */
    public Workload(String name, String description, String source, List<RequestClass> classes, LengthDistribution input,
                    LengthDistribution output, ArrivalProcess arrival, List<Double> qpsPoints, int pods, int tenantsPerClass,
                    List<ClientSpec> clients) {
        this(name, description, source, classes, input, output, arrival, qpsPoints, pods, tenantsPerClass, clients, null, 0, 0);
    }

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
        if (prefix != null && !prefix.any()) {
            prefix = null;
        }
        if (requestLimit < 0 || timeoutUs < 0) {
            throw new WorkloadException("workload '" + name + "': request limit and client timeout must be >= 0");
        }
    }

    /** The same workload with prompts that share {@code p} (null: nothing). */
    public Workload withPrefix(SharedPrefix p) {
        return new Workload(name, description, source, classes, input, output, arrival, qpsPoints, pods, tenantsPerClass, clients, p,
                requestLimit, timeoutUs);
    }

    /**
     * The same workload with another prompt-length distribution. Only a single-stream workload has
     * one; a workload of clients keeps each client's own lengths.
     */
    public Workload withInput(LengthDistribution in) {
        if (!clients.isEmpty()) {
            throw new WorkloadException("workload '" + name + "' draws its lengths per client; its prompt lengths cannot be replaced as one");
        }
        return new Workload(name, description, source, classes, in, output, arrival, qpsPoints, pods, tenantsPerClass, clients, prefix,
                requestLimit, timeoutUs);
    }

    /** The same workload whose clients give up after {@code us} µs (0: never), unless a client says otherwise. */
    public Workload withTimeoutUs(long us) {
        return new Workload(name, description, source, classes, input, output, arrival, qpsPoints, pods, tenantsPerClass, clients, prefix,
                requestLimit, us);
    }

    /** Whether any client gives up on a request after a deadline. */
    public boolean hasTimeouts() {
        return timeoutUs > 0 || clients.stream().anyMatch(c -> c.timeoutUs() > 0);
    }

    /** Whether any user waits for its response before sending again. */
    public boolean closedLoop() {
        return clients.stream().anyMatch(ClientSpec::closedLoop);
    }

    /** Whether any request's prompt shares content with another's (so prefix-cache statistics mean something). */
    public boolean sharesPrefixes() {
        return prefix != null || clients.stream().anyMatch(c -> c.prefixGroup() >= 0 || (c.sessions() && c.session().accumulate()));
    }

    /** The same workload with another arrival process. */
    public Workload withArrival(ArrivalProcess a) {
        if (!clients.isEmpty()) {
            List<ClientSpec> cs = new ArrayList<>();
            for (ClientSpec c : clients) {
                cs.add(c.withArrival(a));
            }
            return new Workload(name, description, source, classes, input, output, a, qpsPoints, pods, tenantsPerClass, cs, prefix,
                    requestLimit, timeoutUs);
        }
        return new Workload(name, description, source, classes, input, output, a, qpsPoints, pods, tenantsPerClass, clients,
                prefix, requestLimit, timeoutUs);
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
