package io.nous.codegen.plug;

import io.nous.codegen.BehaviourProbe;
import io.nous.codegen.BehaviourSignature;
import io.nous.codegen.Candidate;
import io.nous.codegen.Contract;
import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.proof.BehaviourFingerprint;
import io.nous.codegen.golang.proof.CallSequences;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.guard.Budget;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.guard.Exercise;
import io.nous.codegen.guard.GuardedRoutingScorer;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.RoutingScorer;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** A scheduling scorer: scores each endpoint a request may go to. */
public final class RoutingPlugPoint implements PlugPointDescriptor<RoutingScorer> {
    private static final List<EntryForm> FORMS = List.of(new EntryForm("double",
            List.of("long", "double", "long", "long", "int", "int", "int", "int", "double"),
            "'double score(long promptTokens, double prefixMatch, long uncachedTokens, long inFlightTokens, int inFlightRequests, "
                    + "int maxInFlightRequests, int waiting, int running, double kvUsage)'"));

    @Override
    public PlugPoint<RoutingScorer> point() {
        return PlugPoint.ROUTING;
    }

    @Override
    public String entryMethod() {
        return "score";
    }

    @Override
    public List<EntryForm> entryForms() {
        return FORMS;
    }

    @Override
    public String entryOwner() {
        return "the scorer";
    }

    @Override
    public RoutingScorer guard(RoutingScorer policy, String name, Budget budget, boolean threadBudget) {
        return new GuardedRoutingScorer(policy, name, budget, threadBudget);
    }

    @Override
    public CandidateFault exercise(Candidate c, String simpleName, Contract contract) {
        return Exercise.routing(c.newRoutingScorer());
    }

    @Override
    public double[] signature(Candidate c, List<int[]> prioritySets) {
        return BehaviourSignature.routing(c.newRoutingScorer());
    }

    @Override
    public double[] probeAxes(Candidate c) {
        return BehaviourProbe.routingAxes(c.newRoutingScorer());
    }

    @Override
    public String fingerprint(Candidate c, List<int[]> prioritySets) {
        return BehaviourFingerprint.routing(c::newRoutingScorer);
    }

    @Override
    public GoTranslator.GoCode translate(String source) {
        return GoTranslator.translateRouting(source);
    }

    @Override
    public GoExport.Outcome export(Candidate c, String source, String name, String summary, Path staging, Optional<GoToolchain> go) {
        return GoExport.scorer(c, source, name, summary, staging, go);
    }

    @Override
    public String mismatch(EquivalenceProof.Proof proof, Candidate c, String sequence, int from, int to, List<String[]> goAnswers,
                           String javaLines) {
        EquivalenceProof.RoutingSequence q = proof.sequence(sequence, EquivalenceProof.RoutingSequence.class);
        List<EquivalenceProof.RoutingAnswer> javaAnswers = EquivalenceProof.answers(q, c.newRoutingScorer(EquivalenceProof.PROOF_LIMIT),
                from, to);
        for (String[] g : goAnswers) {
            int call = Integer.parseInt(g[0]);
            EquivalenceProof.RoutingAnswer j = javaAnswers.get(call - from);
            String goSays = g[2].equals("false") ? "panics" : String.valueOf(Double.longBitsToDouble(Long.parseUnsignedLong(g[1], 16)));
            String javaSays = j.score() == null ? "throws (" + j.fault() + ")" : String.valueOf(j.score());
            if (!goSays.equals(javaSays)) {
                CallSequences.RoutingCall in = j.call();
                return "the Go does not score what the Java scored: sequence " + sequence + ", call " + String.format(Locale.ROOT, "%,d", call)
                        + ": prompt " + in.promptTokens() + " tokens, prefix match " + in.prefixMatch() + ", uncached " + in.uncachedTokens()
                        + ", in flight " + in.inFlightTokens() + " tokens / " + in.inFlightRequests() + " requests (max " + in.maxInFlightRequests()
                        + "), waiting " + in.waiting() + ", running " + in.running() + ", kv " + in.kvUsage() + ": Java " + javaSays
                        + ", Go " + goSays + javaLines + ". Nothing was written.";
            }
        }
        return null;
    }

    @Override
    public Words words() {
        return new Words("a routing scorer", "-scorer", "active-request");
    }
}
