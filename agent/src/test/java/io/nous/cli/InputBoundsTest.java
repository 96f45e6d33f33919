package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs the model cannot be, given to the commands a user runs: each is refused with a message that
 * names the input and the limit it broke, or, where the value is legal but extreme, bounded with a
 * one-line warning — never simulated as something else in silence, never a hang or a stack trace.
 */
class InputBoundsTest {
    @TempDir
    Path dir;

    private static void refusedCleanly(CliHarness h, String... fragments) {
        assertThat(h.exit()).as(h.err()).isEqualTo(2);
        assertThat(h.err()).doesNotContain("Exception").doesNotContain("\tat ").contains(fragments);
    }

    private Path file(String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    @Test
    void aTraceRowFarInTheFutureIsRefusedByLineUnlessTheWindowEndsBeforeIt() throws Exception {
        Path far = file("far.jsonl", """
                {"arrival_s": 0, "input_tokens": 100, "output_tokens": 10}
                {"arrival_s": 1, "input_tokens": 100, "output_tokens": 10}
                {"arrival_s": 3e9, "input_tokens": 100, "output_tokens": 10}
                """);
        refusedCleanly(CliHarness.run("simulate", "--trace", far.toString()), "far.jsonl line 3 arrives 3000000000 s after",
                "at most 86400 s (24 h) of simulated time");
        // a rate scale brings it no nearer than the limit allows: the span is counted after scaling
        refusedCleanly(CliHarness.run("simulate", "--trace", far.toString(), "--rate-scale", "1000"), "line 3 arrives 3000000 s after",
                "(rate scale included)");
        // --duration ends the replay window, so the far row is outside it
        CliHarness windowed = CliHarness.run("simulate", "--trace", far.toString(), "--duration", "5", "--json");
        assertThat(windowed.exit()).as(windowed.err()).isZero();
        refusedCleanly(CliHarness.run("simulate", "--trace", far.toString(), "--duration", "5", "--trace-end", "3"),
                "give --trace-end or --duration with --trace, not both");
    }

    @Test
    void aTracedRequestTheModelCannotHoldIsRefusedOrSkippedNeverShortened() throws Exception {
        Path huge = file("huge.jsonl", """
                {"arrival_s": 0, "input_tokens": 2147483647, "output_tokens": 10}
                {"arrival_s": 1, "input_tokens": 100, "output_tokens": 10}
                {"arrival_s": 2, "input_tokens": 40000, "output_tokens": 961}
                {"arrival_s": 3, "input_tokens": 40000, "output_tokens": 960}
                """);
        refusedCleanly(CliHarness.run("simulate", "--trace", huge.toString()),
                "huge.jsonl line 1: 2147483647 prompt + 10 output tokens do not fit the model's context of 40960 tokens",
                "1 more rows do not fit either", "--bad-rows skip");
        CliHarness skipped = CliHarness.run("simulate", "--trace", huge.toString(), "--bad-rows", "skip", "--warmup", "0", "--json");
        assertThat(skipped.exit()).as(skipped.err()).isZero();
        assertThat(skipped.err()).contains("skipped 2 trace row(s)").contains("line 1: 2147483647 prompt");
        // the two rows that fit the context (40,000 + 960 = 40,960 exactly) are the ones simulated
        com.fasterxml.jackson.databind.JsonNode r = new com.fasterxml.jackson.databind.ObjectMapper().readTree(skipped.out());
        long arrived = 0;
        for (com.fasterxml.jackson.databind.JsonNode c : r.get("classes")) {
            arrived += c.get("arrived").asLong();
        }
        assertThat(arrived).isEqualTo(2);
        assertThat(r.get("duration_seconds").asDouble()).isEqualTo(2.0);
    }

    @Test
    void aRunInWhichNothingArrivesIsRefusedNotReportedAsNulls() {
        refusedCleanly(CliHarness.run("simulate", "--workload", "interactive-chat", "--qps", "0.001", "--duration", "10"),
                "no request arrived in the measured window (8 s after a 2 s warm-up", "raise the rate or the duration");
        refusedCleanly(CliHarness.run("simulate", "--workload", "interactive-chat", "--qps", "0.001", "--duration", "10", "--json"),
                "no request arrived");
    }

    @Test
    void durationsPastGosRangeAreRefusedAndAHugeKvCacheIsBoundedWithAWarning() throws Exception {
        refusedCleanly(CliHarness.run("simulate", "--workload", "interactive-chat", "--qps", "5", "--duration", "5", "--ttl", "1e12"),
                "--ttl 1.0E12 s is past Go's duration range (at most 9223372036 s");
        Path kv = file("kv.yaml", "- --kv-cache-size=2147483647\n");
        CliHarness bounded = CliHarness.run("simulate", "--workload", "interactive-chat", "--qps", "5", "--duration", "5",
                "--pod-engine", "inference-sim", "--engine-args", kv.toString());
        assertThat(bounded.exit()).as(bounded.err()).isZero();
        assertThat(bounded.err().lines().filter(l -> l.startsWith("nous: warning: ")).toList()).containsExactly(
                "nous: warning: --engine-args: kv-cache-size 2,147,483,647 blocks is past any GPU's memory; simulated as 4,194,304, "
                        + "the most one pod holds");
        Path wraps = file("wraps.yaml", "- --max-num-seqs=1\n- --kv-cache-size=4294967312\n");
        refusedCleanly(CliHarness.run("simulate", "--workload", "interactive-chat", "--qps", "5", "--duration", "5",
                "--pod-engine", "inference-sim", "--engine-args", wraps.toString()),
                "wraps.yaml:2: --kv-cache-size 4294967312 is past the largest value simulated, 2147483647");
        Path ttl = file("ttl.yaml", "apiVersion: inference.networking.x-k8s.io/v1alpha1\nkind: EndpointPickerConfig\n"
                + "featureGates: [flowControl]\nflowControl:\n  defaultRequestTTL: 9000000h\n");
        refusedCleanly(CliHarness.run("simulate", "--workload", "interactive-chat", "--qps", "5", "--duration", "5", "--epp-config",
                ttl.toString()), "ttl.yaml:5: defaultRequestTTL", "'9000000h' is past Go's duration range");
    }
}
