package io.nous.sim.cost.fit;

import io.nous.sim.cost.CostModel;
import io.nous.sim.cost.CostProfile;
import io.nous.sim.cost.RooflineCostModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresBuilder;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresOptimizer;
import org.apache.commons.math3.fitting.leastsquares.LevenbergMarquardtOptimizer;
import org.apache.commons.math3.fitting.leastsquares.MultivariateJacobianFunction;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.exception.ConvergenceException;
import org.apache.commons.math3.exception.TooManyEvaluationsException;
import org.apache.commons.math3.util.Pair;

/**
 * Nonlinear least squares (Levenberg–Marquardt, commons-math3) for the roofline model's
 * efficiencies and overheads, on relative residuals so that a 10 ms decode step counts as much as a
 * 400 ms prefill. Hardware, model geometry and the shape of the base profile's GEMM efficiency
 * curve are kept; the fit scales the curve and sets the weight-streaming, KV-read and attention
 * efficiencies, the per-step and per-sequence overheads and the sharpness of the ridge. Runtime efficiencies are fixed at 1:
 * measured steps are what the GPU did.
 */
public final class RooflineStepFit {
    /** Fitted parameters, in order. */
    static final String[] NAMES = {"gemm_curve_scale", "weight_stream_efficiency", "attention_mfu", "kv_read_efficiency",
            "step_overhead_us", "per_sequence_overhead_us", "ridge_sharpness"};

    private RooflineStepFit() {
    }

    /** The fit, and the profile it describes. */
    public record Result(StepFit fit, CostProfile profile) {
    }

    public static Result fit(List<MeasuredStep> rows, CostProfile base, String name, String origin) {
        return fit(rows, base, name, origin, base.name());
    }

    /** @param curveFrom the profile whose GEMM curve shape the fit keeps, for the record */
    public static Result fit(List<MeasuredStep> rows, CostProfile base, String name, String origin, String curveFrom) {
        if (base.roofline() == null) {
            throw new FitException("--base " + base.name() + " is not a roofline profile; the roofline fit keeps its hardware, model and curve shape");
        }
        if (rows.size() < NAMES.length + 3) {
            throw new FitException(origin + ": at least " + (NAMES.length + 3) + " measured steps are needed for the roofline fit, got " + rows.size());
        }
        CostProfile.Roofline r = base.roofline();
        double maxMfu = r.gemmMfuCurve() != null ? r.gemmMfuCurve().stream().mapToDouble(CostProfile.CurvePoint::mfu).max().orElse(1)
                : r.gemmMfu();
        double[] start = {1.0, r.weightStream(), r.attentionMfu(), r.kvRead(), r.stepOverheadUs() + r.perLayerOverheadUs()
                * base.modelSpec().layers(), r.perSequenceOverheadUs(), r.ridgeSharpness() == null ? 4.0 : r.ridgeSharpness()};
        double[] lower = {0.05, 0.05, 0.02, 0.05, 0, 0, 1.5};
        double[] upper = {1.0 / maxMfu, 1, 1, 1, 1e6, 1e4, 100};
        MultivariateJacobianFunction model = point -> {
            double[] theta = clamp(point.toArray(), lower, upper);
            double[] v = residuals(rows, base, theta);
            double[][] jac = new double[rows.size()][theta.length];
            for (int j = 0; j < theta.length; j++) {
                double h = Math.max(1e-6, Math.abs(theta[j]) * 1e-5);
                double[] t2 = theta.clone();
                t2[j] = theta[j] + h <= upper[j] ? theta[j] + h : theta[j] - h;
                double step = t2[j] - theta[j];
                double[] v2 = residuals(rows, base, t2);
                for (int i = 0; i < rows.size(); i++) {
                    jac[i][j] = (v2[i] - v[i]) / step;
                }
            }
            return new Pair<RealVector, org.apache.commons.math3.linear.RealMatrix>(new ArrayRealVector(v, false),
                    new Array2DRowRealMatrix(jac, false));
        };
        LeastSquaresOptimizer.Optimum opt;
        try {
            opt = new LevenbergMarquardtOptimizer().optimize(new LeastSquaresBuilder()
                    .start(start)
                    .model(model)
                    .target(new double[rows.size()])
                    .parameterValidator(p -> new ArrayRealVector(clamp(p.toArray(), lower, upper), false))
                    .maxEvaluations(5000)
                    .maxIterations(5000)
                    .build());
        } catch (TooManyEvaluationsException | ConvergenceException e) {
            throw new FitException(origin + ": the roofline fit did not converge (" + e.getMessage() + "); the measurements may not "
                    + "cover enough step shapes (decode batches, prefill sizes, contexts)");
        }
        double[] theta = clamp(opt.getPoint().toArray(), lower, upper);
        CostProfile fitted = profile(base, name, theta);
        CostModel m = new RooflineCostModel(fitted);
        double[] pred = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            pred[i] = m.stepMicros(rows.get(i).batch());
        }
        Map<String, Double> params = new LinkedHashMap<>();
        for (int j = 0; j < NAMES.length; j++) {
            params.put(NAMES[j], theta[j]);
        }
        return new Result(new StepFit("Levenberg-Marquardt on relative residuals of " + rows.size() + " measured steps from " + origin
                + " (GEMM curve shape of " + curveFrom + ")", params, rows, pred), fitted);
    }

    private static double[] clamp(double[] t, double[] lo, double[] hi) {
        double[] c = t.clone();
        for (int i = 0; i < c.length; i++) {
            c[i] = Math.max(lo[i], Math.min(hi[i], c[i]));
        }
        return c;
    }

    private static double[] residuals(List<MeasuredStep> rows, CostProfile base, double[] theta) {
        CostModel m = new RooflineCostModel(profile(base, base.name(), theta));
        double[] v = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            double y = rows.get(i).stepUs();
            v[i] = (m.stepMicros(rows.get(i).batch()) - y) / y;
        }
        return v;
    }

    static CostProfile profile(CostProfile base, String name, double[] theta) {
        CostProfile.Roofline r = base.roofline();
        List<CostProfile.CurvePoint> curve = null;
        Double flat = null;
        if (r.gemmMfuCurve() != null) {
            curve = new ArrayList<>();
            for (CostProfile.CurvePoint c : r.gemmMfuCurve()) {
                curve.add(new CostProfile.CurvePoint(c.tokens(), Math.min(1.0, c.mfu() * theta[0])));
            }
        } else {
            flat = Math.min(1.0, r.gemmMfu() * theta[0]);
        }
        CostProfile.Roofline fitted = new CostProfile.Roofline(flat, curve, theta[2], null, theta[1], theta[3], 1.0, 1.0,
                theta[6], theta[4], 0.0, theta[5]);
        return base.withRoofline(fitted, name);
    }
}
