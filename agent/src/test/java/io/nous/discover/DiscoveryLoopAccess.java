package io.nous.discover;

import io.nous.store.journal.UpstreamComparison;
import java.util.List;

/** Opens the loop's choice of the strongest upstream policy to tests in other packages. */
public final class DiscoveryLoopAccess {
    private DiscoveryLoopAccess() {
    }

    public static UpstreamComparison strongest(List<UpstreamComparison> all, boolean lowerIsBetter) {
        return DiscoveryLoop.strongest(all, lowerIsBetter);
    }
}
