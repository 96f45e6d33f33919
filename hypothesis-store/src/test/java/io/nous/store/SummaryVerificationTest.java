package io.nous.store;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.nous.store.journal.RunSummary;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** summary.json against the summary a replay re-derives: where the runs directory lies is not part of the result. */
class SummaryVerificationTest {
    @TempDir
    Path dir;

    private static RunSummary summary(String sourcePath, double change) {
        RunSummary.Result search = new RunSummary.Result(change, change - 0.1, change + 0.1, "better", null);
        return new RunSummary("r1", "critical-ttft", "evolve", 6, 7, 0, 0, null, List.of(),
                new RunSummary.Best("c0005", sourcePath, "critical-ttft", search, null, null), null);
    }

    private Run runWithSummary(RunSummary written) {
        Run r = new RunStore(dir.resolve("runs")).create("r1", new ObjectMapper().createObjectNode());
        r.writeSummary(written);
        return r;
    }

    @Test
    void aRunWrittenElsewhereVerifiesWhereItLiesNow() {
        Run r = runWithSummary(summary("/somewhere/else/runs/r1/candidates/c0005.java", -0.2));
        assertThatCode(() -> r.verifySummary(summary(r.candidateFile("c0005").toString(), -0.2))).doesNotThrowAnyException();
    }

    @Test
    void aSummaryNamingAnotherCandidateFileOrAnotherResultDoesNot() {
        Run r = runWithSummary(summary("/somewhere/else/runs/r1/candidates/c0003.java", -0.2));
        assertThatThrownBy(() -> r.verifySummary(summary(r.candidateFile("c0005").toString(), -0.2)))
                .isInstanceOf(JournalDivergence.class).hasMessageContaining("c0003.java");
        Run moved = new RunStore(dir.resolve("other")).create("r1", new ObjectMapper().createObjectNode());
        moved.writeSummary(summary("/somewhere/else/runs/r1/candidates/c0005.java", -0.3));
        assertThatThrownBy(() -> moved.verifySummary(summary(moved.candidateFile("c0005").toString(), -0.2)))
                .isInstanceOf(JournalDivergence.class).hasMessageContaining("change");
    }
}
