// expect: export=refused | overloaded
import io.nous.sim.spi.AdmissionPolicy;

public final class FiveParameterHelper implements AdmissionPolicy {
    @Override
    public boolean admit(int priority, double saturation, double u) {
        return admit(priority, saturation, u, 0.5, 1);
    }

    private boolean admit(int priority, double saturation, double u, double knee, int unused) {
        return priority >= 0 || saturation < knee || u > 0.5;
    }
}
