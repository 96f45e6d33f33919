package io.nous.codegen.plug;

import io.nous.codegen.Candidate;
import io.nous.codegen.Contract;
import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.plugin.FairnessPackage;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.FairnessProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.guard.Budget;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.guard.GuardedCall;
import io.nous.sim.spi.FairnessPolicy;
import io.nous.sim.spi.PlugPoint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The flow controller's fairness policy: which flow of a band dispatches next, with per-band state.
 * Its export is a {@code FairnessPolicy} plugin whose {@code Pick} presents a band's flows to the
 * translated Java as the simulator does ({@link FairnessPackage}), proved on golden bands and seeded
 * sequences of band snapshots with the state carried ({@link FairnessProof}).
 */
public final class FairnessPlugPoint implements PlugPointDescriptor<FairnessPolicy> {
    private static final List<EntryForm> FORMS = List.of(new EntryForm("int",
            List.of("int", "int[]", "int[]", "int[]", "long[]", "long[]", "long[]", "long[]"),
            "'int pick(int flows, int[] flowIds, int[] queued, int[] headRank, long[] headEnqueueUs, long[] headBytes, "
                    + "long[] headSloTtftMs, long[] state)'"));

    @Override
    public PlugPoint<FairnessPolicy> point() {
        return PlugPoint.FAIRNESS;
    }

    @Override
    public String entryMethod() {
        return "pick";
    }

    @Override
    public List<EntryForm> entryForms() {
        return FORMS;
    }

    @Override
    public String entryOwner() {
        return "the fairness policy";
    }

    @Override
    public FairnessPolicy guard(FairnessPolicy policy, String name, Budget budget, boolean threadBudget) {
        return (n, ids, queued, rank, enqueue, bytes, slo, state) -> {
            GuardedCall.begin(budget, threadBudget);
            try {
                int pick = policy.pick(n, ids, queued, rank, enqueue, bytes, slo, state);
                budget.endCall(1);
                return pick;
            } catch (Throwable t) {
                throw GuardedCall.fault(t, name, "pick among " + n + " flows");
            }
        };
    }

    @Override
    public CandidateFault exercise(Candidate c, String simpleName, Contract contract) {
        return BandStates.exercise(c.newInstance(PlugPoint.FAIRNESS));
    }

    @Override
    public double[] signature(Candidate c, List<int[]> prioritySets) {
        return BandStates.signature(c.newInstance(PlugPoint.FAIRNESS));
    }

    /** How often it picks the flow the ordering would serve first, and how often the flow holding the most requests. */
    @Override
    public double[] probeAxes(Candidate c) {
        return BandStates.axes(c.newInstance(PlugPoint.FAIRNESS));
    }

    @Override
    public String fingerprint(Candidate c, List<int[]> prioritySets) {
        return BandStates.fingerprint(() -> c.newInstance(PlugPoint.FAIRNESS));
    }

    @Override
    public GoExport.Outcome export(Candidate c, String source, String name, String summary, Path staging, Optional<GoToolchain> go) {
        GoTranslator.GoCode code = GoExport.translate(source, PlugPoint.FAIRNESS);
        Supplier<FairnessPolicy> fresh = () -> c.newInstance(PlugPoint.FAIRNESS, EquivalenceProof.PROOF_LIMIT);
        List<FairnessProof.GoldenBand> golden;
        try {
            golden = FairnessProof.golden(fresh);
        } catch (IllegalArgumentException e) {
            throw new GoExport.Refused(e.getMessage());
        }
        EquivalenceProof.Proof proof = FairnessProof.record(fresh);
        FairnessPackage pkg = new FairnessPackage(name, source, code, golden, proof, summary);
        return GoExport.prove(pkg, FairnessProof.steps(golden), proof, c, source, PlugPoint.FAIRNESS, staging, go);
    }

    @Override
    public String mismatch(EquivalenceProof.Proof proof, Candidate c, String sequence, int from, int to, List<String[]> goAnswers,
                           String javaLines) {
        FairnessProof.FairnessSequence q = proof.sequence(sequence, FairnessProof.FairnessSequence.class);
        List<FairnessProof.Answer> java = new ArrayList<>();
        FairnessProof.run(q, c.newInstance(PlugPoint.FAIRNESS, EquivalenceProof.PROOF_LIMIT), from, to, java);
        for (String[] g : goAnswers) {
            int call = Integer.parseInt(g[0]);
            FairnessProof.Answer j = java.get(call - from);
            String goSays = g[2].equals("false") ? "panics" : "picks " + g[1].replaceFirst(",", " with state ");
            String javaSays = j.pick() == null ? "throws (" + j.fault() + ")"
                    : "picks " + FairnessProof.logged(j.pick(), j.state()).replaceFirst(",", " with state ");
            if (!goSays.equals(javaSays)) {
                return "the Go does not pick as the Java: sequence " + sequence + ", call " + String.format(Locale.ROOT, "%,d", call) + ": "
                        + j.in().describe() + ": Java " + javaSays + ", Go " + goSays + javaLines + ". Nothing was written.";
            }
        }
        return null;
    }

    @Override
    public Words words() {
        return new Words("a fairness policy", "-fairness", "global-strict-fairness-policy");
    }
}
