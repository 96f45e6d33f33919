package io.nous.sim.cost.fit;

import io.nous.sim.cost.StepBatch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.linear.SingularMatrixException;
import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;

/**
 * Ordinary least squares for the linear cost model: step = β0 + β1·prefill tokens + β2·decode
 * sequences, plus β3·decode KV tokens read and β4·prefill attention work when the measurements
 * carry context lengths (a term is only fitted when its column varies).
 */
public final class LinearStepFit {
    private LinearStepFit() {
    }

    public static StepFit fit(List<MeasuredStep> rows, String origin) {
        List<String> notes = new ArrayList<>();
        boolean decodeCtx = rows.stream().anyMatch(r -> r.decodeContextTokens() > 0);
        if (decodeCtx && !varies(rows.stream().filter(r -> r.decodeSeqs() > 0)
                .mapToDouble(r -> (double) r.decodeContextTokens() / r.decodeSeqs()).toArray())) {
            // the same context per sequence in every step: indistinguishable from the decode term
            decodeCtx = false;
            notes.add("decode context is not identifiable (every step reads the same context per sequence), so it was not fitted");
        }
        boolean prefillAttn = rows.stream().anyMatch(r -> r.prefillContextTokens() > 0)
                || (rows.stream().anyMatch(r -> r.decodeContextTokens() > 0) && varies(rows.stream()
                        .filter(r -> r.prefillTokens() > 0).mapToDouble(MeasuredStep::prefillTokens).toArray()));
        int k = 2 + (decodeCtx ? 1 : 0) + (prefillAttn ? 1 : 0);
        if (rows.size() < k + 3) {
            throw new FitException(origin + ": at least " + (k + 3) + " measured steps are needed for " + k + " coefficients, got " + rows.size());
        }
        double[][] x = new double[rows.size()][];
        double[] y = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            x[i] = features(rows.get(i).batch(), decodeCtx, prefillAttn);
            y[i] = rows.get(i).stepUs();
        }
        OLSMultipleLinearRegression ols = new OLSMultipleLinearRegression();
        ols.newSampleData(y, x);
        double[] beta;
        try {
            beta = ols.estimateRegressionParameters();
        } catch (SingularMatrixException e) {
            throw new FitException(origin + ": the steps do not determine the coefficients; measure steps with different prefill, "
                    + "decode and context mixes");
        }
        Map<String, Double> p = new LinkedHashMap<>();
        p.put("beta0_us", beta[0]);
        p.put("beta1_us_per_prefill_token", beta[1]);
        p.put("beta2_us_per_decode_token", beta[2]);
        int j = 3;
        if (decodeCtx) {
            p.put("beta3_us_per_decode_context_token", beta[j++]);
        }
        if (prefillAttn) {
            p.put("beta4_us_per_prefill_attention_work", beta[j]);
        }
        double[] pred = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            double v = beta[0];
            for (int c = 0; c < x[i].length; c++) {
                v += beta[c + 1] * x[i][c];
            }
            pred[i] = v;
        }
        List<String> terms = new ArrayList<>(List.of("prefill tokens", "decode sequences"));
        if (decodeCtx) {
            terms.add("decode context");
        }
        if (prefillAttn) {
            terms.add("prefill attention");
        }
        return new StepFit("least squares on " + rows.size() + " measured steps from " + origin + " (terms: " + String.join(", ", terms) + ")"
                + (notes.isEmpty() ? "" : "; " + String.join("; ", notes)), p, rows, pred);
    }

    private static boolean varies(double[] xs) {
        if (xs.length < 2) {
            return false;
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double x : xs) {
            min = Math.min(min, x);
            max = Math.max(max, x);
        }
        return max - min > 1e-9 * Math.max(1, Math.abs(max));
    }

    private static double[] features(StepBatch b, boolean decodeCtx, boolean prefillAttn) {
        double[] f = new double[2 + (decodeCtx ? 1 : 0) + (prefillAttn ? 1 : 0)];
        f[0] = b.prefillTokens;
        f[1] = b.decodeSeqs;
        int j = 2;
        if (decodeCtx) {
            f[j++] = b.decodeContextTokens;
        }
        if (prefillAttn) {
            f[j] = b.prefillAttentionWork;
        }
        return f;
    }
}
