// expect: rejected|implements both forms of admit
import io.nous.sim.spi.AdmissionPolicy;

public final class AdmissionBothForms implements AdmissionPolicy {
    @Override
    public boolean admit(int priority, double saturation, double u) {
        return true;
    }

    @Override
    public boolean admit(int priority, double saturation, double queue, double kv, double u) {
        return priority >= 0 || queue < 0.5;
    }
}
