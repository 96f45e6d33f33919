package io.nous.discover;

import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * What a proposer may see: the evaluated candidates (search split only), the incumbent, the
 * principles so far, recent hypotheses and how they fared (search split only), the objective, a
 * random generator seeded for this iteration and attempt, and, on a repair attempt, the problems
 * that got the previous attempt rejected (with line, column and fix-it), and the problem class
 * searched (which SPI to write, which prompt to show), and, with {@code --front}, the candidates on the
 * search split's trade-off front (parents worth breeding from even when a single objective ranks them low).
 */
public record ProposalContext(int iteration, int attempt, List<Evaluated> evaluated, Evaluated incumbent, List<String> principles,
                              List<String> feedback, List<String> history, String objective, RandomGenerator rng, String problem,
                              List<Evaluated> front) {
    public ProposalContext {
        front = front == null ? List.of() : List.copyOf(front);
    }

    /** A context without a trade-off front. */
    public ProposalContext(int iteration, int attempt, List<Evaluated> evaluated, Evaluated incumbent, List<String> principles,
                           List<String> feedback, List<String> history, String objective, RandomGenerator rng, String problem) {
        this(iteration, attempt, evaluated, incumbent, principles, feedback, history, objective, rng, problem, List.of());
    }
}
