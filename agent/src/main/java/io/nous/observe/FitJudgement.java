package io.nous.observe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Whether a fit to an observation is worth recommending: it must not be worse than the profile it
 * started from on either the part it was fitted on or the part held out, in TTFT (with the fitted
 * time outside the engine) or ITL. When it is worse, it names what in the observation makes a fit
 * unreliable: too few requests, a client that sent late (it was loaded), a server that did not
 * complete its requests or whose first tokens grew through the run (it was overloaded, so queueing,
 * not step costs, set the latencies).
 */
public final class FitJudgement {
    /** Percentage points of MAPE a fit may lose to its start before it counts as worse (the fit's own noise). */
    static final double TOLERANCE_POINTS = 1.0;
    /** Fewer requests than this to fit on make the fit's few parameters poorly determined. */
    static final int FEW_REQUESTS = 100;
    /** A client that sent its requests this late (p90, ms) did not keep the schedule it measured. */
    static final double LATE_CLIENT_MS = 5;
    /** A share of requests not completed above this says the server was overloaded or failing. */
    static final double NOT_DONE_SHARE = 0.05;
    /** First tokens this many times slower at the end of the run than at its start say the server was queueing. */
    static final double TTFT_GROWTH = 3;

    private final List<String> worse;
    private final List<String> causes;

    private FitJudgement(List<String> worse, List<String> causes) {
        this.worse = List.copyOf(worse);
        this.causes = List.copyOf(causes);
    }

    /** True when the fit is no worse than its start on every part and metric. */
    public boolean acceptable() {
        return worse.isEmpty();
    }

    /** What got worse, e.g. "held-out ITL MAPE 36.0% -> 97.0%". */
    public List<String> worse() {
        return worse;
    }

    /** What in the observation explains a fit that went wrong; empty when nothing stood out. */
    public List<String> causes() {
        return causes;
    }

    /** Judges {@code r}, fitted to {@code observed} on {@code trainSize} requests. */
    public static FitJudgement of(ObservedFit.Result r, RequestsFile.Contents observed, int trainSize) {
        List<String> worse = new ArrayList<>();
        compare(worse, "fitted-part", r.trainBefore(), r.trainAfter());
        compare(worse, "held-out", r.heldOutBefore(), r.heldOutAfter());
        return new FitJudgement(worse, worse.isEmpty() ? List.of() : causes(observed, trainSize));
    }

    private static void compare(List<String> worse, String part, ObservedFit.Errors before, ObservedFit.Errors after) {
        // before is the start profile as it is (nothing outside the engine); after adds the time the fit put outside it
        check(worse, part + " TTFT", before.ttft().mapePercent(), after.ttftWithOutside().mapePercent(), before.ttft().n());
        check(worse, part + " ITL", before.itl().mapePercent(), after.itl().mapePercent(), before.itl().n());
    }

    private static void check(List<String> worse, String what, double before, double after, int n) {
        if (n > 0 && (after > before + TOLERANCE_POINTS || Double.isNaN(after) && !Double.isNaN(before))) {
            worse.add(String.format(Locale.ROOT, "%s MAPE %.1f%% -> %.1f%%", what, before, after));
        }
    }

    static List<String> causes(RequestsFile.Contents observed, int trainSize) {
        List<String> causes = new ArrayList<>();
        List<ObservedRequest> all = observed.requests();
        if (trainSize < FEW_REQUESTS) {
            causes.add("only " + trainSize + " requests to fit on (observe longer or at a higher rate; " + FEW_REQUESTS + " or more)");
        }
        long[] lateUs = all.stream().filter(q -> q.sentUs() > 0).mapToLong(q -> Math.max(0, q.sentUs() - q.scheduledUs())).sorted().toArray();
        if (lateUs.length > 0) {
            double p90 = lateUs[(int) Math.min(lateUs.length - 1, Math.floor(0.9 * lateUs.length))] / 1000.0;
            if (p90 > LATE_CLIENT_MS) {
                causes.add(String.format(Locale.ROOT, "the client sent its requests late (p90 %.1f ms after schedule): the machine running "
                        + "observe was loaded, so its timings carry its own delays", p90));
            }
        }
        long notDone = all.stream().filter(q -> q.result() != ObservedRequest.Result.COMPLETED).count();
        if (!all.isEmpty() && notDone > NOT_DONE_SHARE * all.size()) {
            causes.add(String.format(Locale.ROOT, "%d of %d requests did not complete: the server was overloaded or failing", notDone, all.size()));
        }
        double[] ttft = all.stream().filter(q -> q.result() == ObservedRequest.Result.COMPLETED && q.ttftMs() > 0)
                .sorted(java.util.Comparator.comparingLong(ObservedRequest::scheduledUs)).mapToDouble(ObservedRequest::ttftMs).toArray();
        if (ttft.length >= 30) {
            int third = ttft.length / 3;
            double early = median(Arrays.copyOfRange(ttft, 0, third));
            double late = median(Arrays.copyOfRange(ttft, ttft.length - third, ttft.length));
            if (late > TTFT_GROWTH * early) {
                causes.add(String.format(Locale.ROOT, "the median TTFT grew from %.1f ms in the first third of the run to %.1f ms in the last: "
                        + "the server was queueing (overloaded), so waiting, not step costs, set the latencies; observe at a lower rate", early, late));
            }
        }
        return causes;
    }

    /** The median of {@code v}, which it sorts (callers pass a copy). */
    private static double median(double[] v) {
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
