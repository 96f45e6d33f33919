package io.nous.codegen;

import io.nous.codegen.canonical.CanonicalForm;
import io.nous.codegen.compile.CandidateCompiler;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.guard.GuardInstrumenter;
import io.nous.codegen.plug.PlugPoints;
import io.nous.codegen.verify.SourceLimits;
import io.nous.codegen.verify.Verification;
import io.nous.codegen.verify.Verifier;
import io.nous.codegen.verify.Violation;
import java.util.List;

/**
 * The front door for untrusted policy source: verify, instrument, compile, load and exercise it.
 * Thread-safe; each call is independent.
 */
public final class Candidates {
    private Candidates() {
    }

    /**
     * Checks {@code source}; {@code origin} names it in messages (e.g. the file name).
     */
    public static CheckResult check(String source, String origin) {
        return check(source, origin, Contract.ROUTER);
    }

    /** Checks {@code source} under a contract: the router's (exportable), or the simulator's alone. */
    public static CheckResult check(String source, String origin, Contract contract) {
        try {
            return compile(SourceLimits.withoutBom(source), origin, true, contract);
        } catch (StackOverflowError | RuntimeException e) {
            // the front end's limits make this unreachable; if it is reached, it is a rejection, not a crash
            return new CheckResult(origin, null, null, null, List.of(new Violation(1, 1, "front-end",
                    "this source could not be processed (" + e.getClass().getSimpleName() + ")",
                    "simplify it: shorter expressions, less nesting, fewer declarations.")), List.of(), null, null, 0, 0);
        }
    }

    /**
     * Verifies, instruments and compiles {@code source} without running any of it: no instance is
     * created and the exercise is skipped (run it where the candidate may run, e.g. in a worker
     * JVM, with {@link #check}). The result is accepted when it compiled.
     */
    public static CheckResult compileOnly(String source, String origin) {
        return compileOnly(source, origin, Contract.ROUTER);
    }

    /** {@link #compileOnly(String, String)} under a contract. */
    public static CheckResult compileOnly(String source, String origin, Contract contract) {
        try {
            return compile(SourceLimits.withoutBom(source), origin, false, contract);
        } catch (StackOverflowError | RuntimeException e) {
            return new CheckResult(origin, null, null, null, List.of(new Violation(1, 1, "front-end",
                    "this source could not be processed (" + e.getClass().getSimpleName() + ")",
                    "simplify it: shorter expressions, less nesting, fewer declarations.")), List.of(), null, null, 0, 0);
        }
    }

    private static CheckResult compile(String source, String origin, boolean exercise, Contract contract) {
        long t0 = System.nanoTime();
        Verification v = new Verifier().verify(source);
        long t1 = System.nanoTime();
        String hash = v.unit() == null ? null : CanonicalForm.hash(v.unit());
        if (!v.accepted()) {
            return new CheckResult(origin, v.kind(), v.className(), hash, v.violations(), List.of(), null, null, t1 - t0, 0);
        }
        List<Violation> unexportable = contract == Contract.ROUTER ? RouterContract.check(source, v.kind()) : List.of();
        String instrumented = GuardInstrumenter.instrument(source, v.unit());
        CandidateCompiler.Result r = new CandidateCompiler().compile(instrumented, v.className(), origin);
        long t2 = System.nanoTime();
        if (!r.ok()) {
            // a source that does not compile (an unknown name, a wrong type) is that first, not something the router cannot express
            return new CheckResult(origin, v.kind(), v.className(), hash, List.of(), r.diagnostics(), null, null, t1 - t0, t2 - t1);
        }
        if (!unexportable.isEmpty()) {
            return new CheckResult(origin, v.kind(), v.className(), hash, unexportable, List.of(), null, null, t1 - t0, t2 - t1);
        }
        String simpleName = v.className().substring(v.className().lastIndexOf('.') + 1);
        Candidate c = new Candidate(simpleName, v.kind(), r.compiled().policyClass(), hash,
                GuardInstrumenter.needsThreadBudget(v.unit()), contract);
        if (!exercise) {
            return new CheckResult(origin, v.kind(), v.className(), hash, List.of(), List.of(), null, c, t1 - t0, t2 - t1);
        }
        CandidateFault fault;
        try {
            fault = PlugPoints.of(v.kind()).exercise(c, simpleName, contract);
        } catch (CandidateFault f) {
            fault = f;
        }
        return new CheckResult(origin, v.kind(), v.className(), hash, List.of(), List.of(), fault, c, t1 - t0, t2 - t1);
    }
}
