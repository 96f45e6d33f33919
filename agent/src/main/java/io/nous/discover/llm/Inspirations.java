package io.nous.discover.llm;

import io.nous.discover.Evaluated;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The archive sample an LLM prompt carries besides the incumbent, as the program-search systems
 * (OpenEvolve, ShinkaEvolve) feed theirs: the best candidate of each of the fittest behaviour cells
 * (so that no two inspirations are the same idea), with {@code --front} the members of the trade-off
 * front that are not already among them (a policy that trades one objective for another is an idea a
 * single score hides), then the most recent failures with what went wrong, each with its measured evidence; sources are included while a token budget lasts (about
 * four characters a token), evidence always.
 */
final class Inspirations {
    /** Cells sampled for their best, and recent failures shown. */
    static final int ELITES = 3;
    static final int FAILURES = 2;
    /** Trade-off front members shown, at most. */
    static final int FRONT = 2;
    /** Tokens the inspirations' sources may take in all. */
    static final int SOURCE_TOKENS = 3_000;

    /** One inspiration: why it was chosen and the candidate. */
    record Pick(String why, Evaluated candidate) {
    }

    private Inspirations() {
    }

    /** The behaviour cell of a candidate: its two axes in tenths (NaN axes share one cell). */
    static String cell(Evaluated e) {
        return bucket(e.onset()) + "/" + bucket(e.dutyAt08());
    }

    private static String bucket(double v) {
        return Double.isNaN(v) ? "-" : String.valueOf(Math.min(9, (int) Math.floor(Math.max(0, v) * 10)));
    }

    /** The picks for a prompt without a trade-off front. */
    static List<Pick> choose(List<Evaluated> archive, Evaluated incumbent) {
        return choose(archive, incumbent, List.of());
    }

    /** The picks for a prompt: elites of distinct cells, best first, front members, then the latest failures; never the incumbent. */
    static List<Pick> choose(List<Evaluated> archive, Evaluated incumbent, List<Evaluated> front) {
        String skip = incumbent == null ? null : incumbent.candidateId();
        String incumbentCell = incumbent == null ? null : cell(incumbent);
        Map<String, Evaluated> bestByCell = new LinkedHashMap<>();
        for (Evaluated e : archive) {
            if (e.candidateId().equals(skip) || e.failure() != null || !e.constraintsHold() || !Double.isFinite(e.fitness())) {
                continue;
            }
            bestByCell.merge(cell(e), e, (a, b) -> b.fitterThan(a) ? b : a);
        }
        List<Pick> out = new ArrayList<>();
        bestByCell.entrySet().stream().filter(c -> !c.getKey().equals(incumbentCell))
                .map(Map.Entry::getValue).sorted(Comparator.comparingDouble(Evaluated::fitness)).limit(ELITES)
                .forEach(e -> out.add(new Pick("the best of behaviour cell " + cell(e), e)));
        front.stream().filter(e -> !e.candidateId().equals(skip) && out.stream().noneMatch(p -> p.candidate() == e)).limit(FRONT)
                .forEach(e -> out.add(new Pick("on the trade-off front: no candidate is better on every objective", e)));
        List<Evaluated> failed = new ArrayList<>();
        for (int i = archive.size() - 1; i >= 0 && failed.size() < FAILURES; i--) {
            Evaluated e = archive.get(i);
            if (!e.candidateId().equals(skip) && (e.failure() != null || !e.constraintsHold())) {
                failed.add(e);
            }
        }
        failed.forEach(e -> out.add(new Pick("a recent failure: " + diagnosis(e), e)));
        return out;
    }

    /** What went wrong with a failed candidate, in a phrase. */
    static String diagnosis(Evaluated e) {
        if (e.failure() != null) {
            return "it failed to run (" + e.failure() + ")";
        }
        if (e.failedConstraint() != null) {
            return "it broke the constraint " + e.failedConstraint();
        }
        return "a sanity check failed";
    }

    /** The section as the prompt shows it, within the source budget. */
    static String render(List<Pick> picks, String header) {
        if (picks.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("\n").append(header);
        int budget = SOURCE_TOKENS * 4;
        for (Pick p : picks) {
            Evaluated e = p.candidate();
            sb.append(String.format(Locale.ROOT, "### %s: %s%n%n", e.candidateId(), p.why()));
            if (e.failure() == null) {
                sb.append(String.format(Locale.ROOT, "Search split: %+.1f%% [%+.1f%%, %+.1f%%] %s%s.%n", 100 * e.change(), 100 * e.ciLow(),
                        100 * e.ciHigh(), e.verdict(), e.racedOut() == null ? "" : " (stopped early: " + e.racedOut() + ")"));
                e.changeByRegime().forEach((regime, v) -> sb.append(String.format(Locale.ROOT, "- %s: %+.1f%%%n",
                        regime.equals("under") ? "under capacity" : "near or over capacity", 100 * v)));
                e.also().forEach((objective, v) -> sb.append(relative(objective)
                        ? String.format(Locale.ROOT, "- %s: %+.1f%% [%+.1f%%, %+.1f%%]%n", objective, 100 * v[0], 100 * v[1], 100 * v[2])
                        : String.format(Locale.ROOT, "- %s: %+.2f [%+.2f, %+.2f] points%n", objective, v[0], v[1], v[2])));
            }
            if (e.source().length() <= budget) {
                budget -= e.source().length();
                sb.append("\n```java\n").append(e.source()).append("\n```\n\n");
            } else {
                sb.append("\n(source left out: the prompt's budget for inspirations is spent)\n\n");
            }
        }
        return sb.toString();
    }

    /** Whether an objective is a relative change (shown as a percentage) rather than an absolute quantity. */
    private static boolean relative(String objective) {
        return io.nous.evaluator.objective.Objectives.byName(objective).aggregation()
                == io.nous.evaluator.objective.Objective.Aggregation.GEOMETRIC_RELATIVE;
    }
}
