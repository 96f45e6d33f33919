package io.nous.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When a fit is worse than its start, and what in the observation says why. */
class FitJudgementTest {
    private static final RequestsHeader HEADER = new RequestsHeader(RequestsHeader.FORMAT, "observed", "w", 1, 1, 10, 1,
            List.of(new RequestsHeader.ClassInfo("critical", 0, "critical")), null, null, null, null, null, null);

    /** A completed request scheduled at {@code t} ms, sent {@code lateMs} after that, with the given TTFT and 11 tokens over 50 ms. */
    private static ObservedRequest done(int id, double t, double lateMs, double ttft) {
        long scheduled = Math.round(t * 1000);
        long sent = scheduled + Math.round(lateMs * 1000);
        long first = sent + Math.round(ttft * 1000);
        return new ObservedRequest(id, "critical", 0, "tenant-0", scheduled, sent, -1, first, first + 50_000, 100, 11, -1, 11, 200, null, null,
                null);
    }

    private static ObservedFit.Errors errors(double ttft, double ttftOutside, double itl) {
        return new ObservedFit.Errors(new Comparison.Paired(100, ttft, 0.9), new Comparison.Paired(100, ttftOutside, 0.9),
                new Comparison.Paired(100, itl, 0.9), 0);
    }

    private static ObservedFit.Result result(ObservedFit.Errors trainBefore, ObservedFit.Errors trainAfter, ObservedFit.Errors heldBefore,
                                             ObservedFit.Errors heldAfter) {
        return new ObservedFit.Result(null, java.util.Map.of(), 1, trainBefore, trainAfter, heldBefore, heldAfter, 10);
    }

    private static RequestsFile.Contents steady(int n) {
        List<ObservedRequest> rs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rs.add(done(i, i * 100.0, 0.2, 20));
        }
        return new RequestsFile.Contents(HEADER, rs);
    }

    @Test
    void aFitThatImprovesOrHoldsWithinAPointIsAcceptable() {
        FitJudgement j = FitJudgement.of(result(errors(65, 65, 36), errors(80, 12, 5), errors(60, 60, 30), errors(70, 60.9, 30.5)),
                steady(200), 140);
        assertThat(j.acceptable()).isTrue();
        assertThat(j.worse()).isEmpty();
        assertThat(j.causes()).isEmpty();
    }

    @Test
    void theIssuesFitIsWorseOnBothPartsAndSaysSo() {
        // fitted-part TTFT 65 % -> 185 %, ITL 36 % -> 97 %, as a user saw it: refused on every count
        FitJudgement j = FitJudgement.of(result(errors(65, 65, 36), errors(190, 185, 97), errors(60, 60, 30), errors(60, 59, 31.5)),
                steady(200), 140);
        assertThat(j.acceptable()).isFalse();
        assertThat(j.worse()).containsExactly("fitted-part TTFT MAPE 65.0% -> 185.0%", "fitted-part ITL MAPE 36.0% -> 97.0%",
                "held-out ITL MAPE 30.0% -> 31.5%");
        assertThat(j.causes()).as("a steady, well-sized observation has no cause to name").isEmpty();
    }

    @Test
    void namesTooFewRequestsALateClientAndAQueueingServer() {
        List<ObservedRequest> rs = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            // sent 12 ms late, and first tokens 10 ms at the start rising to 90 ms at the end: a queue building up
            rs.add(done(i, i * 100.0, 12, 10 + 80.0 * i / 59));
        }
        for (int i = 60; i < 66; i++) {
            rs.add(new ObservedRequest(i, "critical", 0, "tenant-0", i * 100_000L, i * 100_000L, -1, -1, -1, 100, 11, -1, 0, 0, null,
                    "timeout", null));
        }
        FitJudgement j = FitJudgement.of(result(errors(20, 20, 10), errors(40, 40, 10), errors(20, 20, 10), errors(20, 20, 10)),
                new RequestsFile.Contents(HEADER, rs), 42);
        assertThat(j.acceptable()).isFalse();
        assertThat(j.causes()).hasSize(4);
        assertThat(j.causes().get(0)).startsWith("only 42 requests to fit on");
        assertThat(j.causes().get(1)).startsWith("the client sent its requests late (p90 12.0 ms after schedule)");
        assertThat(j.causes().get(2)).startsWith("6 of 66 requests did not complete");
        assertThat(j.causes().get(3)).contains("the median TTFT grew from").contains("queueing");
    }
}
