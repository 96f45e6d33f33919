package io.nous.sim.cost.fit;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The outcome of fitting a cost model to measured steps: the fitted parameters, the model's
 * prediction for every row, and the fit's quality.
 *
 * @param method     what was fitted and how, for the profile's sources
 * @param parameters fitted values by profile key, in a stable order
 * @param predicted  predicted step time of each row, microseconds, in row order
 */
public record StepFit(String method, Map<String, Double> parameters, List<MeasuredStep> rows, double[] predicted) {

    public StepFit {
        parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        rows = List.copyOf(rows);
        predicted = predicted.clone();
    }

    /** Coefficient of determination on step times. */
    public double rSquared() {
        double mean = rows.stream().mapToDouble(MeasuredStep::stepUs).average().orElse(0);
        double ssTot = 0;
        double ssRes = 0;
        for (int i = 0; i < rows.size(); i++) {
            double y = rows.get(i).stepUs();
            ssTot += (y - mean) * (y - mean);
            ssRes += (y - predicted[i]) * (y - predicted[i]);
        }
        return ssTot == 0 ? 1 : 1 - ssRes / ssTot;
    }

    /** Relative residual of row i: (predicted − measured) / measured. */
    public double relativeResidual(int i) {
        return (predicted[i] - rows.get(i).stepUs()) / rows.get(i).stepUs();
    }

    /** Largest |relative residual| over the rows. */
    public double maxRelativeError() {
        double m = 0;
        for (int i = 0; i < rows.size(); i++) {
            m = Math.max(m, Math.abs(relativeResidual(i)));
        }
        return m;
    }

    /** Quantile q of |relative residual|. */
    public double relativeErrorQuantile(double q) {
        double[] r = new double[rows.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = Math.abs(relativeResidual(i));
        }
        Arrays.sort(r);
        return r[Math.min(r.length - 1, (int) Math.floor(q * r.length))];
    }
}
