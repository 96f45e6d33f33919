package io.nous.cli;

import io.nous.codegen.BehaviourProbe;
import io.nous.codegen.BehaviourSignature;
import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.Contract;
import io.nous.codegen.JointSource;
import io.nous.codegen.compile.JavacCheck;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.plug.PlugPoints;
import io.nous.discover.Problems;
import io.nous.export.PlugPointViews;
import io.nous.policy.PolicyReferenceException;
import io.nous.policy.PolicyRegistry;
import io.nous.policy.PolicyTemplate;
import io.nous.sim.spi.PlugPoint;
import io.nous.store.journal.DiscoveryConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code nous check FILE.java}: verifies, compiles and exercises a candidate policy and prints the
 * verdict: a usage-limit policy, an admitter, or a joint candidate (both in one class, checked as
 * the two halves the router runs). javac must accept the source too: what Nous exports has to
 * compile outside Nous. Exit 0 when it would be accepted, 4 when it is rejected.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Verify, compile and exercise a candidate policy source (a usage-limit policy, an admitter, or a joint candidate "
                + "implementing both); exit 0 if it would be accepted, 4 if not.")
public final class CheckCommand implements Callable<Integer> {
    static final int REJECTED = ExitCodes.REJECTED;

    @Parameters(paramLabel = "FILE.java", description = "Candidate source: one class implementing UsageLimitPolicy, AdmissionPolicy, or both.")
    Path file;

    @picocli.CommandLine.Option(names = "--simulation-only",
            description = "Do not require that the router could run it (e.g. more state than one counter); simulation only.")
    boolean simulationOnly;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        String source = CandidateFiles.read(file);
        Contract contract = simulationOnly ? Contract.SIMULATION_ONLY : Contract.ROUTER;
        PrintWriter out = spec.commandLine().getOut();
        List<CheckResult> parts = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        JointSource pair = joint(source);
        if (pair != null) {
            String why = pair.problemOf(source);
            if (why != null) {
                problems.add(file.getFileName() + ": " + why);
            } else {
                JointSource.Halves h = pair.splitOf(source);
                parts.add(Candidates.check(h.first(), file.getFileName() + " (" + pair.points().get(0).id() + " half)", contract));
                parts.add(Candidates.check(h.second(), file.getFileName() + " (" + PlugPoints.of(pair.points().get(1)).words().part()
                        .replaceFirst("^(a|an) ", "") + " half)", contract));
            }
        } else {
            parts.add(Candidates.check(source, file.getFileName().toString(), contract));
        }
        parts.forEach(r -> problems.addAll(r.problems()));
        if (problems.isEmpty() && JavacCheck.available()) {
            String javac = JavacCheck.candidate(source);
            if (javac != null) {
                problems.add(file.getFileName() + ": javac rejects it: " + javac + " (what javac rejects cannot leave Nous as a Java "
                        + "module or a router PR's source)");
            }
        }
        if (problems.isEmpty()) {
            for (CheckResult r : parts) {
                report(out, r, parts.size() > 1);
                behaviour(out, r);
            }
            out.flush();
            return 0;
        }
        out.printf(Locale.ROOT, "%s: rejected (%d problem%s)%n", file, problems.size(), problems.size() == 1 ? "" : "s");
        problems.forEach(out::println);
        out.flush();
        return REJECTED;
    }

    /** The priority arrays the built-in workloads pass a usage-limit policy (critical and sheddable). */
    private static final List<int[]> PRIORITIES = List.of(new int[] {0, -1});

    /**
     * The candidate's behaviour fingerprint and the built-in policy of its kind it decides most alike,
     * so a user can see before a run whether discovery would skip it as a duplicate, and of what.
     */
    private void behaviour(PrintWriter out, CheckResult r) {
        String fingerprint;
        double[] signature;
        try {
            fingerprint = BehaviourProbe.fingerprint(r.candidate(), PRIORITIES);
            signature = BehaviourSignature.of(r.candidate(), PRIORITIES);
        } catch (CandidateFault f) {
            out.println("  behaviour: not taken, it faults where it is probed: " + f.getMessage());
            return;
        }
        out.printf(Locale.ROOT, "  behaviour fingerprint %s (%s)%n", fingerprint.substring(0, 16),
                PlugPointViews.of(r.kind()).fingerprintInputs());
        String nearest = null;
        double distance = Double.POSITIVE_INFINITY;
        boolean same = false;
        PolicyRegistry registry = PolicyRegistry.builtin();
        for (PolicyTemplate t : registry.templates().values()) {
            if (t.kind() != r.kind()) {
                continue;
            }
            String builtinSource;
            try {
                builtinSource = registry.source(t.name());
            } catch (PolicyReferenceException needsParameters) {
                continue; // a template with required parameters is no one policy to compare against
            }
            CheckResult b = Candidates.check(builtinSource, t.name() + ".java", Contract.SIMULATION_ONLY);
            if (!b.accepted()) {
                continue;
            }
            double d = signature == null ? Double.NaN : BehaviourSignature.distance(signature,
                    BehaviourSignature.of(b.candidate(), PRIORITIES));
            boolean twin = fingerprint.equals(BehaviourProbe.fingerprint(b.candidate(), PRIORITIES));
            if (twin || d < distance) {
                nearest = t.name();
                distance = twin ? 0 : d;
                same = twin;
                if (twin) {
                    break;
                }
            }
        }
        if (nearest == null) {
            out.println("  nearest built-in policy: none comparable");
        } else if (same) {
            out.printf(Locale.ROOT, "  nearest built-in policy: %s, the same fingerprint: it decides as %s does everywhere it is probed, "
                    + "so discovery would skip it as a duplicate of that policy%n", nearest, nearest);
        } else {
            double tolerance = Double.parseDouble(DiscoveryConfig.Builder.NOVELTY_TOLERANCE);
            out.printf(Locale.ROOT, "  nearest built-in policy: %s, every probed decision within %.3f of it (discovery skips a proposal "
                    + "within %s: %s)%n", nearest, distance, DiscoveryConfig.Builder.NOVELTY_TOLERANCE,
                    distance <= tolerance ? "it would be skipped as a near duplicate" : "it would be simulated");
        }
    }

    /** A class that names both policy interfaces is a joint candidate (the split says whether it is a well-formed one). */
    /** The pair of a problem class of joint candidates whose two SPIs the source names, or null. */
    private static JointSource joint(String source) {
        for (String id : Problems.ids()) {
            List<PlugPoint<?>> kinds = Problems.byId(id).kinds();
            if (kinds.size() == 2 && kinds.stream().allMatch(k -> source.contains(k.spi().getSimpleName()))) {
                return JointSource.of(kinds.get(0), kinds.get(1));
            }
        }
        return null;
    }

    private void report(PrintWriter out, CheckResult r, boolean half) {
        String kind = r.kind().id();
        out.printf(Locale.ROOT, "%s: accepted: %s policy %s%s%n", file, kind, r.className(), half ? " (" + kind + " half)" : "");
        out.printf(Locale.ROOT, "  canonical sha256 %s%n", r.canonicalHash());
        out.printf(Locale.ROOT, "  verified in %.1f ms, compiled in %.1f ms; exercised on %s without a fault%n",
                r.verifyNanos() / 1e6, r.compileNanos() / 1e6, PlugPointViews.of(r.kind()).exercisedOn());
        out.println(PlugPointViews.of(r.kind()).contractLine(simulationOnly));
    }
}
