package io.nous.codegen.plug;

import io.nous.codegen.Candidate;
import io.nous.codegen.Contract;
import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.plugin.OrderingPackage;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.golang.proof.OrderingProof;
import io.nous.codegen.guard.Budget;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.guard.GuardedCall;
import io.nous.sim.spi.OrderingPolicy;
import io.nous.sim.spi.PlugPoint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/** The flow controller's ordering policy: which of two queued requests of a band dispatches first. */
public final class OrderingPlugPoint implements PlugPointDescriptor<OrderingPolicy> {
    private static final List<EntryForm> FORMS = List.of(new EntryForm("boolean",
            List.of("long", "long", "long", "long", "long", "long", "long", "long"),
            "'boolean less(long enqueueUsA, long ttlUsA, long sloTtftMsA, long bytesA, long enqueueUsB, long ttlUsB, long sloTtftMsB, "
                    + "long bytesB)'"));

    @Override
    public PlugPoint<OrderingPolicy> point() {
        return PlugPoint.ORDERING;
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
        return "the ordering policy";
    }

    @Override
    public OrderingPolicy guard(OrderingPolicy policy, String name, Budget budget, boolean threadBudget) {
        return (ea, ta, sa, ba, eb, tb, sb, bb) -> {
            GuardedCall.begin(budget, threadBudget);
            try {
                boolean less = policy.less(ea, ta, sa, ba, eb, tb, sb, bb);
                budget.endCall(1);
                return less;
            } catch (Throwable t) {
                throw GuardedCall.fault(t, name, "less of requests enqueued at " + ea + " and " + eb + " us");
            }
        };
    }

    @Override
    public CandidateFault exercise(Candidate c, String simpleName, Contract contract) {
        return QueuePairs.exercise(c.newInstance(PlugPoint.ORDERING));
    }

    @Override
    public double[] signature(Candidate c, List<int[]> prioritySets) {
        return QueuePairs.signature(c.newInstance(PlugPoint.ORDERING));
    }

    /** How often the smaller request goes first, and how often the earlier SLO deadline does. */
    @Override
    public double[] probeAxes(Candidate c) {
        return QueuePairs.axes(c.newInstance(PlugPoint.ORDERING));
    }

    @Override
    public String fingerprint(Candidate c, List<int[]> prioritySets) {
        return QueuePairs.fingerprint(() -> c.newInstance(PlugPoint.ORDERING));
    }

    @Override
    public GoExport.Outcome export(Candidate c, String source, String name, String summary, Path staging, Optional<GoToolchain> go) {
        GoTranslator.GoCode code = GoExport.translate(source, PlugPoint.ORDERING);
        Supplier<OrderingPolicy> fresh = () -> c.newInstance(PlugPoint.ORDERING, EquivalenceProof.PROOF_LIMIT);
        List<OrderingProof.GoldenCase> golden;
        try {
            golden = OrderingProof.golden(fresh);
        } catch (CandidateFault f) {
            throw new GoExport.Refused("it fails on a pair of queued requests the router can present: " + f.getMessage());
        }
        EquivalenceProof.Proof proof = OrderingProof.record(fresh);
        OrderingPackage pkg = new OrderingPackage(name, source, code, golden, proof, summary);
        return GoExport.prove(pkg, golden.size(), proof, c, source, PlugPoint.ORDERING, staging, go);
    }

    @Override
    public String mismatch(EquivalenceProof.Proof proof, Candidate c, String sequence, int from, int to, List<String[]> goAnswers,
                           String javaLines) {
        OrderingProof.OrderingSequence q = proof.sequence(sequence, OrderingProof.OrderingSequence.class);
        List<OrderingProof.Answer> java = new ArrayList<>();
        OrderingProof.run(q, c.newInstance(PlugPoint.ORDERING, EquivalenceProof.PROOF_LIMIT), from, to, java);
        for (String[] g : goAnswers) {
            int call = Integer.parseInt(g[0]);
            OrderingProof.Answer j = java.get(call - from);
            String goSays = g[2].equals("false") ? "panics" : g[1];
            String javaSays = j.less() == null ? "throws (" + j.fault() + ")" : String.valueOf(j.less());
            if (!goSays.equals(javaSays)) {
                return "the Go does not order as the Java: sequence " + sequence + ", call " + String.format(Locale.ROOT, "%,d", call)
                        + ": a " + j.a().describe() + "; b " + j.b().describe() + ": Java says a before b is " + javaSays + ", Go "
                        + goSays + javaLines + ". Nothing was written.";
            }
        }
        return null;
    }

    @Override
    public Words words() {
        return new Words("an ordering policy", "-ordering", "fcfs-ordering-policy");
    }
}
