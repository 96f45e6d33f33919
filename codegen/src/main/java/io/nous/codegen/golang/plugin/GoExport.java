package io.nous.codegen.golang.plugin;

import com.github.javaparser.StaticJavaParser;
import io.nous.codegen.Candidate;
import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.Untranslatable;
import io.nous.codegen.golang.proof.AdmissionVectors;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.golang.proof.GoldenVectors;
import io.nous.codegen.golang.proof.RoutingVectors;
import io.nous.codegen.plug.PlugPointDescriptor;
import io.nous.codegen.plug.PlugPoints;
import io.nous.sim.spi.PlugPoint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Exports a verified candidate as a router plugin package and proves, before anything reaches the
 * user's directory, that the Go computes what the Java computed: the package is written to a staging
 * directory, {@code gofmt}, {@code go vet}, {@code go test} (its golden vectors and the equivalence
 * sequences of {@link EquivalenceProof}) and staticcheck run on it, and any difference refuses the
 * export with the first differing input, both answers and the Java lines that produce them. Without
 * a Go toolchain the package is still written, and the outcome says that the proof was not run and
 * how to run it.
 */
public final class GoExport {
    private GoExport() {
    }

    /** The export cannot go ahead; the message names what and where. Nothing was written to the destination. */
    public static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Refused(String message) {
            super(message);
        }
    }

    /**
     * What the Go check did.
     *
     * @param proved   Go ran and every check passed, the equivalence sequences included
     * @param ran      the commands that ran, as a user would type them
     * @param skipped  why the proof did not run (no Go toolchain), or null
     * @param millis   wall time of the Go checks (reported, never part of a result)
     */
    public record Verdict(boolean proved, String toolchain, List<String> ran, String skipped, long millis) {
    }

    /** The package, the cases it replays, and the verdict. */
    public record Outcome(RouterPlugin plugin, int goldenCases, EquivalenceProof.Proof proof, Verdict verdict) {
    }

    /** A usage-limit candidate as a flow-control plugin package, written and proved under {@code staging}. */
    public static Outcome usageLimit(Candidate candidate, String source, String name, String summary, Path staging,
                                     Optional<GoToolchain> go) {
        GoTranslator.GoCode code = translate(source, PlugPoint.USAGE_LIMIT);
        List<GoldenVectors.Case> vectors;
        try {
            vectors = GoldenVectors.record(candidate::newUsageLimitPolicy);
        } catch (GoldenVectors.ContractBroken e) {
            throw new Refused("it breaks the usage-limit contract: " + e.getMessage());
        }
        int horizon = EquivalenceProof.horizon(StaticJavaParser.parse(source), code.counterField() != null);
        EquivalenceProof.Proof proof = EquivalenceProof.usageLimit(() -> candidate.newUsageLimitPolicy(EquivalenceProof.PROOF_LIMIT),
                horizon, EquivalenceProof.horizonNote(horizon, code.counterField() != null));
        return prove(new UsageLimitPackage(name, source, code, vectors, proof, summary), vectors.size(), proof, candidate, source,
                PlugPoint.USAGE_LIMIT, staging, go);
    }

    /** An admission candidate as an Admitter plugin package, written and proved under {@code staging}. */
    public static Outcome admitter(Candidate candidate, String source, String name, String summary, Path staging,
                                   Optional<GoToolchain> go) {
        GoTranslator.GoCode code = translate(source, PlugPoint.ADMISSION);
        boolean terms = code.entryParameters().size() == 5;
        List<AdmissionVectors.Case> vectors = AdmissionVectors.record(candidate::newAdmissionPolicy, terms);
        int horizon = EquivalenceProof.horizon(StaticJavaParser.parse(source), code.counterField() != null);
        EquivalenceProof.Proof proof = EquivalenceProof.admission(() -> candidate.newAdmissionPolicy(EquivalenceProof.PROOF_LIMIT), terms,
                horizon, EquivalenceProof.horizonNote(horizon, code.counterField() != null));
        return prove(new AdmissionPackage(name, source, code, vectors, proof, summary), vectors.size(), proof, candidate, source,
                PlugPoint.ADMISSION, staging, go);
    }

    /** A routing candidate as a scheduling Scorer plugin package, written and proved under {@code staging}. */
    public static Outcome scorer(Candidate candidate, String source, String name, String summary, Path staging,
                                 Optional<GoToolchain> go) {
        GoTranslator.GoCode code = translate(source, PlugPoint.ROUTING);
        List<RoutingVectors.Case> vectors = RoutingVectors.record(() -> candidate.newRoutingScorer(EquivalenceProof.PROOF_LIMIT));
        int horizon = EquivalenceProof.horizon(StaticJavaParser.parse(source), code.counterField() != null);
        EquivalenceProof.Proof proof = EquivalenceProof.routing(() -> candidate.newRoutingScorer(EquivalenceProof.PROOF_LIMIT), horizon,
                EquivalenceProof.horizonNote(horizon, code.counterField() != null));
        return prove(new RoutingPackage(name, source, code, vectors, proof, summary), vectors.size(), proof, candidate, source,
                PlugPoint.ROUTING, staging, go);
    }

    /**
     * Writes {@code pkg} (whose golden vectors hold {@code goldenCases} cases and whose equivalence
     * test replays {@code proof}) under {@code staging} and proves it: what a plug point's export
     * calls once it has built its package.
     */
    public static Outcome prove(PluginPackage pkg, int goldenCases, EquivalenceProof.Proof proof, Candidate candidate, String source,
                                PlugPoint<?> point, Path staging, Optional<GoToolchain> go) {
        pkg.write(staging);
        Verdict v = check(staging, go, proof, candidate, source, point);
        return new Outcome(pkg, goldenCases, proof, v);
    }

    /** The candidate's Go, translated as its plug point's descriptor says; refuses what the router plugin cannot express. */
    public static GoTranslator.GoCode translate(String source, PlugPoint<?> kind) {
        try {
            return PlugPoints.of(kind).translate(source);
        } catch (Untranslatable e) {
            throw new Refused("the Go translation cannot express it: " + e.getMessage());
        }
    }

    /** Runs the toolchain on the staged package; refuses on the first failure, with the first differing input for a mismatch. */
    private static Verdict check(Path module, Optional<GoToolchain> toolchain, EquivalenceProof.Proof proof, Candidate candidate,
                                 String source, PlugPoint<?> kind) {
        if (toolchain.isEmpty()) {
            return new Verdict(false, null, List.of(), "no Go toolchain was found (set NOUS_GO or put go on the PATH)", 0);
        }
        GoToolchain go = toolchain.get();
        long t0 = System.nanoTime();
        List<String> ran = new ArrayList<>();
        GoToolchain.Run fmt = go.gofmt(module);
        ran.add(fmt.shown());
        if (!fmt.ok() || !fmt.output().isBlank()) {
            throw new Refused("the generated Go is not gofmt-formatted (" + fmt.output().strip().replace('\n', ' ')
                    + "); this is a defect of Nous's translator, please report it");
        }
        GoToolchain.Run vet = go.vet(module);
        ran.add(vet.shown());
        if (!vet.ok()) {
            throw new Refused("go vet rejects the generated package: " + firstLines(vet.output(), 6));
        }
        GoToolchain.Run test = go.test(module, null, Map.of());
        ran.add(test.shown());
        if (!test.ok()) {
            throw new Refused(testFailure(test, go, module, proof, candidate, source, kind));
        }
        GoToolchain.Run lint = go.staticcheck(module);
        if (go.hasStaticcheck()) {
            ran.add(lint.shown());
        }
        if (!lint.ok()) {
            throw new Refused("staticcheck reports the generated package: " + firstLines(lint.output(), 6));
        }
        return new Verdict(true, go.version(), List.copyOf(ran), null, (System.nanoTime() - t0) / 1_000_000);
    }

    private static final Pattern MISMATCH = Pattern.compile("nous-mismatch (\\S+) calls (\\d+)-(\\d+)");
    private static final Pattern ANSWER = Pattern.compile("nous-answer (\\d+) (\\S+) (\\S+)");

    /** Why the package's tests failed: for a digest mismatch, the first call whose answers differ. */
    private static String testFailure(GoToolchain.Run test, GoToolchain go, Path module, EquivalenceProof.Proof proof, Candidate candidate,
                                      String source, PlugPoint<?> kind) {
        if (test.timedOut()) {
            return "go test did not finish within its time limit (the Go may loop where the Java stops at its work budget)";
        }
        Matcher m = MISMATCH.matcher(test.output());
        if (!m.find()) {
            return "go test fails on the generated package: " + firstLines(test.output(), 8);
        }
        String name = m.group(1);
        int from = Integer.parseInt(m.group(2));
        int to = Integer.parseInt(m.group(3)) + 1;
        GoToolchain.Run dump = go.test(module, "^TestJavaEquivalence$/^" + name.replace(".", "\\.") + "$", Map.of(
                "NOUS_EQUIVALENCE_DUMP", name + ":" + from + ":" + to));
        List<String[]> goAnswers = new ArrayList<>();
        Matcher a = ANSWER.matcher(dump.output());
        while (a.find()) {
            goAnswers.add(new String[] {a.group(1), a.group(2), a.group(3)});
        }
        PlugPointDescriptor<?> plug = PlugPoints.of(kind);
        String lines = plug.javaLines(source);
        String where = "the Go does not compute what the Java computed: sequence " + name + ", calls " + from + "-" + (to - 1);
        String differs = plug.mismatch(proof, candidate, name, from, to, goAnswers, lines);
        if (differs != null) {
            return differs;
        }
        return where + " (the digests differ, the answers could not be compared one by one)" + lines + ". Nothing was written.";
    }

    private static String firstLines(String s, int n) {
        List<String> kept = s.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).limit(n).toList();
        return String.join("; ", kept);
    }
}
