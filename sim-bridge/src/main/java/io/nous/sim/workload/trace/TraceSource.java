package io.nous.sim.workload.trace;

import io.nous.sim.engine.RandomStreams;
import io.nous.sim.request.Arrivals;
import io.nous.sim.request.PromptContent;
import io.nous.sim.request.Request;
import io.nous.sim.workload.RequestClass;
import io.nous.sim.workload.Workload;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Replays a trace as arrivals: the window's records, their gaps divided by the rate scale,
 * priorities as recorded or drawn (seeded) by the critical fraction, tenants as fairness flows.
 */
public final class TraceSource implements Arrivals {
    private final List<TraceRecord> records;
    private final TraceReplay replay;
    private final Map<Integer, Integer> classByPriority = new HashMap<>();
    private final Map<String, Integer> tenants = new HashMap<>();
    private final SplittableRandom classes;
    private final SplittableRandom admission;
    private final long firstUs;
    private final int maxModelLen;
    private int next;

    public TraceSource(TraceReplay replay, Workload workload, RandomStreams streams, int maxModelLen) {
        this.replay = replay;
        this.records = replay.records();
        List<RequestClass> cs = workload.classes();
        for (int i = 0; i < cs.size(); i++) {
            classByPriority.put(cs.get(i).priority(), i);
        }
        this.classes = streams.stream("trace-classes");
        this.admission = streams.stream("admission");
        this.firstUs = records.get(0).arrivalUs();
        this.maxModelLen = maxModelLen;
    }

    @Override
    public Request next() {
        if (next >= records.size()) {
            return null;
        }
        TraceRecord r = records.get(next);
        int id = next++;
        double u = classes.nextDouble();
        int priority = r.priority() != null ? r.priority() : (u < replay.criticalFraction() ? 0 : -1);
        long t = Math.round((r.arrivalUs() - firstUs) / replay.rateScale());
        int tenant = r.tenant() == null ? 0 : tenants.computeIfAbsent(r.tenant(), k -> tenants.size());
        // the scenario refused records that do not fit the context; the bounds only keep a library caller safe
        int in = Math.min(r.inputTokens(), maxModelLen - 1);
        int out = Math.max(1, Math.min(r.outputTokens(), maxModelLen - in));
        PromptContent content = r.content() != null ? r.content()
                : r.blocks() == null ? null : PromptContent.tracedBlocks(r.blocks(), r.blockTokens(), id, in, out);
        return new Request(id, classByPriority.get(priority), priority, tenant, in, out, t, admission.nextDouble(), content);
    }
}
