package io.nous.codegen.plug;

import io.nous.codegen.Candidate;
import io.nous.codegen.Contract;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.guard.Budget;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.guard.GuardedSaturationDetector;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.SaturationDetector;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The flow controller's saturation detector: the pool's saturation from what the data layer holds per endpoint. */
public final class SaturationPlugPoint implements PlugPointDescriptor<SaturationDetector> {
    private static final List<EntryForm> FORMS = List.of(new EntryForm("double",
            List.of("int", "int[]", "int[]", "double[]", "long[]", "int[]", "long[]"),
            "'double saturation(int endpoints, int[] waiting, int[] running, double[] kvUsage, long[] metricsAgeUs, "
                    + "int[] inFlightRequests, long[] inFlightTokens)'"));

    @Override
    public PlugPoint<SaturationDetector> point() {
        return PlugPoint.SATURATION;
    }

    @Override
    public String entryMethod() {
        return "saturation";
    }

    @Override
    public List<EntryForm> entryForms() {
        return FORMS;
    }

    @Override
    public String entryOwner() {
        return "the detector";
    }

    @Override
    public SaturationDetector guard(SaturationDetector policy, String name, Budget budget, boolean threadBudget) {
        return new GuardedSaturationDetector(policy, name, budget, threadBudget);
    }

    @Override
    public CandidateFault exercise(Candidate c, String simpleName, Contract contract) {
        return PoolStates.exercise(c.newInstance(PlugPoint.SATURATION));
    }

    @Override
    public double[] signature(Candidate c, List<int[]> prioritySets) {
        return PoolStates.signature(c.newInstance(PlugPoint.SATURATION));
    }

    @Override
    public double[] probeAxes(Candidate c) {
        return PoolStates.axes(c.newInstance(PlugPoint.SATURATION));
    }

    @Override
    public String fingerprint(Candidate c, List<int[]> prioritySets) {
        return PoolStates.fingerprint(() -> c.newInstance(PlugPoint.SATURATION));
    }

    @Override
    public boolean exports() {
        return false;
    }

    /** Not built yet: the Go package for the router's {@code SaturationDetector} and its proof are the next step. */
    @Override
    public GoExport.Outcome export(Candidate c, String source, String name, String summary, Path staging, Optional<GoToolchain> go) {
        throw new GoExport.Refused("Nous cannot yet write a saturation detector as a router plugin package (the Go translation "
                + "checks it; the package writer and its equivalence proof are not built)");
    }

    @Override
    public String mismatch(EquivalenceProof.Proof proof, Candidate c, String sequence, int from, int to, List<String[]> goAnswers,
                           String javaLines) {
        return null;
    }

    @Override
    public Words words() {
        return new Words("a saturation detector", "-detector", "utilization-detector");
    }
}
