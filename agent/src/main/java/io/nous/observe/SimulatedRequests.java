package io.nous.observe;

import io.nous.sim.ClusterSimulation;
import io.nous.sim.epp.Outcome;
import io.nous.sim.metrics.RequestLog;
import io.nous.sim.request.PromptContent;
import io.nous.sim.workload.trace.Trace;
import io.nous.sim.workload.trace.TraceRecord;
import io.nous.sim.workload.trace.TraceReplay;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Simulated runs as requests files: a scenario's own arrivals ({@code nous simulate --requests}),
 * or an observation's arrivals replayed (each request when the client began writing it to the
 * server — after the HTTP client's own delays, which are not the server's — with the prompt length
 * the server counted and the output length it generated) so that the simulation pairs with the
 * observation request by request. Simulated latencies count from the observed send, as observed
 * ones do.
 */
public final class SimulatedRequests {
    private SimulatedRequests() {
    }

    /** The observation's sent requests as a trace, in send order, with their ids beside it. */
    public record Replay(TraceReplay replay, int[] observedIds, long offsetUs) {
    }

    /** The arrivals of an observation as a trace replay: sent requests only, in the order they went out. */
    public static Replay replayOf(RequestsFile.Contents observed) {
        List<ObservedRequest> sent = new ArrayList<>();
        for (ObservedRequest r : observed.requests()) {
            if (r.sentUs() >= 0) {
                sent.add(r);
            }
        }
        if (sent.isEmpty()) {
            throw new RequestsFileException("the observation has no request that was sent; nothing to simulate");
        }
        sent.sort(Comparator.comparingLong(SimulatedRequests::arrivalAtServer).thenComparingInt(ObservedRequest::id));
        List<TraceRecord> records = new ArrayList<>();
        int[] ids = new int[sent.size()];
        for (int i = 0; i < sent.size(); i++) {
            ObservedRequest r = sent.get(i);
            ids[i] = r.id();
            int out = r.result() == ObservedRequest.Result.COMPLETED && r.tokensOut() > 0 ? r.tokensOut() : r.outputTokens();
            PromptContent content = r.prompt() == null ? null
                    : r.prompt().content(r.id(), r.inputTokens(), r.processedPromptTokens(), out);
            records.add(new TraceRecord(arrivalAtServer(r), r.processedPromptTokens(), out, r.priority(), r.fairnessId(), null, 0, content, 0));
        }
        Trace t = new Trace("observed-" + observed.header().workload(), records, List.of());
        return new Replay(new TraceReplay(t, 1, 0, 0, Double.POSITIVE_INFINITY), ids, records.get(0).arrivalUs());
    }

    private static long arrivalAtServer(ObservedRequest r) {
        return r.writtenUs() >= r.sentUs() ? r.writtenUs() : r.sentUs();
    }

    /**
     * Runs a simulation of {@link #replayOf} the observation and returns its requests on the
     * observation's timeline, with the observation's ids, classes and schedule.
     */
    public static List<ObservedRequest> simulateObserved(RequestsFile.Contents observed, Replay replay, ClusterSimulation sim) {
        sim.recordRequests();
        sim.run();
        return fromObservedLog(observed, replay, sim.requestLog());
    }

    /** The requests of a finished simulation of {@link #replayOf} the observation, from its request log. */
    public static List<ObservedRequest> fromObservedLog(RequestsFile.Contents observed, Replay replay, RequestLog log) {
        java.util.Map<Integer, ObservedRequest> byId = new java.util.HashMap<>();
        for (ObservedRequest r : observed.requests()) {
            byId.put(r.id(), r);
        }
        List<TraceRecord> records = replay.replay().records();
        List<ObservedRequest> out = new ArrayList<>();
        for (int k = 0; k < records.size(); k++) {
            ObservedRequest o = byId.get(replay.observedIds()[k]);
            TraceRecord rec = records.get(k);
            out.add(record(o.id(), o.className(), o.priority(), o.fairnessId(), o.scheduledUs(), o.sentUs(), rec.inputTokens(),
                    rec.outputTokens(), log, k, replay.offsetUs(), o.prompt()));
        }
        out.sort(Comparator.comparingInt(ObservedRequest::id));
        return out;
    }

    /**
     * The requests of a finished simulation of a scenario's own arrivals (plan ids are the
     * simulator's ids), from its request log ({@link ClusterSimulation#recordRequests}).
     */
    public static List<ObservedRequest> fromLog(List<PlannedRequest> plan, RequestLog log) {
        List<ObservedRequest> out = new ArrayList<>();
        for (PlannedRequest p : plan) {
            out.add(record(p.id(), p.className(), p.priority(), p.fairnessId(), p.scheduledUs(), p.scheduledUs(), p.inputTokens(),
                    p.outputTokens(), log, p.id(), 0, ObservedRequest.PromptSpans.of(p.content())));
        }
        return out;
    }

    private static ObservedRequest record(int id, String cls, int priority, String fairness, long scheduledUs, long sentUs, int in, int out,
                                          RequestLog log, int simId, long offsetUs, ObservedRequest.PromptSpans prompt) {
        Outcome o = log.outcome(simId);
        long first = log.firstTokenUs(simId);
        long end = log.finishUs(simId);
        if (o == null) {
            return new ObservedRequest(id, cls, priority, fairness, scheduledUs, sentUs, -1, first < 0 ? -1 : first + offsetUs, -1, in, out, -1, 0,
                    0, null, ObservedRequest.INTERRUPTED, null, null, prompt);
        }
        boolean done = o == Outcome.COMPLETED;
        return new ObservedRequest(id, cls, priority, fairness, scheduledUs, sentUs, -1, done && first >= 0 ? first + offsetUs : -1,
                end < 0 ? -1 : end + offsetUs, in, out, -1, done ? out : 0, o.httpStatus, o.reason, null, null,
                done ? log.cachedTokens(simId) : null, prompt, log.prefillPod(simId) < 0 ? null
                        : new ObservedRequest.Handoff(log.prefillPod(simId), log.decodePod(simId), log.transferUs(simId)));
    }
}
