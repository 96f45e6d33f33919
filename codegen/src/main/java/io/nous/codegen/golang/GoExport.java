package io.nous.codegen.golang;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import io.nous.codegen.Candidate;
import io.nous.codegen.CandidateKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
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
        GoTranslator.GoCode code = translate(source, CandidateKind.USAGE_LIMIT);
        List<GoldenVectors.Case> vectors;
        try {
            vectors = GoldenVectors.record(candidate::newUsageLimitPolicy);
        } catch (GoldenVectors.ContractBroken e) {
            throw new Refused("it breaks the usage-limit contract: " + e.getMessage());
        }
        int horizon = EquivalenceProof.horizon(StaticJavaParser.parse(source), code.counterField() != null);
        EquivalenceProof.Proof proof = EquivalenceProof.usageLimit(() -> candidate.newUsageLimitPolicy(EquivalenceProof.PROOF_LIMIT),
                horizon, EquivalenceProof.horizonNote(horizon, code.counterField() != null));
        GoPackage pkg = new GoPackage(name, source, code, vectors, proof, summary);
        pkg.write(staging);
        Verdict v = check(staging, go, proof, candidate, source, CandidateKind.USAGE_LIMIT);
        return new Outcome(pkg, vectors.size(), proof, v);
    }

    /** An admission candidate as an Admitter plugin package, written and proved under {@code staging}. */
    public static Outcome admitter(Candidate candidate, String source, String name, String summary, Path staging,
                                   Optional<GoToolchain> go) {
        GoTranslator.GoCode code = translate(source, CandidateKind.ADMISSION);
        boolean terms = code.entryParameters().size() == 5;
        List<AdmissionVectors.Case> vectors = AdmissionVectors.record(candidate::newAdmissionPolicy, terms);
        int horizon = EquivalenceProof.horizon(StaticJavaParser.parse(source), code.counterField() != null);
        EquivalenceProof.Proof proof = EquivalenceProof.admission(() -> candidate.newAdmissionPolicy(EquivalenceProof.PROOF_LIMIT), terms,
                horizon, EquivalenceProof.horizonNote(horizon, code.counterField() != null));
        AdmitterPackage pkg = new AdmitterPackage(name, source, code, vectors, proof, summary);
        pkg.write(staging);
        Verdict v = check(staging, go, proof, candidate, source, CandidateKind.ADMISSION);
        return new Outcome(pkg, vectors.size(), proof, v);
    }

    /** A routing candidate as a scheduling Scorer plugin package, written and proved under {@code staging}. */
    public static Outcome scorer(Candidate candidate, String source, String name, String summary, Path staging,
                                 Optional<GoToolchain> go) {
        GoTranslator.GoCode code = translate(source, CandidateKind.ROUTING);
        List<RoutingVectors.Case> vectors = RoutingVectors.record(() -> candidate.newRoutingScorer(EquivalenceProof.PROOF_LIMIT));
        int horizon = EquivalenceProof.horizon(StaticJavaParser.parse(source), code.counterField() != null);
        EquivalenceProof.Proof proof = EquivalenceProof.routing(() -> candidate.newRoutingScorer(EquivalenceProof.PROOF_LIMIT), horizon,
                EquivalenceProof.horizonNote(horizon, code.counterField() != null));
        ScorerPackage pkg = new ScorerPackage(name, source, code, vectors, proof, summary);
        pkg.write(staging);
        Verdict v = check(staging, go, proof, candidate, source, CandidateKind.ROUTING);
        return new Outcome(pkg, vectors.size(), proof, v);
    }

    private static GoTranslator.GoCode translate(String source, CandidateKind kind) {
        try {
            return switch (kind) {
                case ADMISSION -> GoTranslator.translateAdmission(source);
                case ROUTING -> GoTranslator.translateRouting(source);
                case USAGE_LIMIT -> GoTranslator.translate(source);
            };
        } catch (Untranslatable e) {
            throw new Refused("the Go translation cannot express it: " + e.getMessage());
        }
    }

    /** Runs the toolchain on the staged package; refuses on the first failure, with the first differing input for a mismatch. */
    private static Verdict check(Path module, Optional<GoToolchain> toolchain, EquivalenceProof.Proof proof, Candidate candidate,
                                 String source, CandidateKind kind) {
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
                                      String source, CandidateKind kind) {
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
        String lines = javaLines(source, kind);
        String where = "the Go does not compute what the Java computed: sequence " + name + ", calls " + from + "-" + (to - 1);
        if (kind == CandidateKind.USAGE_LIMIT) {
            EquivalenceProof.UsageLimitSequence q = proof.usageLimit().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
            List<EquivalenceProof.UsageLimitAnswer> javaAnswers = EquivalenceProof.answers(q,
                    candidate.newUsageLimitPolicy(EquivalenceProof.PROOF_LIMIT), from, to);
            for (String[] g : goAnswers) {
                int call = Integer.parseInt(g[0]);
                EquivalenceProof.UsageLimitAnswer j = javaAnswers.get(call - from);
                String goSays = g[2].equals("panic") ? "panics" : render(g[2]);
                String javaSays = j.ceilings() == null ? "throws (" + j.fault() + ")" : render(j.ceilings());
                if (!goSays.equals(javaSays)) {
                    return "the Go does not compute what the Java computed: sequence " + name + ", call " + String.format(Locale.ROOT, "%,d", call)
                            + ": saturation " + j.saturation() + ", priorities " + java.util.Arrays.toString(q.priorities()) + ": Java "
                            + javaSays + ", Go " + goSays + lines + ". Nothing was written.";
                }
            }
        } else if (kind == CandidateKind.ROUTING) {
            EquivalenceProof.RoutingSequence q = proof.routing().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
            List<EquivalenceProof.RoutingAnswer> javaAnswers = EquivalenceProof.answers(q,
                    candidate.newRoutingScorer(EquivalenceProof.PROOF_LIMIT), from, to);
            for (String[] g : goAnswers) {
                int call = Integer.parseInt(g[0]);
                EquivalenceProof.RoutingAnswer j = javaAnswers.get(call - from);
                String goSays = g[2].equals("false") ? "panics" : String.valueOf(Double.longBitsToDouble(Long.parseUnsignedLong(g[1], 16)));
                String javaSays = j.score() == null ? "throws (" + j.fault() + ")" : String.valueOf(j.score());
                if (!goSays.equals(javaSays)) {
                    CallSequences.RoutingCall in = j.call();
                    return "the Go does not score what the Java scored: sequence " + name + ", call " + String.format(Locale.ROOT, "%,d", call)
                            + ": prompt " + in.promptTokens() + " tokens, prefix match " + in.prefixMatch() + ", uncached " + in.uncachedTokens()
                            + ", in flight " + in.inFlightTokens() + " tokens / " + in.inFlightRequests() + " requests (max " + in.maxInFlightRequests()
                            + "), waiting " + in.waiting() + ", running " + in.running() + ", kv " + in.kvUsage() + ": Java " + javaSays
                            + ", Go " + goSays + lines + ". Nothing was written.";
                }
            }
        } else {
            EquivalenceProof.AdmissionSequence q = proof.admission().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
            List<EquivalenceProof.AdmissionAnswer> javaAnswers = EquivalenceProof.answers(q,
                    candidate.newAdmissionPolicy(EquivalenceProof.PROOF_LIMIT), from, to);
            for (String[] g : goAnswers) {
                int call = Integer.parseInt(g[0]);
                EquivalenceProof.AdmissionAnswer j = javaAnswers.get(call - from);
                String goSays = g[2].equals("false") ? "panics" : g[1].equals("true") ? "admit" : "refuse";
                String javaSays = j.admitted() == null ? "throws (" + j.fault() + ")" : j.admitted() ? "admit" : "refuse";
                if (!goSays.equals(javaSays)) {
                    CallSequences.AdmissionCall in = j.call();
                    return "the Go does not decide what the Java decided: sequence " + name + ", call " + String.format(Locale.ROOT, "%,d", call)
                            + ": priority " + in.priority() + ", saturation " + in.saturation() + ", queue " + in.queue() + ", kv " + in.kv()
                            + ", draw " + in.u() + ": Java " + javaSays + "s, Go " + goSays + "s" + lines + ". Nothing was written.";
                }
            }
        }
        return where + " (the digests differ, the answers could not be compared one by one)" + lines + ". Nothing was written.";
    }

    private static String render(String goWords) {
        List<Double> v = new ArrayList<>();
        for (String w : goWords.split(",")) {
            v.add(Double.longBitsToDouble(Long.parseUnsignedLong(w, 16)));
        }
        return v.toString();
    }

    private static String render(double[] ceilings) {
        List<Double> v = new ArrayList<>();
        for (double c : ceilings) {
            v.add(Double.isNaN(c) ? Double.NaN : c);
        }
        return v.toString();
    }

    /** The Java lines that write the answer: the ceilings of a usage-limit policy, the returns of {@code admit} or {@code score}. */
    static String javaLines(String source, CandidateKind kind) {
        try {
            CompilationUnit cu = StaticJavaParser.parse(source);
            TreeSet<Integer> lines = new TreeSet<>();
            if (kind == CandidateKind.USAGE_LIMIT) {
                for (MethodDeclaration m : cu.findAll(MethodDeclaration.class, md -> md.getNameAsString().equals("computeLimit")
                        && md.getParameters().size() == 3)) {
                    String ceilings = m.getParameter(2).getNameAsString();
                    cu.findAll(AssignExpr.class, x -> x.getTarget() instanceof ArrayAccessExpr aa && aa.getName().toString().equals(ceilings))
                            .forEach(x -> x.getBegin().ifPresent(p -> lines.add(p.line)));
                }
                return lines.isEmpty() ? "" : " (the Java that writes the ceilings: line" + (lines.size() > 1 ? "s " : " ")
                        + join(lines) + ")";
            }
            String entry = kind == CandidateKind.ROUTING ? "score" : "admit";
            for (MethodDeclaration m : cu.findAll(MethodDeclaration.class, md -> md.getNameAsString().equals(entry))) {
                m.findAll(ReturnStmt.class).forEach(r -> r.getBegin().ifPresent(p -> lines.add(p.line)));
            }
            return lines.isEmpty() ? "" : " (the Java that decides: line" + (lines.size() > 1 ? "s " : " ") + join(lines) + ")";
        } catch (RuntimeException e) {
            return "";
        }
    }

    private static String join(TreeSet<Integer> lines) {
        return String.join(", ", lines.stream().map(String::valueOf).toList());
    }

    private static String firstLines(String s, int n) {
        List<String> kept = s.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).limit(n).toList();
        return String.join("; ", kept);
    }
}
