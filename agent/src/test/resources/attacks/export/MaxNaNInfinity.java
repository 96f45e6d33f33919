// expect: export=equivalent | math.Max(NaN, +Inf) is +Inf in Go and NaN in Java
import io.nous.sim.spi.AdmissionPolicy;

public final class MaxNaNInfinity implements AdmissionPolicy {
    @Override
    public boolean admit(int priority, double saturation, double queue, double kv, double u) {
        if (priority >= 0) {
            return true;
        }
        // queue pressure grows without bound as the KV cache fills
        double pressure = Math.max(saturation, queue / (1.0 - Math.min(kv, 1.0)));
        return !(pressure > 0.9) || u > 0.8;
    }
}
