package io.nous.codegen.isolate;

import io.nous.codegen.BehaviourProbe;
import io.nous.codegen.BehaviourSignature;
import io.nous.codegen.Candidate;
import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.Contract;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.plug.PlugPoints;
import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.epp.DecisionReplay;
import io.nous.sim.epp.DecisionTrace;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.Policies;
import io.nous.sim.workload.WorkloadCatalog;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The entry point of a worker JVM: reads {@link WorkerProtocol.Job}s from stdin, one line each,
 * checks and compiles the candidate (once per source), runs what the job asks, and writes one
 * {@link WorkerProtocol.Reply} line per job to stdout behind the protocol marker. Anything else
 * that would reach stdout goes to stderr. A watchdog ends the worker as soon as the process that
 * started it is gone, however it went (even kill -9), so no worker outlives its {@code nous}.
 */
public final class WorkerMain {
    /** Compiled candidates by source, so a worker compiles each candidate once. */
    private static final Map<String, CheckResult> COMPILED = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, CheckResult> eldest) {
            return size() > 64;
        }
    };

    /** Baseline decisions sent to this worker, kept for the candidates that follow (an eighth of the heap at most). */
    private static final DecisionTraces TRACES = new DecisionTraces(Math.min(64L << 20, Runtime.getRuntime().maxMemory() / 8));

    private WorkerMain() {
    }

    /** The argument that starts a worker in training mode (see {@link #train}). */
    static final String TRAIN = "--train";

    public static void main(String[] args) throws IOException {
        if (args.length == 1 && args[0].equals(TRAIN)) {
            train();
            System.exit(0);
        }
        OutputStream protocol = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
        System.setOut(System.err);
        watchParent();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        send(protocol, new WorkerProtocol.Reply(-1, null, "ready"));
        for (String line; (line = in.readLine()) != null; ) {
            if (line.isBlank()) {
                continue;
            }
            WorkerProtocol.Reply reply;
            try {
                reply = run(WorkerProtocol.read(line, WorkerProtocol.Job.class));
            } catch (IOException e) {
                reply = new WorkerProtocol.Reply(-1, null, "malformed job: " + e.getMessage());
            }
            send(protocol, reply);
        }
        Runtime.getRuntime().halt(0);
    }

    /**
     * One reply as one protocol line, written as UTF-8 bytes (a run's samples never pass through
     * characters). When the pool has closed its end there is nobody left to answer: the worker ends.
     */
    private static void send(OutputStream protocol, WorkerProtocol.Reply reply) {
        try {
            protocol.write(WorkerProtocol.writeBytes(reply));
            protocol.write('\n');
            protocol.flush();
        } catch (IOException e) {
            Runtime.getRuntime().halt(0);
        }
    }

    /**
     * What a worker loads in its first jobs, done once so that {@link WorkerArchive} can record the
     * classes: the protocol in both directions, checking and probing a small usage-limit policy and
     * an admitter, and a short simulation with both. Its results are thrown away.
     */
    static void train() throws IOException {
        Scenario s = Scenario.builder(WorkloadCatalog.builtin().workload("code-generation"))
                .qps(16).durationSeconds(20).build();
        List<WorkerProtocol.Job> jobs = List.of(
                new WorkerProtocol.Job(1, WorkerProtocol.Mode.CHECK_AND_PROBE, null, null, TRAINING_LIMIT, "Training.java", null, null, false),
                new WorkerProtocol.Job(2, WorkerProtocol.Mode.SIMULATE, s, null, TRAINING_LIMIT, "Training.java", TRAINING_ADMITTER,
                        "TrainingAdmitter.java", true));
        for (WorkerProtocol.Job job : jobs) {
            WorkerProtocol.Reply reply = run(WorkerProtocol.read(WorkerProtocol.write(job), WorkerProtocol.Job.class));
            if (reply.error() != null) {
                throw new IllegalStateException("training job " + job.id() + " failed: " + reply.error());
            }
            WorkerProtocol.read(WorkerProtocol.write(reply), WorkerProtocol.Reply.class);
        }
    }

    private static final String TRAINING_LIMIT = """
            import io.nous.sim.spi.UsageLimitPolicy;

            public final class Training implements UsageLimitPolicy {
                private long calls;

                @Override
                public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
                    calls++;
                    for (int i = 1; i < priorities.length; i++) {
                        double gate = 1.0 - 0.5 * i / Math.max(1, priorities.length - 1);
                        ceilings[i] = saturation < gate || calls % 4 == 0 ? 1.0 : Math.max(0.0, Math.min(1.0, 2 * (1 - saturation)));
                    }
                }
            }
            """;

    private static final String TRAINING_ADMITTER = """
            import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.RoutingScorer;

            public final class TrainingAdmitter implements AdmissionPolicy {
                @Override
                public boolean admit(int priority, double saturation, double u) {
                    return priority >= 0 || u >= Math.min(1.0, Math.pow(saturation, 3) * 4);
                }
            }
            """;

    /** Halts this JVM when its parent process is gone. */
    private static void watchParent() {
        Optional<ProcessHandle> parent = ProcessHandle.current().parent();
        Thread t = new Thread(() -> {
            while (true) {
                if (parent.isEmpty() || !parent.get().isAlive()) {
                    Runtime.getRuntime().halt(3);
                }
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "nous-worker-watchdog");
        t.setDaemon(true);
        t.start();
    }

    private static CheckResult compiled(String source, String origin, Contract contract) {
        synchronized (COMPILED) {
            return COMPILED.computeIfAbsent(contract + "\n" + origin + "\n" + source, k -> Candidates.check(source, origin, contract));
        }
    }

    static WorkerProtocol.Reply run(WorkerProtocol.Job job) {
        try {
            if (job.mode() == WorkerProtocol.Mode.CHECK || job.mode() == WorkerProtocol.Mode.CHECK_AND_PROBE) {
                return check(job, job.mode() == WorkerProtocol.Mode.CHECK_AND_PROBE);
            }
            Policies policies = Policies.none();
            Candidate usageLimit = null;
            for (Map.Entry<String, WorkerProtocol.Job.Source> e : job.sources().entrySet()) {
                PlugPoint<?> point = PlugPoints.byId(e.getKey());
                WorkerProtocol.Job.Source src = e.getValue();
                if (point == null) {
                    return new WorkerProtocol.Reply(job.id(), null, src.origin() + ": no plug point '" + e.getKey() + "' is registered");
                }
                String rejected = point == PlugPoint.USAGE_LIMIT ? "rejected: " : point.id() + " candidate rejected: ";
                CheckResult c = compiled(src.text(), src.origin(), job.contractOrDefault());
                if (!c.accepted()) {
                    return new WorkerProtocol.Reply(job.id(), null, rejected + String.join("; ", c.problems()));
                }
                if (c.kind() != point) {
                    return new WorkerProtocol.Reply(job.id(), null, src.origin() + " is not " + point.noun());
                }
                // named as the evaluator names it in this JVM, so that isolation never changes a result
                String name = job.policyName() != null ? job.policyName()
                        : PlugPoints.of(point).simulationName(c.candidate().name(), src.origin());
                policies = bind(policies, point, c.candidate(), name);
                if (point == PlugPoint.USAGE_LIMIT) {
                    usageLimit = c.candidate();
                }
            }
            if (job.decisionsKey() != null && usageLimit != null && job.sources().size() == 1) {
                DecisionTrace trace = TRACES.get(job.decisionsKey(), job.decisions());
                if (trace == null) {
                    return WorkerProtocol.Reply.needsDecisions(job.id());
                }
                if (DecisionReplay.decidesAlike(trace, usageLimit.newUsageLimitPolicy())) {
                    return WorkerProtocol.Reply.alike(job.id()); // the policies bound above are fresh: the replay had one of its own
                }
            }
            ClusterSimulation sim = new ClusterSimulation(job.scenario(), policies);
            if (job.samples()) {
                sim.recordSamples();
            }
            var result = sim.run();
            return new WorkerProtocol.Reply(job.id(), result, job.samples() ? WorkerProtocol.encode(sim.samples()) : null, null, null);
        } catch (RuntimeException | StackOverflowError e) {
            return new WorkerProtocol.Reply(job.id(), null, e.getMessage() == null ? e.toString() : e.getMessage());
        }
    }

    private static <S> Policies bind(Policies policies, PlugPoint<S> point, Candidate candidate, String name) {
        return PlugPoints.of(point).bind(policies, candidate.newInstance(point), name);
    }

    private static WorkerProtocol.Reply check(WorkerProtocol.Job job, boolean probe) {
        WorkerProtocol.Job.Source src = job.sources().values().iterator().next();
        CheckResult r = compiled(src.text(), src.origin(), job.contractOrDefault());
        double[] behaviour = null;
        String fingerprint = null;
        double[] signature = null;
        java.util.List<String> problems = new java.util.ArrayList<>(r.problems());
        if (probe && r.accepted()) {
            try {
                behaviour = BehaviourProbe.probe(r.candidate());
                if (job.probePriorities() != null) {
                    fingerprint = BehaviourProbe.fingerprint(r.candidate(), job.probePriorities());
                    signature = BehaviourSignature.of(r.candidate(), job.probePriorities());
                }
            } catch (CandidateFault f) {
                problems.add(src.origin() + ": run-time: " + f.getMessage());
            }
        }
        return new WorkerProtocol.Reply(job.id(), null, null,
                new WorkerProtocol.CheckSummary(problems.isEmpty(), problems, r.canonicalHash(), behaviour, fingerprint, signature), null);
    }
}
