package io.nous.codegen;

import io.nous.codegen.compile.CompileDiagnostic;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.verify.Violation;
import io.nous.sim.spi.PlugPoint;
import java.util.List;

/**
 * Everything {@link Candidates#check} found out about one candidate source.
 *
 * @param violations    static verification failures (empty when it passed)
 * @param diagnostics   compiler and bytecode-check errors (empty when it compiled)
 * @param exerciseFault the first run-time fault when exercised on a grid of inputs, or null
 * @param candidate     the compiled candidate, or null when it was rejected before loading
 */
public record CheckResult(
        String origin,
        PlugPoint<?> kind,
        String className,
        String canonicalHash,
        List<Violation> violations,
        List<CompileDiagnostic> diagnostics,
        CandidateFault exerciseFault,
        Candidate candidate,
        long verifyNanos,
        long compileNanos) {

    /** True when the candidate would be accepted for simulation. */
    public boolean accepted() {
        return violations.isEmpty() && diagnostics.isEmpty() && exerciseFault == null && candidate != null;
    }

    /** One line per problem, for people and for proposers. */
    public List<String> problems() {
        List<String> out = new java.util.ArrayList<>();
        violations.forEach(v -> out.add(origin + ":" + v));
        diagnostics.forEach(d -> out.add(origin + ":" + d));
        if (exerciseFault != null) {
            out.add(origin + ": run-time: " + exerciseFault.getMessage());
        }
        return out;
    }
}
