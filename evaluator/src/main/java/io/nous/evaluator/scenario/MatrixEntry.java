package io.nous.evaluator.scenario;

import io.nous.sim.Scenario;
import io.nous.sim.epp.RouterRelease;
import io.nous.sim.pod.InferenceSimConfig;
import io.nous.sim.workload.ArrivalProcess;
import io.nous.sim.workload.Workload;
import io.nous.sim.workload.WorkloadCatalog;
import io.nous.sim.workload.spec.WorkloadSpecReader;

/**
 * One scenario of a matrix: a workload at a load, optionally burstier than Poisson, with its split
 * and regime. Seeds come from the matrix.
 *
 * @param workload     a preset name, or the file name of {@code workloadSpec}
 * @param arrivalCv    coefficient of variation of the gamma inter-arrival gaps, or null for Poisson
 * @param pods         cluster size, or null for the workload's study size
 * @param workloadSpec a BLIS workload spec to use instead of a preset, or null
 * @param engineArgs   pods run llm-d-inference-sim with these args (a preset or a file), or null for the vLLM model
 * @param load         the load over the cluster's capacity for this workload, as measured with {@code nous capacity}
 *                     (what the regime label stands for), or null where the matrix does not state it
 * @param diurnal      the amplitude of a daily cycle of the rate over the run (one period), or null: constant
 * @param maxPods      the most pods of an autoscaled pool (from one pod; it starts at {@code pods}), or null: a fixed pool
 * @param prefillPods  pods of the pool that prefill (the first ones), the rest decoding, under the router's P/D config and
 *                     the default KV link; null: an aggregated pool under the matrix's router config
 */
public record MatrixEntry(String workload, double qps, Double arrivalCv, Integer pods, Split split, Regime regime,
                          java.nio.file.Path workloadSpec, String engineArgs, Double load, Double diurnal, Integer maxPods,
                          Integer prefillPods) {

    public MatrixEntry(String workload, double qps, Double arrivalCv, Integer pods, Split split, Regime regime,
                       java.nio.file.Path workloadSpec, String engineArgs, Double load, Double diurnal, Integer maxPods) {
        this(workload, qps, arrivalCv, pods, split, regime, workloadSpec, engineArgs, load, diurnal, maxPods, null);
    }

    public MatrixEntry(String workload, double qps, Double arrivalCv, Integer pods, Split split, Regime regime,
                       java.nio.file.Path workloadSpec, String engineArgs, Double load) {
        this(workload, qps, arrivalCv, pods, split, regime, workloadSpec, engineArgs, load, null, null);
    }

    public MatrixEntry(String workload, double qps, Double arrivalCv, Integer pods, Split split, Regime regime,
                       java.nio.file.Path workloadSpec, String engineArgs) {
        this(workload, qps, arrivalCv, pods, split, regime, workloadSpec, engineArgs, null);
    }

    /** The scenario with its regime, as a run's summary states it: {@code code-generation@16 (over, 1.22x capacity)}. */
    public String withRegime() {
        return label() + " (" + regime.id() + (load == null ? "" : String.format(java.util.Locale.ROOT, ", %.2fx capacity", load))
                + ")";
    }

    public MatrixEntry(String workload, double qps, Double arrivalCv, Integer pods, Split split, Regime regime,
                       java.nio.file.Path workloadSpec) {
        this(workload, qps, arrivalCv, pods, split, regime, workloadSpec, null);
    }

    public MatrixEntry(String workload, double qps, Double arrivalCv, Integer pods, Split split, Regime regime) {
        this(workload, qps, arrivalCv, pods, split, regime, null);
    }

    /** A short stable name, e.g. {@code code-generation@16}, {@code interactive-chat@50~cv2} or {@code lab-hot-tenant@1/8pods~isim}. */
    public String label() {
        String q = qps == Math.rint(qps) ? String.valueOf((long) qps) : String.valueOf(qps);
        String cv = arrivalCv == null ? "" : "~cv" + (arrivalCv == Math.rint(arrivalCv) ? String.valueOf(arrivalCv.longValue()) : arrivalCv);
        return workload + "@" + q + cv + (pods == null ? "" : "/" + pods + "pods") + (engineArgs == null ? "" : "~isim")
                + (diurnal == null ? "" : "~diurnal" + diurnal) + (maxPods == null ? "" : "~up-to-" + maxPods + "pods")
                + (prefillPods == null ? "" : "~" + prefillPods + "P" + (pods - prefillPods) + "D");
    }

    /** The simulation scenario for one seed, on today's router. */
    public Scenario scenario(long seed, double durationSeconds) {
        return scenario(seed, durationSeconds, RouterRelease.DEFAULT);
    }

    /** The simulation scenario for one seed on a router release. */
    public Scenario scenario(long seed, double durationSeconds, RouterRelease router) {
        Workload w = workloadSpec != null ? WorkloadSpecReader.read(workloadSpec).workload()
                : WorkloadCatalog.builtin().workload(workload);
        if (arrivalCv != null) {
            w = w.withArrival(new ArrivalProcess("gamma", arrivalCv));
        }
        Scenario.Builder b = Scenario.builder(w).qps(qps).seed(seed).durationSeconds(durationSeconds).routerRelease(router);
        if (pods != null) {
            b.pods(pods);
        }
        if (engineArgs != null) {
            b.inferenceSim(InferenceSimConfig.byNameOrFile(engineArgs));
        }
        if (diurnal != null) {
            b.rateShape(new io.nous.sim.workload.RateShape(diurnal, Math.round(durationSeconds * 1e6)));
        }
        if (prefillPods != null) {
            b.routing(io.nous.sim.routing.RoutingConfig.byNameOrFile("pd"))
                    .disaggregation(new io.nous.sim.pd.Disaggregation(prefillPods, io.nous.sim.pd.KvTransfer.RDMA));
        }
        Scenario s = b.build();
        if (maxPods == null) {
            return s;
        }
        return s.toBuilder().autoscaling(io.nous.sim.pool.AutoscalingConfig.of(1, maxPods, s.profile().tensorParallel())).build();
    }
}
