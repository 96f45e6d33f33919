package io.nous.evaluator.objective;

import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.run.RunData;
import io.nous.evaluator.stats.Comparison;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.stats.Verdict;
import io.nous.sim.metrics.ClassSummary;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The constraints no objective may trade away. Thresholds are deliberate judgments, named here:
 * <ul>
 *   <li>{@code no-harm-under-capacity}: where the study saw the cluster under capacity, critical
 *       and sheddable TTFT p99 must not be statistically worse nor rise by more than
 *       {@link #NO_OP_TOLERANCE}, every class must complete as large a share of its arrivals as the
 *       baseline (within {@link #COMPLETION_SLACK}: a class left waiting in its queue is harmed even
 *       when nothing is dropped and no latency can be measured), and no requests may be dropped
 *       that the baseline kept;</li>
 *   <li>{@code no-starvation}: everywhere, the sheddable class keeps its completed share (at most
 *       {@link #MAX_SHARE_LOSS} lower) and its E2E p99 stays within {@link #MAX_E2E_RATIO} x the
 *       baseline's;</li>
 *   <li>{@code no-added-drops}: everywhere, the candidate drops no more requests than the baseline,
 *       beyond noise: more than {@link #DROP_SLACK} of arrivals and more than two Poisson standard
 *       deviations.</li>
 *   <li>{@code shed-budget} (admission objectives only, where shedding is the point): everywhere,
 *       the sheddable requests the candidate rejects beyond the baseline's rejections are at most
 *       {@link #MAX_EXTRA_SHED} of all arrivals. That is the price the admission study accepted
 *       upstream: the probabilistic admitter was merged for a 5–20% loss in aggregate goodput.</li>
 * </ul>
 */
public final class Constraints {
    public static final double NO_OP_TOLERANCE = 0.05;
    public static final double MAX_SHARE_LOSS = 0.05;
    public static final double MAX_E2E_RATIO = 1.5;
    public static final double DROP_SLACK = 0.01;
    public static final double COMPLETION_SLACK = 0.01;
    /** Aggregate goodput an admitter may give up to shedding (the admission study's upper bound). */
    public static final double MAX_EXTRA_SHED = 0.20;

    private Constraints() {
    }

    public static List<Constraint> all() {
        return List.of(NO_HARM, NO_STARVATION, NO_ADDED_DROPS);
    }

    static long dropped(List<RunData> runs) {
        long n = 0;
        for (RunData r : runs) {
            for (ClassSummary c : r.result().classes().values()) {
                n += c.dropped();
            }
        }
        return n;
    }

    static long arrived(List<RunData> runs) {
        long n = 0;
        for (RunData r : runs) {
            for (ClassSummary c : r.result().classes().values()) {
                n += c.arrived();
            }
        }
        return n;
    }

    /** Drops the candidate added beyond noise, or 0. */
    static long addedDrops(PairedScenario p) {
        long b = dropped(p.baseline());
        long c = dropped(p.candidate());
        double slack = Math.max(DROP_SLACK * arrived(p.baseline()), 2 * Math.sqrt(b + c));
        return c - b > slack ? c - b : 0;
    }

    public static final Constraint NO_HARM = new Constraint() {
        @Override
        public String name() {
            return "no-harm-under-capacity";
        }

        @Override
        public ConstraintResult check(List<PairedScenario> scenarios, Map<String, Map<String, Comparison>> comparisons,
                                      PairedBootstrap stats) {
            int checked = 0;
            for (PairedScenario p : scenarios) {
                if (p.entry().regime().contended()) {
                    continue;
                }
                checked++;
                String label = p.entry().label();
                for (String cls : p.baseline().get(0).result().classes().keySet()) {
                    double b = completedShare(p.baseline(), cls);
                    double c = completedShare(p.candidate(), cls);
                    if (c < b - COMPLETION_SLACK) {
                        return new ConstraintResult(name(), false, String.format(Locale.ROOT,
                                "%s under capacity: %s completed %.1f%% of arrivals vs %.1f%% for the baseline", label, cls, 100 * c, 100 * b));
                    }
                }
                for (String m : List.of(StandardMetrics.CRITICAL_TTFT_P99, StandardMetrics.SHEDDABLE_TTFT_P99)) {
                    Comparison c = comparisons.get(label).get(m);
                    if (c.verdict() == Verdict.WORSE || c.change() > NO_OP_TOLERANCE) {
                        return new ConstraintResult(name(), false, String.format(Locale.ROOT,
                                "%s under capacity: %s changed %+.1f%% (CI %+.1f%%..%+.1f%%, %s); may not rise more than %.0f%%",
                                label, m, 100 * c.change(), 100 * c.ciLow(), 100 * c.ciHigh(), c.verdict().id(), 100 * NO_OP_TOLERANCE));
                    }
                }
                long added = dropped(p.candidate()) - dropped(p.baseline());
                if (added > 0) {
                    return new ConstraintResult(name(), false, label + " under capacity: " + added + " more requests dropped than the baseline");
                }
            }
            return new ConstraintResult(name(), true, checked == 0 ? "no under-capacity scenario in this split"
                    : "no harm on " + checked + " under-capacity scenario(s)");
        }
    };

    static final Constraint NO_STARVATION = new Constraint() {
        @Override
        public String name() {
            return "no-starvation";
        }

        @Override
        public ConstraintResult check(List<PairedScenario> scenarios, Map<String, Map<String, Comparison>> comparisons,
                                      PairedBootstrap stats) {
            for (PairedScenario p : scenarios) {
                String label = p.entry().label();
                double bShare = completedShare(p.baseline(), "sheddable");
                double cShare = completedShare(p.candidate(), "sheddable");
                if (cShare < bShare - MAX_SHARE_LOSS) {
                    return new ConstraintResult(name(), false, String.format(Locale.ROOT,
                            "%s: sheddable completed %.1f%% of arrivals vs %.1f%% for the baseline (at most %.0f points lower)",
                            label, 100 * cShare, 100 * bShare, 100 * MAX_SHARE_LOSS));
                }
                Comparison e2e = comparisons.get(label).get(StandardMetrics.SHEDDABLE_E2E_P99);
                if (!Double.isNaN(e2e.baseline()) && e2e.candidate() > MAX_E2E_RATIO * e2e.baseline()) {
                    return new ConstraintResult(name(), false, String.format(Locale.ROOT,
                            "%s: sheddable E2E p99 %.0f ms vs %.0f ms for the baseline (at most %.1fx)",
                            label, e2e.candidate(), e2e.baseline(), MAX_E2E_RATIO));
                }
            }
            return new ConstraintResult(name(), true, "sheddable share and E2E p99 held on " + scenarios.size() + " scenario(s)");
        }
    };

    static final Constraint NO_ADDED_DROPS = new Constraint() {
        @Override
        public String name() {
            return "no-added-drops";
        }

        @Override
        public ConstraintResult check(List<PairedScenario> scenarios, Map<String, Map<String, Comparison>> comparisons,
                                      PairedBootstrap stats) {
            for (PairedScenario p : scenarios) {
                long added = addedDrops(p);
                if (added > 0) {
                    return new ConstraintResult(name(), false, String.format(Locale.ROOT,
                            "%s: %d requests dropped vs %d for the baseline over %d seeds (+%d beyond noise)",
                            p.entry().label(), dropped(p.candidate()), dropped(p.baseline()), p.seeds(), added));
                }
            }
            return new ConstraintResult(name(), true, "no drops added beyond noise on " + scenarios.size() + " scenario(s)");
        }
    };

    static long dropped(List<RunData> runs, String cls) {
        long n = 0;
        for (RunData r : runs) {
            ClassSummary c = r.result().classes().get(cls);
            n += c == null ? 0 : c.dropped();
        }
        return n;
    }

    public static final Constraint SHED_BUDGET = new Constraint() {
        @Override
        public String name() {
            return "shed-budget";
        }

        @Override
        public ConstraintResult check(List<PairedScenario> scenarios, Map<String, Map<String, Comparison>> comparisons,
                                      PairedBootstrap stats) {
            double worst = 0;
            for (PairedScenario p : scenarios) {
                long arrivals = arrived(p.baseline());
                long extra = dropped(p.candidate(), "sheddable") - dropped(p.baseline(), "sheddable");
                double share = arrivals == 0 ? 0 : (double) extra / arrivals;
                worst = Math.max(worst, share);
                if (share > MAX_EXTRA_SHED) {
                    return new ConstraintResult(name(), false, String.format(Locale.ROOT,
                            "%s: %d sheddable requests rejected beyond the baseline's, %.1f%% of %d arrivals (at most %.0f%%)",
                            p.entry().label(), extra, 100 * share, arrivals, 100 * MAX_EXTRA_SHED));
                }
            }
            return new ConstraintResult(name(), true, String.format(Locale.ROOT,
                    "extra sheddable rejections at most %.1f%% of arrivals on %d scenario(s)", 100 * worst, scenarios.size()));
        }
    };

    static double completedShare(List<RunData> runs, String cls) {
        long arrived = 0;
        long completed = 0;
        for (RunData r : runs) {
            ClassSummary c = r.result().classes().get(cls);
            if (c != null) {
                arrived += c.arrived();
                completed += c.completed();
            }
        }
        return arrived == 0 ? 1.0 : (double) completed / arrived;
    }
}
