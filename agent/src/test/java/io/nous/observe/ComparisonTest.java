package io.nous.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonTest {
    private static final List<RequestsHeader.ClassInfo> CLASSES = List.of(new RequestsHeader.ClassInfo("critical", 0, "critical"),
            new RequestsHeader.ClassInfo("sheddable", -1, "sheddable"));

    private static RequestsHeader header(String source) {
        return new RequestsHeader(RequestsHeader.FORMAT, source, "w", 1, 1, 10, 1, CLASSES, null, null, null, null, null, null);
    }

    /** A completed request sent at {@code t} ms with the given TTFT, and 11 tokens over {@code decodeMs}. */
    private static ObservedRequest done(int id, String cls, double t, double ttft, double decodeMs) {
        long sent = Math.round(t * 1000);
        long first = sent + Math.round(ttft * 1000);
        return new ObservedRequest(id, cls, cls.equals("critical") ? 0 : -1, "tenant-0", sent, sent, -1, first,
                first + Math.round(decodeMs * 1000), 100, 11, -1, 11, 200, null, null, null);
    }

    private static ObservedRequest dropped(int id, double t) {
        long sent = Math.round(t * 1000);
        return new ObservedRequest(id, "sheddable", -1, "tenant-0", sent, sent, -1, -1, sent + 1000, 100, 11, -1, 0, 429,
                "rejected-saturated", null, null);
    }

    @Test
    void errorsAreTheDocumentedOnesOnAHandCheckedCase() {
        // observed TTFTs 100, 200, 300 ms; simulated 110, 180, 300 ms
        RequestsFile.Contents obs = new RequestsFile.Contents(header("observed"), List.of(done(0, "critical", 2000, 100, 500),
                done(1, "critical", 3000, 200, 1000), done(2, "critical", 4000, 300, 1500), dropped(3, 5000), done(4, "sheddable", 500, 50, 50)));
        RequestsFile.Contents sim = new RequestsFile.Contents(header("simulated"), List.of(done(0, "critical", 2000, 110, 550),
                done(1, "critical", 3000, 180, 1000), done(2, "critical", 4000, 300, 1200), done(3, "sheddable", 5000, 40, 100),
                done(4, "sheddable", 500, 10, 10)));
        Comparison c = Comparison.of(obs, sim);

        // request 4 was sent in the warm-up (before 1 s): not measured, not paired
        assertThat(c.pairedRequests()).isEqualTo(3);
        Comparison.MetricComparison ttft = c.classes().get(0).metrics().get(Comparison.Metric.TTFT);
        // MAPE = (10/100 + 20/200 + 0/300) / 3 = 6.667 %
        assertThat(ttft.paired().mapePercent()).isCloseTo(100 * (0.1 + 0.1 + 0) / 3, within(1e-9));
        // Pearson r of (100,110), (200,180), (300,300): 19000 / sqrt(20000 * 18466.67) = 0.98865
        double mx = 200;
        double my = 590.0 / 3;
        double sxy = (-100) * (110 - my) + 0 * (180 - my) + 100 * (300 - my);
        double sxx = 20_000;
        double syy = Math.pow(110 - my, 2) + Math.pow(180 - my, 2) + Math.pow(300 - my, 2);
        assertThat(ttft.paired().pearsonR()).isCloseTo(sxy / Math.sqrt(sxx * syy), within(1e-12));
        assertThat(ttft.paired().pearsonR()).isCloseTo(0.98865, within(1e-4));
        // mean 200 observed vs 196.67 simulated: relative error -1.667 %
        assertThat(ttft.mean().relativeError()).isCloseTo((590.0 / 3 - 200) / 200, within(1e-3));
        // ITL: 500/10, 1000/10, 1500/10 observed; 550/10, 1000/10, 1200/10 simulated -> (10% + 0 + 20%) / 3
        assertThat(c.classes().get(0).metrics().get(Comparison.Metric.ITL).paired().mapePercent()).isCloseTo(10, within(1e-2));
        // the sheddable request dropped in the observation and completed in the simulation
        Comparison.ClassComparison shed = c.classes().get(1);
        assertThat(shed.dropped().observed()).isEqualTo(1);
        assertThat(shed.dropped().simulated()).isEqualTo(0);
        assertThat(shed.completed().simulated()).isEqualTo(1);
        assertThat(shed.metrics().get(Comparison.Metric.TTFT).paired().n()).isZero();
        // throughput over the 9 s window: 3 completed critical requests in both
        assertThat(c.classes().get(0).throughputRps().observed()).isCloseTo(3 / 9.0, within(1e-12));
    }

    @Test
    void statsCountByTheRouterReasonAndTheWindow() {
        List<ObservedRequest> rs = List.of(done(0, "critical", 2000, 100, 500), dropped(1, 3000), dropped(2, 4000),
                new ObservedRequest(3, "sheddable", -1, "tenant-0", 5_000_000, 5_000_000, -1, -1, 5_100_000, 10, 10, -1, 0, 0, null, "reset", null),
                new ObservedRequest(4, "sheddable", -1, "tenant-0", 6_000_000, 6_000_000, -1, 6_050_000, -1, 10, 10, -1, 1, 200, null,
                        ObservedRequest.INTERRUPTED, null));
        var s = RequestStats.of(header("observed"), rs);
        assertThat(s.get("critical").completed()).isEqualTo(1);
        assertThat(s.get("sheddable").arrived()).isEqualTo(4);
        assertThat(s.get("sheddable").dropsByReason()).containsEntry("rejected-saturated", 2L);
        assertThat(s.get("sheddable").failuresByError()).containsEntry("reset", 1L);
        assertThat(s.get("sheddable").unfinished()).isEqualTo(1);
    }
}
