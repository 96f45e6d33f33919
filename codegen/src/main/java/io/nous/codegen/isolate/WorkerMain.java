package io.nous.codegen.isolate;

import io.nous.codegen.BehaviourProbe;
import io.nous.codegen.CandidateKind;
import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.guard.CandidateFault;
import io.nous.sim.ClusterSimulation;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.UsageLimitPolicy;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
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

    private WorkerMain() {
    }

    public static void main(String[] args) throws IOException {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        watchParent();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        protocol.println(WorkerProtocol.write(new WorkerProtocol.Reply(-1, null, "ready")));
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
            protocol.println(WorkerProtocol.write(reply));
        }
        Runtime.getRuntime().halt(0);
    }

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

    private static CheckResult compiled(String source, String origin, io.nous.codegen.Contract contract) {
        synchronized (COMPILED) {
            return COMPILED.computeIfAbsent(contract + "\n" + origin + "\n" + source, k -> Candidates.check(source, origin, contract));
        }
    }

    static WorkerProtocol.Reply run(WorkerProtocol.Job job) {
        try {
            if (job.mode() == WorkerProtocol.Mode.CHECK || job.mode() == WorkerProtocol.Mode.CHECK_AND_PROBE) {
                return check(job, job.mode() == WorkerProtocol.Mode.CHECK_AND_PROBE);
            }
            UsageLimitPolicy policy = (s, p, c) -> { };
            String policyName = "open";
            if (job.usageLimitSource() != null) {
                CheckResult u = compiled(job.usageLimitSource(), job.usageLimitOrigin(), job.contractOrDefault());
                if (!u.accepted()) {
                    return new WorkerProtocol.Reply(job.id(), null, "rejected: " + String.join("; ", u.problems()));
                }
                if (u.kind() != CandidateKind.USAGE_LIMIT) {
                    return new WorkerProtocol.Reply(job.id(), null, job.usageLimitOrigin() + " is not a usage-limit policy");
                }
                policy = u.candidate().newUsageLimitPolicy();
                policyName = u.candidate().name();
            }
            AdmissionPolicy admitter = null;
            if (job.admissionSource() != null) {
                CheckResult a = compiled(job.admissionSource(), job.admissionOrigin(), job.contractOrDefault());
                if (!a.accepted() || a.kind() != CandidateKind.ADMISSION) {
                    return new WorkerProtocol.Reply(job.id(), null, "admission candidate rejected: " + String.join("; ", a.problems()));
                }
                admitter = a.candidate().newAdmissionPolicy();
            }
            String name = job.policyName() != null ? job.policyName() : policyName;
            ClusterSimulation sim = new ClusterSimulation(job.scenario(), policy, name, admitter,
                    admitter == null ? null : job.policyName() != null ? job.policyName() : job.admissionOrigin());
            if (job.samples()) {
                sim.recordSamples();
            }
            var result = sim.run();
            return new WorkerProtocol.Reply(job.id(), result, job.samples() ? WorkerProtocol.encode(sim.samples()) : null, null, null);
        } catch (RuntimeException | StackOverflowError e) {
            return new WorkerProtocol.Reply(job.id(), null, e.getMessage() == null ? e.toString() : e.getMessage());
        }
    }

    private static WorkerProtocol.Reply check(WorkerProtocol.Job job, boolean probe) {
        CheckResult r = compiled(job.usageLimitSource(), job.usageLimitOrigin(), job.contractOrDefault());
        double[] behaviour = null;
        java.util.List<String> problems = new java.util.ArrayList<>(r.problems());
        if (probe && r.accepted()) {
            try {
                behaviour = BehaviourProbe.probe(r.candidate());
            } catch (CandidateFault f) {
                problems.add(job.usageLimitOrigin() + ": run-time: " + f.getMessage());
            }
        }
        return new WorkerProtocol.Reply(job.id(), null, null,
                new WorkerProtocol.CheckSummary(problems.isEmpty(), problems, r.canonicalHash(), behaviour), null);
    }
}
