package io.nous.sim.cost;

/**
 * A fitted linear model of step time: {@code β0 + β1 · prefill tokens + β2 · decode tokens}, the
 * form of the BLIS simulator's per-model coefficients. Fast and easy to fit from measured steps,
 * but blind to context length, so it under-prices long-context decode and (with the published
 * coefficients) prefill.
 */
public final class LinearCostModel implements CostModel {
    private final CostProfile profile;
    private final double beta0;
    private final double beta1;
    private final double beta2;

    public LinearCostModel(CostProfile profile) {
        CostProfile.Linear lin = profile.linear();
        if (lin == null) {
            throw new IllegalArgumentException("profile '" + profile.name() + "' has no 'linear' coefficients");
        }
        this.profile = profile;
        this.beta0 = lin.beta0Us();
        this.beta1 = lin.beta1UsPerPrefillToken();
        this.beta2 = lin.beta2UsPerDecodeToken();
    }

    @Override
    public double stepMicros(StepBatch b) {
        return beta0 + beta1 * b.prefillTokens + beta2 * b.decodeSeqs;
    }

    @Override
    public CostProfile profile() {
        return profile;
    }
}
