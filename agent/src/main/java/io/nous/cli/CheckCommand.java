package io.nous.cli;

import io.nous.codegen.CheckResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code nous check FILE.java}: verifies, compiles and exercises a candidate policy and prints the
 * verdict. Exit 0 when it would be accepted, 4 when it is rejected.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Verify, compile and exercise a candidate policy source; exit 0 if it would be accepted, 4 if not.")
public final class CheckCommand implements Callable<Integer> {
    static final int REJECTED = ExitCodes.REJECTED;

    @Parameters(paramLabel = "FILE.java", description = "Candidate source: one class implementing UsageLimitPolicy or AdmissionPolicy.")
    Path file;

    @picocli.CommandLine.Option(names = "--simulation-only",
            description = "Do not require that the router could run it (e.g. more state than one counter); simulation only.")
    boolean simulationOnly;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        CheckResult r = CandidateFiles.check(file, simulationOnly ? io.nous.codegen.Contract.SIMULATION_ONLY : io.nous.codegen.Contract.ROUTER);
        PrintWriter out = spec.commandLine().getOut();
        if (r.accepted()) {
            out.printf(Locale.ROOT, "%s: accepted: %s policy %s%n", file, r.kind().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                    r.className());
            out.printf(Locale.ROOT, "  canonical sha256 %s%n", r.canonicalHash());
            out.printf(Locale.ROOT, "  verified in %.1f ms, compiled in %.1f ms; exercised on 1-6 bands and saturations 0-100 without a fault%n",
                    r.verifyNanos() / 1e6, r.compileNanos() / 1e6);
            if (r.kind() == io.nous.codegen.CandidateKind.USAGE_LIMIT) {
                out.println(simulationOnly ? "  not checked against the router's contract (--simulation-only): it may not export"
                        : "  within the router's contract: it can be exported as an llm-d-router plugin");
            }
            out.flush();
            return 0;
        }
        out.printf(Locale.ROOT, "%s: rejected (%d problem%s)%n", file, r.problems().size(), r.problems().size() == 1 ? "" : "s");
        r.problems().forEach(out::println);
        out.flush();
        return REJECTED;
    }
}
