// expect: export=equivalent | math.Max(NaN, +Inf) is +Inf in Go and NaN in Java
import io.nous.sim.spi.AdmissionPolicy;

public final class MaxNaNInfinity implements AdmissionPolicy {
    @Override
    public boolean admit(int priority, double saturation, double u) {
        if (priority >= 0) {
            return true;
        }
        double worst = Math.max(saturation, saturation > 50 ? Double.POSITIVE_INFINITY : saturation);
        return !(worst > 0.9) || u > 0.8;
    }
}
