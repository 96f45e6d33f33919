package io.nous.cli;

import io.nous.codegen.Candidate;
import io.nous.codegen.CheckResult;
import io.nous.codegen.Contract;
import io.nous.evaluator.run.Deployment;
import io.nous.evaluator.run.PolicyIdentity;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.policy.PolicyRegistry;
import io.nous.sandbox.Sandbox;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.UsageLimitPolicy;
import java.nio.file.Path;
import java.util.function.Supplier;

/** Resolves command-line policy references (names with parameters, or .java files) into policies under test. */
final class PolicyRefs {
    private PolicyRefs() {
    }

    /**
     * @param admissionRef {@code none}, {@code legacy} (flow control off, shed sheddable at s >= 1),
     *                     an admission policy or FILE.java (after flow control), or {@code direct:}
     *                     before either of the last two (flow control off, the admitter alone sheds)
     */
    static PolicyUnderTest resolve(String usageRef, String admissionArg) {
        return resolve(usageRef, admissionArg, Sandbox.inProcess(), Contract.ROUTER);
    }

    /**
     * As {@link #resolve(String, String)}; a policy given as a .java file is checked where the
     * sandbox runs candidates and, when the sandbox isolates, will be simulated there too.
     */
    static PolicyUnderTest resolve(String usageRef, String admissionArg, Sandbox sandbox, Contract contract) {
        String admissionRef = admissionArg.startsWith("direct:") ? admissionArg.substring("direct:".length()) : admissionArg;
        PolicyRegistry registry = PolicyRegistry.builtin();
        Supplier<UsageLimitPolicy> usage;
        String name;
        PolicyIdentity identity;
        String usageSource = null;
        String usageOrigin = null;
        if (CandidateFiles.isSourceReference(usageRef)) {
            Candidate c = compiled(usageRef, PlugPoint.USAGE_LIMIT, sandbox, contract);
            usageSource = CandidateFiles.read(Path.of(usageRef));
            usageOrigin = Path.of(usageRef).getFileName().toString();
            usage = c::newUsageLimitPolicy;
            name = c.name() + " (" + Path.of(usageRef).getFileName() + ")";
            identity = PolicyIdentity.source(c.canonicalHash());
        } else {
            registry.usageLimit(usageRef); // validate now, not on a worker thread
            usage = () -> registry.usageLimit(usageRef);
            name = usageRef;
            identity = PolicyIdentity.builtin(usageRef);
        }
        Supplier<AdmissionPolicy> admission = null;
        String admissionSource = null;
        String admissionOrigin = null;
        Deployment deployment = Deployment.FLOW_CONTROL;
        if (admissionArg.startsWith("direct:")) {
            // the admission study's deployment: no flow-control queue, the admitter alone sheds
            deployment = Deployment.DIRECT;
            name += " (flow control off)";
            identity = identity.in(deployment);
        }
        switch (admissionRef) {
            case "none" -> { }
            case "legacy" -> {
                deployment = Deployment.LEGACY_SHEDDING;
                name += " + legacy admission";
                identity = identity.in(deployment);
            }
            default -> {
                if (CandidateFiles.isSourceReference(admissionRef)) {
                    Candidate c = compiled(admissionRef, PlugPoint.ADMISSION, sandbox, contract);
                    admissionSource = CandidateFiles.read(Path.of(admissionRef));
                    admissionOrigin = Path.of(admissionRef).getFileName().toString();
                    admission = c::newAdmissionPolicy;
                    identity = identity.plus(PolicyIdentity.source(c.canonicalHash()));
                } else {
                    registry.admission(admissionRef);
                    admission = () -> registry.admission(admissionRef);
                    identity = identity.plus(PolicyIdentity.builtin(admissionRef));
                }
                name += " + " + admissionRef;
            }
        }
        if (usageSource == null && admissionSource == null) {
            return PolicyUnderTest.builtin(name, identity, usageRef, admission == null ? null : admissionRef, deployment);
        }
        PolicyUnderTest p = new PolicyUnderTest(name, identity, usage, admission, deployment);
        if (!sandbox.isolated()) {
            return p;
        }
        // the worker builds both halves from source: a built-in half travels as its template's source
        if (usageSource == null) {
            usageSource = templateSource(usageRef);
            usageOrigin = usageRef + ".java";
        }
        if (admission != null && admissionSource == null) {
            admissionSource = templateSource(admissionRef);
            admissionOrigin = admissionRef + ".java";
        }
        return p.withSources(new PolicyUnderTest.Sources(usageSource, usageOrigin, admissionSource, admissionOrigin, contract));
    }

    /** A built-in policy's source with the reference's parameters as its defaults. */
    private static String templateSource(String ref) {
        return PolicyRegistry.builtin().source(ref);
    }

    /** Checks a candidate source file where the sandbox runs candidates; a rejected or mismatched candidate is bad input. */
    static Candidate compiled(String file, PlugPoint<?> expected, Sandbox sandbox, Contract contract) {
        Sandbox.Checked checked = sandbox.check(CandidateFiles.read(Path.of(file)), Path.of(file).getFileName().toString(), contract);
        CheckResult r = checked.compiled();
        if (!checked.accepted()) {
            throw new UserError(file + " is rejected:" + System.lineSeparator() + String.join(System.lineSeparator(), checked.problems()));
        }
        if (r.kind() != expected) {
            throw new UserError(file + " implements " + r.kind().spi().getSimpleName() + ", but "
                    + expected.spi().getSimpleName() + " is needed here");
        }
        return r.candidate();
    }
}
