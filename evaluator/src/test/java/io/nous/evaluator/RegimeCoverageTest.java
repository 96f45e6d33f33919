package io.nous.evaluator;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixCatalog;
import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.Regime;
import io.nous.evaluator.scenario.RegimeCoverage;
import io.nous.evaluator.scenario.Split;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A matrix says which kinds of traffic its held-out splits judge that its search never shows, and which
 * its search tunes on that validation never shows, by name.
 */
class RegimeCoverageTest {

    @Test
    void theShippedMatricesSearchEveryKindOfTrafficTheirHeldOutSplitsJudge() {
        for (String name : MatrixCatalog.BUILT_IN) {
            if (name.equals("default") || name.equals("pd") || name.equals("autoscaling")) {
                assertThat(RegimeCoverage.gaps(MatrixCatalog.load(name))).as(name).isEmpty();
            }
        }
        assertThat(MatrixCatalog.revision("default")).isEqualTo(1);
        assertThat(MatrixCatalog.load("default").entries(Split.SEARCH)).extracting(MatrixEntry::label)
                .contains("interactive-chat@90", "code-generation@11~cv2");
    }

    @Test
    void theFirstDefaultMatrixSearchedWithoutTheOverloadAndBurstsItsHeldOutSplitsJudge() {
        List<String> gaps = RegimeCoverage.gaps(MatrixCatalog.load("default", 0));
        assertThat(gaps).hasSize(2);
        assertThat(gaps.get(0)).isEqualTo("matrix default: its search split has no scenario labelled over capacity (regime: over), which validation "
                + "interactive-chat@80 judges: a candidate is tuned without ever seeing that traffic");
        assertThat(gaps.get(1)).startsWith("matrix default: its search split has no bursty scenario (arrival_cv >= 1.5), which ")
                .contains("validation code-generation@16~cv2").contains("test interactive-chat@50~cv2").contains("test code-generation@13~cv2");
    }

    @Test
    void theFirstPdMatrixTunedOnBurstsItsValidationNeverShowedSoNoBurstGainCouldBeConfirmed() {
        List<String> gaps = RegimeCoverage.gaps(MatrixCatalog.load("pd", 1));
        assertThat(gaps).containsExactly("matrix pd: its validation split has no bursty scenario (arrival_cv >= 1.5), which search "
                + "code-generation@14~cv2/4pods~2P2D tunes on: a gain found only there can never be confirmed");
        assertThat(RegimeCoverage.gaps(MatrixCatalog.load("pd"))).isEmpty();
    }

    @Test
    void aSearchThatShowsEveryKindItIsJudgedOnHasNoGap() {
        Matrix covered = new Matrix("covered", 1, 60, List.of(
                new MatrixEntry("interactive-chat", 20, null, null, Split.SEARCH, Regime.UNDER),
                new MatrixEntry("interactive-chat", 80, 2.0, null, Split.SEARCH, Regime.OVER),
                new MatrixEntry("interactive-chat", 90, 2.0, null, Split.TEST, Regime.OVER),
                new MatrixEntry("interactive-chat", 10, null, null, Split.VALIDATION, Regime.UNDER),
                new MatrixEntry("interactive-chat", 85, 2.0, null, Split.VALIDATION, Regime.OVER)));
        assertThat(RegimeCoverage.gaps(covered)).isEmpty();
        Matrix missing = new Matrix("m", 1, 60, List.of(
                new MatrixEntry("interactive-chat", 20, null, null, Split.SEARCH, Regime.UNDER),
                new MatrixEntry("interactive-chat", 60, null, null, Split.TEST, Regime.NEAR)));
        assertThat(RegimeCoverage.gaps(missing)).containsExactly("matrix m: its search split has no scenario labelled near capacity (regime: near), which test "
                + "interactive-chat@60 judges: a candidate is tuned without ever seeing that traffic");
    }
}
