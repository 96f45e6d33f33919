package io.nous.codegen.isolate;

import io.nous.codegen.CandidateKind;
import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
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

/**
 * The entry point of a worker JVM: reads {@link WorkerProtocol.Job}s from stdin, one JSON line each,
 * checks and compiles the candidate, runs the simulation, and writes one
 * {@link WorkerProtocol.Reply} line per job to stdout. Anything else that would reach stdout goes to
 * stderr, so the protocol cannot be corrupted.
 */
public final class WorkerMain {
    private WorkerMain() {
    }

    public static void main(String[] args) throws IOException {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
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
    }

    static WorkerProtocol.Reply run(WorkerProtocol.Job job) {
        try {
            CheckResult u = Candidates.check(job.usageLimitSource(), job.usageLimitOrigin());
            if (!u.accepted()) {
                return new WorkerProtocol.Reply(job.id(), null, "rejected: " + String.join("; ", u.problems()));
            }
            if (u.kind() != CandidateKind.USAGE_LIMIT) {
                return new WorkerProtocol.Reply(job.id(), null, job.usageLimitOrigin() + " is not a usage-limit policy");
            }
            UsageLimitPolicy policy = u.candidate().newUsageLimitPolicy();
            AdmissionPolicy admitter = null;
            if (job.admissionSource() != null) {
                CheckResult a = Candidates.check(job.admissionSource(), job.admissionOrigin());
                if (!a.accepted() || a.kind() != CandidateKind.ADMISSION) {
                    return new WorkerProtocol.Reply(job.id(), null, "admission candidate rejected: " + String.join("; ", a.problems()));
                }
                admitter = a.candidate().newAdmissionPolicy();
            }
            var result = new ClusterSimulation(job.scenario(), policy, u.candidate().name(), admitter,
                    admitter == null ? null : job.admissionOrigin()).run();
            return new WorkerProtocol.Reply(job.id(), result, null);
        } catch (RuntimeException | StackOverflowError e) {
            return new WorkerProtocol.Reply(job.id(), null, e.getMessage() == null ? e.toString() : e.getMessage());
        }
    }
}
