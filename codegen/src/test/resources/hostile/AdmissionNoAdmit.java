// expect: rejected|does not implement admit
import io.nous.sim.spi.AdmissionPolicy;

public final class AdmissionNoAdmit implements AdmissionPolicy {
    public boolean allow(int priority, double saturation, double u) {
        return true;
    }
}
