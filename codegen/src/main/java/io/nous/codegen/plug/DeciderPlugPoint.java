package io.nous.codegen.plug;

import io.nous.codegen.Candidate;
import io.nous.codegen.Contract;
import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.plugin.DeciderPackage;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.proof.DeciderProof;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.guard.Budget;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.guard.GuardedCall;
import io.nous.sim.spi.DisaggregationDecider;
import io.nous.sim.spi.PlugPoint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The router's P/D decider: whether a request's prompt is prefilled on a prefill pod, asked with the
 * decode pod the decode profile picked. Verified, guarded, probed and simulated like the other plug
 * points, and exported as a decider of the router's disagg profile handler ({@code DeciderPackage}),
 * proved against the Java on seeded question sequences.
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
    public GoExport.Outcome export(Candidate c, String source, String name, String summary, Path staging, Optional<GoToolchain> go) {
        GoTranslator.GoCode code = GoExport.translate(source, PlugPoint.PD_DECIDER);
        Supplier<DisaggregationDecider> fresh = () -> c.newInstance(PlugPoint.PD_DECIDER, EquivalenceProof.PROOF_LIMIT);
        List<DeciderProof.GoldenCase> golden;
        try {
            golden = DeciderProof.golden(fresh);
        } catch (CandidateFault f) {
            throw new GoExport.Refused("it fails on a request the router can present: " + f.getMessage());
        }
        EquivalenceProof.Proof proof = DeciderProof.record(fresh);
        DeciderPackage pkg = new DeciderPackage(name, source, code, golden, proof, summary);
        return GoExport.prove(pkg, golden.size(), proof, c, source, PlugPoint.PD_DECIDER, staging, go);
    }

    @Override
    public String mismatch(EquivalenceProof.Proof proof, Candidate c, String sequence, int from, int to, List<String[]> goAnswers,
                           String javaLines) {
        EquivalenceProof.SeededSequence q = proof.sequence(sequence, EquivalenceProof.SeededSequence.class);
        List<DeciderProof.Answer> java = new ArrayList<>();
        DeciderProof.run(q, c.newInstance(PlugPoint.PD_DECIDER, EquivalenceProof.PROOF_LIMIT), from, to, java);
        for (String[] g : goAnswers) {
            int call = Integer.parseInt(g[0]);
            DeciderProof.Answer j = java.get(call - from);
            String goSays = g[2].equals("false") ? "panics" : g[1];
            String javaSays = j.yes() == null ? "throws (" + j.fault() + ")" : String.valueOf(j.yes());
            if (!goSays.equals(javaSays)) {
                return "the Go does not decide as the Java: sequence " + sequence + ", call " + String.format(Locale.ROOT, "%,d", call) + ": "
                        + j.in().describe() + ": Java says " + javaSays + ", Go " + goSays + javaLines + ". Nothing was written.";
            }
        }
        return null;
    }

    @Override
    public Words words() {
        return new Words("a P/D decider", "-pd-decider", "prefix-based-pd-decider");
    }
}
