package io.nous.discover;

import io.nous.store.journal.UpstreamComparison;
import java.util.List;

/**
 * The bar a run's recommendation must clear: of the upstream policies one arm was compared with on
 * the test split (the winner, or the baseline when nothing won), the strongest is the one that arm
 * compares worst with; it is what to keep when the arm does not beat every one.
 */
public final class UpstreamBar {
    private UpstreamBar() {
    }

    /**
     * The largest change for an objective to lower, the smallest for one to raise, an upstream policy
     * that is the arm itself counting as no change; the first on a tie; null when there is none.
     */
    public static UpstreamComparison strongest(List<UpstreamComparison> all, boolean lowerIsBetter) {
        UpstreamComparison best = null;
        double bestChange = Double.NaN;
        for (UpstreamComparison c : all) {
            double change = c.samePolicy() ? 0 : c.change() == null ? Double.NaN : c.change();
            if (best == null || (!Double.isNaN(change) && (Double.isNaN(bestChange)
                    || (lowerIsBetter ? change > bestChange : change < bestChange)))) {
                best = c;
                bestChange = change;
            }
        }
        return best;
    }
}
