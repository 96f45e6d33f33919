package io.nous.codegen.plug;

import io.nous.codegen.Candidate;
import io.nous.codegen.Contract;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.guard.Budget;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.guard.GuardedCall;
import io.nous.sim.spi.FairnessPolicy;
import io.nous.sim.spi.PlugPoint;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The flow controller's fairness policy: which flow of a band dispatches next, with per-band state.
 * Verified, run, probed and simulated like the other plug points; its Go export is not built yet
 * (the router's {@code Pick} iterates string-keyed flows and keeps its state on the band, which the
 * package would have to map to the Java's ids and {@code state}), so an export refuses, saying so.
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
    public boolean exports() {
        return false;
    }

    @Override
    public GoExport.Outcome export(Candidate c, String source, String name, String summary, Path staging, Optional<GoToolchain> go) {
        throw new GoExport.Refused("Nous does not write fairness-policy plugins for the router yet: simulate and search it, and compare "
                + "with the router's global-strict and round-robin policies");
    }

    @Override
    public String mismatch(EquivalenceProof.Proof proof, Candidate c, String sequence, int from, int to, List<String[]> goAnswers,
                           String javaLines) {
        return null;
    }

    @Override
    public Words words() {
        return new Words("a fairness policy", "-fairness", "global-strict-fairness-policy");
    }
}
