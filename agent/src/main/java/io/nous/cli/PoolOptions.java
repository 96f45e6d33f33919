package io.nous.cli;

import io.nous.sim.Scenario;
import io.nous.sim.pool.AutoscalingConfig;
import io.nous.sim.workload.RateShape;
import io.nous.sim.workload.WorkloadException;
import picocli.CommandLine.Option;

/**
 * The pool over time: an autoscaler that resizes it ({@code --autoscale}, the policy at the scaling
 * plug point, and its bounds and start-up time) and a daily cycle of the arrival rate ({@code --diurnal}) that gives it something
 * to follow. Without them a scenario is a fixed pool under a constant rate, as before.
 */
final class PoolOptions {
    @Option(names = "--autoscale", paramLabel = "POLICY[:k=v]|FILE.java", description = "Resize the pool every 15 s with a scaling "
            + "policy: hpa-utilization[:target=F] (Kubernetes HPA on mean KV-cache use, target 0.7), saturation-analyzer (llm-d WVA's "
            + "saturation analyzer), fixed-pool, or a .java ScalingPolicy.")
    String autoscale;

    @Option(names = "--min-pods", paramLabel = "N", description = "Fewest pods of an autoscaled pool (default: 1).")
    Integer minPods;

    @Option(names = "--max-pods", paramLabel = "N", description = "Most pods of an autoscaled pool (default: 4 times the starting pods).")
    Integer maxPods;

    @Option(names = "--startup", paramLabel = "SECONDS", description = "Median time from a pod's request to its serving (image, "
            + "weights, warm-up; measured from 30 s to 10 min) (default: 120).")
    Double startupSeconds;

    @Option(names = "--diurnal", paramLabel = "AMPLITUDE[:PERIOD_S]", description = "Arrival rate follows a daily cycle: from "
            + "(1 - AMPLITUDE) times the rate at the start to (1 + AMPLITUDE) half a period in; the period defaults to the duration.")
    String diurnal;

    /** {@code s} with the pool and rate shape these flags ask for; flags that tune an autoscaler without one are refused. */
    Scenario apply(Scenario s) {
        if (autoscale == null && (minPods != null || maxPods != null || startupSeconds != null)) {
            throw new UserError("--min-pods, --max-pods and --startup tune an autoscaled pool; add --autoscale POLICY");
        }
        Scenario.Builder b = s.toBuilder();
        if (diurnal != null) {
            b.rateShape(rateShape(s.durationSeconds()));
        }
        if (autoscale != null) {
            if (s.inferenceSim() != null) {
                throw new UserError("--autoscale runs the vLLM model; llm-d-inference-sim pods (--pod-engine inference-sim) are a fixed pool");
            }
            int min = minPods == null ? 1 : minPods;
            int max = maxPods == null ? Math.min(AutoscalingConfig.MAX_PODS, Math.max(min, 4 * s.pods())) : maxPods;
            if (min < 1 || max < min || max > AutoscalingConfig.MAX_PODS) {
                throw new UserError("an autoscaled pool needs 1 <= --min-pods <= --max-pods <= " + AutoscalingConfig.MAX_PODS + ", got "
                        + min + " and " + max);
            }
            if (s.pods() < min || s.pods() > max) {
                throw new UserError("the pool starts with --pods " + s.pods() + ", outside [--min-pods " + min + ", --max-pods " + max + "]");
            }
            double startup = startupSeconds == null ? AutoscalingConfig.DEFAULT_STARTUP_MEDIAN_US / 1e6 : startupSeconds;
            if (!(startup >= 0) || startup > 3600) {
                throw new UserError("--startup must be between 0 and 3,600 seconds, got " + startup);
            }
            b.autoscaling(new AutoscalingConfig(min, max, AutoscalingConfig.DEFAULT_INTERVAL_US, Math.round(startup * 1e6),
                    AutoscalingConfig.DEFAULT_STARTUP_SIGMA, AutoscalingConfig.DEFAULT_DOWN_WINDOW_US, 0, AutoscalingConfig.DEFAULT_SLO_TTFT_MS,
                    s.profile().tensorParallel()));
        }
        try {
            return b.build();
        } catch (WorkloadException | IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
    }

    private RateShape rateShape(double durationSeconds) {
        String[] parts = diurnal.split(":", -1);
        try {
            double amplitude = Double.parseDouble(parts[0].strip());
            double period = parts.length > 1 ? Double.parseDouble(parts[1].strip()) : durationSeconds;
            if (parts.length > 2 || !(period >= 1) || Double.isInfinite(period)) {
                throw new UserError("--diurnal is AMPLITUDE[:PERIOD_S] with a period of at least 1 s, got '" + diurnal + "'");
            }
            return new RateShape(amplitude, Math.round(period * 1e6));
        } catch (NumberFormatException e) {
            throw new UserError("--diurnal is AMPLITUDE[:PERIOD_S], e.g. 0.6 or 0.6:86400, got '" + diurnal + "'");
        } catch (WorkloadException e) {
            throw new UserError("--diurnal: " + e.getMessage());
        }
    }
}
