package io.nous.spark;

import io.nous.codegen.isolate.WorkerProtocol;
import io.nous.evaluator.run.LocalBackend;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.run.SimulationTask;
import io.nous.sim.Scenario;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A simulation as it travels to an executor: JSON, not serialized classes, so that an executor
 * never loads code it did not compile itself. A policy given as source travels as the job a worker
 * JVM runs ({@code job}), its candidate sources taken out and sent once per Spark job in a broadcast
 * ({@code sources} holds their places in it); one made of built-in policies travels by its registry
 * references.
 *
 * @param job        the worker job of a policy given as source, without its sources; or null
 * @param sources    with {@code job}: the broadcast indexes of its usage-limit, admission and routing sources (-1: none)
 * @param builtins   the registry references of a built-in policy, or null
 * @param scenario   the scenario as the policy is deployed in it (for a built-in policy)
 * @param name       what the simulation calls the policy
 * @param workerHeap the -Xmx of the executor's worker JVMs
 * @param timeoutMs  the longest one simulation may take in a worker
 */
record RemoteTask(WorkerProtocol.Job job, Map<String, Integer> sources, PolicyUnderTest.Builtins builtins, Scenario scenario, String name,
                  String workerHeap, long timeoutMs) {

    /**
     * The task as an executor will receive it, its sources added to {@code broadcast} (each distinct
     * source once, {@code indexes} remembering where), or an {@link IllegalArgumentException} when it
     * cannot leave this JVM.
     */
    static RemoteTask of(SimulationTask t, String workerHeap, long timeoutMs, List<String> broadcast, Map<String, Integer> indexes) {
        PolicyUnderTest p = t.policy();
        if (p.sources() != null) {
            WorkerProtocol.Job job = LocalBackend.job(t);
            Map<String, Integer> refs = new LinkedHashMap<>();
            Map<String, WorkerProtocol.Job.Source> origins = new LinkedHashMap<>();
            job.sources().forEach((point, src) -> {
                refs.put(point, place(src.text(), broadcast, indexes));
                origins.put(point, new WorkerProtocol.Job.Source(null, src.origin()));
            });
            return new RemoteTask(job.withSources(origins), refs, null, null, p.name(), workerHeap, timeoutMs);
        }
        if (p.builtins() != null) {
            return new RemoteTask(null, null, p.builtins(), t.scenario(), p.name(), workerHeap, timeoutMs);
        }
        throw new IllegalArgumentException("policy '" + p.name() + "' is neither source nor built-in, so it cannot run on an executor");
    }

    private static int place(String source, List<String> broadcast, Map<String, Integer> indexes) {
        if (source == null) {
            return -1;
        }
        return indexes.computeIfAbsent(source, s -> {
            broadcast.add(s);
            return broadcast.size() - 1;
        });
    }

    /** The worker job with its sources put back from the broadcast. */
    WorkerProtocol.Job jobWith(List<String> broadcast) {
        Map<String, WorkerProtocol.Job.Source> filled = new LinkedHashMap<>();
        job.sources().forEach((point, src) -> {
            int i = sources.get(point);
            if (i < 0 || i >= broadcast.size()) {
                throw new IllegalStateException("task refers to source " + i + " of a broadcast of " + broadcast.size());
            }
            filled.put(point, new WorkerProtocol.Job.Source(broadcast.get(i), src.origin()));
        });
        return job.withSources(filled);
    }
}
