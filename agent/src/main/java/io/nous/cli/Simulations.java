package io.nous.cli;

import io.nous.codegen.Candidate;
import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.Contract;
import io.nous.codegen.isolate.WorkerPool;
import io.nous.codegen.isolate.WorkerProtocol;
import io.nous.codegen.plug.PlugPoints;
import io.nous.evaluator.run.Deployment;
import io.nous.policy.PolicyRegistry;
import io.nous.sandbox.Sandbox;
import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.epp.PolicyException;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.Policies;
import io.nous.sim.spi.UsageLimitPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns policy references from the command line into simulation results, in process or in a worker JVM. */
final class Simulations {
    private Simulations() {
    }

    /**
     * Runs one scenario with each policy in a worker JVM. Every .java source is verified and compiled
     * here first (no candidate code runs in this JVM), so that one the verifier rejects never starts a
     * worker.
     */
    static List<SimulationResult> runIsolated(Scenario s, List<String> policyRefs, String admissionRef,
                                                        WorkerPool.Options options, Contract contract) {
        return runIsolated(s, policyRefs, admissionRef, options, contract, (String) null);
    }

    /** {@link #runIsolated(Scenario, List, String, WorkerPool.Options, Contract)} with a routing scorer reference (or null). */
    static List<SimulationResult> runIsolated(Scenario s, List<String> policyRefs, String admissionRef,
                                                        WorkerPool.Options options, Contract contract, String scorerRef) {
        return runIsolated(s, policyRefs, admissionRef, options, contract, plugged(scorerRef, null));
    }

    /**
     * {@link #runIsolated(Scenario, List, String, WorkerPool.Options, Contract)} with policies at more
     * plug points (a routing scorer, a saturation detector, ...), each a built-in name or a .java file.
     */
    static List<SimulationResult> runIsolated(Scenario s, List<String> policyRefs, String admissionRef,
                                              WorkerPool.Options options, Contract contract, Map<PlugPoint<?>, String> more) {
        for (String p : policyRefs) {
            staticCheck(p, contract);
        }
        staticCheck(admissionRef, contract);
        for (String ref : more.values()) {
            staticCheck(ref, contract);
        }
        List<SimulationResult> out = new ArrayList<>();
        try (WorkerPool pool = new WorkerPool(options)) {
            for (String p : policyRefs) {
                out.add(run(s, p, admissionRef, pool, contract, more));
            }
        }
        return out;
    }

    /** The plug points beyond usage limit and admission that a command fills: a scorer and a detector, each may be null. */
    static Map<PlugPoint<?>, String> plugged(String scorerRef, String detectorRef) {
        Map<PlugPoint<?>, String> m = new LinkedHashMap<>();
        if (scorerRef != null) {
            m.put(PlugPoint.ROUTING, scorerRef);
        }
        if (detectorRef != null) {
            m.put(PlugPoint.SATURATION, detectorRef);
        }
        return m;
    }

    /** A candidate's source and the file name it is reported under. */
    private record SourceFile(String source, String origin) {
    }

    /**
     * What a worker compiles for {@code ref}: a {@code .java} file as written, or a built-in template's
     * source, which carries no parameters ({@code what} names the kind in the refusal).
     */
    private static SourceFile isolatedSource(String ref, String what) {
        if (CandidateFiles.isSourceReference(ref)) {
            return new SourceFile(CandidateFiles.read(Path.of(ref)), Path.of(ref).getFileName().toString());
        }
        if (ref.contains(":")) {
            throw new UserError("--isolate runs built-in " + what + " from their source, without parameters; drop the parameters of "
                    + ref + " or run without --isolate");
        }
        var template = PolicyRegistry.builtin().template(ref);
        return new SourceFile(template.source(), template.name() + ".java");
    }

    /**
     * Runs one scenario with one policy. With a worker pool, a policy given as a .java file never
     * runs in this JVM: the worker checks, compiles and simulates it (its source verified by
     * {@link #runIsolated} already).
     */
    private static SimulationResult run(Scenario s, String policyRef, String admissionRef, WorkerPool pool, Contract contract,
                                        Map<PlugPoint<?>, String> more) {
        boolean moreFiles = more.values().stream().anyMatch(CandidateFiles::isSourceReference);
        if (!(CandidateFiles.isSourceReference(policyRef) || CandidateFiles.isSourceReference(admissionRef) || moreFiles)) {
            return prepare(s, policyRef, admissionRef, contract, more).run();
        }
        SourceFile usage = isolatedSource(policyRef, "policies");
        String usageSource = usage.source();
        String usageOrigin = usage.origin();
        String admissionSource = null;
        String admissionOrigin = null;
        switch (admissionRef) {
            case "none" -> { }
            case "legacy" -> s = Deployment.LEGACY_SHEDDING.apply(s);
            default -> {
                if (!CandidateFiles.isSourceReference(admissionRef)) {
                    throw new UserError("with --isolate, --admission must be none, legacy or a .java file");
                }
                admissionSource = CandidateFiles.read(Path.of(admissionRef));
                admissionOrigin = Path.of(admissionRef).getFileName().toString();
            }
        }
        WorkerProtocol.Job job = new WorkerProtocol.Job(0, WorkerProtocol.Mode.SIMULATE, s, null, usageSource, usageOrigin, admissionSource,
                admissionOrigin, false, contract);
        for (Map.Entry<PlugPoint<?>, String> e : more.entrySet()) {
            SourceFile f = isolatedSource(e.getValue(), PlugPoints.of(e.getKey()).words().part().replaceFirst("^an? ", "") + "s");
            job = job.withSource(e.getKey(), f.source(), f.origin());
        }
        WorkerProtocol.Reply reply;
        try {
            reply = pool.run(job);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted");
        }
        if (reply.error() != null) {
            if (reply.error().startsWith("rejected") || reply.error().contains(" candidate rejected")) {
                throw new UserError(usageOrigin + " " + reply.error());
            }
            throw new PolicyException("in an isolated worker: " + reply.error(), null);
        }
        return reply.result();
    }

    /** Verifies and compiles a reference that names a .java file, here (no candidate code runs); nothing otherwise. */
    private static void staticCheck(String ref, Contract contract) {
        if (!CandidateFiles.isSourceReference(ref)) {
            return;
        }
        Path file = Path.of(ref);
        CheckResult r = Candidates.compileOnly(CandidateFiles.read(file), file.getFileName().toString(),
                contract);
        if (!r.accepted()) {
            throw new UserError(ref + " is rejected:" + System.lineSeparator() + String.join(System.lineSeparator(), r.problems()));
        }
    }

    /**
     * @param policyRef    a usage-limit policy reference
     * @param admissionRef {@code none}, {@code legacy} (flow-control gate off, shed sheddable
     *                     requests at saturation >= 1), or an admission policy reference
     */
    static ClusterSimulation prepare(Scenario s, String policyRef, String admissionRef) {
        return prepare(s, policyRef, admissionRef, Contract.ROUTER);
    }

    static ClusterSimulation prepare(Scenario s, String policyRef, String admissionRef, Contract contract) {
        return prepare(s, policyRef, admissionRef, contract, (String) null);
    }

    /**
     * {@link #prepare(Scenario, String, String, Contract)} with a routing scorer (a built-in name or a
     * .java candidate) in place of the router config's scorers; null: the config's own.
     */
    static ClusterSimulation prepare(Scenario s, String policyRef, String admissionRef, Contract contract, String scorerRef) {
        return prepare(s, policyRef, admissionRef, contract, plugged(scorerRef, null));
    }

    /**
     * {@link #prepare(Scenario, String, String, Contract)} with policies at more plug points, each a
     * built-in name or a .java candidate: a routing scorer in place of the router config's scorers, a
     * saturation detector in place of the scenario's.
     */
    static ClusterSimulation prepare(Scenario s, String policyRef, String admissionRef, Contract contract, Map<PlugPoint<?>, String> more) {
        PolicyRegistry registry = PolicyRegistry.builtin();
        UsageLimitPolicy policy;
        String policyName;
        if (CandidateFiles.isSourceReference(policyRef)) {
            Candidate c = PolicyRefs.compiled(policyRef, PlugPoint.USAGE_LIMIT, Sandbox.inProcess(), contract);
            policy = c.newUsageLimitPolicy();
            policyName = c.name() + " (" + Path.of(policyRef).getFileName() + ")";
        } else {
            policy = registry.usageLimit(policyRef);
            policyName = registry.template(policyRef).name() + paramsOf(policyRef);
        }
        AdmissionPolicy admitter = null;
        String admissionName = admissionRef;
        switch (admissionRef) {
            case "none" -> { }
            case "legacy" -> s = Deployment.LEGACY_SHEDDING.apply(s);
            default -> {
                if (CandidateFiles.isSourceReference(admissionRef)) {
                    Candidate c = PolicyRefs.compiled(admissionRef, PlugPoint.ADMISSION, Sandbox.inProcess(), contract);
                    admitter = c.newAdmissionPolicy();
                    admissionName = c.name() + " (" + Path.of(admissionRef).getFileName() + ")";
                } else {
                    admitter = registry.admission(admissionRef);
                    admissionName = registry.template(admissionRef).name() + paramsOf(admissionRef);
                }
            }
        }
        Policies policies = Policies.none().with(PlugPoint.USAGE_LIMIT, policy, policyName).with(PlugPoint.ADMISSION, admitter, admissionName);
        for (Map.Entry<PlugPoint<?>, String> e : more.entrySet()) {
            policies = plug(policies, e.getKey(), e.getValue(), contract);
        }
        return new ClusterSimulation(s, policies);
    }

    /** {@code policies} with the policy {@code ref} names at {@code point}: a .java candidate compiled here, or a built-in. */
    private static <S> Policies plug(Policies policies, PlugPoint<S> point, String ref, Contract contract) {
        if (CandidateFiles.isSourceReference(ref)) {
            Candidate c = PolicyRefs.compiled(ref, point, Sandbox.inProcess(), contract);
            return PlugPoints.of(point).bind(policies, c.newInstance(point), c.name() + " (" + Path.of(ref).getFileName() + ")");
        }
        PolicyRegistry registry = PolicyRegistry.builtin();
        return PlugPoints.of(point).bind(policies, registry.create(point, ref), registry.template(ref).name() + paramsOf(ref));
    }


    private static String paramsOf(String ref) {
        int colon = ref.indexOf(':');
        return colon < 0 ? "" : ref.substring(colon);
    }
}
