package io.nous.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import io.nous.evaluator.EvaluationReport;
import io.nous.evaluator.ScenarioReport;
import io.nous.evaluator.stats.Comparison;
import io.nous.evaluator.stats.Verdict;
import io.nous.sim.spi.UsageLimitPolicy;
import io.nous.store.RunStore;
import io.nous.store.Shell;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The pull-request description for a discovered policy, as Markdown a maintainer can review: what
 * it does and why (the hypothesis and mechanism), the policy as a ceiling-versus-saturation table,
 * the diff against the policy it improved on, results per scenario on every split with regressions
 * called out, the risks, and how to reproduce it.
 */
public final class Review {
    private static final double[] SATURATIONS = {0, 0.3, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 0.99, 1.0, 1.2};

    private Review() {
    }

    /** Everything the description is written from. */
    public record Input(String runId, String runsDir, Provenance.CandidateStory story, String source, String incumbentId,
                        String incumbentSource, String objective, Supplier<UsageLimitPolicy> policies, boolean stateful,
                        String proposer, String model, List<EvaluationReport> resimulated) {
    }

    public static String markdown(Input in) {
        Provenance.CandidateStory s = in.story();
        StringBuilder sb = new StringBuilder();
        sb.append("# Add `nous-").append(s.id()).append("-policy`, a usage-limit policy discovered by Nous\n\n");
        sb.append("## What and why\n\n");
        if (s.statement() != null) {
            sb.append("**Hypothesis.** ").append(s.statement().strip()).append("\n\n");
            sb.append("**Mechanism.** ").append(s.mechanism().strip()).append("\n\n");
        } else {
            sb.append("Candidate ").append(s.id()).append(" is a seed of the run (").append(s.operator()).append("), not a new hypothesis.\n\n");
        }
        sb.append(String.format(Locale.ROOT, "Found in run `%s` at iteration %d by the `%s` proposer%s (operator `%s`), improving on `%s`.%n%n",
                in.runId(), s.iteration(), in.proposer(), in.model() == null ? "" : " (" + in.model() + ")", s.operator(),
                in.incumbentId()));

        sb.append("## The policy\n\nMean ceiling per band over ").append(CeilingProfile.CYCLES)
                .append(" consecutive dispatch cycles at a fixed pool saturation (two bands, as in the studies; 1 = open, 0 = closed,")
                .append(" in between = open on that share of cycles):\n\n");
        sb.append("| saturation | critical (priority 0) | sheddable (priority -1) |\n|---:|---:|---:|\n");
        for (double sat : SATURATIONS) {
            double[] mean = CeilingProfile.mean(in.policies().get(), sat);
            sb.append(String.format(Locale.ROOT, "| %.2f | %.2f | %.2f |%n", sat, mean[0], mean[1]));
        }

        sb.append("\n## Diff against ").append(in.incumbentId()).append("\n\n```diff\n").append(diff(in)).append("```\n");

        sb.append("\n## Results\n\nChange of ").append(in.objective())
                .append(" versus the static baseline (every ceiling 1.0), paired by seed, with 95% bootstrap intervals.\n");
        List<String> regressions = new ArrayList<>();
        split(sb, "search", "shown to the proposer", s.search(), regressions);
        split(sb, "validation", "confirms a promotion", s.validation(), regressions);
        split(sb, "test", "never seen during the search", s.test(), regressions);
        if (in.resimulated() != null) {
            // the journal keeps only the objective; the re-simulation shows what else got worse
            for (EvaluationReport e : in.resimulated()) {
                for (ScenarioReport sc : e.scenarios()) {
                    for (Comparison c : sc.metrics().values()) {
                        if (c.verdict() == Verdict.WORSE) {
                            regressions.add(String.format(Locale.ROOT, "%s: %s (%s) %s %+.1f%% [%+.1f%%, %+.1f%%]", e.split(),
                                    sc.entry().label(), sc.entry().regime().name().toLowerCase(Locale.ROOT), c.metric(), 100 * c.change(),
                                    100 * c.ciLow(), 100 * c.ciHigh()));
                        }
                    }
                }
            }
        }
        sb.append("\n### Regressions\n\n");
        if (regressions.isEmpty()) {
            sb.append("No scenario got worse with confidence on any split").append(in.resimulated() == null ? " (objective and constraints)"
                    : " (objective, constraints, and critical/sheddable TTFT and E2E p99 and throughput)").append(".\n");
        } else {
            regressions.forEach(r -> sb.append("- **").append(r).append("**\n"));
        }

        sb.append("\n## Risks\n\n");
        for (String r : risks(in)) {
            sb.append("- ").append(r).append('\n');
        }
        sb.append("\n## Reproduce\n\n```bash\n");
        String flag = new RunStore(Path.of(in.runsDir())).runsDirFlag();
        sb.append("nous replay ").append(in.runId()).append(" --verify").append(flag).append('\n');
        sb.append("nous evaluate --policy ").append(Shell.quote(Path.of(in.runsDir(), in.runId(), "candidates", s.id() + ".java").toString()))
                .append(" --objective ").append(in.objective()).append('\n');
        sb.append("nous export ").append(in.runId()).append(' ').append(s.id()).append(flag)
                .append(" --out /tmp/nous-").append(s.id()).append(" && (cd /tmp/nous-").append(s.id()).append(" && go vet ./... && go test ./...)\n```\n");
        return sb.toString();
    }

    private static String diff(Input in) {
        List<String> a = in.incumbentSource().lines().toList();
        List<String> b = in.source().lines().toList();
        Patch<String> patch = DiffUtils.diff(a, b);
        List<String> lines = UnifiedDiffUtils.generateUnifiedDiff(in.incumbentId() + ".java", in.story().id() + ".java", a, patch, 3);
        StringBuilder sb = new StringBuilder();
        lines.forEach(l -> sb.append(l).append('\n'));
        return sb.length() == 0 ? "(identical sources)\n" : sb.toString();
    }

    private static void split(StringBuilder sb, String name, String what, JsonNode eval, List<String> regressions) {
        sb.append("\n### ").append(name).append(" (").append(what).append(")\n\n");
        if (eval == null || !eval.has("score")) {
            sb.append("Not evaluated on this split (only promoted candidates meet validation; only the winner meets test).\n");
            return;
        }
        JsonNode score = eval.get("score");
        sb.append(String.format(Locale.ROOT, "Overall: **%+.1f%%** [%+.1f%%, %+.1f%%], %s.%n%n", 100 * score.path("change").asDouble(),
                100 * score.path("ci_low").asDouble(), 100 * score.path("ci_high").asDouble(), score.path("verdict").asText()));
        sb.append("| scenario | regime | change | 95% CI | verdict |\n|---|---|---:|---:|---|\n");
        for (JsonNode sc : eval.path("scenarios")) {
            String verdict = sc.path("verdict").asText();
            sb.append(String.format(Locale.ROOT, "| %s | %s | %+.1f%% | [%+.1f%%, %+.1f%%] | %s |%n", sc.path("scenario").asText(),
                    sc.path("regime").asText(), 100 * sc.path("change").asDouble(), 100 * sc.path("ci_low").asDouble(),
                    100 * sc.path("ci_high").asDouble(), verdict.equals("worse") ? "**worse**" : verdict));
            if (verdict.equals("worse")) {
                regressions.add(String.format(Locale.ROOT, "%s: %s (%s) %+.1f%% [%+.1f%%, %+.1f%%]", name, sc.path("scenario").asText(),
                        sc.path("regime").asText(), 100 * sc.path("change").asDouble(), 100 * sc.path("ci_low").asDouble(),
                        100 * sc.path("ci_high").asDouble()));
            }
        }
        JsonNode constraints = eval.path("constraints");
        List<String> failed = new ArrayList<>();
        constraints.fields().forEachRemaining(e -> {
            if (!e.getValue().asBoolean()) {
                failed.add(e.getKey());
            }
        });
        if (!failed.isEmpty()) {
            regressions.add(name + ": constraint(s) violated: " + String.join(", ", failed));
        }
    }

    private static List<String> risks(Input in) {
        List<String> r = new ArrayList<>();
        JsonNode test = in.story().test();
        if (test == null || !test.has("score")) {
            r.add("It has not met the untouched test split; only the run's winner does, once.");
        } else if (!test.get("score").path("verdict").asText().equals("better")) {
            r.add("On the untouched test split the change is " + test.get("score").path("verdict").asText()
                    + ": the improvement is not confirmed on load points and burstiness nobody tuned on.");
        }
        if (in.stateful()) {
            r.add("It keeps a counter of dispatch cycles (an arrival or the 1 ms ticker), so a duty cycle is a share of cycles,"
                    + " not of time: its effective rate depends on the arrival rate.");
        }
        r.add("While a band is gated its queue grows; bound it with the band's maxRequests/maxBytes and the request TTL.");
        r.add("The evidence is simulated (cost profile h100-qwen3-14b, the studies' workloads), not measured on a cluster;"
                + " canary it with the flow-control metrics before relying on it.");
        r.add("It is an Alpha plugin: the EPP must run with --allow-experimental-plugins.");
        return r;
    }
}
