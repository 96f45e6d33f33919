package io.nous.observe;

import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.request.Arrivals;
import io.nous.sim.request.Request;
import io.nous.sim.workload.RequestClass;
import io.nous.sim.workload.WorkloadException;
import java.util.ArrayList;
import java.util.List;

/**
 * The requests a load generator sends for a scenario: exactly the arrivals a simulation of the same
 * scenario sees (same seeded streams, same ids, times, classes, tenants and lengths).
 */
public final class ObservationPlan {
    private ObservationPlan() {
    }

    public static List<PlannedRequest> of(Scenario scenario) {
        if (scenario.workload().closedLoop() || scenario.workload().clients().stream().anyMatch(c -> c.sessions())) {
            throw new WorkloadException(scenario.workload().name() + " has closed-loop users or multi-turn sessions, whose requests "
                    + "depend on when earlier ones end: a load generator cannot plan them ahead; observe open-loop clients only");
        }
        List<RequestClass> classes = scenario.workload().classes();
        Arrivals arrivals = ClusterSimulation.arrivalsOf(scenario);
        List<PlannedRequest> plan = new ArrayList<>();
        for (Request r = arrivals.next(); r != null; r = arrivals.next()) {
            plan.add(new PlannedRequest(r.id, classes.get(r.classIndex).name(), r.priority, fairnessId(r.tenant), r.arrivalUs,
                    r.inputTokens, r.outputTokens, r.content));
        }
        return plan;
    }

    /** The fairness id a simulated tenant travels as. */
    public static String fairnessId(int tenant) {
        return "tenant-" + tenant;
    }

    /** The header's class list: every class of the workload, with the objective its requests name. */
    public static List<RequestsHeader.ClassInfo> classes(Scenario scenario, java.util.function.Function<String, String> objective) {
        List<RequestsHeader.ClassInfo> out = new ArrayList<>();
        for (RequestClass c : scenario.workload().classes()) {
            out.add(new RequestsHeader.ClassInfo(c.name(), c.priority(), objective.apply(c.name())));
        }
        return out;
    }
}
