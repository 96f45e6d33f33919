package io.nous.plug.toy;

import io.nous.codegen.Candidate;
import io.nous.codegen.Contract;
import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.guard.Budget;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.guard.GuardedCall;
import io.nous.codegen.plug.PlugPointDescriptor;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.Policies;
import io.nous.sim.spi.UsageLimitPolicy;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The toy plug point's descriptor: everything Nous needs to verify, run, probe, simulate and search
 * a {@link ToyGate}. The simulator has no call site of its own for it, so a gate is bound at the
 * usage-limit plug point through an adapter (sheddable bands closed while it holds them).
 */
public final class ToyGatePlugPoint implements PlugPointDescriptor<ToyGate> {
    public static final PlugPoint<ToyGate> TOY_GATE = new PlugPoint<>("toy-gate", ToyGate.class, "a toy gate", "ToyGate.HoldSheddable",
            "(test only)");
    private static final double[] GRID = {0, 0.1, 0.25, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.0, 1.5, 3.0};

    @Override
    public PlugPoint<ToyGate> point() {
        return TOY_GATE;
    }

    @Override
    public String entryMethod() {
        return "holdSheddable";
    }

    @Override
    public List<EntryForm> entryForms() {
        return List.of(new EntryForm("boolean", List.of("double"), "'boolean holdSheddable(double saturation)'"));
    }

    @Override
    public String entryOwner() {
        return "the gate";
    }

    @Override
    public Policies bind(Policies policies, ToyGate gate, String name) {
        return policies.with(PlugPoint.USAGE_LIMIT, new GateAsUsageLimit(gate), name);
    }

    @Override
    public ToyGate guard(ToyGate gate, String name, Budget budget, boolean threadBudget) {
        return saturation -> {
            GuardedCall.begin(budget, threadBudget);
            try {
                boolean hold = gate.holdSheddable(saturation);
                budget.endCall(1);
                return hold;
            } catch (Throwable t) {
                throw GuardedCall.fault(t, name, "holdSheddable at saturation " + saturation);
            }
        };
    }

    @Override
    public CandidateFault exercise(Candidate c, String simpleName, Contract contract) {
        try {
            ToyGate g = c.newInstance(TOY_GATE);
            for (int pass = 0; pass < 3; pass++) {
                for (double s : GRID) {
                    g.holdSheddable(s);
                }
            }
            return null;
        } catch (CandidateFault f) {
            return f;
        }
    }

    @Override
    public double[] signature(Candidate c, List<int[]> prioritySets) {
        ToyGate g = c.newInstance(TOY_GATE);
        double[] out = new double[GRID.length];
        for (int i = 0; i < GRID.length; i++) {
            out[i] = g.holdSheddable(GRID[i]) ? 1 : 0;
        }
        return out;
    }

    /** Where it first holds, and whether it holds at 0.8. */
    @Override
    public double[] probeAxes(Candidate c) {
        ToyGate g = c.newInstance(TOY_GATE);
        double onset = 1.0;
        for (double s : GRID) {
            if (g.holdSheddable(s)) {
                onset = Math.min(1.0, s);
                break;
            }
        }
        return new double[] {onset, g.holdSheddable(0.8) ? 0.0 : 1.0};
    }

    @Override
    public String fingerprint(Candidate c, List<int[]> prioritySets) {
        return java.util.Arrays.toString(signature(c, prioritySets));
    }

    @Override
    public GoExport.Outcome export(Candidate c, String source, String name, String summary, Path staging, Optional<GoToolchain> go) {
        GoTranslator.GoCode code = GoExport.translate(source, TOY_GATE);
        java.util.function.Supplier<ToyGate> fresh = () -> c.newInstance(TOY_GATE, EquivalenceProof.PROOF_LIMIT);
        EquivalenceProof.Proof proof = ToyGateProof.record(fresh);
        ToyGatePackage pkg = new ToyGatePackage(name, source, code, ToyGateProof.golden(fresh), proof, summary);
        return GoExport.prove(pkg, ToyGateProof.GOLDEN.length, proof, c, source, TOY_GATE, staging, go);
    }

    @Override
    public String mismatch(EquivalenceProof.Proof proof, Candidate c, String sequence, int from, int to, List<String[]> goAnswers,
                           String javaLines) {
        ToyGateProof.ToyGateSequence q = proof.sequence(sequence, ToyGateProof.ToyGateSequence.class);
        List<ToyGateProof.Answer> java = new java.util.ArrayList<>();
        ToyGateProof.run(q, c.newInstance(TOY_GATE, EquivalenceProof.PROOF_LIMIT), from, to, java);
        for (String[] g : goAnswers) {
            int call = Integer.parseInt(g[0]);
            ToyGateProof.Answer j = java.get(call - from);
            String goSays = g[2].equals("false") ? "panics" : g[1];
            String javaSays = j.hold() == null ? "throws" : String.valueOf(j.hold());
            if (!goSays.equals(javaSays)) {
                return "the Go gate does not answer as the Java: sequence " + sequence + ", call " + call + ", saturation " + j.saturation()
                        + ": Java " + javaSays + ", Go " + goSays + javaLines + ". Nothing was written.";
            }
        }
        return null;
    }

    @Override
    public Words words() {
        return new Words("a toy gate", "-gate", "static-usage-limit");
    }

    /** A gate as the flow controller calls a usage-limit policy: sheddable bands closed while it holds them, the rest open. */
    private record GateAsUsageLimit(ToyGate gate) implements UsageLimitPolicy {
        @Override
        public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
            boolean hold = gate.holdSheddable(saturation);
            for (int i = 0; i < priorities.length; i++) {
                ceilings[i] = hold && priorities[i] < 0 ? 0.0 : 1.0;
            }
        }
    }
}
