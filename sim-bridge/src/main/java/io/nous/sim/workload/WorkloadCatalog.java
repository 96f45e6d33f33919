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
            synchronized (WorkloadCatalog.class) { // one reader: a second caller (the CLI's start-up warm-up) waits for it
                c = builtin;
                if (c == null) {
                    c = readBuiltin();
                    builtin = c;
                }
            }
        }
        return c;
    }

    private static WorkloadCatalog readBuiltin() {
        try (InputStream in = WorkloadCatalog.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new WorkloadException("missing resource " + RESOURCE);
            }
            return parse(in, RESOURCE);
        } catch (IOException e) {
            throw new WorkloadException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
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
            SharedPrefix prefix,
            ClosedLoop closedLoop,
            Agent agent,
            Long requests,
            Double hotTenantShare) {
    }

    /**
     * A preset whose arrivals start agents' sessions: each accumulates its conversation for up to
     * {@code maxRounds} rounds, pausing between them for its own thinking ({@code thinkMs}) or, for
     * {@code toolShare} of the rounds, a tool's run ({@code toolMs}), and may hand work to sub-agents.
     */
    private record Agent(Integer maxRounds, LengthDistribution thinkMs, Double toolShare, LengthDistribution toolMs,
                         Subagents subagents) {
    }

    /** {@code share} of an agent's rounds start between {@code min} and {@code max} sub-agents of {@code rounds} rounds. */
    private record Subagents(Double share, Integer min, Integer max, Integer rounds, Integer resultTokens) {
    }

    /**
     * A preset sent by closed-loop users instead of an arrival stream: {@code users} users, each sending
     * its next request {@code thinkTimeMs} after its previous one ends, each request from one of the
     * tenants drawn in a seeded order: uniformly, or with {@code hotTenantShare} of the requests from
     * the first tenant and the rest spread evenly over the others.
     */
    private record ClosedLoop(Integer users, Double thinkTimeMs, Double hotTenantShare) {
    }

    private record FileShape(LinkedHashMap<String, Entry> workloads) {
    }

    /** A catalog read from YAML; {@code origin} names it in messages. */
    static WorkloadCatalog parse(InputStream in, String origin) {
        FileShape shape = StrictYaml.read(in, origin, FileShape.class, WorkloadException::new);
        if (shape.workloads() == null) {
            throw new WorkloadException(origin + ": no 'workloads' defined");
        }
        Map<String, Workload> out = new LinkedHashMap<>();
        shape.workloads().forEach((name, e) -> out.put(name, workload(name, e, origin)));
        return new WorkloadCatalog(out);
    }

    private static Workload workload(String name, Entry e, String origin) {
        int pods = e.pods() == null ? 2 : e.pods();
        int tenants = e.tenantsPerClass() == null ? 1 : e.tenantsPerClass();
        long limit = e.requests() == null ? 0 : e.requests();
        if (e.agent() != null) {
            return agentic(name, e, origin, pods, tenants, limit);
        }
        if (e.closedLoop() == null && e.hotTenantShare() != null) {
            return hotTenant(name, e, origin, pods, tenants, limit);
        }
        if (e.closedLoop() == null) {
            return new Workload(name, e.description(), e.source(), e.classes(), e.input(), e.output(), e.arrival(), e.qpsPoints(), pods,
                    tenants, List.of(), e.prefix(), limit, 0);
        }
        ClosedLoop c = e.closedLoop();
        if (c.users() == null || c.users() < 1 || e.classes().size() != 1) {
            throw new WorkloadException(origin + ": workload '" + name + "': closed_loop needs users >= 1 and one class");
        }
        int prefixTokens = e.prefix() == null ? 0 : e.prefix().systemPromptTokens();
        if (e.prefix() != null && (e.prefix().share() > 0 || e.prefix().groups() > 0)) {
            throw new WorkloadException(origin + ": workload '" + name + "': closed-loop users take a per-tenant system prompt only");
        }
        long think = c.thinkTimeMs() == null ? 0 : Math.round(c.thinkTimeMs() * 1000);
        ClientSpec users = new ClientSpec(name, 0, 0, 1.0, e.arrival(), e.input(), e.output(), prefixTokens > 0 ? 0 : -1, prefixTokens,
                c.users(), think, 0, null, List.of(), tenants, c.hotTenantShare() == null ? 0 : c.hotTenantShare());
        return new Workload(name, e.description(), e.source(), e.classes(), e.input(), e.output(), e.arrival(), e.qpsPoints(), pods,
                tenants, List.of(users), null, limit, 0);
    }

    /**
     * An open-loop preset with a hot tenant ({@code hot_tenant_share}): one open-loop client per class at
     * the class's share of the rate, each spreading its requests over the same tenants, the first of them
     * sending {@code hotTenantShare} of them and the others the rest evenly: a noisy neighbour in every band.
     */
    private static Workload hotTenant(String name, Entry e, String origin, int pods, int tenants, long limit) {
        double hot = e.hotTenantShare();
        if (!(hot > 0 && hot < 1) || tenants < 2) {
            throw new WorkloadException(origin + ": workload '" + name + "': hot_tenant_share must be in (0, 1) with tenants_per_class >= 2, got "
                    + hot + " of " + tenants);
        }
        if (e.prefix() != null) {
            throw new WorkloadException(origin + ": workload '" + name + "': hot_tenant_share does not take a prefix yet");
        }
        List<ClientSpec> clients = new java.util.ArrayList<>();
        ArrivalProcess arrival = e.arrival() == null ? ArrivalProcess.POISSON : e.arrival();
        for (int i = 0; i < e.classes().size(); i++) {
            RequestClass c = e.classes().get(i);
            clients.add(new ClientSpec(name + "/" + c.name(), i, 0, c.share(), arrival, e.input(), e.output(), -1, 0, 0, 0, 0, null,
                    List.of(), tenants, hot, c.sloTtftMs() == null ? -1 : c.sloTtftMs()));
        }
        return new Workload(name, e.description(), e.source(), e.classes(), e.input(), e.output(), e.arrival(), e.qpsPoints(), pods,
                tenants, clients, null, limit, 0);
    }

    private static Workload agentic(String name, Entry e, String origin, int pods, int tenants, long limit) {
        Agent a = e.agent();
        String where = origin + ": workload '" + name + "': agent";
        if (e.closedLoop() != null || e.classes().size() != 1 || a.maxRounds() == null || a.thinkMs() == null) {
            throw new WorkloadException(where + " needs max_rounds, think_ms and one class, and no closed_loop");
        }
        if (e.prefix() != null && (e.prefix().share() > 0 || e.prefix().groups() > 0)) {
            throw new WorkloadException(where + ": agents take a per-tenant system prompt only");
        }
        Subagents sub = a.subagents();
        SessionSpec.Agentic agentic;
        try {
            agentic = new SessionSpec.Agentic(a.thinkMs(), a.toolShare() == null ? 0 : a.toolShare(),
                    a.toolMs() == null ? a.thinkMs() : a.toolMs(), sub == null || sub.share() == null ? 0 : sub.share(),
                    sub == null || sub.min() == null ? 0 : sub.min(), sub == null || sub.max() == null ? 0 : sub.max(),
                    sub == null || sub.rounds() == null ? 0 : sub.rounds(), sub == null || sub.resultTokens() == null ? 0 : sub.resultTokens());
        } catch (WorkloadException x) {
            throw new WorkloadException(where + ": " + x.getMessage());
        }
        int prefixTokens = e.prefix() == null ? 0 : e.prefix().systemPromptTokens();
        ArrivalProcess arrival = e.arrival() == null ? ArrivalProcess.POISSON : e.arrival();
        ClientSpec agents = new ClientSpec(name, 0, 0, 1.0, arrival, e.input(), e.output(), prefixTokens > 0 ? 0 : -1, prefixTokens,
                0, 0, 0, new SessionSpec(a.maxRounds(), 0, true, agentic), List.of(), tenants);
        return new Workload(name, e.description(), e.source(), e.classes(), e.input(), e.output(), e.arrival(), e.qpsPoints(), pods,
                tenants, List.of(agents), null, limit, 0);
    }
}
