package io.nous.codegen.plug;

import io.nous.codegen.Candidate;
import io.nous.codegen.Contract;
import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.plugin.ScalingPackage;
import io.nous.codegen.golang.proof.ScalingProof;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.guard.Budget;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.guard.GuardedCall;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.ScalingPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The pool's scaling policy: how many pods it should have, asked every scaling interval with what
 * the serving pods and the router show. Verified, guarded, probed and simulated like the other plug
 * points. The autoscaler lives outside the router (llm-d's workload-variant-autoscaler, or an HPA), so
 * its export is no router plugin but a Go package for the autoscaler ({@link ScalingPackage}): a
 * documented function with its state, golden sequences, the proof, and the autoscaler settings it
 * was simulated under.
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
    public GoExport.Outcome export(Candidate c, String source, String name, String summary, Path staging, Optional<GoToolchain> go) {
        GoTranslator.GoCode code = GoExport.translate(source, PlugPoint.SCALING);
        Supplier<ScalingPolicy> fresh = () -> c.newInstance(PlugPoint.SCALING, EquivalenceProof.PROOF_LIMIT);
        List<List<ScalingProof.Step>> golden;
        try {
            golden = ScalingProof.golden(fresh);
        } catch (CandidateFault f) {
            throw new GoExport.Refused("it fails on a pool an autoscaler can see: " + f.getMessage());
        }
        EquivalenceProof.Proof proof = ScalingProof.record(fresh);
        ScalingPackage pkg = new ScalingPackage(name, source, code, golden, proof, summary);
        return GoExport.prove(pkg, golden.stream().mapToInt(List::size).sum(), proof, c, source, PlugPoint.SCALING, staging, go);
    }

    @Override
    public String mismatch(EquivalenceProof.Proof proof, Candidate c, String sequence, int from, int to, List<String[]> goAnswers,
                           String javaLines) {
        EquivalenceProof.SeededSequence q = proof.sequence(sequence, EquivalenceProof.SeededSequence.class);
        List<ScalingProof.Answer> java = new ArrayList<>();
        ScalingProof.run(q, () -> c.newInstance(PlugPoint.SCALING, EquivalenceProof.PROOF_LIMIT), from, to, java);
        for (String[] g : goAnswers) {
            int call = Integer.parseInt(g[0]);
            ScalingProof.Answer j = java.get(call - from);
            String goSays = g[2].equals("false") ? "panics" : g[1];
            String javaSays = j.desired() == null ? "throws (" + j.fault() + ")" : String.valueOf(j.desired());
            if (!goSays.equals(javaSays)) {
                return "the Go does not decide as the Java: sequence " + sequence + ", decision " + String.format(Locale.ROOT, "%,d", call)
                        + ": " + j.pool().describe() + ": Java asks for " + javaSays + " pods, Go " + goSays + javaLines
                        + ". Nothing was written.";
            }
        }
        return null;
    }

    @Override
    public Words words() {
        return new Words("a scaling policy", "-scaling", "hpa-utilization");
    }
}
