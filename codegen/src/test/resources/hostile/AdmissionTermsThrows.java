// expect: fault|ArithmeticException
import io.nous.sim.spi.AdmissionPolicy;

public final class AdmissionTermsThrows implements AdmissionPolicy {
    @Override
    public boolean admit(int priority, double saturation, double queue, double kv, double u) {
        // only a pool whose KV cache alone is saturated (queue empty) divides by zero
        int q = (int) (queue * 10);
        return kv < 1 || 10 / q >= 0;
    }
}
