package io.nous.discover.evolve;

import java.util.Optional;

/** What the routing search's canonical form tells a reader of a scorer (a review, a report). */
public final class RoutingForms {
    private RoutingForms() {
    }

    /** What a routing scorer in the canonical form does, in one sentence; empty for a source written otherwise. */
    public static Optional<String> mechanism(String source) {
        RoutingGenome g = RoutingGenome.parse(source);
        return g == null ? Optional.empty() : Optional.of(g.describe());
    }
}
