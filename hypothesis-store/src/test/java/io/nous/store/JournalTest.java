package io.nous.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalTest {
    @TempDir
    Path dir;

    private static ObjectNode body(int i) {
        return new ObjectMapper().createObjectNode().put("i", i).put("x", 0.1 * i);
    }

    @Test
    void recordsRoundTripInOrderWithSequenceNumbers() {
        Path f = dir.resolve("journal.jsonl");
        try (Journal j = Journal.openForAppend(f)) {
            for (int i = 0; i < 5; i++) {
                j.append("step", body(i));
            }
        }
        JournalContents c = Journal.read(f);
        assertThat(c.tornTail()).isFalse();
        assertThat(c.records()).extracting(JournalRecord::seq).containsExactly(1L, 2L, 3L, 4L, 5L);
        assertThat(c.records().get(3).body()).isEqualTo(body(3));
        try (Journal j = Journal.openForAppend(f)) {
            assertThat(j.append("step", body(9)).seq()).isEqualTo(6);
        }
    }

    @Test
    void aTornLastLineIsToleratedAndCutBeforeTheNextWrite() throws Exception {
        Path f = dir.resolve("journal.jsonl");
        try (Journal j = Journal.openForAppend(f)) {
            j.append("step", body(1));
            j.append("step", body(2));
        }
        Files.writeString(f, "{\"seq\":3,\"type\":\"st", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        JournalContents c = Journal.read(f);
        assertThat(c.tornTail()).isTrue();
        assertThat(c.records()).hasSize(2);
        try (Journal j = Journal.openForAppend(f)) {
            j.append("step", body(3));
        }
        JournalContents after = Journal.read(f);
        assertThat(after.tornTail()).isFalse();
        assertThat(after.records()).extracting(JournalRecord::seq).containsExactly(1L, 2L, 3L);
    }

    @Test
    void aCorruptLineInTheMiddleIsAnErrorNamingTheLine() throws Exception {
        Path f = dir.resolve("journal.jsonl");
        Files.writeString(f, "{\"seq\":1,\"type\":\"a\",\"ts\":\"t\",\"body\":{}}\nnot json\n{\"seq\":3,\"type\":\"a\",\"ts\":\"t\",\"body\":{}}\n");
        assertThatThrownBy(() -> Journal.read(f)).isInstanceOf(StoreException.class).hasMessageContaining("line 2 is corrupt");
    }

    @Test
    void aFullDiskIsAClearErrorAndEarlierRecordsStay() {
        assertThatThrownBy(() -> {
            try (Journal j = Journal.openForAppend(Path.of("/dev/full"))) {
                j.append("step", body(1));
            }
        }).isInstanceOf(StoreException.class).hasMessageContaining("No space left on device")
                .hasMessageContaining("keeps every record written before this one");
    }

    @Test
    void runsAreCreatedListedAndOpenedWithClearErrors() throws Exception {
        RunStore store = new RunStore(dir.resolve("runs"));
        Run r = store.create("r1", new ObjectMapper().createObjectNode().put("objective", "critical-ttft"));
        r.writeCandidate("c0001", "class X {}");
        assertThat(store.list()).extracting(Run::id).containsExactly("r1");
        assertThat(store.open("r1").config().get("objective").asText()).isEqualTo("critical-ttft");
        assertThatThrownBy(() -> store.open("nope")).hasMessageContaining("no run 'nope'");
        assertThatThrownBy(() -> store.open("../etc")).hasMessageContaining("is not a run id");
        assertThatThrownBy(() -> store.create("r1", new ObjectMapper().createObjectNode())).hasMessageContaining("already exists");
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        assertThatThrownBy(() -> new RunStore(file.resolve("runs")).create("r2", new ObjectMapper().createObjectNode()))
                .isInstanceOf(StoreException.class).hasMessageContaining("cannot create the runs directory");
    }
}
