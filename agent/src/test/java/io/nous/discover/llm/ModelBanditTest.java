package io.nous.discover.llm;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.discover.Evaluated;
import io.nous.evaluator.objective.Direction;
import io.nous.store.journal.LlmConfig;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The ensemble's allocation: warm-up in turn, then UCB1 on improvement per cost, from recorded exchanges and evaluations only. */
class ModelBanditTest {
    private static final LlmConfig TWO = new LlmConfig("http://x/v1", "cheap", 0.7, 100, 1000, 1, 1, 0, 1, 1, null,
            List.of(new LlmConfig.Member("http://x/v1", "cheap", 1, 1), new LlmConfig.Member("http://y/v1", "dear", 10, 10)));

    private static Evaluated candidate(String id, int iteration, double change) {
        return new Evaluated(id, "class P {}", change, change, change, "better", true, null, Map.of(), Map.of(), 0.5, 0.5, null, Map.of(),
                true, null, Direction.LOWER_IS_BETTER, iteration);
    }

    @Test
    void eachModelWarmsUpInTurnThenTheBetterValueWins() {
        assertThat(ModelBandit.choose(List.of(new ModelBandit.Arm("a", 0, 0, 0), new ModelBandit.Arm("b", 0, 0, 0)))).isZero();
        assertThat(ModelBandit.choose(List.of(new ModelBandit.Arm("a", 1, 0, 1), new ModelBandit.Arm("b", 0, 0, 0)))).isOne();
        assertThat(ModelBandit.choose(List.of(new ModelBandit.Arm("a", 2, 0, 1), new ModelBandit.Arm("b", 1, 0, 1)))).isOne();
        // after the warm-up: the same improvement for a tenth of the cost wins
        assertThat(ModelBandit.choose(List.of(new ModelBandit.Arm("a", 3, 0.3, 10), new ModelBandit.Arm("b", 3, 0.3, 1)))).isOne();
        // a model that gained nothing is still tried once the other has had many more turns
        assertThat(ModelBandit.choose(List.of(new ModelBandit.Arm("a", 2, 0, 1), new ModelBandit.Arm("b", 400, 40, 400)))).isZero();
    }

    @Test
    void aTallyPricesEachExchangeAtItsModelAndCreditsTheBestCandidateOfTheIteration() {
        List<ExchangeLog.Spent> spent = List.of(new ExchangeLog.Spent(1, "cheap", 1_000_000, 0),
                new ExchangeLog.Spent(2, "dear", 1_000_000, 0), new ExchangeLog.Spent(2, "dear", 0, 1_000_000),
                new ExchangeLog.Spent(3, "cheap", 5, 5));
        List<Evaluated> evaluated = List.of(candidate("c0001", 0, -0.9), candidate("c0002", 1, -0.2), candidate("c0003", 2, -0.1),
                candidate("c0004", 2, -0.3), candidate("c0005", 3, -0.5));
        List<ModelBandit.Arm> arms = ModelBandit.tally(TWO, spent, evaluated, 3);
        assertThat(arms).containsExactly(new ModelBandit.Arm("cheap", 1, 0.2, 1.0), new ModelBandit.Arm("dear", 1, 0.3, 20.0));
    }
}
