// expect: fault|ArithmeticException
import io.nous.sim.spi.AdmissionPolicy;

public final class AdmissionThrows implements AdmissionPolicy {
    @Override
    public boolean admit(int priority, double saturation, double u) {
        return 1 / (priority + 2) >= 0;
    }
}
