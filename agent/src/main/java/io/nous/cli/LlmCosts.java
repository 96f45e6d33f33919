package io.nous.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nous.store.CandidateStory;
import io.nous.store.RunHistory;
import io.nous.store.journal.Hypothesis;
import io.nous.store.journal.LlmConfig;
import io.nous.store.journal.LlmUsage;
import io.nous.store.journal.ProposalFailure;
import io.nous.store.journal.Rejection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Tokens and estimated cost of an LLM run, in all and per promoted candidate, from its recorded exchanges. */
final class LlmCosts {
    private LlmCosts() {
    }

    static LlmUsage summarize(RunHistory history, LlmConfig settings) {
        ObjectMapper json = new ObjectMapper();
        long in = 0;
        long out = 0;
        double usd = 0;
        int exchanges = 0;
        int errors = 0;
        Map<Integer, long[]> byIteration = new HashMap<>();
        Map<Integer, Double> usdByIteration = new HashMap<>();
        Path dir = history.run().dir().resolve("llm");
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.sorted().toList()) {
                    JsonNode e = json.readTree(Files.readString(f)); // an exchange file, not the journal
                    exchanges++;
                    long i = e.path("input_tokens").asLong();
                    long o = e.path("output_tokens").asLong();
                    in += i;
                    out += o;
                    double cost = settings.member(e.path("model").asText()).usd(i, o);
                    usd += cost;
                    usdByIteration.merge(e.path("iteration").asInt(), cost, Double::sum);
                    errors += e.has("error") ? 1 : 0;
                    long[] acc = byIteration.computeIfAbsent(e.path("iteration").asInt(), k -> new long[2]);
                    acc[0] += i;
                    acc[1] += o;
                }
            } catch (IOException e) {
                throw new UserError("cannot read the exchanges in " + dir + ": " + e.getMessage());
            }
        }
        boolean priced = settings.priced();
        List<LlmUsage.PromotedCost> promoted = new ArrayList<>();
        for (String id : history.promoted()) {
            int iteration = history.candidate(id).map(CandidateStory::iteration).orElse(-1);
            long[] t = byIteration.getOrDefault(iteration, new long[2]);
            promoted.add(new LlmUsage.PromotedCost(id, t[0], t[1], priced ? LlmUsage.usd(usdByIteration.getOrDefault(iteration, 0.0)) : null));
        }
        List<Hypothesis> hypotheses = history.all(Hypothesis.class);
        int read = hypotheses.size();
        int withNotes = (int) hypotheses.stream().filter(h -> !h.notes().isEmpty()).count();
        int unread = (int) (history.count(ProposalFailure.FAILED) + history.count(ProposalFailure.ENDPOINT_UNUSABLE));
        int rejected = (int) history.all(Rejection.class).stream().filter(r -> !r.ok()).count();
        String models = String.join(",", settings.members().stream().map(LlmConfig.Member::model).toList());
        return new LlmUsage(models, settings.baseUrl(), exchanges, errors, in, out,
                priced ? LlmUsage.usd(usd) : null, promoted,
                new LlmUsage.Proposals(read + unread, read, withNotes, rejected, Math.max(0, read - rejected)));
    }

    /**
     * The run's end line for its model: how many proposals were usable, why the others were not, and
     * what they cost, e.g. "model: 3 of 5 proposals usable (...); 15,200 tokens in, 2,100 out, ~$0.004".
     */
    static String line(LlmUsage llm) {
        LlmUsage.Proposals p = llm.proposals();
        StringBuilder sb = new StringBuilder(String.format(java.util.Locale.ROOT, "model %s: %d of %d proposals usable",
                llm.model(), p.usable(), p.asked()));
        List<String> why = new ArrayList<>();
        int unread = p.asked() - p.read();
        if (unread > 0) {
            why.add(unread + (unread == 1 ? " reply" : " replies") + " could not be read");
        }
        if (p.rejectedBeforeSimulation() > 0) {
            why.add(p.rejectedBeforeSimulation() + " rejected before simulation");
        }
        if (p.readWithNotes() > 0) {
            why.add(p.readWithNotes() + " read outside the format (see the notes on their hypotheses)");
        }
        if (!why.isEmpty()) {
            sb.append(" (").append(String.join(", ", why)).append(')');
        }
        sb.append(String.format(java.util.Locale.ROOT, "; %,d tokens in, %,d out in %d calls", llm.inputTokens(), llm.outputTokens(),
                llm.exchanges()));
        if (llm.estimatedCostUsd() != null) {
            sb.append(", about $").append(llm.estimatedCostUsd().toPlainString());
        } else {
            sb.append(" (set --llm-price-in and --llm-price-out for a cost)");
        }
        return sb.toString();
    }
}
