package io.nous.codegen.plug;

import io.nous.codegen.Candidate;
import io.nous.codegen.Contract;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.guard.Budget;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.guard.GuardedCall;
import io.nous.sim.spi.DisaggregationDecider;
import io.nous.sim.spi.PlugPoint;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The router's P/D decider: whether a request's prompt is prefilled on a prefill pod, asked with the
 * decode pod the decode profile picked. Verified, guarded, probed and simulated like the other plug
 * points; its Go export (a decider plugin for the disagg profile handler) is not written yet, and an
 * export refuses, saying so.
 */
public final class DeciderPlugPoint implements PlugPointDescriptor<DisaggregationDecider> {
    private static final List<EntryForm> FORMS = List.of(new EntryForm("boolean", List.of("int", "int", "int", "int", "double"),
            "'boolean disaggregate(int promptTokens, int cachedTokens, int decodeWaiting, int decodeRunning, double decodeKvUsage)'"));

    @Override
    public PlugPoint<DisaggregationDecider> point() {
        return PlugPoint.PD_DECIDER;
    }

    @Override
    public String entryMethod() {
        return "disaggregate";
    }

    @Override
    public List<EntryForm> entryForms() {
        return FORMS;
    }

    @Override
    public String entryOwner() {
        return "the P/D decider";
    }

    @Override
    public DisaggregationDecider guard(DisaggregationDecider policy, String name, Budget budget, boolean threadBudget) {
        return (prompt, cached, waiting, running, kv) -> {
            GuardedCall.begin(budget, threadBudget);
            try {
                boolean yes = policy.disaggregate(prompt, cached, waiting, running, kv);
                budget.endCall(1);
                return yes;
            } catch (Throwable t) {
                throw GuardedCall.fault(t, name, "the decision for a prompt of " + prompt + " tokens (" + cached + " cached)");
            }
        };
    }

    @Override
    public CandidateFault exercise(Candidate c, String simpleName, Contract contract) {
        return PromptSignals.exercise(c.newInstance(PlugPoint.PD_DECIDER));
    }

    @Override
    public double[] signature(Candidate c, List<int[]> prioritySets) {
        return PromptSignals.signature(c.newInstance(PlugPoint.PD_DECIDER));
    }

    /** How often it sends long uncached prompts away, and how often it does so from a light decode pod. */
    @Override
    public double[] probeAxes(Candidate c) {
        return PromptSignals.axes(c.newInstance(PlugPoint.PD_DECIDER));
    }

    @Override
    public String fingerprint(Candidate c, List<int[]> prioritySets) {
        return PromptSignals.fingerprint(() -> c.newInstance(PlugPoint.PD_DECIDER));
    }

    @Override
    public boolean exports() {
        return false;
    }

    @Override
    public GoExport.Outcome export(Candidate c, String source, String name, String summary, Path staging, Optional<GoToolchain> go) {
        throw new GoExport.Refused("a P/D decider's router plugin (a deciderPlugin for the disagg-profile-handler) is not written "
                + "yet: simulate it with --plug pd-decider=FILE.java and compare it with prefix-based-pd and always-disagg");
    }

    @Override
    public String mismatch(EquivalenceProof.Proof proof, Candidate c, String sequence, int from, int to, List<String[]> goAnswers,
                           String javaLines) {
        return null;
    }

    @Override
    public Words words() {
        return new Words("a P/D decider", "-pd-decider", "prefix-based-pd-decider");
    }
}
