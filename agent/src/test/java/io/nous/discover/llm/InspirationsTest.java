package io.nous.discover.llm;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.discover.Evaluated;
import io.nous.evaluator.objective.Direction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The prompt's archive sample: the best of distinct behaviour cells and recent failures, each with its evidence, within a budget. */
class InspirationsTest {
    private static Evaluated candidate(String id, double change, double onset, double duty, String failedConstraint, int sourceChars) {
        boolean hold = failedConstraint == null;
        return new Evaluated(id, "class " + id + " {}" + " ".repeat(sourceChars), change, change - 0.05, change + 0.05,
                change < 0 ? "better" : "no-difference", hold, failedConstraint, Map.of("under", 0.0, "near", change), Map.of(), onset, duty,
                null, Map.of(), hold, null, Direction.LOWER_IS_BETTER);
    }

    @Test
    void elitesComeFromDistinctCellsBestFirstThenTheLatestFailures() {
        Evaluated incumbent = candidate("c0001", -0.30, 0.85, 0.10, null, 0);
        List<Evaluated> archive = List.of(incumbent,
                candidate("c0002", -0.28, 0.86, 0.12, null, 0), // the incumbent's own cell: not an inspiration
                candidate("c0003", -0.10, 0.55, 0.50, null, 0),
                candidate("c0004", -0.20, 0.56, 0.52, null, 0), // same cell as c0003, and better
                candidate("c0005", -0.05, 0.95, 0.90, null, 0),
                candidate("c0006", -0.02, 0.35, 0.90, null, 0),
                candidate("c0007", -0.60, 0.40, 0.00, "no-starvation", 0),
                candidate("c0008", -0.70, 0.41, 0.00, "no-harm-under-capacity", 0));
        List<Inspirations.Pick> picks = Inspirations.choose(archive, incumbent);
        assertThat(picks).extracting(p -> p.candidate().candidateId()).containsExactly("c0004", "c0005", "c0006", "c0008", "c0007");
        assertThat(picks.stream().limit(3).map(p -> Inspirations.cell(p.candidate())).distinct()).hasSize(3);
        String text = Inspirations.render(picks, "## Inspirations\n\n");
        assertThat(text).contains("### c0004: the best of behaviour cell 5/5").contains("Search split: -20.0% [-25.0%, -15.0%] better")
                .contains("- near or over capacity: -20.0%")
                .contains("### c0008: a recent failure: it broke the constraint no-harm-under-capacity").contains("class c0006 {}");
    }

    @Test
    void sourcesStopAtTheBudgetButEvidenceDoesNot() {
        int big = Inspirations.SOURCE_TOKENS * 4 / 2 - 100;
        List<Evaluated> archive = List.of(candidate("c0001", -0.1, 0.15, 0.1, null, big), candidate("c0002", -0.2, 0.35, 0.1, null, big),
                candidate("c0003", -0.3, 0.55, 0.1, null, big));
        String text = Inspirations.render(Inspirations.choose(archive, null), "");
        assertThat(text).contains("class c0003 {}").contains("class c0002 {}").doesNotContain("class c0001 {}")
                .contains("(source left out").contains("### c0001").contains("Search split: -10.0%");
    }

    @Test
    void frontMembersThatAreNoCellsBestJoinWithTheirTradeOff() {
        Evaluated incumbent = candidate("c0001", -0.30, 0.85, 0.10, null, 0);
        Evaluated best = candidate("c0002", -0.20, 0.55, 0.50, null, 0);
        Evaluated e = candidate("c0003", -0.15, 0.56, 0.52, null, 0); // behind c0002 in its cell, but a trade-off
        Evaluated generous = new Evaluated(e.candidateId(), e.source(), e.change(), e.ciLow(), e.ciHigh(), e.verdict(), true, null,
                e.changeByRegime(), Map.of(), e.onset(), e.dutyAt08(), null, Map.of(), true, null, Direction.LOWER_IS_BETTER, 3,
                Map.of("goodput", new double[] {0.12, 0.08, 0.16}));
        List<Inspirations.Pick> picks = Inspirations.choose(List.of(incumbent, best, generous), incumbent, List.of(incumbent, best, generous));
        // the incumbent is never an inspiration, and a cell's best already shown is not shown twice
        assertThat(picks).extracting(p -> p.candidate().candidateId()).containsExactly("c0002", "c0003");
        String text = Inspirations.render(picks, "");
        assertThat(text).contains("### c0003: on the trade-off front").contains("- goodput: +12.0% [+8.0%, +16.0%]");
    }
}
