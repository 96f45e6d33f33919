package io.nous.discover.llm;

import io.nous.discover.Proposal;
import io.nous.discover.ProposalContext;
import io.nous.discover.Proposer;
import io.nous.store.journal.LlmConfig;
import java.util.List;

/**
 * Several language models proposing for one run, each through its own {@link LlmProposer} and all
 * into one {@link ExchangeLog}; the {@link ModelBandit} says which proposes each iteration, and a
 * repair of a rejected proposal goes back to the model that made it. Every proposal is journaled
 * with its model's name.
 */
public final class ModelEnsemble implements Proposer {
    private final LlmConfig config;
    private final List<LlmProposer> members;
    private final ExchangeLog log;

    /** @param members one proposer per {@link LlmConfig#members()}, in that order, sharing {@code log} */
    public ModelEnsemble(LlmConfig config, List<LlmProposer> members, ExchangeLog log) {
        if (members.size() != config.members().size()) {
            throw new IllegalArgumentException(members.size() + " proposers for " + config.members().size() + " models");
        }
        this.config = config;
        this.members = List.copyOf(members);
        this.log = log;
    }

    @Override
    public String name() {
        return "llm";
    }

    @Override
    public Proposal propose(ProposalContext ctx) {
        int chosen = chosen(ctx);
        return members.get(chosen).propose(ctx).byModel(config.members().get(chosen).model());
    }

    /** The model already asked in this iteration (a repair, or a resumed iteration), else the bandit's choice. */
    private int chosen(ProposalContext ctx) {
        List<ExchangeLog.Spent> spent = log.spent();
        List<String> models = config.members().stream().map(LlmConfig.Member::model).toList();
        return spent.stream().filter(s -> s.iteration() == ctx.iteration() && models.contains(s.model())).findFirst()
                .map(s -> models.indexOf(s.model()))
                .orElseGet(() -> ModelBandit.choose(ModelBandit.tally(config, spent, ctx.evaluated(), ctx.iteration())));
    }
}
