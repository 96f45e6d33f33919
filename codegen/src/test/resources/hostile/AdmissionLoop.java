// expect: fault|work units in one call
import io.nous.sim.spi.AdmissionPolicy;

public final class AdmissionLoop implements AdmissionPolicy {
    @Override
    public boolean admit(int priority, double saturation, double u) {
        while (priority < 0) {
            u++;
        }
        return true;
    }
}
