package io.nous.observe;

import io.nous.sim.cost.CostProfile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.commons.math3.exception.ConvergenceException;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.SimpleBounds;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.CMAESOptimizer;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.exception.TooManyEvaluationsException;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresBuilder;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresOptimizer;
import org.apache.commons.math3.fitting.leastsquares.LevenbergMarquardtOptimizer;
import org.apache.commons.math3.fitting.leastsquares.MultivariateJacobianFunction;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;

/**
 * Fits a cost profile to an observation: the parameters for which simulating the observed arrivals
 * best reproduces each request's observed TTFT and ITL. Least squares on log ratios
 * {@code ln(simulated / observed)} (relative errors, so long and short requests weigh alike), over
 * the earlier part of the observation; the later part is held out and the errors before and after
 * are reported on it. The search runs on the logarithms of the parameters in two stages: CMA-ES
 * (seeded, so a fit is reproducible) finds the basin — a simulation changes by jumps where events
 * swap order, and from a poor start a local method crawls — then Levenberg–Marquardt, with a
 * finite-difference step (2 %) wide enough to see the trend through the jumps, polishes it.
 */
public final class ObservedFit {
    /** Residual of a request the simulation did not complete (as if off by a factor of e^5). */
    private static final double MISSING = 5;
    /** CMA-ES's seed and budget of simulations. */
    private static final int SEED = 20_261_201;
    private static final int GLOBAL_EVALUATIONS = 480;
    /** Finite-difference step in log space. */
    private static final double STEP = 0.02;

    /** Which parameters are fitted. */
    public enum Model {
        /** step = β0 + β1·prefill tokens + β2·decode sequences (β3, β4 kept from the start profile). */
        LINEAR,
        /** The roofline profile's prefill and decode runtime efficiencies. */
        ROOFLINE
    }

    /**
     * Accuracy on a set of requests: paired TTFT (as the profile simulates it, and with the time
     * outside the engine added) and ITL.
     */
    public record Errors(Comparison.Paired ttft, Comparison.Paired ttftWithOutside, Comparison.Paired itl, int missing) {
    }

    /**
     * The fit.
     *
     * @param outsideMs time a request spends outside the engine before its first token reaches the
     *                  client (network, HTTP, tokenization, streaming), fitted alongside the profile so
     *                  that it does not bend the step costs; the simulator does not add it
     */
    public record Result(CostProfile profile, Map<String, Double> parameters, double outsideMs, Errors trainBefore, Errors trainAfter,
                         Errors heldOutBefore, Errors heldOutAfter, int evaluations) {
    }

    private final Function<CostProfile, List<ObservedRequest>> simulate;
    private final List<Integer> train = new ArrayList<>();
    private final List<Integer> heldOut = new ArrayList<>();
    private final Map<Integer, ObservedRequest> observedById = new HashMap<>();
    private int evaluations;

    /**
     * @param simulate    simulates the observed arrivals with a profile, returning requests by observed id
     * @param heldOutShare the share of the observation (by schedule time, the latest requests) held out
     */
    public ObservedFit(RequestsFile.Contents observed, Function<CostProfile, List<ObservedRequest>> simulate, double heldOutShare) {
        this.simulate = simulate;
        List<ObservedRequest> usable = new ArrayList<>();
        for (ObservedRequest r : observed.requests()) {
            if (r.result() == ObservedRequest.Result.COMPLETED && r.ttftMs() > 0 && r.itlMs() > 0) {
                usable.add(r);
                observedById.put(r.id(), r);
            }
        }
        usable.sort((a, b) -> Long.compare(a.scheduledUs(), b.scheduledUs()));
        int cut = (int) Math.round(usable.size() * (1 - heldOutShare));
        for (int i = 0; i < usable.size(); i++) {
            (i < cut ? train : heldOut).add(usable.get(i).id());
        }
        if (train.size() < 10) {
            throw new RequestsFileException("the observation has " + usable.size() + " completed requests with two or more tokens; "
                    + "a fit needs at least 10 to train on (observe longer or at a higher rate)");
        }
    }

    public int trainSize() {
        return train.size();
    }

    public int heldOutSize() {
        return heldOut.size();
    }

    /** Fits the model's parameters, starting from {@code start}; the profile is named {@code name}. */
    public Result fit(CostProfile start, Model model, String name) {
        double[] init = initial(start, model);
        double[] x0 = logs(Arrays.copyOf(init, init.length + 1));
        x0[init.length] = Math.log(1.0); // 1 ms outside the engine to start with
        Map<Integer, ObservedRequest> before = byId(simulate.apply(start));
        double[] lower = new double[x0.length];
        double[] upper = new double[x0.length];
        for (int i = 0; i < x0.length; i++) {
            lower[i] = x0[i] - Math.log(100);
            upper[i] = x0[i] + Math.log(100);
        }
        lower[init.length] = Math.log(0.01);
        upper[init.length] = Math.log(1000);
        double[] sigma = new double[x0.length];
        Arrays.fill(sigma, 1.0);
        PointValuePair global = new CMAESOptimizer(60, 0, true, 0, 0, new Well19937c(SEED), false, null)
                .optimize(new MaxEval(GLOBAL_EVALUATIONS), GoalType.MINIMIZE, new InitialGuess(x0), new SimpleBounds(lower, upper),
                        new ObjectiveFunction(x -> meanSquare(residuals(x, start, model, name))), new CMAESOptimizer.Sigma(sigma),
                        new CMAESOptimizer.PopulationSize(12));
        double[] x1 = global.getPoint();
        MultivariateJacobianFunction residualsAndJacobian = point -> {
            double[] x = clamp(point.toArray(), lower, upper);
            double[] r = residuals(x, start, model, name);
            double[][] jac = new double[r.length][x.length];
            for (int j = 0; j < x.length; j++) {
                double[] x2 = x.clone();
                double h = x[j] + STEP <= upper[j] ? STEP : -STEP;
                x2[j] += h;
                double[] r2 = residuals(x2, start, model, name);
                for (int i = 0; i < r.length; i++) {
                    jac[i][j] = (r2[i] - r[i]) / h;
                }
            }
            return new org.apache.commons.math3.util.Pair<RealVector, RealMatrix>(new ArrayRealVector(r, false),
                    new Array2DRowRealMatrix(jac, false));
        };
        LeastSquaresOptimizer.Optimum best;
        try {
            best = new LevenbergMarquardtOptimizer().withCostRelativeTolerance(1e-6).withParameterRelativeTolerance(1e-6)
                    .optimize(new LeastSquaresBuilder().start(x1).model(residualsAndJacobian).target(new double[2 * train.size()])
                            .parameterValidator(v -> new ArrayRealVector(clamp(v.toArray(), lower, upper), false))
                            .maxEvaluations(200).maxIterations(200).build());
        } catch (TooManyEvaluationsException | ConvergenceException e) {
            throw new RequestsFileException("the fit did not converge (" + e.getMessage() + "); the observation may not vary load enough "
                    + "to separate the parameters");
        }
        double[] all = exps(clamp(best.getPoint().toArray(), lower, upper));
        double[] params = Arrays.copyOf(all, init.length);
        double outside = all[init.length];
        CostProfile fitted = profile(start, model, params, name);
        Map<Integer, ObservedRequest> after = byId(simulate.apply(fitted));
        return new Result(fitted, named(model, params), outside, errors(before, train, 0), errors(after, train, outside),
                errors(before, heldOut, 0), errors(after, heldOut, outside), evaluations);
    }

    /** The parameters a fit starts from: the start profile's own, or for a linear fit from a non-linear profile, a reading of the observation. */
    double[] initial(CostProfile start, Model model) {
        if (model == Model.ROOFLINE) {
            if (start.roofline() == null) {
                throw new IllegalArgumentException("a roofline fit needs a roofline start profile, '" + start.name() + "' is " + start.kind());
            }
            return new double[] {start.roofline().prefillRuntime(), start.roofline().decodeRuntime()};
        }
        if (start.linear() != null) {
            CostProfile.Linear l = start.linear();
            return new double[] {Math.max(1, l.beta0Us()), Math.max(1e-3, l.beta1UsPerPrefillToken()), Math.max(1e-3, l.beta2UsPerDecodeToken())};
        }
        double[] itl = train.stream().mapToDouble(id -> observedById.get(id).itlMs() * 1000).sorted().toArray();
        double[] ttft = train.stream().mapToDouble(id -> observedById.get(id).ttftMs() * 1000).sorted().toArray();
        double[] prompt = train.stream().mapToDouble(id -> observedById.get(id).processedPromptTokens()).sorted().toArray();
        double beta0 = itl[itl.length / 2];
        double beta1 = Math.max(1e-3, (ttft[ttft.length / 2] - beta0) / Math.max(1, prompt[prompt.length / 2]));
        return new double[] {beta0, beta1, beta0 / 100};
    }

    private static CostProfile profile(CostProfile start, Model model, double[] p, String name) {
        if (model == Model.ROOFLINE) {
            CostProfile.Roofline r = start.roofline().withPrefillSpeed(p[0] / start.roofline().prefillRuntime())
                    .withDecodeSpeed(p[1] / start.roofline().decodeRuntime());
            return start.withRoofline(r, name);
        }
        CostProfile.Linear old = start.linear();
        CostProfile.Linear lin = new CostProfile.Linear(p[0], p[1], p[2], old == null ? null : old.beta3UsPerDecodeContextToken(), old == null ? null : old.beta4UsPerPrefillAttentionWork());
        return new CostProfile(name, "Linear model fitted by nous calibrate --observed", "linear", start.hardware(), start.model(),
                start.tensorParallel(), start.kvBlocks(), start.blockSize(), null, lin, start.sources(), start.hardwareSpec(), start.modelSpec());
    }

    private static Map<String, Double> named(Model model, double[] p) {
        Map<String, Double> m = new LinkedHashMap<>();
        if (model == Model.ROOFLINE) {
            m.put("prefill_runtime_efficiency", p[0]);
            m.put("decode_runtime_efficiency", p[1]);
        } else {
            m.put("beta0_us", p[0]);
            m.put("beta1_us_per_prefill_token", p[1]);
            m.put("beta2_us_per_decode_token", p[2]);
        }
        return m;
    }

    /** Per training request, ln(simulated / observed) of TTFT and of ITL. */
    private double[] residuals(double[] logParams, CostProfile start, Model model, String name) {
        evaluations++;
        Map<Integer, ObservedRequest> sim = byId(simulate.apply(profile(start, model, exps(logParams), name)));
        double[] r = new double[2 * train.size()];
        for (int k = 0; k < train.size(); k++) {
            ObservedRequest o = observedById.get(train.get(k));
            ObservedRequest s = sim.get(train.get(k));
            if (s == null || s.result() != ObservedRequest.Result.COMPLETED || !(s.ttftMs() > 0) || !(s.itlMs() > 0)) {
                r[2 * k] = MISSING;
                r[2 * k + 1] = MISSING;
            } else {
                r[2 * k] = Math.log((s.ttftMs() + Math.exp(logParams[logParams.length - 1])) / o.ttftMs());
                r[2 * k + 1] = Math.log(s.itlMs() / o.itlMs());
            }
        }
        return r;
    }

    private static double meanSquare(double[] r) {
        double ss = 0;
        for (double v : r) {
            ss += v * v;
        }
        return ss / r.length;
    }

    private static double[] clamp(double[] x, double[] lo, double[] hi) {
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = Math.max(lo[i], Math.min(hi[i], x[i]));
        }
        return out;
    }

    private Errors errors(Map<Integer, ObservedRequest> sim, List<Integer> ids, double outsideMs) {
        List<double[]> ttft = new ArrayList<>();
        List<double[]> ttftOutside = new ArrayList<>();
        List<double[]> itl = new ArrayList<>();
        int missing = 0;
        for (int id : ids) {
            ObservedRequest o = observedById.get(id);
            ObservedRequest s = sim.get(id);
            if (s == null || s.result() != ObservedRequest.Result.COMPLETED) {
                missing++;
                continue;
            }
            ttft.add(new double[] {o.ttftMs(), s.ttftMs()});
            ttftOutside.add(new double[] {o.ttftMs(), s.ttftMs() + outsideMs});
            if (s.itlMs() > 0) {
                itl.add(new double[] {o.itlMs(), s.itlMs()});
            }
        }
        return new Errors(Comparison.paired(ttft), Comparison.paired(ttftOutside), Comparison.paired(itl), missing);
    }

    private static Map<Integer, ObservedRequest> byId(List<ObservedRequest> rs) {
        Map<Integer, ObservedRequest> m = new HashMap<>();
        for (ObservedRequest r : rs) {
            m.put(r.id(), r);
        }
        return m;
    }

    private static double[] logs(double[] v) {
        return Arrays.stream(v).map(Math::log).toArray();
    }

    private static double[] exps(double[] v) {
        return Arrays.stream(v).map(Math::exp).toArray();
    }
}
