package io.nous.sim.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.engine.RandomStreams;
import io.nous.sim.metrics.ClassSummary;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.request.Request;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceReaderTest {
    @TempDir
    Path dir;

    private Path file(String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.write(f, text.getBytes(StandardCharsets.UTF_8));
        return f;
    }

    /** Like the real Azure files: CRLF line endings, no final newline. */
    static String azure(int rows, double gapSeconds) {
        StringBuilder sb = new StringBuilder("TIMESTAMP,ContextTokens,GeneratedTokens");
        for (int i = 0; i < rows; i++) {
            double t = 3.9799600 + i * gapSeconds;
            int s = (int) t;
            sb.append(String.format(java.util.Locale.ROOT, "\r\n2023-11-16 18:%02d:%02d.%07d,%d,%d", 17 + s / 60, s % 60,
                    Math.round((t - s) * 1e7), 100 + i, 10 + i % 5));
        }
        return sb.toString();
    }

    @Test
    void azureCsvWithCrlfAndNoFinalNewline() throws Exception {
        Trace t = TraceReader.read(file("a.csv", azure(50, 0.5)), BadRows.FAIL);
        assertThat(t.records()).hasSize(50);
        assertThat(t.records().get(0).arrivalUs()).isZero();
        assertThat(t.records().get(1).arrivalUs()).isEqualTo(500_000);
        assertThat(t.records().get(49).inputTokens()).isEqualTo(149);
        assertThat(t.records().get(0).priority()).isNull();
    }

    @Test
    void headerVariantsAndLfWork() throws Exception {
        String text = "\"GeneratedTokens\", context_tokens ,timestamp\n7,100,2023-11-16 18:17:03.9799600\n8,200,2023-11-16 18:17:04.2799600\n";
        Trace t = TraceReader.read(file("b.csv", text), BadRows.FAIL);
        assertThat(t.records()).extracting(TraceRecord::inputTokens).containsExactly(100, 200);
        assertThat(t.records().get(1).arrivalUs()).isEqualTo(300_000);
        assertThat(t.records().get(1).outputTokens()).isEqualTo(8);
    }

    @Test
    void badRowsFailWithTheirLineOrAreSkippedAndListed() throws Exception {
        String text = azure(5, 1.0) + "\r\n2023-11-16 18:20:00.0,12\r\nnot-a-time,1,2\r\n2023-11-16 18:20:01.0,-4,2";
        Path f = file("c.csv", text);
        assertThatThrownBy(() -> TraceReader.read(f, BadRows.FAIL)).isInstanceOf(TraceException.class)
                .hasMessageContaining("c.csv line 7: expected 3 columns, got 2");
        Trace t = TraceReader.read(f, BadRows.SKIP);
        assertThat(t.records()).hasSize(5);
        assertThat(t.skippedRows()).hasSize(3);
        assertThat(t.skippedRows().get(1)).startsWith("line 8:").contains("not a timestamp");
        assertThat(t.skippedRows().get(2)).startsWith("line 9:").contains("at least 1");
        assertThatThrownBy(() -> TraceReader.read(file("d.csv", "time,a,b\n1,2,3"), BadRows.FAIL))
                .hasMessageContaining("line 1: the header must name TIMESTAMP");
    }

    @Test
    void jsonlKeepsPrioritiesAndTenantsAndReportsBadLines() throws Exception {
        String text = "{\"arrival_s\": 10.5, \"input_tokens\": 100, \"output_tokens\": 20, \"priority\": 0, \"tenant\": \"a\"}\n"
                + "{\"arrival_s\": 10.0, \"input_tokens\": 50, \"output_tokens\": 5, \"priority\": -1}\n"
                + "{\"arrival_s\": 11, \"input_tokens\": 0, \"output_tokens\": 5}\n"
                + "{\"arrival_s\": 12, \"input_tokens\": 10, \"output_tokens\": 5, \"colour\": 1}\n";
        assertThatThrownBy(() -> TraceReader.read(file("e.jsonl", text), BadRows.FAIL)).hasMessageContaining("e.jsonl line 3");
        Trace t = TraceReader.read(file("e.jsonl", text), BadRows.SKIP);
        assertThat(t.records()).extracting(TraceRecord::priority).containsExactly(-1, 0);
        assertThat(t.records().get(1).arrivalUs()).isEqualTo(500_000);
        assertThat(t.skippedRows()).anySatisfy(s -> assertThat(s).contains("unknown key 'colour'"));
    }

    @Test
    void replayScalesTimeWindowsAndAssignsPrioritiesBySeed() throws Exception {
        Trace t = TraceReader.read(file("f.csv", azure(400, 0.25)), BadRows.FAIL);
        TraceReplay all = new TraceReplay(t, 2.0, 0.3, 0, Double.POSITIVE_INFINITY);
        assertThat(all.durationSeconds()).isCloseTo(99.75 / 2, within(0.01));
        assertThat(all.qps()).isCloseTo(8.0, within(0.1));
        TraceReplay window = new TraceReplay(t, 1.0, 0.3, 10, 20);
        assertThat(window.records()).hasSize(40);
        List<Request> a = drain(new TraceSource(all, all.workload(), new RandomStreams(5), 40_960));
        List<Request> b = drain(new TraceSource(all, all.workload(), new RandomStreams(5), 40_960));
        assertThat(a.get(2).arrivalUs).isEqualTo(250_000);
        long critical = a.stream().filter(r -> r.priority == 0).count();
        assertThat(critical / 400.0).isCloseTo(0.3, within(0.06));
        for (int i = 0; i < a.size(); i++) {
            assertThat(b.get(i).priority).isEqualTo(a.get(i).priority);
        }
        assertThatThrownBy(() -> new TraceReplay(t, 1, 0.3, 500, 600)).hasMessageContaining("no trace records in the window");
        assertThatThrownBy(() -> new TraceReplay(t, 0, 0.3, 0, 10)).hasMessageContaining("rate scale");
    }

    @Test
    void aReplayedTraceIsSimulatedRequestForRequest() throws Exception {
        Trace t = TraceReader.read(file("g.csv", azure(600, 0.2)), BadRows.FAIL);
        TraceReplay r = new TraceReplay(t, 1.0, 0.5, 0, Double.POSITIVE_INFINITY);
        Scenario s = Scenario.builder(r.workload()).trace(r).qps(r.qps()).durationSeconds(r.durationSeconds()).warmupSeconds(0).build();
        SimulationResult res = new ClusterSimulation(s, (x, p, c) -> { }, "static", null, null).run();
        long arrived = res.classes().values().stream().mapToLong(ClassSummary::arrived).sum();
        long done = res.classes().values().stream().mapToLong(c -> c.completed() + c.dropped() + c.inFlight()).sum();
        assertThat(arrived).isEqualTo(600);
        assertThat(done).isEqualTo(600);
        assertThat(res.classes()).containsKeys("critical", "sheddable");
    }

    private static List<Request> drain(TraceSource s) {
        List<Request> out = new ArrayList<>();
        for (Request r; (r = s.next()) != null; ) {
            out.add(r);
        }
        return out;
    }
}
