package io.nous.sim.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.nous.sim.engine.RandomStreams;
import io.nous.sim.request.Request;
import io.nous.sim.request.RequestSource;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestSourceTest {
    private static List<Request> all(Workload w, double qps, long seed, double seconds) {
        RequestSource src = new RequestSource(w, qps, new RandomStreams(seed), Math.round(seconds * 1e6), 40_960);
        List<Request> out = new ArrayList<>();
        for (Request r; (r = src.next()) != null; ) {
            out.add(r);
        }
        return out;
    }

    @Test
    void presetsMatchTheBriefsMeansAndMixes() {
        Workload w = WorkloadCatalog.builtin().workload("code-generation");
        List<Request> rs = all(w, 50, 1, 2000);
        assertThat(rs.size()).isCloseTo(100_000, within(1500));
        double in = rs.stream().mapToInt(r -> r.inputTokens).average().orElseThrow();
        double out = rs.stream().mapToInt(r -> r.outputTokens).average().orElseThrow();
        double critical = rs.stream().filter(r -> r.priority == 0).count() / (double) rs.size();
        assertThat(in).isCloseTo(1176, within(1176 * 0.02));
        assertThat(out).isCloseTo(195, within(195 * 0.02));
        assertThat(critical).isCloseTo(0.30, within(0.01));
        assertThat(rs).allSatisfy(r -> assertThat(r.inputTokens + r.outputTokens).isLessThanOrEqualTo(40_960));
    }

    @Test
    void everyPresetOfTheBriefExists() {
        assertThat(WorkloadCatalog.builtin().workloads()).containsKeys("code-generation", "interactive-chat", "reasoning",
                "balanced", "chatbot", "code-completion", "blindspot");
        Workload chatbot = WorkloadCatalog.builtin().workload("chatbot");
        assertThat(chatbot.pods()).isEqualTo(4);
        assertThat(chatbot.classes().get(0).share()).isEqualTo(0.8);
    }

    @Test
    void theSequenceDependsOnlyOnWorkloadRateAndSeed() {
        Workload w = WorkloadCatalog.builtin().workload("interactive-chat");
        List<Request> a = all(w, 40, 7, 100);
        List<Request> b = all(w, 40, 7, 100);
        assertThat(a).hasSameSizeAs(b);
        for (int i = 0; i < a.size(); i++) {
            Request x = a.get(i);
            Request y = b.get(i);
            assertThat(new long[] {x.arrivalUs, x.inputTokens, x.outputTokens, x.priority})
                    .containsExactly(y.arrivalUs, y.inputTokens, y.outputTokens, y.priority);
            assertThat(x.admissionDraw).isEqualTo(y.admissionDraw);
        }
        assertThat(all(w, 40, 8, 100).get(0).arrivalUs).isNotEqualTo(a.get(0).arrivalUs);
    }

    @Test
    void poissonAndGammaArrivalsHaveTheRightRateAndBurstiness() {
        Workload w = WorkloadCatalog.builtin().workload("interactive-chat");
        List<Request> poisson = all(w, 20, 3, 3000);
        List<Request> bursty = all(w.withArrival(new ArrivalProcess("gamma", 3.0)), 20, 3, 3000);
        assertThat(poisson.size() / 3000.0).isCloseTo(20, within(0.5));
        assertThat(bursty.size() / 3000.0).isCloseTo(20, within(1.5));
        assertThat(gapCv(poisson)).isCloseTo(1.0, within(0.05));
        assertThat(gapCv(bursty)).isCloseTo(3.0, within(0.3));
    }

    private static double gapCv(List<Request> rs) {
        double[] gaps = new double[rs.size() - 1];
        for (int i = 1; i < rs.size(); i++) {
            gaps[i - 1] = rs.get(i).arrivalUs - rs.get(i - 1).arrivalUs;
        }
        double mean = java.util.Arrays.stream(gaps).average().orElseThrow();
        double var = java.util.Arrays.stream(gaps).map(g -> (g - mean) * (g - mean)).sum() / gaps.length;
        return Math.sqrt(var) / mean;
    }

    @Test
    void unknownWorkloadNamesTheKnownOnes() {
        assertThatThrownBy(() -> WorkloadCatalog.builtin().workload("chat"))
                .isInstanceOf(WorkloadException.class)
                .hasMessageContaining("unknown workload 'chat'")
                .hasMessageContaining("interactive-chat");
    }

    @Test
    void invalidDefinitionsAreRejectedWithTheReason() {
        assertThatThrownBy(() -> new LengthDistribution("zipf", 10, 1, 1, 100)).hasMessageContaining("kind must be");
        assertThatThrownBy(() -> new ArrivalProcess("gamma", 0)).hasMessageContaining("cv > 0");
        assertThatThrownBy(() -> new Workload("w", "", "", List.of(new RequestClass("a", 0, 0.5)),
                new LengthDistribution("constant", 10, 0, 1, 10), new LengthDistribution("constant", 10, 0, 1, 10),
                null, List.of(), 2, 1)).hasMessageContaining("add up to 1");
    }
}
