package io.nous.discover.evolve;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.discover.Evaluated;
import io.nous.evaluator.objective.Direction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The MAP-Elites archive keeps, per behaviour cell, the candidate its objective ranks best: lowest latency, highest goodput. */
class ElitesDirectionTest {

    private static Evaluated candidate(String id, double change, boolean constraintsHold, Direction d) {
        return new Evaluated(id, "class P {}", change, change - 0.01, change + 0.01, "better", constraintsHold,
                constraintsHold ? null : "no-harm", Map.of(), Map.of(), 0.5, 0.5, null, Map.of(), constraintsHold, null, d);
    }

    @Test
    void aLatencyObjectiveKeepsTheLowestChange() {
        Direction d = Direction.LOWER_IS_BETTER;
        List<Evaluated> elites = EvolutionaryProposer.elites(List.of(candidate("c0001", -0.2, true, d), candidate("c0002", -0.4, true, d),
                candidate("c0003", +0.3, true, d)), SearchSpaces.USAGE_LIMIT);
        assertThat(elites).extracting(Evaluated::candidateId).containsExactly("c0002");
    }

    @Test
    void aGoodputObjectiveKeepsTheHighestChange() {
        Direction d = Direction.HIGHER_IS_BETTER;
        List<Evaluated> elites = EvolutionaryProposer.elites(List.of(candidate("c0001", 0.2, true, d), candidate("c0002", 0.4, true, d),
                candidate("c0003", -0.3, true, d)), SearchSpaces.USAGE_LIMIT);
        assertThat(elites).extracting(Evaluated::candidateId).containsExactly("c0002");
    }

    @Test
    void aBrokenConstraintCostsTheSamePenaltyEitherWay() {
        for (Direction d : Direction.values()) {
            double good = d == Direction.LOWER_IS_BETTER ? -0.4 : 0.4;
            Evaluated broken = candidate("c0001", good, false, d);
            Evaluated modest = candidate("c0002", good / 2, true, d);
            assertThat(modest.fitterThan(broken)).as(d.toString()).isTrue();
            assertThat(broken.fitterThan(null)).isTrue();
        }
    }

    @Test
    void aTargetIsReachedInTheObjectivesDirection() {
        assertThat(Direction.LOWER_IS_BETTER.reached(-0.7, -0.5)).isTrue();
        assertThat(Direction.LOWER_IS_BETTER.reached(-0.3, -0.5)).isFalse();
        assertThat(Direction.HIGHER_IS_BETTER.reached(0.7, 0.5)).isTrue();
        assertThat(Direction.HIGHER_IS_BETTER.reached(0.3, 0.5)).isFalse();
    }
}
