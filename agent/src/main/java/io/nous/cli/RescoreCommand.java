package io.nous.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.discover.Problem;
import io.nous.discover.Problems;
import io.nous.evaluator.Evaluation;
import io.nous.evaluator.Racing;
import io.nous.evaluator.Score;
import io.nous.evaluator.objective.Direction;
import io.nous.evaluator.objective.Objective;
import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.PromotionRule;
import io.nous.evaluator.scenario.Split;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.stats.Verdict;
import io.nous.export.Change;
import io.nous.report.JsonReport;
import io.nous.sandbox.Sandbox;
import io.nous.store.CandidateStory;
import io.nous.store.Journal;
import io.nous.store.PlainJson;
import io.nous.store.RunHistory;
import io.nous.store.RunStore;
import io.nous.store.journal.DiscoveryConfig;
import io.nous.store.journal.Evidence;
import io.nous.store.journal.Promotion;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code nous rescore RUN-ID}: the simulator keeps improving, and a run measured before a change no
 * longer replays bit for bit. This re-measures the run's promoted candidates and its best others on
 * today's simulator and the run's matrix as it reads today (same objective, seeds, duration, splits
 * and replicates), each split its journal has evidence for, and lists the verdicts and the search
 * ranking that changed. The run directory is only read.
 */
@Command(name = "rescore", mixinStandardHelpOptions = true,
        description = "Re-measure a past run's promoted and top candidates on today's simulator and list the verdicts and rankings that changed.")
public final class RescoreCommand implements Callable<Integer> {
    @Parameters(paramLabel = "RUN-ID")
    String id;

    @Option(names = "--top", defaultValue = "5", paramLabel = "N",
            description = "Also re-measure the N best candidates on the search split, promoted or not (default: ${DEFAULT-VALUE}).")
    int top;

    @Option(names = "--threads", paramLabel = "N", description = "Parallel simulations (default: the number of cores).")
    Integer threads;

    @Option(names = "--json", description = "Print every comparison as one JSON document.")
    boolean json;

    @Option(names = "--runs-dir", defaultValue = "runs", paramLabel = "DIR", description = "Where runs are kept (default: ${DEFAULT-VALUE}).")
    Path runsDir;

    @Spec
    CommandSpec spec;

    /** One journaled evaluation next to the same evaluation on today's simulator. */
    record Rescored(String candidate, String split, Evidence journaled, Evidence today) {
        boolean verdictChanged() {
            return !verdict(journaled).equals(verdict(today)) || journaled.promotable() != today.promotable();
        }

        static String verdict(Evidence e) {
            return e.failure() != null ? "failed" : e.score() == null || e.score().verdict() == null ? "n/a" : e.score().verdict();
        }
    }

    @Override
    public Integer call() {
        if (top < 0) {
            throw new UserError("--top must be 0 or more");
        }
        int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (n < 1) {
            throw new UserError("--threads must be at least 1");
        }
        RunHistory history = RunHistory.read(new RunStore(runsDir).open(id));
        if (history.tampered() != null) {
            throw new UserError(history.tampered() + "; rescore compares with what the run measured, so it refuses an edited journal");
        }
        DiscoveryConfig config = history.config();
        Direction direction = Objectives.byName(config.objective()).direction();
        List<CandidateStory> chosen = chosen(history, direction, top);
        PrintWriter out = spec.commandLine().getOut();
        if (!json) {
            out.printf(Locale.ROOT, "rescoring %d candidates of run %s (%s, matrix %s, %d seeds x %s s) on this simulator%n", chosen.size(),
                    history.id(), config.objective(), config.matrix(), config.seeds(), seconds(config.durationSeconds()));
            out.flush();
        }
        List<Rescored> rescored = rescore(history, chosen, n);
        if (json) {
            out.println(JsonReport.write(toJson(history, rescored, direction)));
        } else {
            print(out, rescored, direction);
        }
        out.flush();
        return 0;
    }

    /** The promoted candidates in order, then the best others on the search split, each once. */
    static List<CandidateStory> chosen(RunHistory history, Direction direction, int top) {
        Set<String> ids = new LinkedHashSet<>(history.promoted());
        history.candidates().stream().filter(c -> c.search() != null && c.search().score() != null && c.search().failure() == null)
                .sorted(Comparator.comparingDouble(c -> loss(c.search(), direction))).limit(top).forEach(c -> ids.add(c.id()));
        List<CandidateStory> out = new ArrayList<>();
        ids.forEach(i -> history.candidate(i).ifPresent(out::add));
        return out;
    }

    private static List<Rescored> rescore(RunHistory history, List<CandidateStory> chosen, int threads) {
        DiscoveryConfig config = history.config();
        Problem problem = Problems.byId(config.problem());
        // Today's simulator, prefix caching included, even for a run made before Nous simulated it.
        Matrix matrix = config.loadMatrix().withPrefixCaching(true);
        if (config.promoteWhen() != null) {
            matrix = matrix.withPromotion(PromotionRule.parse(config.promoteWhen()));
        }
        List<Rescored> out = new ArrayList<>();
        Objective objective = Objectives.byName(config.objective());
        try (Sandbox here = Sandbox.inProcess(); PairedRunner runner = new PairedRunner(problem.baseline(), threads)) {
            Evaluation evaluation = new Evaluation(runner, objective, new PairedBootstrap(config.replicates(), 0.95));
            for (CandidateStory c : chosen) {
                String source = RunCandidate.verifiedSource(history, c.id());
                PolicyUnderTest candidate = problem.candidate(here, c.id(), problem.compile(source));
                for (Evidence journaled : journaledEvidence(c)) {
                    Split split = Split.byId(journaled.split());
                    // each split raced as the run raced it, so that a candidate raced out then is measured on the same scenarios now
                    Racing racing = split == Split.SEARCH ? racingFor(history, c.id(), objective)
                            : split == Split.VALIDATION ? Racing.HOPELESS : Racing.NONE;
                    Evidence today = Evidence.of(c.id(), evaluation.evaluate(candidate, matrix, split, racing), orNaN(journaled.onset()),
                            orNaN(journaled.dutyAt08()));
                    out.add(new Rescored(c.id(), split.id(), journaled, today));
                }
            }
        }
        return out;
    }

    /**
     * The racing a run used for a candidate's search evaluation, as the loop chose it then: none when
     * the run did not race; until the first promotion, only stopping a hopeless candidate; after it,
     * also against the incumbent of that moment, whose journaled scores per variant it is compared with.
     */
    static Racing racingFor(RunHistory history, String id, Objective objective) {
        if (!history.config().racing()) {
            return Racing.NONE;
        }
        String incumbent = null;
        for (RunHistory.Line l : history.lines()) {
            if (l.entry() instanceof Evidence e && Evidence.EVALUATION.equals(l.type()) && id.equals(e.candidate())) {
                break;
            }
            if (l.entry() instanceof Promotion p && p.accepted()) {
                incumbent = p.candidate();
            }
        }
        Evidence inc = incumbent == null ? null : history.candidate(incumbent).map(CandidateStory::search).orElse(null);
        if (inc == null || inc.variants() == null || inc.variants().isEmpty()) {
            return Racing.HOPELESS;
        }
        Map<String, Score> scores = new LinkedHashMap<>();
        for (Evidence.VariantEvidence v : inc.variants()) {
            scores.put(v.variant(), new Score(objective.name(), orNaN(v.change()), orNaN(v.ciLow()), orNaN(v.ciHigh()), Verdict.NO_DIFFERENCE, 0));
        }
        return Racing.againstIncumbent(scores, objective.lowerIsBetter());
    }

    /** What the journal measured of a candidate against the baseline: search, validation when it was tried, test when it won. */
    private static List<Evidence> journaledEvidence(CandidateStory c) {
        List<Evidence> out = new ArrayList<>();
        for (Evidence e : new Evidence[] {c.search(), c.validation(), c.test()}) {
            if (e != null) {
                out.add(e);
            }
        }
        return out;
    }

    private static void print(PrintWriter out, List<Rescored> rescored, Direction direction) {
        out.printf(Locale.ROOT, "%n%-8s %-10s %-44s %-44s%n", "cand.", "split", "journaled", "today");
        int changed = 0;
        for (Rescored r : rescored) {
            boolean c = r.verdictChanged();
            changed += c ? 1 : 0;
            out.printf(Locale.ROOT, "%-8s %-10s %-44s %-44s%s%n", r.candidate(), r.split(), line(r.journaled()), line(r.today()),
                    c ? "  CHANGED" : "");
        }
        out.println();
        out.printf(Locale.ROOT, "verdicts changed: %d of %d evaluations%n", changed, rescored.size());
        for (Rescored r : rescored) {
            if (r.verdictChanged()) {
                out.printf(Locale.ROOT, "  %s on %s: %s%s -> %s%s%n", r.candidate(), r.split(), Rescored.verdict(r.journaled()),
                        r.journaled().promotable() ? " (promotable)" : "", Rescored.verdict(r.today()),
                        r.today().promotable() ? " (promotable)" : "");
            }
        }
        List<String> before = ranking(rescored, direction, true);
        List<String> after = ranking(rescored, direction, false);
        out.println("search ranking, journaled: " + String.join(" > ", before));
        out.println("search ranking, today:     " + String.join(" > ", after) + (before.equals(after) ? " (unchanged)" : " (CHANGED)"));
    }

    /** The candidates by their search change, best first under the objective's direction. */
    static List<String> ranking(List<Rescored> rescored, Direction direction, boolean journaled) {
        return rescored.stream().filter(r -> r.split().equals(Split.SEARCH.id()))
                .sorted(Comparator.comparingDouble((Rescored r) -> loss(journaled ? r.journaled() : r.today(), direction))
                        .thenComparing(Rescored::candidate))
                .map(Rescored::candidate).toList();
    }

    private static ObjectNode toJson(RunHistory history, List<Rescored> rescored, Direction direction) {
        ObjectNode o = PlainJson.mapper().createObjectNode();
        o.put("run_id", history.id());
        o.put("objective", history.config().objective());
        ArrayNode rows = o.putArray("evaluations");
        int changed = 0;
        for (Rescored r : rescored) {
            ObjectNode row = rows.addObject();
            row.put("candidate", r.candidate());
            row.put("split", r.split());
            row.put("verdict_changed", r.verdictChanged());
            row.set("journaled", Journal.body(r.journaled()));
            row.set("today", Journal.body(r.today()));
            changed += r.verdictChanged() ? 1 : 0;
        }
        o.put("verdicts_changed", changed);
        ArrayNode before = o.putArray("ranking_journaled");
        ranking(rescored, direction, true).forEach(before::add);
        ArrayNode after = o.putArray("ranking_today");
        ranking(rescored, direction, false).forEach(after::add);
        return o;
    }

    private static String line(Evidence e) {
        if (e.failure() != null) {
            return "failed";
        }
        return (e.score() == null ? "n/a" : Change.of(e.score()).text()) + (e.promotable() ? " *" : "");
    }

    private static double loss(Evidence e, Direction direction) {
        double c = e.score() == null || e.failure() != null ? Double.NaN : e.score().change();
        return Double.isNaN(c) ? Double.POSITIVE_INFINITY : direction.loss(c);
    }

    private static double orNaN(Double v) {
        return v == null ? Double.NaN : v;
    }

    private static String seconds(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
