package io.nous.sim.cost;

/**
 * A fitted linear model of step time: {@code β0 + β1 · prefill tokens + β2 · decode tokens}, the
 * form of the BLIS simulator's per-model coefficients, optionally with two context terms that
 * {@code nous calibrate} fits when the measurements carry context lengths: {@code β3 · KV tokens
 * read by decodes} and {@code β4 · causal prefill attention work Σ t(c + t/2)}. Without them the
 * model is blind to context length, so it under-prices long-context decode and prefill.
 */
public final class LinearCostModel implements CostModel {
    private final CostProfile profile;
    private final double beta0;
    private final double beta1;
    private final double beta2;
    private final double beta3;
    private final double beta4;

    public LinearCostModel(CostProfile profile) {
        CostProfile.Linear lin = profile.linear();
        if (lin == null) {
            throw new IllegalArgumentException("profile '" + profile.name() + "' has no 'linear' coefficients");
        }
        this.profile = profile;
        this.beta0 = lin.beta0Us();
        this.beta1 = lin.beta1UsPerPrefillToken();
        this.beta2 = lin.beta2UsPerDecodeToken();
        this.beta3 = lin.beta3();
        this.beta4 = lin.beta4();
    }

    @Override
    public double stepMicros(StepBatch b) {
        return beta0 + beta1 * b.prefillTokens + beta2 * b.decodeSeqs + beta3 * b.decodeContextTokens + beta4 * b.prefillAttentionWork;
    }

    @Override
    public CostProfile profile() {
        return profile;
    }
}
