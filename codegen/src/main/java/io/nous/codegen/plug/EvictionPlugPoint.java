package io.nous.codegen.plug;

import io.nous.codegen.Candidate;
import io.nous.codegen.Contract;
import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.plugin.EvictionPackage;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.EvictionProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.guard.Budget;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.guard.GuardedCall;
import io.nous.sim.spi.EvictionPolicy;
import io.nous.sim.spi.PlugPoint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * In-flight eviction's victim policy: which dispatched requests may be evicted ({@code accept}) and
 * which go first ({@code less}). Its export is one plugin that is both the router's filter and its
 * ordering ({@link EvictionPackage}), proved on golden pairs and seeded sequences
 * ({@link EvictionProof}); the router builds its pair in the runner, where the export builds this
 * one instead.
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
    public GoExport.Outcome export(Candidate c, String source, String name, String summary, Path staging, Optional<GoToolchain> go) {
        GoTranslator.GoCode code = GoExport.translate(source, PlugPoint.EVICTION);
        if (code.counterField() != null) {
            throw new GoExport.Refused("an eviction policy must be a pure function of its arguments (the router calls Accept and Less "
                    + "from many requests at once, and its heap needs Less to stay one order); this one keeps a counter, "
                    + code.counterField());
        }
        if (!code.tail().contains("func (p *policy) accept(")) {
            throw new GoExport.Refused("the Go translation has no accept method to call from Accept; this is a defect of Nous's "
                    + "translator, please report it");
        }
        Supplier<EvictionPolicy> fresh = () -> c.newInstance(PlugPoint.EVICTION, EquivalenceProof.PROOF_LIMIT);
        List<EvictionProof.GoldenCase> golden;
        try {
            golden = EvictionProof.golden(fresh);
        } catch (IllegalArgumentException e) {
            throw new GoExport.Refused(e.getMessage());
        }
        EquivalenceProof.Proof proof = EvictionProof.record(fresh);
        EvictionPackage pkg = new EvictionPackage(name, source, code, golden, proof, summary);
        return GoExport.prove(pkg, golden.size(), proof, c, source, PlugPoint.EVICTION, staging, go);
    }

    @Override
    public String mismatch(EquivalenceProof.Proof proof, Candidate c, String sequence, int from, int to, List<String[]> goAnswers,
                           String javaLines) {
        EvictionProof.EvictionSequence q = proof.sequence(sequence, EvictionProof.EvictionSequence.class);
        List<EvictionProof.Answer> java = new ArrayList<>();
        EvictionProof.run(q, c.newInstance(PlugPoint.EVICTION, EquivalenceProof.PROOF_LIMIT), from, to, java);
        for (String[] g : goAnswers) {
            int call = Integer.parseInt(g[0]);
            EvictionProof.Answer j = java.get(call - from);
            String goSays = g[2].equals("false") ? "panics" : "answers " + g[1];
            String javaSays = j.answers() == null ? "throws (" + j.fault() + ")" : "answers " + j.logged();
            if (!goSays.equals(javaSays)) {
                return "the Go does not answer as the Java: sequence " + sequence + ", call " + String.format(Locale.ROOT, "%,d", call)
                        + ": a " + j.a().describe() + "; b " + j.b().describe() + ": accept(a), accept(b), less(a, b), less(b, a): Java "
                        + javaSays + ", Go " + goSays + javaLines + ". Nothing was written.";
            }
        }
        return null;
    }

    @Override
    public Words words() {
        return new Words("an eviction policy", "-eviction", "priority-then-time-eviction-order-policy");
    }
}
