package io.nous.sim.routing;

import io.nous.sim.engine.RandomStreams;
import io.nous.sim.epp.InFlightLoad;
import io.nous.sim.epp.PodSnapshot;
import io.nous.sim.request.PromptContent;
import io.nous.sim.request.Request;

/** Endpoints with hand-set metrics and in-flight counts, a router over them, and requests to route. */
final class RoutingFixture {
    final PodSnapshot[] snapshots;
    final InFlightLoad inFlight;
    final Router router;
    private int nextId;

    RoutingFixture(int pods, String configYaml, boolean promptsShare) {
        this(pods, RoutingConfig.parse(configYaml, "test", "test.yaml"), promptsShare, null);
    }

    RoutingFixture(int pods, RoutingConfig config, boolean promptsShare, Filter detectorFilter) {
        snapshots = new PodSnapshot[pods];
        for (int i = 0; i < pods; i++) {
            snapshots[i] = new PodSnapshot();
            snapshots[i].update(0, 0, 0, 0.0);
        }
        inFlight = new InFlightLoad(pods);
        router = new Router(config, snapshots, inFlight, 16, 1024, 4.0, promptsShare, detectorFilter, new RandomStreams(7));
    }

    /** A request whose prompt starts with {@code prefixTokens} of tenant {@code tenant}'s shared text. */
    Request tenantRequest(int tenant, int prefixTokens, int inputTokens) {
        int id = nextId++;
        return new Request(id, 0, 0, tenant, inputTokens, 10, 0, 0.5,
                PromptContent.sharedPrefix(tenant, prefixTokens, id, inputTokens, 10));
    }

    Request plainRequest(int inputTokens) {
        return new Request(nextId++, 0, 0, 0, inputTokens, 10, 0, 0.5);
    }

    /** Routes {@code r} and records it as sent, as the cluster does. */
    int route(Request r) {
        int p = router.route(r, 1_000);
        r.pod = p;
        return p;
    }

    static String profile(String plugins, String refs) {
        return "apiVersion: llm-d.ai/v1alpha1\nkind: EndpointPickerConfig\nplugins:\n" + plugins + "schedulingProfiles:\n  - name: default\n"
                + "    plugins:\n" + refs;
    }
}
