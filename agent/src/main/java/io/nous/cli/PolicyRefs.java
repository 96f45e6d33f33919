package io.nous.cli;

import io.nous.codegen.Candidate;
import io.nous.codegen.CandidateKind;
import io.nous.codegen.CheckResult;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.AdmissionPolicy;
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
        String admissionRef = admissionArg.startsWith("direct:") ? admissionArg.substring("direct:".length()) : admissionArg;
        PolicyRegistry registry = PolicyRegistry.builtin();
        Supplier<UsageLimitPolicy> usage;
        String name;
        String identity;
        if (CandidateFiles.isSourceReference(usageRef)) {
            Candidate c = compiled(usageRef, CandidateKind.USAGE_LIMIT);
            usage = c::newUsageLimitPolicy;
            name = c.name() + " (" + Path.of(usageRef).getFileName() + ")";
            identity = "sha256:" + c.canonicalHash();
        } else {
            registry.usageLimit(usageRef); // validate now, not on a worker thread
            usage = () -> registry.usageLimit(usageRef);
            name = usageRef;
            identity = "builtin:" + usageRef;
        }
        Supplier<AdmissionPolicy> admission = null;
        boolean flowControl = true;
        boolean legacy = false;
        if (admissionArg.startsWith("direct:")) {
            // the admission study's deployment: no flow-control queue, the admitter alone sheds
            flowControl = false;
            name += " (flow control off)";
            identity += "+direct";
        }
        switch (admissionRef) {
            case "none" -> { }
            case "legacy" -> {
                flowControl = false;
                legacy = true;
                name += " + legacy admission";
                identity += "+legacy";
            }
            default -> {
                if (CandidateFiles.isSourceReference(admissionRef)) {
                    Candidate c = compiled(admissionRef, CandidateKind.ADMISSION);
                    admission = c::newAdmissionPolicy;
                    identity += "+sha256:" + c.canonicalHash();
                } else {
                    registry.admission(admissionRef);
                    admission = () -> registry.admission(admissionRef);
                    identity += "+builtin:" + admissionRef;
                }
                name += " + " + admissionRef;
            }
        }
        return new PolicyUnderTest(name, identity, usage, admission, flowControl, legacy);
    }

    /** Checks a candidate source file; a rejected or mismatched candidate is bad input. */
    static Candidate compiled(String file, CandidateKind expected) {
        CheckResult r = CandidateFiles.check(Path.of(file));
        if (!r.accepted()) {
            throw new UserError(file + " is rejected:" + System.lineSeparator() + String.join(System.lineSeparator(), r.problems()));
        }
        if (r.kind() != expected) {
            throw new UserError(file + " implements " + r.kind().spi().getSimpleName() + ", but "
                    + expected.spi().getSimpleName() + " is needed here");
        }
        return r.candidate();
    }
}
