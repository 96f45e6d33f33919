package io.nous.codegen.plug;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.stmt.ReturnStmt;
import io.nous.codegen.Candidate;
import io.nous.codegen.Contract;
import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.guard.Budget;
import io.nous.codegen.guard.CandidateFault;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.Policies;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Everything the stages from verification to Go export need to know about one plug point, in one
 * place: what a candidate's entry method looks like, how its instances are guarded and first run,
 * how its behaviour is probed and fingerprinted, how it translates to Go, is exported and proved,
 * and the words reviews and reports use for it. A stage asks {@link PlugPoints} for the descriptor
 * of a candidate's plug point instead of switching over plug points itself.
 *
 * @param <S> the plug point's Java interface
 */
public interface PlugPointDescriptor<S> {

    /** The plug point this describes. */
    PlugPoint<S> point();

    // ---- verification ----

    /** The method a candidate implements (for {@code @Override} and the Go export's entry). */
    String entryMethod();

    /** The forms the entry method may take; a candidate implements exactly one. */
    List<EntryForm> entryForms();

    /**
     * The plug point's policy in a short phrase for verification messages ("the admitter"), used
     * when a candidate implements no form or several.
     */
    String entryOwner();

    // ---- compiled instances ----

    /**
     * {@code policies} with {@code policy} where the simulator will call it: by default at this plug
     * point; a plug point the simulator has no call site for may bind its policy, adapted, at
     * another's.
     */
    default Policies bind(Policies policies, S policy, String name) {
        return policies.with(point(), policy, name);
    }

    /** {@code policy} wrapped in this plug point's guard, which charges its work to {@code budget}. */
    S guard(S policy, String name, Budget budget, boolean threadBudget);

    /**
     * A new candidate's first run on a grid of inputs, under the contract it was checked against:
     * the first fault, or null when it behaved. Runs where the candidate may run (the check's JVM).
     */
    CandidateFault exercise(Candidate candidate, String simpleName, Contract contract);

    /**
     * The name a simulation's results give a candidate of this plug point run from a source
     * (class {@code candidateName}, file {@code origin}), the same in a worker JVM as in this one.
     */
    default String simulationName(String candidateName, String origin) {
        return candidateName + " (" + origin + ")";
    }

    // ---- behaviour ----

    /** The novelty filter's signature (a fault propagates as {@link CandidateFault}). */
    double[] signature(Candidate candidate, List<int[]> prioritySets);

    /** Two axes that place a candidate in the offline search's archive. */
    double[] probeAxes(Candidate candidate);

    /** A digest equal for two candidates that answer every probed input alike. */
    String fingerprint(Candidate candidate, List<int[]> prioritySets);

    // ---- Go ----

    /**
     * The candidate's Go code; an {@code Untranslatable} names what the router plugin cannot express.
     * By default the translation of the one form of the entry method.
     */
    default GoTranslator.GoCode translate(String source) {
        EntryForm form = entryForms().get(0);
        return GoTranslator.translate(source, entryMethod(), form.parameterTypes(), form.returnType());
    }

    /** Whether {@link #export} writes a router package for this plug point (false: it refuses, saying why). */
    default boolean exports() {
        return true;
    }

    /** The candidate as the router plugin package of this plug point, written and proved under {@code staging}. */
    GoExport.Outcome export(Candidate candidate, String source, String name, String summary, Path staging, Optional<GoToolchain> go);

    /**
     * Why the Go's answers {@code goAnswers} (call, raw answer, ok) to sequence {@code sequence},
     * calls {@code from} to {@code to} (exclusive), differ from the Java's, in words; null when no
     * answer differs.
     */
    String mismatch(EquivalenceProof.Proof proof, Candidate candidate, String sequence, int from, int to, List<String[]> goAnswers,
                    String javaLines);

    /**
     * The Java lines that give the answer, for a mismatch message ("" when none are found): by
     * default the returns of the entry method.
     */
    default String javaLines(String source) {
        try {
            CompilationUnit cu = StaticJavaParser.parse(source);
            TreeSet<Integer> lines = new TreeSet<>();
            for (MethodDeclaration m : cu.findAll(MethodDeclaration.class, md -> md.getNameAsString().equals(entryMethod()))) {
                m.findAll(ReturnStmt.class).forEach(r -> r.getBegin().ifPresent(p -> lines.add(p.line)));
            }
            return lines.isEmpty() ? "" : " (the Java that decides: line" + (lines.size() > 1 ? "s " : " ") + join(lines) + ")";
        } catch (RuntimeException e) {
            return "";
        }
    }

    /** Line numbers joined by ", ". */
    static String join(TreeSet<Integer> lines) {
        return String.join(", ", lines.stream().map(String::valueOf).toList());
    }

    // ---- words ----

    /** The words reviews, reports, PRs and exports use for this plug point's policies. */
    Words words();

    /**
     * One form of a plug point's entry method.
     *
     * @param returnType     its return type as written
     * @param parameterTypes its parameter types as written
     * @param shown          the form as a user should write it, quoted, with parameter names
     */
    record EntryForm(String returnType, List<String> parameterTypes, String shown) {
        public EntryForm {
            parameterTypes = List.copyOf(parameterTypes);
        }
    }

    /**
     * How people read a plug point's policies.
     *
     * @param part           one policy as a part of a candidate, in a phrase ("an admitter")
     * @param pluginSuffix   the router plugin type's suffix ({@code -admitter})
     * @param upstreamPolicy the built-in policy the router ships for it, which an export's runbook names
     *                       when no run says otherwise
     */
    record Words(String part, String pluginSuffix, String upstreamPolicy) {
    }
}
