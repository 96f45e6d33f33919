package io.nous.sim.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.metrics.SimulationResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Mooncake's FAST'25 traces: arrival times, lengths, and prompts named block by block. */
class MooncakeTraceTest {
    @TempDir
    Path dir;

    private static Path excerpt() throws Exception {
        return Paths.get(MooncakeTraceTest.class.getResource("/mooncake/conversation_trace-first400.jsonl").toURI());
    }

    @Test
    void anExcerptReadsWithItsTimesLengthsAndBlocks() throws Exception {
        Trace t = TraceReader.read(excerpt(), BadRows.FAIL);
        assertThat(t.records()).hasSize(400);
        TraceRecord first = t.records().get(0);
        assertThat(first.inputTokens()).isEqualTo(6758);
        assertThat(first.outputTokens()).isEqualTo(500);
        assertThat(first.blocks()).hasSize(14).startsWith(0L, 1L, 2L);
        assertThat(first.blockTokens()).isEqualTo(512);
        assertThat(t.records().get(399).arrivalUs()).isEqualTo(141_000_000L);
    }

    @Test
    void anExcerptReplaysAndReportsItsPrefixCacheHitRate() throws Exception {
        TraceReplay whole = new TraceReplay(TraceReader.read(excerpt(), BadRows.FAIL), 1.0, 0.3, 0, Double.POSITIVE_INFINITY);
        // Mooncake served a 128k-context model; 26 of these prompts do not fit the default profile's 40,960 tokens
        assertThatThrownBy(() -> Scenario.builder(whole.workload()).qps(whole.qps()).durationSeconds(whole.durationSeconds()).trace(whole).build())
                .hasMessageContaining("conversation_trace-first400.jsonl line 12: 87169 prompt + 402 output tokens do not fit the model's "
                        + "context of 40960 tokens").hasMessageContaining("26 rows in all");
        assertThatThrownBy(() -> whole.withinContext(40_960, BadRows.FAIL)).hasMessageContaining("line 12")
                .hasMessageContaining("25 more rows do not fit either");
        TraceReplay replay = whole.withinContext(40_960, BadRows.SKIP);
        assertThat(replay.records()).hasSize(374);
        assertThat(replay.trace().skippedRows()).hasSize(26).first().asString().startsWith("line 12: 87169 prompt + 402 output tokens");
        Scenario s = Scenario.builder(replay.workload()).qps(replay.qps()).durationSeconds(replay.durationSeconds()).trace(replay)
                .warmupSeconds(0).pods(4).build();
        SimulationResult r = new ClusterSimulation(s, (sat, p, c) -> { }, "open", null, null).run();
        assertThat(r.prefixCache()).isNotNull();
        // 13.5 % of the excerpt's 512-token blocks continue an earlier prompt's prefix; four pods that each see
        // a quarter of the traffic find part of that, and every prompt's shared first block
        assertThat(r.prefixCache().hitRate()).isBetween(0.02, 0.135);
        Scenario off = s.toBuilder().podConfig(s.podConfig().withPrefixCaching(false)).build();
        assertThat(new ClusterSimulation(off, (sat, p, c) -> { }, "open", null, null).run().prefixCache()).isNull();
    }

    @Test
    void aMalformedRowIsNamedByLine() throws Exception {
        Path f = dir.resolve("m.jsonl");
        Files.writeString(f, "{\"timestamp\": 0, \"input_length\": 100, \"output_length\": 5, \"hash_ids\": [1]}\n"
                + "{\"timestamp\": 5, \"input_length\": 100, \"output_length\": 5, \"hash_ids\": [1, 2, 3]}\n");
        assertThatThrownBy(() -> TraceReader.read(f, BadRows.FAIL)).hasMessageContaining("line 2")
                .hasMessageContaining("3 hash_ids of 512 tokens are more than input_length 100 needs");
    }

    @Test
    void fractionalLengthsAndBlockIdsAreRefusedNotTruncated() throws Exception {
        // 7.5 and 7.9 would both truncate to block 7, merging two prefixes; 100.7 tokens is no length at all
        Path ids = dir.resolve("ids.jsonl");
        Files.writeString(ids, "{\"timestamp\": 0, \"input_length\": 600, \"output_length\": 5, \"hash_ids\": [7.5, 8]}\n");
        assertThatThrownBy(() -> TraceReader.read(ids, BadRows.FAIL)).hasMessageContaining("line 1")
                .hasMessageContaining("hash_ids[0] is not a whole number: 7.5");
        Path len = dir.resolve("len.jsonl");
        Files.writeString(len, "{\"timestamp\": 0, \"input_length\": 100.7, \"output_length\": 5, \"hash_ids\": [1]}\n");
        assertThatThrownBy(() -> TraceReader.read(len, BadRows.FAIL)).hasMessageContaining("line 1")
                .hasMessageContaining("input_length and output_length must be whole numbers >= 1, got 100.7 and 5");
        Path nous = dir.resolve("n.jsonl");
        Files.writeString(nous, "{\"arrival_s\": 0, \"input_tokens\": 12, \"output_tokens\": 3.5}\n");
        assertThatThrownBy(() -> TraceReader.read(nous, BadRows.FAIL)).hasMessageContaining("line 1")
                .hasMessageContaining("got 12 and 3.5");
    }
}
