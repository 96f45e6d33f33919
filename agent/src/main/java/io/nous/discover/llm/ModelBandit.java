package io.nous.discover.llm;

import io.nous.discover.Evaluated;
import io.nous.store.journal.LlmConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which model of an ensemble proposes next: UCB1 on improvement per cost, as ShinkaEvolve allocates
 * its LLM ensemble. Each model first proposes {@link #WARM_UP} times, in turn; after that the one with
 * the highest {@code value / best value + sqrt(2 ln N / n)} does, where value is the improvement its
 * proposals bought per dollar (per million tokens when the run has no prices), n its proposals and N
 * everyone's. A proposal's improvement is its best candidate's gain over the baseline on the search
 * split (minus the fitness, so a broken constraint counts as none); rejected, duplicate or failed
 * proposals gain nothing but still cost. The choice is a function of the run's recorded exchanges and
 * evaluated candidates only, so a resumed run allocates as an uninterrupted one would; replay reads
 * the model of every proposal from the journal.
 */
public final class ModelBandit {
    /** Proposals each model makes before the bandit chooses. */
    public static final int WARM_UP = 2;

    /** What one model has done so far. */
    public record Arm(String model, int proposals, double improvement, double cost) {
        /** Improvement per unit of cost (0 before any cost). */
        double value() {
            return cost > 0 ? improvement / cost : 0;
        }
    }

    private ModelBandit() {
    }

    /**
     * Each member's proposals, improvement and cost from the exchanges of earlier iterations (those
     * before {@code iteration}) and the candidates they produced.
     */
    public static List<Arm> tally(LlmConfig config, List<ExchangeLog.Spent> spent, List<Evaluated> evaluated, int iteration) {
        Map<Integer, String> modelOf = new LinkedHashMap<>();
        Map<Integer, Double> costOf = new LinkedHashMap<>();
        boolean priced = config.priced();
        for (ExchangeLog.Spent s : spent) {
            if (s.iteration() >= iteration) {
                continue;
            }
            modelOf.putIfAbsent(s.iteration(), s.model());
            double cost = priced ? config.member(s.model()).usd(s.tokensIn(), s.tokensOut()) : (s.tokensIn() + s.tokensOut()) / 1e6;
            costOf.merge(s.iteration(), cost, Double::sum);
        }
        Map<Integer, Double> gainOf = new LinkedHashMap<>();
        for (Evaluated e : evaluated) {
            if (modelOf.containsKey(e.iteration())) {
                double gain = Double.isFinite(e.fitness()) ? Math.max(0, -e.fitness()) : 0;
                gainOf.merge(e.iteration(), gain, Math::max);
            }
        }
        List<Arm> arms = new ArrayList<>();
        for (LlmConfig.Member m : config.members()) {
            int n = 0;
            double gain = 0;
            double cost = 0;
            for (Map.Entry<Integer, String> it : modelOf.entrySet()) {
                if (it.getValue().equals(m.model())) {
                    n++;
                    gain += gainOf.getOrDefault(it.getKey(), 0.0);
                    cost += costOf.getOrDefault(it.getKey(), 0.0);
                }
            }
            arms.add(new Arm(m.model(), n, gain, cost));
        }
        return arms;
    }

    /** The index of the arm to pull next (ties go to the earlier member). */
    public static int choose(List<Arm> arms) {
        int fewest = 0;
        int total = 0;
        double best = 0;
        for (int i = 0; i < arms.size(); i++) {
            Arm a = arms.get(i);
            total += a.proposals();
            best = Math.max(best, a.value());
            if (a.proposals() < arms.get(fewest).proposals()) {
                fewest = i;
            }
        }
        if (arms.get(fewest).proposals() < WARM_UP) {
            return fewest;
        }
        int chosen = 0;
        double top = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < arms.size(); i++) {
            Arm a = arms.get(i);
            double ucb = (best > 0 ? a.value() / best : 0) + Math.sqrt(2 * Math.log(total) / a.proposals());
            if (ucb > top) {
                top = ucb;
                chosen = i;
            }
        }
        return chosen;
    }
}
