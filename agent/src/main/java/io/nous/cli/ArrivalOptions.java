package io.nous.cli;

import io.nous.sim.Scenario;
import io.nous.sim.workload.ArrivalProcess;
import io.nous.sim.workload.Workload;
import io.nous.sim.workload.WorkloadCatalog;
import io.nous.sim.workload.spec.WorkloadSpec;
import io.nous.sim.workload.spec.WorkloadSpecReader;
import io.nous.sim.workload.trace.BadRows;
import io.nous.sim.workload.trace.Trace;
import io.nous.sim.workload.trace.TraceReader;
import io.nous.sim.workload.trace.TraceReplay;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options that say which requests arrive when: a workload preset at a rate, a workload spec, or
 * a trace, with the seed of their streams. Shared by the commands that simulate and by
 * {@code nous observe}, which sends the same arrivals to a real endpoint.
 */
public final class ArrivalOptions {

    @Option(names = "--workload", paramLabel = "NAME",
            description = "Workload preset: code-generation, interactive-chat, reasoning, balanced, chatbot, code-completion, blindspot.")
    String workload;

    @Option(names = "--workload-spec", paramLabel = "FILE.yaml", description = "A BLIS workload spec (clients, rates, distributions).")
    Path workloadSpec;

    @Option(names = "--trace", paramLabel = "FILE", description = "Replay a trace: Azure LLM inference trace .csv, or .jsonl.")
    Path trace;

    @Option(names = "--rate-scale", paramLabel = "X", defaultValue = "1", description = "With --trace: play it X times faster (default: ${DEFAULT-VALUE}).")
    double rateScale;

    @Option(names = "--critical-fraction", paramLabel = "F", defaultValue = "0.3",
            description = "With --trace: share of requests without a recorded priority that are critical (default: ${DEFAULT-VALUE}).")
    double criticalFraction;

    @Option(names = "--trace-start", paramLabel = "SECONDS", defaultValue = "0", description = "With --trace: window start on the trace's timeline.")
    double traceStart;

    @Option(names = "--trace-end", paramLabel = "SECONDS", description = "With --trace: window end (default: the whole trace).")
    Double traceEnd;

    @Option(names = "--bad-rows", paramLabel = "fail|skip", defaultValue = "fail", description = "With --trace: malformed rows stop the run or are skipped (default: ${DEFAULT-VALUE}).")
    String badRows;

    @Option(names = "--qps", paramLabel = "X",
            description = "Arrival rate for the whole cluster, requests per second (required with --workload; overrides a spec's aggregate_rate).")
    Double qps;

    @Option(names = "--seed", paramLabel = "N", description = "Seed of all random streams (default: a workload spec's seed, else 1).")
    Long seed;

    @Option(names = "--duration", paramLabel = "SECONDS",
            description = "Seconds of arrivals (default: 600, a workload spec's own, or with --trace the whole window).")
    Double duration;

    @Option(names = "--warmup", paramLabel = "SECONDS", description = "Unmeasured warm-up (default: 20%% of the duration).")
    Double warmup;

    @Option(names = "--arrival-cv", paramLabel = "CV",
            description = "Gamma arrivals with this coefficient of variation of the gaps (default: Poisson).")
    Double arrivalCv;

    /** The arrivals the options describe, validated. */
    record Resolved(Workload workload, double rate, long seed, double seconds, Double warmup, TraceReplay replay,
                    List<String> skippedRows, BadRows badRows) {
        /** Arrivals whose trace rows, if any, must all fit the model. */
        Resolved(Workload workload, double rate, long seed, double seconds, Double warmup, TraceReplay replay, List<String> skippedRows) {
            this(workload, rate, seed, seconds, warmup, replay, skippedRows, BadRows.FAIL);
        }
    }

    /** Validates the options and resolves the workload, rate and window. */
    Resolved resolve() {
        int sources = (workload != null ? 1 : 0) + (workloadSpec != null ? 1 : 0) + (trace != null ? 1 : 0);
        if (sources != 1) {
            throw new UserError("give exactly one of --workload, --workload-spec and --trace");
        }
        boolean usersOnly = workload != null && WorkloadCatalog.builtin().workloads().containsKey(workload)
                && WorkloadCatalog.builtin().workload(workload).clients().stream().allMatch(c -> c.closedLoop())
                && !WorkloadCatalog.builtin().workload(workload).clients().isEmpty();
        if (workload != null && qps == null && !usersOnly) {
            throw new UserError("--qps is required with --workload");
        }
        if (trace != null && qps != null) {
            throw new UserError("--qps does not apply to --trace; use --rate-scale");
        }
        if (qps != null && (!(qps > 0) || Double.isInfinite(qps))) {
            throw new UserError("--qps must be a positive number, got " + qps);
        }
        if (duration != null && (!(duration > 0) || Double.isInfinite(duration))) {
            throw new UserError("--duration must be a positive number of seconds, got " + duration);
        }
        Workload w;
        double rate;
        double seconds = duration != null ? duration : Scenario.DEFAULT_DURATION_SECONDS;
        TraceReplay replay = null;
        List<String> skipped = List.of();
        long streams = seed == null ? 1 : seed;
        BadRows policy = BadRows.FAIL;
        if (workloadSpec != null) {
            WorkloadSpec spec = WorkloadSpecReader.read(workloadSpec);
            if (seed == null && spec.seed() != null) {
                streams = spec.seed(); // the spec's own seed, as BLIS reads it, unless --seed names another
            }
            w = spec.workload();
            rate = qps != null ? qps : spec.aggregateRate();
            if (spec.durationSeconds() != null && duration == null) {
                seconds = spec.durationSeconds();
            }
        } else if (trace != null) {
            policy = switch (badRows) {
                case "fail" -> BadRows.FAIL;
                case "skip" -> BadRows.SKIP;
                default -> throw new UserError("--bad-rows must be fail or skip, got '" + badRows + "'");
            };
            if (duration != null && traceEnd != null) {
                throw new UserError("give --trace-end or --duration with --trace, not both: each ends the replay window");
            }
            Trace t = TraceReader.read(trace, policy);
            // --duration is seconds of simulated arrivals: the window on the trace's own timeline is rate-scale times longer
            double end = traceEnd != null ? traceEnd : duration != null ? traceStart + duration * rateScale : Double.POSITIVE_INFINITY;
            replay = new TraceReplay(t, rateScale, criticalFraction, traceStart, end);
            w = replay.workload();
            rate = replay.qps();
            seconds = replay.durationSeconds();
            skipped = t.skippedRows();
        } else {
            w = WorkloadCatalog.builtin().workload(workload);
            rate = qps != null ? qps : 1; // closed-loop users send as fast as responses come back; no rate applies
        }
        String tooMany = replay == null ? Scenario.arrivalsProblem(rate, seconds) : null;
        if (tooMany != null) {
            throw new UserError((qps != null ? "--qps" : "the workload spec's aggregate_rate") + (duration != null ? " and --duration" : "")
                    + ": " + tooMany + (duration != null || workloadSpec != null ? "" : " (--duration defaults to " + (long) seconds + " s)"));
        }
        if (warmup != null && !(warmup >= 0 && warmup < seconds)) {
            throw new UserError("--warmup must be in [0, duration), got " + warmup);
        }
        if (arrivalCv != null) {
            w = w.withArrival(new ArrivalProcess("gamma", arrivalCv));
        }
        return new Resolved(w, rate, streams, seconds, warmup, replay, skipped, policy);
    }
}
