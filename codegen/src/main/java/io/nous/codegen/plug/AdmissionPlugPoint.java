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
import io.nous.codegen.guard.GuardedAdmissionPolicy;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.PlugPoint;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The router's admitter: admit or refuse a request before an endpoint is picked. */
public final class AdmissionPlugPoint implements PlugPointDescriptor<AdmissionPolicy> {
    private static final List<EntryForm> FORMS = List.of(
            new EntryForm("boolean", List.of("int", "double", "double"), "'boolean admit(int priority, double saturation, double u)'"),
            new EntryForm("boolean", List.of("int", "double", "double", "double", "double"),
                    "'boolean admit(int priority, double saturation, double queue, double kv, double u)'"));

    @Override
    public PlugPoint<AdmissionPolicy> point() {
        return PlugPoint.ADMISSION;
    }

    @Override
    public String entryMethod() {
        return "admit";
    }

    @Override
    public List<EntryForm> entryForms() {
        return FORMS;
    }

    @Override
    public String entryOwner() {
        return "the admitter";
    }

    @Override
    public String simulationName(String candidateName, String origin) {
        return origin;
    }

    @Override
    public AdmissionPolicy guard(AdmissionPolicy policy, String name, Budget budget, boolean threadBudget) {
        return new GuardedAdmissionPolicy(policy, name, budget, threadBudget);
    }

    @Override
    public CandidateFault exercise(Candidate c, String simpleName, Contract contract) {
        return Exercise.admission(c.newAdmissionPolicy());
    }

    @Override
    public double[] signature(Candidate c, List<int[]> prioritySets) {
        return BehaviourSignature.admission(c::newAdmissionPolicy, BehaviourSignature.priorities(prioritySets));
    }

    @Override
    public double[] probeAxes(Candidate c) {
        return BehaviourProbe.admissionAxes(c::newAdmissionPolicy);
    }

    @Override
    public String fingerprint(Candidate c, List<int[]> prioritySets) {
        return BehaviourFingerprint.admission(c::newAdmissionPolicy);
    }

    @Override
    public GoTranslator.GoCode translate(String source) {
        return GoTranslator.translateAdmission(source);
    }

    @Override
    public GoExport.Outcome export(Candidate c, String source, String name, String summary, Path staging, Optional<GoToolchain> go) {
        return GoExport.admitter(c, source, name, summary, staging, go);
    }

    @Override
    public String mismatch(EquivalenceProof.Proof proof, Candidate c, String sequence, int from, int to, List<String[]> goAnswers,
                           String javaLines) {
        EquivalenceProof.AdmissionSequence q = proof.sequence(sequence, EquivalenceProof.AdmissionSequence.class);
        List<EquivalenceProof.AdmissionAnswer> javaAnswers = EquivalenceProof.answers(q, c.newAdmissionPolicy(EquivalenceProof.PROOF_LIMIT),
                from, to);
        for (String[] g : goAnswers) {
            int call = Integer.parseInt(g[0]);
            EquivalenceProof.AdmissionAnswer j = javaAnswers.get(call - from);
            String goSays = g[2].equals("false") ? "panics" : g[1].equals("true") ? "admit" : "refuse";
            String javaSays = j.admitted() == null ? "throws (" + j.fault() + ")" : j.admitted() ? "admit" : "refuse";
            if (!goSays.equals(javaSays)) {
                CallSequences.AdmissionCall in = j.call();
                return "the Go does not decide what the Java decided: sequence " + sequence + ", call " + String.format(Locale.ROOT, "%,d", call)
                        + ": priority " + in.priority() + ", saturation " + in.saturation() + ", queue " + in.queue() + ", kv " + in.kv()
                        + ", draw " + in.u() + ": Java " + javaSays + "s, Go " + goSays + "s" + javaLines + ". Nothing was written.";
            }
        }
        return null;
    }

    @Override
    public Words words() {
        return new Words("an admitter", "-admitter", "probabilistic-admitter");
    }
}
