package io.nous.export;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import io.nous.codegen.plug.PlugPoints;
import io.nous.discover.Problem;
import io.nous.evaluator.EvaluationReport;
import io.nous.evaluator.ScenarioReport;
import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.stats.Comparison;
import io.nous.evaluator.stats.Verdict;
import io.nous.store.CandidateStory;
import io.nous.store.RunStore;
import io.nous.store.Shell;
import io.nous.store.journal.Evidence;
import io.nous.store.journal.UpstreamComparison;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The pull-request description for a discovered policy, as Markdown a maintainer can review: what
 * it does and why (the hypothesis and mechanism), the policy as a ceiling-versus-saturation table,
 * the diff against the policy it improved on, results per scenario on every split with regressions
 * called out, the risks, and how to reproduce it.
 */
public final class Review {
    /** How a candidate of several plug points' parts is canaried. */
    static final String FLOW_CONTROL_CANARY = "with the flow-control metrics";

    static final double[] SATURATIONS = {0, 0.3, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 0.99, 1.0, 1.2};

    private Review() {
    }

    /** Everything the description is written from. */
    public record Input(String runId, String runsDir, CandidateStory story, String source, String incumbentId,
                        String incumbentSource, String objective, Problem problem, List<PolicyPart> parts,
                        String proposer, String model, List<EvaluationReport> resimulated, String matrixFlags) {
    }

    /** Saturations of the admitter table. */
    static final double[] ADMIT_SATURATIONS = {0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.2};

    public static String markdown(Input in) {
        return markdown(in, null, null);
    }

    /**
     * The description opening with the candidate's standing (promoted or not, held on test, against
     * the router's own policy), with a title that says when it is not for merging; {@code incumbentIs}
     * names what the incumbent is when it is an upstream policy (e.g. "the built-in
     * soft-reflective-ceiling seed, which the router already ships"), or null.
     */
    public static String markdown(Input in, Standing standing, String incumbentIs) {
        CandidateStory s = in.story();
        StringBuilder sb = new StringBuilder();
        String kind = in.problem().noun();
        if (standing != null && standing.refusal() != null) {
            sb.append("# Review of `").append(s.id()).append("`, ").append(kind).append(" Nous evaluated").append(standing.titleNote())
                    .append(": not for merging\n\n");
        } else {
            sb.append("# Add ").append(String.join(" and ", in.parts().stream().map(p -> "`nous-" + s.id() + p.pluginSuffix() + "`").toList()))
                    .append(", ").append(kind).append(" discovered by Nous").append(standing == null ? "" : standing.titleNote()).append("\n\n");
        }
        if (standing != null) {
            sb.append(standing.markdown());
        }
        Evidence.ScoreEvidence testScore = s.test() == null ? null : s.test().score();
        if (testScore != null && !"better".equals(testScore.verdict())) {
            sb.append("> **Warning:** this policy did not hold on the untouched test split (").append(pct(testScore.change()))
                    .append(" [").append(pct(testScore.ciLow())).append(", ").append(pct(testScore.ciHigh())).append("], ")
                    .append(testScore.verdict()).append("). See Risks.\n\n");
        }
        if (s.upstream() != null && s.upstream().samePolicy()) {
            sb.append("> **Note:** this candidate is the upstream `").append(s.upstream().policy())
                    .append("` policy itself, which llm-d-router already ships as `").append(s.upstream().policy())
                    .append("-policy`. There is nothing new to merge; configure the existing plugin instead.\n\n");
        }
        sb.append("## What and why\n\n");
        if (s.statement() != null) {
            // a search's hypothesis is a step from its parent, which the router does not run: say so
            sb.append("**Hypothesis** (the step from ").append(in.incumbentId()).append(" in the search; the diff below is against ")
                    .append(runsToday(in.problem())).append("). ").append(s.statement().strip()).append("\n\n");
            sb.append("**Mechanism.** ").append(s.mechanism().strip()).append("\n\n");
        } else {
            sb.append("Candidate ").append(s.id()).append(" is a seed of the run (").append(s.operator()).append("), not a new hypothesis.\n\n");
        }
        boolean improved = standing == null || standing.promoted();
        sb.append(String.format(Locale.ROOT, "Found in run `%s` at iteration %d by the `%s` proposer%s (operator `%s`), %s `%s`%s.%n%n",
                in.runId(), s.iteration(), in.proposer(), in.model() == null ? "" : " (" + in.model() + ")", s.operator(),
                improved ? "improving on" : "derived from", in.incumbentId(), incumbentIs == null ? "" : " (" + incumbentIs + ")"));

        sb.append("## The policy\n\n");
        for (PolicyPart part : in.parts()) {
            if (in.parts().size() > 1) {
                sb.append(part == in.parts().get(0) ? "" : "\n").append("### ").append(Character.toUpperCase(part.noun().charAt(0))).append(part.noun().substring(1))
                        .append(" (`nous-").append(s.id()).append(part.pluginSuffix()).append("`)\n\n");
            }
            PlugPointViews.of(part.kind()).reviewTable(sb, part);
        }
        String upstreamSource = upstreamSource(in.problem());
        if (upstreamSource != null && !upstreamSource.equals(in.source())) {
            // what a reviewer weighs is the change to what the router runs today, not to a candidate of the search
            sb.append("\n## Diff against ").append(runsToday(in.problem())).append(" (`").append(in.problem().upstream()).append("`)\n\n```diff\n")
                    .append(diff(upstreamSource, in.problem().upstream(), in.source(), in.story().id())).append("```\n");
        } else {
            sb.append("\n## Diff against ").append(in.incumbentId()).append("\n\n```diff\n")
                    .append(diff(in.incumbentSource(), in.incumbentId(), in.source(), in.story().id())).append("```\n");
        }

        sb.append("\n## Results\n\nChange of ").append(in.objective())
                .append(" versus ").append(in.problem().baselineDescription()).append(", paired by seed, with 95% bootstrap intervals.\n");
        Map<String, String> regressions = new LinkedHashMap<>();
        split(sb, "search", "shown to the proposer", s.search(), regressions);
        split(sb, "validation", "confirms a promotion", s.validation(), regressions);
        split(sb, "test", "never seen during the search", s.test(), regressions);
        upstream(sb, s.upstream(), in.objective(), in.problem());
        if (in.resimulated() != null) {
            // re-simulated: every standard metric, including splits the journal kept no metrics for
            for (EvaluationReport e : in.resimulated()) {
                for (ScenarioReport sc : e.scenarios()) {
                    for (Comparison c : sc.metrics().values()) {
                        if (c.verdict() == Verdict.WORSE) {
                            regressions.putIfAbsent(e.split() + "|" + sc.label() + "|" + c.metric(), regression(e.split(), sc.label(),
                                    sc.entry().regime().id(), c.metric(), c.change(), c.ciLow(), c.ciHigh()));
                        }
                    }
                }
            }
        }
        sb.append("\n### Regressions\n\n");
        if (regressions.isEmpty()) {
            sb.append("No metric got worse with confidence in any scenario on any split (the objective, the constraints, and critical and"
                    + " sheddable TTFT and E2E p99 and throughput).\n");
        } else {
            sb.append("Every metric that got worse with confidence (its whole 95% interval above zero for a latency), critical and"
                    + " sheddable alike:\n\n");
            regressions.values().forEach(r -> sb.append("- **").append(r).append("**\n"));
        }

        sb.append("\n## Risks\n\n");
        for (String r : risks(in)) {
            sb.append("- ").append(r).append('\n');
        }
        sb.append("\n## Reproduce\n\n");
        if (standing != null && standing.refusal() != null) {
            sb.append("The export needs `--force`: ").append(standing.refusal()).append(".\n\n");
        }
        sb.append("```bash\n");
        String flag = new RunStore(Path.of(in.runsDir())).runsDirFlag();
        sb.append("nous replay ").append(in.runId()).append(flag).append('\n');
        String file = Shell.quote(Path.of(in.runsDir(), in.runId(), "candidates", s.id() + ".java").toString());
        String evaluate = in.problem().evaluateFlags(file);
        if (evaluate != null) {
            sb.append("nous evaluate ").append(evaluate).append(" --objective ").append(in.objective())
                    .append(in.matrixFlags() == null ? "" : in.matrixFlags()).append('\n');
        }
        String out = "/tmp/nous-" + s.id();
        if (in.problem().kinds().stream().anyMatch(k -> !PlugPoints.of(k).exports())) {
            return sb.append("```\n\n(Nous does not write ").append(in.problem().noun().replaceFirst("^an? ", ""))
                    .append(" plugins for the router yet: there is no export step.)\n").toString();
        }
        sb.append("nous export ").append(in.runId()).append(' ').append(s.id()).append(flag)
                .append(standing != null && standing.refusal() != null ? " --force" : "").append(" --out ").append(out);
        for (String dir : in.problem().exportDirectories()) {
            sb.append(" && (cd ").append(dir.isEmpty() ? out : out + "/" + dir).append(" && go vet ./... && go test ./...)");
        }
        sb.append("\n```\n");
        return sb.toString();
    }

    /** The source of the policy the router ships for this class, or null where there is none to show. */
    private static String upstreamSource(Problem problem) {
        try {
            return problem.upstreamSource();
        } catch (RuntimeException none) {
            return null;
        }
    }

    private static String diff(String fromSource, String fromName, String toSource, String toName) {
        List<String> a = fromSource.lines().toList();
        List<String> b = toSource.lines().toList();
        Patch<String> patch = DiffUtils.diff(a, b);
        List<String> lines = UnifiedDiffUtils.generateUnifiedDiff(fromName + ".java", toName + ".java", a, patch, 3);
        StringBuilder sb = new StringBuilder();
        lines.forEach(l -> sb.append(l).append('\n'));
        return sb.length() == 0 ? "(identical sources)\n" : sb.toString();
    }

    private static void split(StringBuilder sb, String name, String what, Evidence eval, Map<String, String> regressions) {
        sb.append("\n### ").append(name).append(" (").append(what).append(")\n\n");
        if (eval == null || eval.score() == null) {
            sb.append("Not evaluated on this split (only promoted candidates meet validation; only the winner meets test).\n");
            return;
        }
        Evidence.ScoreEvidence score = eval.score();
        sb.append("Overall: **").append(pct(score.change())).append("** [").append(pct(score.ciLow())).append(", ")
                .append(pct(score.ciHigh())).append("], ").append(score.verdict()).append(".\n\n");
        sb.append("| scenario | regime | change | 95% CI | verdict |\n|---|---|---:|---:|---|\n");
        for (Evidence.ScenarioEvidence sc : eval.scenarios() == null ? List.<Evidence.ScenarioEvidence>of() : eval.scenarios()) {
            String verdict = sc.verdict() == null ? "" : sc.verdict();
            String label = sc.label();
            sb.append("| ").append(label).append(" | ").append(sc.regime()).append(" | ").append(pct(sc.change()))
                    .append(" | [").append(pct(sc.ciLow())).append(", ").append(pct(sc.ciHigh())).append("] | ")
                    .append(verdict.equals("worse") ? "**worse**" : verdict).append(" |\n");
            if (verdict.equals("worse")) {
                String metric = metricOf(score.objective() == null ? "objective" : score.objective());
                regressions.putIfAbsent(name + "|" + label + "|" + metric, regression(name, label, sc.regime(), metric,
                        sc.change(), sc.ciLow(), sc.ciHigh()));
            }
            for (Evidence.Regression w : sc.worse() == null ? List.<Evidence.Regression>of() : sc.worse()) {
                regressions.putIfAbsent(name + "|" + label + "|" + w.metric(), regression(name, label, sc.regime(), w.metric(),
                        w.change(), w.ciLow(), w.ciHigh()));
            }
        }
        List<String> failed = new ArrayList<>();
        if (eval.constraints() != null) {
            eval.constraints().forEach((k, v) -> {
                if (Boolean.FALSE.equals(v)) {
                    failed.add(k);
                }
            });
        }
        if (!failed.isEmpty()) {
            regressions.put(name + "|constraints", name + ": constraint(s) violated: " + String.join(", ", failed));
        }
    }

    private static void upstream(StringBuilder sb, UpstreamComparison u, String objective, Problem problem) {
        if (u == null) {
            return;
        }
        sb.append("\n### Against the upstream policy\n\n");
        String policy = u.policy();
        if (u.samePolicy()) {
            sb.append("This candidate is the upstream `").append(policy).append("` policy itself; it adds nothing the router lacks.\n");
        } else if (u.change() == null) {
            sb.append("The comparison with `").append(policy).append("` failed: ").append(u.failure()).append(".\n");
        } else {
            sb.append("Change of the objective versus `").append(policy).append("` (what ").append(problem.upstreamShipped()).append(") on the ")
                    .append(u.split()).append(" split: **").append(pct(u.change())).append("** [")
                    .append(pct(u.ciLow())).append(", ").append(pct(u.ciHigh())).append("], ")
                    .append(u.verdict()).append(Change.of(u).sanity()).append(".\n");
            if (u.scenarios() != null && !u.scenarios().isEmpty()) {
                sb.append("\nEach arm's ").append(valueWords(objective))
                        .append(" per scenario (nominal deployment, mean over the split's seeds):\n");
                sb.append("\n| scenario | ").append(policy).append(" | this candidate | change |\n|---|---:|---:|---:|\n");
                for (UpstreamComparison.ScenarioValues sc : u.scenarios()) {
                    sb.append("| ").append(sc.scenario()).append(" | ").append(value(sc.upstream())).append(" | ")
                            .append(value(sc.candidate())).append(" | ").append(pct(sc.change())).append(" |\n");
                }
            }
        }
    }

    /** What a row's two values are: the objective's own per-scenario measure, or critical TTFT p99. */
    private static String valueWords(String objective) {
        String column;
        try {
            column = Objectives.byName(objective).scenarioColumn();
        } catch (IllegalArgumentException e) {
            column = null;
        }
        if (column != null) {
            return column;
        }
        String metric = metricOf("pd-ttft".equals(objective) ? "critical-ttft" : objective);
        return metric.endsWith("_p99") ? metricLabel(metric) + " (ms)" : "`" + objective + "`";
    }

    /** A value with three significant figures at least, so a price of 0.42 GPU-seconds does not read 0.4. */
    private static String value(Double v) {
        if (v == null || v.isNaN()) {
            return "n/a";
        }
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%,.0f", v)
                : new BigDecimal(v).round(new MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /** One regression line: split, scenario, regime, metric in words, change and interval. */
    static String regression(String split, String scenario, String regime, String metric, double change, double low, double high) {
        return split + ": " + scenario + " (" + regime + ") " + metricLabel(metric) + " " + pct(change) + " [" + pct(low) + ", " + pct(high) + "]";
    }

    /** The standard metric an objective is, so that one regression is listed once; other objectives keep their name. */
    private static String metricOf(String objective) {
        return switch (objective) {
            case "critical-ttft", "critical-ttft-shed" -> "critical_ttft_p99";
            case "critical-e2e" -> "critical_e2e_p99";
            default -> objective;
        };
    }

    /** {@code critical_e2e_p99} as "critical E2E p99". */
    static String metricLabel(String metric) {
        return metric.replace("_ttft_", " TTFT ").replace("_e2e_", " E2E ").replace("output_tokens_per_s", "output tokens/s");
    }

    private static String pct(Double v) {
        return Percent.of(v);
    }

    private static String pct(double v) {
        return Percent.of(v);
    }

    private static List<String> risks(Input in) {
        List<String> r = new ArrayList<>();
        Evidence test = in.story().test();
        if (test == null || test.score() == null) {
            r.add("It has not met the untouched test split; only the run's winner does, once.");
        } else if (!"better".equals(test.score().verdict())) {
            r.add("**It did not hold on the untouched test split** (" + pct(test.score().change()) + ", "
                    + test.score().verdict() + "): the improvement is not confirmed on load points and burstiness"
                    + " nobody tuned on. Do not merge it on this evidence.");
        }
        r.addAll(in.problem().deploymentRisks());
        for (PolicyPart part : in.parts()) {
            PlugPointView view = PlugPointViews.of(part.kind());
            r.addAll(view.risks(part, in.parts().size() > 1 ? "Its " + view.half() + " half: " : ""));
        }
        List<String> canaries = in.parts().stream().map(p -> PlugPointViews.of(p.kind()).canary()).distinct().toList();
        r.add("The evidence is simulated (cost profile h100-qwen3-14b, the studies' workloads), not measured on a cluster;"
                + " canary it " + (canaries.size() == 1 ? canaries.get(0) : FLOW_CONTROL_CANARY) + " before relying on it.");
        r.add("It is an Alpha plugin: the EPP must run with --allow-experimental-plugins.");
        return r;
    }

    /** "what the router runs today", or, for a policy that runs beside the router, what its owner runs. */
    private static String runsToday(Problem problem) {
        String owner = problem.upstreamOwner();
        return "what " + (owner.endsWith("'s") ? owner.substring(0, owner.length() - 2) : owner) + " runs today";
    }
}
