package io.nous.discover;

import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * What a proposer may see: the evaluated candidates (search split only), the incumbent, the
 * principles so far, and a random generator seeded for this iteration.
 */
public record ProposalContext(int iteration, List<Evaluated> evaluated, Evaluated incumbent, List<String> principles,
                              RandomGenerator rng) {
}
