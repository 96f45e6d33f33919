package io.nous.codegen.plug;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import io.nous.codegen.BehaviourProbe;
import io.nous.codegen.BehaviourSignature;
import io.nous.codegen.Candidate;
import io.nous.codegen.Contract;
import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.proof.BehaviourFingerprint;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.golang.proof.GoldenVectors;
import io.nous.codegen.guard.Budget;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.guard.Exercise;
import io.nous.codegen.guard.GuardedUsageLimitPolicy;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.UsageLimitPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;

/** The flow controller's usage-limit policy: per-band ceilings each dispatch cycle. */
public final class UsageLimitPlugPoint implements PlugPointDescriptor<UsageLimitPolicy> {
    private static final List<EntryForm> FORMS = List.of(new EntryForm("void", List.of("double", "int[]", "double[]"),
            "'void computeLimit(double saturation, int[] priorities, double[] ceilings)'"));

    @Override
    public PlugPoint<UsageLimitPolicy> point() {
        return PlugPoint.USAGE_LIMIT;
    }

    @Override
    public String entryMethod() {
        return "computeLimit";
    }

    @Override
    public List<EntryForm> entryForms() {
        return FORMS;
    }

    @Override
    public String entryOwner() {
        return "the usage-limit policy";
    }

    @Override
    public String simulationName(String candidateName, String origin) {
        return candidateName;
    }

    @Override
    public UsageLimitPolicy guard(UsageLimitPolicy policy, String name, Budget budget, boolean threadBudget) {
        return new GuardedUsageLimitPolicy(policy, name, budget, threadBudget);
    }

    @Override
    public CandidateFault exercise(Candidate c, String simpleName, Contract contract) {
        CandidateFault fault = Exercise.usageLimit(c.newUsageLimitPolicy(), simpleName);
        if (fault == null && contract == Contract.ROUTER) {
            // the export's own contract check, with its held saturations and counter cycles: what verification
            // accepts, export accepts (a duty cycle can break monotonicity only on some call of its cycle)
            try {
                GoldenVectors.check(c::newUsageLimitPolicy);
            } catch (GoldenVectors.ContractBroken e) {
                fault = new CandidateFault("candidate '" + simpleName + "' breaks the router's usage-limit contract: " + e.getMessage());
            }
        }
        return fault;
    }

    @Override
    public double[] signature(Candidate c, List<int[]> prioritySets) {
        return BehaviourSignature.usageLimit(c::newUsageLimitPolicy, prioritySets);
    }

    @Override
    public double[] probeAxes(Candidate c) {
        return BehaviourProbe.usageLimitAxes(c::newUsageLimitPolicy);
    }

    @Override
    public String fingerprint(Candidate c, List<int[]> prioritySets) {
        return BehaviourFingerprint.usageLimit(c::newUsageLimitPolicy, prioritySets);
    }

    @Override
    public GoTranslator.GoCode translate(String source) {
        return GoTranslator.translate(source);
    }

    @Override
    public GoExport.Outcome export(Candidate c, String source, String name, String summary, Path staging, Optional<GoToolchain> go) {
        return GoExport.usageLimit(c, source, name, summary, staging, go);
    }

    @Override
    public String mismatch(EquivalenceProof.Proof proof, Candidate c, String sequence, int from, int to, List<String[]> goAnswers,
                           String javaLines) {
        EquivalenceProof.UsageLimitSequence q = proof.sequence(sequence, EquivalenceProof.UsageLimitSequence.class);
        List<EquivalenceProof.UsageLimitAnswer> javaAnswers = EquivalenceProof.answers(q, c.newUsageLimitPolicy(EquivalenceProof.PROOF_LIMIT),
                from, to);
        for (String[] g : goAnswers) {
            int call = Integer.parseInt(g[0]);
            EquivalenceProof.UsageLimitAnswer j = javaAnswers.get(call - from);
            String goSays = g[2].equals("panic") ? "panics" : render(g[2]);
            String javaSays = j.ceilings() == null ? "throws (" + j.fault() + ")" : render(j.ceilings());
            if (!goSays.equals(javaSays)) {
                return "the Go does not compute what the Java computed: sequence " + sequence + ", call " + String.format(Locale.ROOT, "%,d", call)
                        + ": saturation " + j.saturation() + ", priorities " + java.util.Arrays.toString(q.priorities()) + ": Java "
                        + javaSays + ", Go " + goSays + javaLines + ". Nothing was written.";
            }
        }
        return null;
    }

    /** The lines that write the ceilings, rather than the returns: a usage-limit policy answers through its array. */
    @Override
    public String javaLines(String source) {
        try {
            CompilationUnit cu = StaticJavaParser.parse(source);
            TreeSet<Integer> lines = new TreeSet<>();
            for (MethodDeclaration m : cu.findAll(MethodDeclaration.class, md -> md.getNameAsString().equals("computeLimit")
                    && md.getParameters().size() == 3)) {
                String ceilings = m.getParameter(2).getNameAsString();
                cu.findAll(AssignExpr.class, x -> x.getTarget() instanceof ArrayAccessExpr aa && aa.getName().toString().equals(ceilings))
                        .forEach(x -> x.getBegin().ifPresent(p -> lines.add(p.line)));
            }
            return lines.isEmpty() ? "" : " (the Java that writes the ceilings: line" + (lines.size() > 1 ? "s " : " ")
                    + PlugPointDescriptor.join(lines) + ")";
        } catch (RuntimeException e) {
            return "";
        }
    }

    @Override
    public Words words() {
        return new Words("a usage-limit policy", "-policy", "soft-reflective-ceiling");
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
}
