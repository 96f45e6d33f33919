package io.nous.codegen.plug;

import com.github.javaparser.StaticJavaParser;
import io.nous.codegen.Candidate;
import io.nous.codegen.Contract;
import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.plugin.DetectorPackage;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.proof.DetectorProof;
import io.nous.codegen.golang.proof.DetectorVectors;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.guard.Budget;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.guard.GuardedSaturationDetector;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.SaturationDetector;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

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
    public GoExport.Outcome export(Candidate c, String source, String name, String summary, Path staging, Optional<GoToolchain> go) {
        GoTranslator.GoCode code = GoExport.translate(source, PlugPoint.SATURATION);
        Supplier<SaturationDetector> fresh = () -> c.newInstance(PlugPoint.SATURATION, EquivalenceProof.PROOF_LIMIT);
        List<DetectorVectors.Case> vectors;
        try {
            vectors = DetectorVectors.record(fresh);
        } catch (CandidateFault f) {
            throw new GoExport.Refused("it fails on a pool state the router can present: " + f.getMessage());
        }
        boolean counter = code.counterField() != null;
        int horizon = EquivalenceProof.horizon(StaticJavaParser.parse(source), counter);
        EquivalenceProof.Proof proof = DetectorProof.record(fresh, horizon, EquivalenceProof.horizonNote(horizon, counter));
        DetectorPackage pkg = new DetectorPackage(name, source, code, vectors, proof, summary);
        return GoExport.prove(pkg, vectors.size(), proof, c, source, PlugPoint.SATURATION, staging, go);
    }

    @Override
    public String mismatch(EquivalenceProof.Proof proof, Candidate c, String sequence, int from, int to, List<String[]> goAnswers,
                           String javaLines) {
        DetectorProof.DetectorSequence q = proof.sequence(sequence, DetectorProof.DetectorSequence.class);
        List<DetectorProof.DetectorAnswer> javaAnswers = DetectorProof.answers(q, c.newInstance(PlugPoint.SATURATION,
                EquivalenceProof.PROOF_LIMIT), from, to);
        for (String[] g : goAnswers) {
            int call = Integer.parseInt(g[0]);
            DetectorProof.DetectorAnswer j = javaAnswers.get(call - from);
            String goSays = g[2].equals("false") ? "panics" : String.valueOf(Double.longBitsToDouble(Long.parseUnsignedLong(g[1], 16)));
            String javaSays = j.saturation() == null ? "throws (" + j.fault() + ")" : String.valueOf(j.saturation());
            if (!goSays.equals(javaSays)) {
                return "the Go does not compute the saturation the Java computed: sequence " + sequence + ", call "
                        + String.format(Locale.ROOT, "%,d", call) + ", " + j.state().describe() + ": Java " + javaSays + ", Go " + goSays
                        + javaLines + ". Nothing was written.";
            }
        }
        return null;
    }

    @Override
    public Words words() {
        return new Words("a saturation detector", "-detector", "utilization-detector");
    }
}
