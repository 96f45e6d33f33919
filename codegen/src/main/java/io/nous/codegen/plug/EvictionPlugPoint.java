package io.nous.codegen.plug;

import io.nous.codegen.Candidate;
import io.nous.codegen.Contract;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.guard.Budget;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.guard.GuardedCall;
import io.nous.sim.spi.EvictionPolicy;
import io.nous.sim.spi.PlugPoint;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * In-flight eviction's victim policy: which dispatched requests may be evicted ({@code accept}) and
 * which go first ({@code less}). Verified, run, probed and simulated like the other plug points; its Go
 * export is not built yet (the router wires its filter and ordering in the runner rather than from the
 * EndpointPickerConfig, so a package would need a registration the router does not offer), so an export
 * refuses, saying so.
 */
public final class EvictionPlugPoint implements PlugPointDescriptor<EvictionPolicy> {
    private static final List<EntryForm> FORMS = List.of(new EntryForm("boolean",
            List.of("int", "long", "long", "long", "int", "long", "long", "long"),
            "'boolean less(int priorityA, long dispatchUsA, long bytesA, long sloTtftMsA, int priorityB, long dispatchUsB, "
                    + "long bytesB, long sloTtftMsB)' (and 'boolean accept(int priority, long dispatchUs, long bytes, long sloTtftMs)')"));

    @Override
    public PlugPoint<EvictionPolicy> point() {
        return PlugPoint.EVICTION;
    }

    @Override
    public String entryMethod() {
        return "less";
    }

    @Override
    public List<EntryForm> entryForms() {
        return FORMS;
    }

    @Override
    public String entryOwner() {
        return "the eviction policy";
    }

    @Override
    public EvictionPolicy guard(EvictionPolicy policy, String name, Budget budget, boolean threadBudget) {
        return new EvictionPolicy() {
            @Override
            public boolean accept(int priority, long dispatchUs, long bytes, long sloTtftMs) {
                GuardedCall.begin(budget, threadBudget);
                try {
                    boolean ok = policy.accept(priority, dispatchUs, bytes, sloTtftMs);
                    budget.endCall(1);
                    return ok;
                } catch (Throwable t) {
                    throw GuardedCall.fault(t, name, "accept of a priority-" + priority + " request dispatched at " + dispatchUs + " us");
                }
            }

            @Override
            public boolean less(int pa, long da, long ba, long sa, int pb, long db, long bb, long sb) {
                GuardedCall.begin(budget, threadBudget);
                try {
                    boolean less = policy.less(pa, da, ba, sa, pb, db, bb, sb);
                    budget.endCall(1);
                    return less;
                } catch (Throwable t) {
                    throw GuardedCall.fault(t, name, "less of requests dispatched at " + da + " and " + db + " us");
                }
            }
        };
    }

    @Override
    public CandidateFault exercise(Candidate c, String simpleName, Contract contract) {
        return EvictionItems.exercise(c.newInstance(PlugPoint.EVICTION));
    }

    @Override
    public double[] signature(Candidate c, List<int[]> prioritySets) {
        return EvictionItems.signature(c.newInstance(PlugPoint.EVICTION));
    }

    /** The share of requests it lets be evicted, and how often the newer of two same-priority dispatches goes first. */
    @Override
    public double[] probeAxes(Candidate c) {
        return EvictionItems.axes(c.newInstance(PlugPoint.EVICTION));
    }

    @Override
    public String fingerprint(Candidate c, List<int[]> prioritySets) {
        return EvictionItems.fingerprint(() -> c.newInstance(PlugPoint.EVICTION));
    }

    @Override
    public boolean exports() {
        return false;
    }

    @Override
    public GoExport.Outcome export(Candidate c, String source, String name, String summary, Path staging, Optional<GoToolchain> go) {
        throw new GoExport.Refused("Nous does not write eviction-policy plugins for the router yet: simulate and check it, and "
                + "compare with the router's sheddable filter and priority-then-time ordering");
    }

    @Override
    public String mismatch(EquivalenceProof.Proof proof, Candidate c, String sequence, int from, int to, List<String[]> goAnswers,
                           String javaLines) {
        return null;
    }

    @Override
    public Words words() {
        return new Words("an eviction policy", "-eviction", "priority-then-time-eviction-order-policy");
    }
}
