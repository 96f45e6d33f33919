package io.nous.codegen.plug;

import io.nous.codegen.Candidate;
import io.nous.codegen.Contract;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.guard.Budget;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.guard.GuardedCall;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.ScalingPolicy;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The pool's scaling policy: how many pods it should have, asked every scaling interval with what
 * the serving pods and the router show. Verified, guarded, probed and simulated like the other plug
 * points. The autoscaler lives outside the router (llm-d's workload-variant-autoscaler, or an HPA), so
 * there is no router plugin to write: its Go export, a documented function with vectors, is not built
 * yet, and an export refuses, saying so.
 */
public final class ScalingPlugPoint implements PlugPointDescriptor<ScalingPolicy> {
    private static final List<EntryForm> FORMS = List.of(new EntryForm("int",
            List.of("long", "int", "int", "double", "double", "int", "int", "int", "long[]"),
            "'int desiredPods(long nowUs, int readyPods, int startingPods, double saturation, double kvUsage, int waiting, int running, "
                    + "int queued, long[] state)'"));

    @Override
    public PlugPoint<ScalingPolicy> point() {
        return PlugPoint.SCALING;
    }

    @Override
    public String entryMethod() {
        return "desiredPods";
    }

    @Override
    public List<EntryForm> entryForms() {
        return FORMS;
    }

    @Override
    public String entryOwner() {
        return "the scaling policy";
    }

    @Override
    public ScalingPolicy guard(ScalingPolicy policy, String name, Budget budget, boolean threadBudget) {
        return (now, ready, starting, saturation, kv, waiting, running, queued, state) -> {
            GuardedCall.begin(budget, threadBudget);
            try {
                int desired = policy.desiredPods(now, ready, starting, saturation, kv, waiting, running, queued, state);
                budget.endCall(1);
                return desired;
            } catch (Throwable t) {
                throw GuardedCall.fault(t, name, "the decision at " + now / 1_000_000 + " s with " + ready + " pods ready");
            }
        };
    }

    @Override
    public CandidateFault exercise(Candidate c, String simpleName, Contract contract) {
        return PoolSignals.exercise(c.newInstance(PlugPoint.SCALING));
    }

    @Override
    public double[] signature(Candidate c, List<int[]> prioritySets) {
        return PoolSignals.signature(c.newInstance(PlugPoint.SCALING));
    }

    /** How often it grows the pool when requests wait, and how often it shrinks an idle, light pool. */
    @Override
    public double[] probeAxes(Candidate c) {
        return PoolSignals.axes(c.newInstance(PlugPoint.SCALING));
    }

    @Override
    public String fingerprint(Candidate c, List<int[]> prioritySets) {
        return PoolSignals.fingerprint(() -> c.newInstance(PlugPoint.SCALING));
    }

    @Override
    public boolean exports() {
        return false;
    }

    @Override
    public GoExport.Outcome export(Candidate c, String source, String name, String summary, Path staging, Optional<GoToolchain> go) {
        throw new GoExport.Refused("a scaling policy runs in the autoscaler beside the router (llm-d's workload-variant-autoscaler, or "
                + "an HPA), not in it: Nous does not write its Go function yet; simulate and compare it with hpa-utilization and "
                + "saturation-analyzer");
    }

    @Override
    public String mismatch(EquivalenceProof.Proof proof, Candidate c, String sequence, int from, int to, List<String[]> goAnswers,
                           String javaLines) {
        return null;
    }

    @Override
    public Words words() {
        return new Words("a scaling policy", "-scaling", "hpa-utilization");
    }
}
