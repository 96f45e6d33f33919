package io.nous.spark;

import io.nous.codegen.isolate.WorkerProtocol;
import io.nous.evaluator.run.LocalBackend;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.run.SimulationTask;
import io.nous.sim.Scenario;

/**
 * A simulation as it travels to an executor: JSON, not serialized classes, so that an executor
 * never loads code it did not compile itself. A policy given as source travels as the job a worker
 * JVM runs ({@code job}); one made of built-in policies travels by their registry references.
 *
 * @param job        the worker job of a policy given as source, or null
 * @param builtins   the registry references of a built-in policy, or null
 * @param scenario   the scenario as the policy is deployed in it (for a built-in policy)
 * @param name       what the simulation calls the policy
 * @param workerHeap the -Xmx of the executor's worker JVMs
 * @param timeoutMs  the longest one simulation may take in a worker
 */
record RemoteTask(WorkerProtocol.Job job, PolicyUnderTest.Builtins builtins, Scenario scenario, String name, String workerHeap,
                  long timeoutMs) {

    /** The task as an executor will receive it, or an {@link IllegalArgumentException} when it cannot leave this JVM. */
    static RemoteTask of(SimulationTask t, String workerHeap, long timeoutMs) {
        PolicyUnderTest p = t.policy();
        if (p.sources() != null) {
            return new RemoteTask(LocalBackend.job(t), null, null, p.name(), workerHeap, timeoutMs);
        }
        if (p.builtins() != null) {
            return new RemoteTask(null, p.builtins(), t.scenario(), p.name(), workerHeap, timeoutMs);
        }
        throw new IllegalArgumentException("policy '" + p.name() + "' is neither source nor built-in, so it cannot run on an executor");
    }

    String toJson() {
        return WorkerProtocol.toJson(this);
    }

    static RemoteTask fromJson(String json) {
        return WorkerProtocol.fromJson(json, RemoteTask.class);
    }
}
