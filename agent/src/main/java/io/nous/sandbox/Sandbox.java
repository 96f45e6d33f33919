package io.nous.sandbox;

import io.nous.codegen.BehaviourProbe;
import io.nous.codegen.BehaviourSignature;
import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.Contract;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.isolate.WorkerPool;
import io.nous.codegen.isolate.WorkerProtocol;
import io.nous.evaluator.run.Deployment;
import io.nous.evaluator.run.ExecutionBackend;
import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.run.PolicyIdentity;
import io.nous.evaluator.run.PolicySuppliers;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.routing.RoutingConfig;
import io.nous.sim.spi.PlugPoint;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Where untrusted candidate code runs. By default a pool of worker JVMs with a bounded heap and a
 * time limit per task: candidates are verified and compiled here (which runs none of their code),
 * and exercised, probed and simulated only in a worker, which is killed and replaced if it dies
 * or overruns. {@link #inProcess()} runs them in this JVM behind the guard alone: for trusted
 * sources and benchmarks.
 */
public final class Sandbox implements AutoCloseable {
    /** Default heap of a worker JVM. */
    public static final String DEFAULT_HEAP = "512m";
    /** Default wall-clock limit of one task in a worker: the last line of defence behind the work budgets. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(300);

    private final WorkerPool.Options options;
    private WorkerPool pool;
    private ExecutionBackend backend;

    private Sandbox(WorkerPool.Options options) {
        this.options = options;
    }

    public static Sandbox inProcess() {
        return new Sandbox(null);
    }

    /** {@code workers} worker JVMs, started when the first candidate needs one. */
    public static Sandbox workers(int workers, String heap, Duration timeout) {
        return new Sandbox(new WorkerPool.Options(workers, heap, timeout));
    }

    /** The worker pool (started now if need be), or null when candidates run in this JVM. */
    public synchronized WorkerPool pool() {
        if (options != null && pool == null) {
            pool = new WorkerPool(options);
        }
        return pool;
    }

    public boolean isolated() {
        return options != null;
    }

    /** The worker JVMs' settings (heap, time limit), or null when candidates run in this JVM. */
    public WorkerPool.Options workerOptions() {
        return options;
    }

    /**
     * Simulations of evaluations run on {@code b} (a cluster) from now on, instead of this JVM's
     * threads and workers; checks and probes stay here. The sandbox closes it.
     */
    public synchronized Sandbox simulateOn(ExecutionBackend b) {
        this.backend = b;
        return this;
    }

    /** A runner against {@code baseline}: on the backend given to {@link #simulateOn}, else on {@code threads} threads here. */
    public synchronized PairedRunner runner(PolicyUnderTest baseline, int threads) {
        return backend != null ? new PairedRunner(baseline, backend) : new PairedRunner(baseline, threads, pool());
    }

    /**
     * What checking a candidate found.
     *
     * @param compiled  the static check (verification and compilation), done in this JVM
     * @param problems  every problem, static or found by running it; empty when accepted
     * @param behaviour the behaviour probe of an accepted candidate, or null
     * @param fingerprint its behaviour fingerprint on the probe grid, when asked for, else null
     * @param signature   its {@link BehaviourSignature} on that grid, when asked for, else null
     */
    public record Checked(CheckResult compiled, List<String> problems, double[] behaviour, String fingerprint, double[] signature) {
        public Checked(CheckResult compiled, List<String> problems, double[] behaviour) {
            this(compiled, problems, behaviour, null, null);
        }

        public boolean accepted() {
            return problems.isEmpty();
        }
    }

    /** Verifies and compiles here; exercises where candidates run. Never throws for a candidate's faults. */
    public Checked check(String source, String origin) {
        return check(source, origin, Contract.ROUTER);
    }

    /** {@link #check(String, String)} under a contract. */
    public Checked check(String source, String origin, Contract contract) {
        return exercise(Candidates.compileOnly(source, origin, contract), source, origin, false);
    }

    /**
     * Exercises a candidate that {@link Candidates#compileOnly} accepted, where candidates run, and
     * with {@code probe} also measures its behaviour (a fault there rejects it too).
     */
    public Checked exercise(CheckResult stat, String source, String origin, boolean probe) {
        return exercise(stat, source, origin, probe, null);
    }

    /**
     * {@link #exercise(CheckResult, String, String, boolean)} that with {@code probe} also takes the
     * candidate's behaviour fingerprint, calling a usage-limit policy with {@code probePriorities}
     * (the arrays the simulator will pass it); null takes none.
     */
    public Checked exercise(CheckResult stat, String source, String origin, boolean probe, List<int[]> probePriorities) {
        if (!stat.accepted()) {
            return new Checked(stat, stat.problems(), null);
        }
        if (!isolated()) {
            CheckResult full = Candidates.check(source, origin, stat.candidate().contract());
            List<String> problems = new ArrayList<>(full.problems());
            double[] behaviour = null;
            String fingerprint = null;
            double[] signature = null;
            if (probe && full.accepted()) {
                try {
                    behaviour = BehaviourProbe.probe(full.candidate());
                    if (probePriorities != null) {
                        fingerprint = BehaviourProbe.fingerprint(full.candidate(), probePriorities);
                        signature = BehaviourSignature.of(full.candidate(), probePriorities);
                    }
                } catch (CandidateFault f) {
                    problems.add(origin + ": run-time: " + f.getMessage());
                }
            }
            return new Checked(full, List.copyOf(problems), behaviour, fingerprint, signature);
        }
        WorkerProtocol.Reply reply;
        try {
            reply = pool().run(new WorkerProtocol.Job(0, probe ? WorkerProtocol.Mode.CHECK_AND_PROBE : WorkerProtocol.Mode.CHECK, null, null,
                    source, origin, null, null, false, stat.candidate().contract(), probe ? probePriorities : null));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Checked(stat, List.of(origin + ": the check was interrupted"), null);
        }
        if (reply.error() != null) {
            return new Checked(stat, List.of(origin + ": run-time: " + reply.error()), null);
        }
        return new Checked(stat, List.copyOf(reply.check().problems()), reply.check().behaviour(), reply.check().fingerprint(),
                reply.check().signature());
    }

    /** The policy to evaluate: in a worker when isolated, from its compiled class otherwise. */
    public PolicyUnderTest usageLimit(String name, CheckResult compiled, String source, String origin) {
        PolicyUnderTest p = PolicyUnderTest.of(name, PolicyIdentity.source(compiled.canonicalHash()), compiled.candidate()::newUsageLimitPolicy);
        return isolated() ? p.withSources(new PolicyUnderTest.Sources(source, origin, null, null)) : p;
    }

    /**
     * An admission candidate as the admission study deployed it: flow control off, the static
     * usage-limit policy, the candidate the only thing that sheds; in a worker when isolated.
     */
    public PolicyUnderTest admission(String name, CheckResult compiled, String source, String origin) {
        PolicyUnderTest p = new PolicyUnderTest(name,
                PolicyIdentity.builtin("static-usage-limit").in(Deployment.DIRECT).plus(PolicyIdentity.source(compiled.canonicalHash())),
                () -> PolicyRegistry.builtin().usageLimit("static-usage-limit"), compiled.candidate()::newAdmissionPolicy, Deployment.DIRECT);
        return isolated() ? p.withSources(new PolicyUnderTest.Sources(PolicyRegistry.builtin().source("static-usage-limit"),
                "static-usage-limit.java", source, origin)) : p;
    }

    /**
     * A joint candidate's two halves deployed together: flow control on with the usage-limit half,
     * the admitter half after it; in a worker when isolated.
     */
    public PolicyUnderTest joint(String name, CheckResult limit, String limitSource, CheckResult admitter, String admitterSource) {
        PolicyUnderTest p = new PolicyUnderTest(name, PolicyIdentity.source(limit.canonicalHash()).plus(PolicyIdentity.source(admitter.canonicalHash())),
                limit.candidate()::newUsageLimitPolicy, admitter.candidate()::newAdmissionPolicy, Deployment.FLOW_CONTROL);
        return isolated() ? p.withSources(new PolicyUnderTest.Sources(limitSource, name + ".limit.java", admitterSource,
                name + ".admitter.java")) : p;
    }

    /**
     * A routing candidate behind router config {@code config}: its score replaces the config's
     * scorers; the static usage-limit policy stands in where the config's gate turns flow control on.
     * In a worker when isolated.
     */
    public PolicyUnderTest routing(String name, CheckResult compiled, String source, String origin, RoutingConfig config) {
        PolicyUnderTest p = PolicyUnderTest.builtin(name, PolicyIdentity.builtin("static-usage-limit"), "static-usage-limit", null,
                Deployment.FLOW_CONTROL).routedBy(config, compiled.candidate()::newRoutingScorer, PolicyIdentity.source(compiled.canonicalHash()));
        return isolated() ? p.withSources(new PolicyUnderTest.Sources(PolicyRegistry.builtin().source("static-usage-limit"),
                "static-usage-limit.java", null, null, compiled.candidate().contract(), source, origin)) : p;
    }

    /**
     * A candidate at its plug point, deployed with the built-in policies of {@code around} (a
     * built-in {@link PolicyUnderTest}: its identity, deployment and router config are kept, its
     * policies are the other plug points'); in a worker when isolated, where the built-ins run from
     * their sources. What a problem class over a new plug point needs, with no method of its own here.
     */
    public <S> PolicyUnderTest deploy(String name, PolicyUnderTest around, PlugPoint<S> point, CheckResult compiled, String source,
                                      String origin) {
        return deploy(name, around, List.of(new Part(point, compiled, source, origin)));
    }

    /** One candidate part at its plug point: what it compiled to, its source and the file name it goes by. */
    public record Part(PlugPoint<?> point, CheckResult compiled, String source, String origin) {
    }

    /**
     * Candidate parts at their plug points (the halves of a joint candidate), deployed with the
     * built-in policies of {@code around} at every other plug point; in a worker when isolated.
     * Its identity is the built-ins that stay, then each part's source.
     */
    public PolicyUnderTest deploy(String name, PolicyUnderTest around, List<Part> parts) {
        if (around.builtins() == null) {
            throw new IllegalArgumentException("a candidate is deployed around built-in policies; " + around.name() + " is not");
        }
        PolicyIdentity identity = identityKept(around, parts);
        PolicySuppliers policies = around.policies();
        for (Part part : parts) {
            PolicyIdentity source = PolicyIdentity.source(part.compiled().canonicalHash());
            identity = identity == null ? source : identity.plus(source);
            policies = withCandidate(policies, part);
        }
        PolicyUnderTest p = new PolicyUnderTest(name, identity, policies, around.deployment(), null, null, around.routing());
        if (!isolated()) {
            return p;
        }
        java.util.Map<String, WorkerProtocol.Job.Source> sources = new java.util.LinkedHashMap<>();
        around.builtins().references().forEach((id, ref) -> sources.put(id, new WorkerProtocol.Job.Source(
                PolicyRegistry.builtin().source(ref), PolicyRegistry.builtin().template(ref).name() + ".java")));
        parts.forEach(part -> sources.put(part.point().id(), new WorkerProtocol.Job.Source(part.source(), part.origin())));
        return p.withSources(new PolicyUnderTest.Sources(sources, parts.get(0).compiled().candidate().contract()));
    }

    /**
     * The identity of what {@code around} keeps: all of it when no part replaces one of its built-ins
     * (as a single candidate beside them is identified), else the built-ins left, or null for none.
     */
    private static PolicyIdentity identityKept(PolicyUnderTest around, List<Part> parts) {
        java.util.Set<String> replaced = new java.util.HashSet<>();
        parts.forEach(part -> replaced.add(part.point().id()));
        if (around.builtins().references().keySet().stream().noneMatch(replaced::contains)) {
            return around.identity();
        }
        PolicyIdentity kept = null;
        for (var ref : around.builtins().references().entrySet()) {
            if (!replaced.contains(ref.getKey())) {
                kept = kept == null ? PolicyIdentity.builtin(ref.getValue()) : kept.plus(PolicyIdentity.builtin(ref.getValue()));
            }
        }
        return kept;
    }

    private static <S> PolicySuppliers withCandidate(PolicySuppliers policies, Part part) {
        @SuppressWarnings("unchecked")
        PlugPoint<S> point = (PlugPoint<S>) part.point();
        return policies.with(point, () -> part.compiled().candidate().newInstance(point));
    }

    @Override
    public synchronized void close() {
        if (backend != null) {
            backend.close();
        }
        if (pool != null) {
            pool.close();
        }
    }
}
