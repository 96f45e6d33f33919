package io.nous.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.discover.Problems;
import io.nous.export.Change;
import io.nous.export.Percent;
import io.nous.store.RunHistory;
import io.nous.store.RunStore;
import io.nous.store.Savings;
import io.nous.store.journal.CandidateRecord;
import io.nous.store.journal.DiscoveryConfig;
import io.nous.store.journal.Duplicate;
import io.nous.store.journal.Evidence;
import io.nous.store.journal.Hypothesis;
import io.nous.store.journal.IterationDone;
import io.nous.store.journal.JournalEntry;
import io.nous.store.journal.LlmUsage;
import io.nous.store.journal.NoveltyAudit;
import io.nous.store.journal.PredictionVerdict;
import io.nous.store.journal.Principle;
import io.nous.store.journal.Promotion;
import io.nous.store.journal.ProposalFailure;
import io.nous.store.journal.Rejection;
import io.nous.store.journal.RunFinished;
import io.nous.store.journal.RunStopped;
import io.nous.store.journal.RunSummary;
import io.nous.store.journal.UpstreamComparison;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code nous runs show} prints about one run: a one-screen summary (winner, score with its
 * interval, the test split, how it stopped, counts, cost, what to do next), then the story of each
 * proposal in plain sentences, or all of it as one JSON document for tools.
 */
final class RunView {
    private final RunHistory history;
    private final RunSummary summary;
    private final String flag;

    RunView(RunHistory history) {
        this.history = history;
        this.summary = history.summary().orElse(null);
        this.flag = new RunStore(history.run().dir().getParent()).runsDirFlag();
    }

    void printSummary(PrintWriter out) {
        DiscoveryConfig c = history.config();
        String id = history.id();
        out.printf(Locale.ROOT, "run       %s%n", id);
        out.printf(Locale.ROOT, "settings  %sobjective %s, proposer %s, seed %d, budget %d, matrix %s%s (%d seeds x %s s%s%s)%s%n",
                c.problem().equals(DiscoveryConfig.FLOW_CONTROL) ? "" : "problem " + c.problem() + ", ", c.objective(), c.proposer(),
                c.seed(), c.budget(), c.matrix(), c.matrixRevision() > 0 ? " r" + c.matrixRevision() : "", c.seeds(), num(c.durationSeconds()),
                c.headToHeadSeeds() > 0 ? "; " + c.headToHeadSeeds() + " seeds head to head" : "",
                c.seedsUpTo() > 0 ? "; decisive comparisons add seeds up to " + c.seedsUpTo() : "",
                c.prefer() == null ? "" : "; prefer " + c.prefer());
        printRegimes(out, c);
        if (summary == null) {
            out.println("status    unfinished: interrupted, or still running");
            out.println("          resume it with: nous discover --resume " + id + flag);
        } else {
            RunStopped stopped = summary.stopped();
            out.println("status    finished" + (stopped == null ? "" : "; " + stopped.detail()));
        }
        Counts n = counts();
        out.printf(Locale.ROOT, "counts    %d proposals, %d candidates evaluated, %d duplicates, %d rejected before simulation, "
                + "%d promotions accepted of %d tried%n", n.proposals, n.candidates, n.duplicates, n.rejected, n.accepted, n.promotions);
        printSavings(out, history.savings(), c.noveltyTolerance());
        String seeds = history.sequentialSpend().line();
        if (seeds != null) {
            out.println("seeds     " + seeds);
        }
        String audit = noveltyAudit(history);
        if (audit != null) {
            out.println("novelty   " + audit);
        }
        String took = took();
        LlmUsage llm = summary == null ? null : summary.llm();
        StringBuilder cost = new StringBuilder(took == null ? "unknown time" : took + " (from the journal's timestamps)");
        if (llm != null) {
            cost.append(String.format(Locale.ROOT, "; LLM %s: %d exchanges, %d input + %d output tokens", llm.model(), llm.exchanges(),
                    llm.inputTokens(), llm.outputTokens()));
            if (llm.estimatedCostUsd() != null) {
                cost.append(", about $").append(llm.estimatedCostUsd().toPlainString());
            }
        }
        out.println("cost      " + cost);
        printModels(out);
        new FrontView(history).print(out);
        RunSummary.Best best = summary == null ? null : summary.best();
        if (summary != null && best == null) {
            out.println("winner    none: no candidate was promoted over the baseline");
            if (summary.bar() != null) {
                summary.bar().forEach(u -> out.println("upstream  " + Summaries.baselineVsUpstream(u, Problems.byId(history.problem()).upstreamShipped())));
            }
        } else if (best != null) {
            out.printf(Locale.ROOT, "winner    %s: %s %s on search%n", best.candidateId(), best.objective(), Summaries.change(best.search()));
            RunSummary.Result test = best.test();
            if (test == null) {
                out.println("test      not evaluated");
            } else {
                out.println("test      " + Summaries.change(test) + (Boolean.TRUE.equals(test.held()) ? " (held)"
                        : " (did NOT hold: treat the winner as unconfirmed)"));
            }
            best.upstreams().forEach(u -> out.println("upstream  " + Summaries.upstream(u, Problems.byId(history.problem()).upstreamShipped())));
            List<String> principles = summary.principles() == null ? List.of() : summary.principles();
            if (!principles.isEmpty()) {
                out.println("learned   " + principles.get(0) + (principles.size() > 1 ? " (+" + (principles.size() - 1) + " more below)" : ""));
            }
            int plugins = Problems.byId(history.problem()).kinds().size();
            out.println("next      nous review " + id + flag + " --out review.md");
            out.println("  " + Summaries.exportHint(id, flag, best, Problems.byId(history.problem()).kinds()) + (plugins > 1 ? "   (" + plugins + " plugins and one config)" : ""));
            out.println("          nous report " + id + flag + " --out report.html");
        }
        if (summary != null) {
            String recommendation = Summaries.recommendation(summary, history.problem());
            if (recommendation != null) {
                out.println("recommend " + recommendation.substring("recommendation: ".length()));
            }
        }
    }

    void printStory(PrintWriter out) {
        printStory(out, true);
    }

    /**
     * The story. Unless {@code all}, a proposal that changed nothing (a duplicate, a rejection, or an
     * evaluation that was not tried for promotion and taught no principle) is folded with its
     * neighbours into one line of counts, so a long run reads as its seeds, promotions and principles.
     */
    void printStory(PrintWriter out, boolean all) {
        out.println();
        out.println("story");
        if (history.tornTail()) {
            out.println("(the journal ends with a torn line from an interrupted write; it is ignored)");
        }
        StringWriter segment = new StringWriter();
        PrintWriter seg = new PrintWriter(segment);
        Fold fold = new Fold();
        for (RunHistory.Line l : history.lines()) {
            JournalEntry e = l.entry();
            boolean starts = e instanceof Hypothesis h && h.attempt() == 0
                    || e instanceof CandidateRecord c && "seed".equals(c.operator())
                    || e instanceof RunStopped;
            if (starts) {
                seg.flush();
                fold.flush(out, segment, all, false);
            }
            fold.note(l);
            printRecord(seg, l);
        }
        seg.flush();
        fold.flush(out, segment, all, true);
    }

    /** The proposals folded so far and the one being read: whether it is worth printing, and what it holds. */
    private static final class Fold {
        private boolean notable;
        private boolean proposal;
        private final int[] segment = new int[3]; // duplicates, rejected, evaluated
        private final int[] folded = new int[4]; // proposals, duplicates, rejected, evaluated

        void note(RunHistory.Line l) {
            JournalEntry e = l.entry();
            if (e instanceof Hypothesis) {
                proposal = true;
            } else if (e instanceof Promotion || e instanceof Principle || Evidence.TEST_EVALUATION.equals(l.type())
                    || e instanceof UpstreamComparison || e instanceof RunStopped || e instanceof RunFinished) {
                notable = true;
            } else if (e instanceof CandidateRecord c) {
                notable |= "seed".equals(c.operator());
                segment[2]++;
            } else if (e instanceof Duplicate) {
                segment[0]++;
            } else if (e instanceof Rejection) {
                segment[1]++;
            }
        }

        /** Prints the segment read so far, or folds it when it is a proposal that changed nothing. */
        void flush(PrintWriter out, StringWriter text, boolean all, boolean last) {
            boolean fold = proposal && !notable && !all;
            if (fold) {
                folded[0]++;
                for (int i = 0; i < 3; i++) {
                    folded[i + 1] += segment[i];
                }
            }
            if (folded[0] > 0 && (!fold || last)) {
                out.printf(Locale.ROOT, "%n  ... %d proposal%s folded: %d duplicates, %d rejected before simulation, %d evaluated, none "
                        + "promoted or taught a principle (--all shows them)%n", folded[0], folded[0] == 1 ? "" : "s", folded[1], folded[2], folded[3]);
                Arrays.fill(folded, 0);
            }
            if (!fold) {
                out.print(text);
            }
            text.getBuffer().setLength(0);
            Arrays.fill(segment, 0);
            notable = false;
            proposal = false;
        }
    }

    private static void printRecord(PrintWriter out, RunHistory.Line l) {
        JournalEntry e = l.entry();
        if (e instanceof Hypothesis h) {
            out.printf(Locale.ROOT, "%n#%d %s%s: %s%n", h.iteration(), h.operator(), parents(h.parents()), h.statement());
            out.println("    because " + h.mechanism());
            if (h.predictions() != null) {
                h.predictions().forEach(p -> out.printf(Locale.ROOT, "    predicts %s: %s (%s)%n", p.regime(), p.direction(),
                        Percent.of(p.magnitude())));
            }
        } else if (e instanceof Rejection r) {
            out.println("    rejected before simulation: " + (r.problems() == null || r.problems().isEmpty() ? "" : r.problems().get(0)));
        } else if (e instanceof Duplicate d) {
            out.println("    duplicate of " + d.of() + (!d.byBehaviour() ? ""
                    : d.distance() == null ? " by behaviour (written differently, same answers on the probe grid)"
                    : String.format(Locale.ROOT, " by behaviour (every probed decision within %.3f of it)", d.distance()))
                    + ": not simulated");
        } else if (e instanceof NoveltyAudit a) {
            out.printf(Locale.ROOT, "    novelty audit: evaluated anyway, %s (%s %s)%s%n", Percent.of(a.fullChange()), a.of(),
                    Percent.of(a.ofChange()), a.wouldHaveBeenPromoted() ? "; it WOULD have been promoted" : "; it would not have been promoted");
        } else if (e instanceof CandidateRecord c) {
            String op = c.operator();
            String arm = op.contains(":") ? ", " + op.substring(op.indexOf(':') + 1) + " arm" : "";
            if (op.equals("seed")) {
                out.printf(Locale.ROOT, "%nseed %s: a built-in policy, observed before any proposal%n", c.id());
            } else {
                out.printf(Locale.ROOT, "    candidate %s%s%n", c.id(), arm);
            }
        } else if (e instanceof Evidence ev) {
            if (Evidence.TEST_EVALUATION.equals(l.type())) {
                out.println("the winner on the untouched test split: " + evidence(ev));
            } else {
                out.println("    evidence (" + ev.split() + "): " + evidence(ev));
            }
        } else if (e instanceof PredictionVerdict v) {
            v.predictions().forEach(p -> out.printf(Locale.ROOT, "    %s prediction: %s%s%n", p.regime(), p.outcome(),
                    p.observed() != null ? " (observed " + Percent.of(p.observed()) + ")" : ""));
        } else if (e instanceof Promotion p) {
            out.printf(Locale.ROOT, "    promotion of %s over %s: %s (%s)%n", p.candidate(), p.over(), p.accepted() ? "ACCEPTED" : "declined",
                    p.reason());
        } else if (e instanceof Principle p) {
            out.printf(Locale.ROOT, "    principle learned: %s (evidence %s)%n", p.principle(), p.evidence());
        } else if (e instanceof ProposalFailure f) {
            out.println("    no proposal: " + f.reason());
        } else if (e instanceof RunStopped s) {
            out.println("\nstopped: " + s.detail());
        } else if (e instanceof UpstreamComparison u) {
            out.println(Summaries.upstream(u));
        } else if (e instanceof RunFinished f) {
            out.printf(Locale.ROOT, "finished: %d proposals, best %s%n", f.iterations(), f.best() == null ? "none" : f.best());
        }
    }

    /** The config, the summary (null while unfinished) and every journal record, for tools. */
    ObjectNode toJson() {
        return history.toJson();
    }

    private static String parents(List<String> parents) {
        return parents == null || parents.isEmpty() ? "" : " of " + String.join(", ", parents);
    }

    /** An evaluation in one line: change, interval, verdict, and any constraint that failed, in words. */
    private static String evidence(Evidence b) {
        if (b.failure() != null) {
            return "failed: " + b.failure();
        }
        List<String> failed = new ArrayList<>();
        if (b.constraints() != null) {
            for (Map.Entry<String, Object> c : b.constraints().entrySet()) {
                if (Boolean.FALSE.equals(c.getValue())) {
                    failed.add(c.getKey());
                }
            }
        }
        String line = (b.score() == null ? "not evaluated" : Change.of(b.score()).text())
                + (failed.isEmpty() ? ", constraints hold" : ", FAILED " + String.join(", ", failed));
        if (b.racedOut() != null) {
            line += "; raced out: " + b.racedOut();
        } else if (b.promotable()) {
            line += "; promotable";
        }
        return line;
    }

    /**
     * In a run with several models: each one's proposals, the candidates they gave and the best of
     * them, then which model proposed each iteration, in order (the bandit's allocation over time).
     */
    private void printModels(PrintWriter out) {
        Map<Integer, String> modelOf = new java.util.TreeMap<>();
        for (Hypothesis h : history.all(Hypothesis.class)) {
            if (h.model() != null) {
                modelOf.putIfAbsent(h.iteration(), h.model());
            }
        }
        if (modelOf.isEmpty()) {
            return;
        }
        List<String> models = modelOf.values().stream().distinct().toList();
        List<String> parts = new ArrayList<>();
        for (String m : models) {
            long proposals = modelOf.values().stream().filter(m::equals).count();
            List<io.nous.store.CandidateStory> theirs = history.candidates().stream()
                    .filter(c -> m.equals(modelOf.get(c.iteration())) && c.search() != null && c.search().score() != null).toList();
            String best = theirs.stream().map(c -> c.search().score().change()).filter(v -> !Double.isNaN(v))
                    .min(Double::compare).map(Percent::of).map(v -> ", best " + v).orElse("");
            parts.add(String.format(Locale.ROOT, "%s %d proposals (%d candidates%s)", m, proposals, theirs.size(), best));
        }
        out.println("models    " + String.join("; ", parts));
        StringBuilder order = new StringBuilder();
        modelOf.values().forEach(m -> order.append(order.length() == 0 ? "" : " ").append(models.indexOf(m)));
        StringBuilder key = new StringBuilder();
        for (int i = 0; i < models.size(); i++) {
            key.append(i == 0 ? "" : ", ").append(i).append(' ').append(models.get(i));
        }
        out.println("allocation " + order + " (" + key + ")");
    }

    /** How much the novelty filter and racing saved, and what their audits found. */
    /** Each split's scenarios with the regime they stand for (load over capacity where the matrix states it). */
    private static void printRegimes(PrintWriter out, DiscoveryConfig c) {
        io.nous.evaluator.scenario.Matrix m;
        try {
            m = c.loadMatrix();
        } catch (RuntimeException e) {
            out.println("regimes   the run's matrix cannot be read here: " + e.getMessage());
            return;
        }
        for (io.nous.evaluator.scenario.Split split : io.nous.evaluator.scenario.Split.values()) {
            List<String> scenarios = m.entries(split).stream().map(io.nous.evaluator.scenario.MatrixEntry::withRegime).toList();
            if (!scenarios.isEmpty()) {
                out.printf(Locale.ROOT, "split     %s: %s%n", split.id(), String.join(", ", scenarios));
            }
        }
    }

    private static void printSavings(PrintWriter out, Savings s, double tolerance) {
        out.printf(Locale.ROOT, "saved     %d search evaluation%s by novelty (%d same code, %d same behaviour, %d within %s); racing stopped "
                        + "%d of %d evaluations early, skipping %d variant evaluation%s (%.1f full evaluations)%n",
                s.savedByNovelty(), s.savedByNovelty() == 1 ? "" : "s", s.byCode(), s.byBehaviour(), s.withinTolerance(),
                tolerance == 0 ? "a tolerance (off)" : "tolerance " + num(tolerance), s.racedOut(), s.searchEvaluations(),
                s.variantsSkipped(), s.variantsSkipped() == 1 ? "" : "s", s.savedByRacing());
        if (s.noveltyAudited() > 0 || s.racingAudited() > 0) {
            out.printf(Locale.ROOT, "audits    %s%s%n", s.noveltyAudited() == 0 ? "" : String.format(Locale.ROOT,
                            "novelty: %d of %d skipped would have been promoted", s.noveltyWouldPromote(), s.noveltyAudited()),
                    s.racingAudited() == 0 ? "" : String.format(Locale.ROOT, "%sracing: %d of %d raced out would have been promoted",
                            s.noveltyAudited() == 0 ? "" : "; ", s.racingWouldPromote(), s.racingAudited()));
        }
    }

    /**
     * What the novelty audit found, or null when the run took none: of the proposals skipped as
     * behavioural duplicates and evaluated anyway, how many exact twins (same fingerprint) differed
     * from their twin in simulation — none should — and how far the near ones moved.
     */
    static String noveltyAudit(RunHistory history) {
        int exact = 0;
        int exactDiffered = 0;
        int near = 0;
        int promoted = 0;
        double largest = 0;
        for (RunHistory.Line l : history.lines()) {
            if (l.entry() instanceof NoveltyAudit a) {
                if (a.distance() == null) {
                    exact++;
                    // variant by variant where recorded: pooled changes differ when racing ran the two on different variants
                    boolean same = a.sameAsTwin() != null ? a.sameAsTwin() : Double.compare(a.fullChange(), a.ofChange()) == 0;
                    exactDiffered += same ? 0 : 1;
                } else {
                    near++;
                    largest = Math.max(largest, Math.abs(a.fullChange() - a.ofChange()));
                }
                promoted += a.wouldHaveBeenPromoted() ? 1 : 0;
            }
        }
        if (exact + near == 0) {
            return null;
        }
        return String.format(Locale.ROOT, "audit of %d skipped proposals: %d exact twins, %d of them different from their twin in simulation (variant by variant); "
                + "%d near ones, search change up to %.1f points from their twin's; %d would have been promoted", exact + near, exact,
                exactDiffered, near, 100 * largest, promoted);
    }

    private Counts counts() {
        Counts n = new Counts();
        for (RunHistory.Line l : history.lines()) {
            JournalEntry e = l.entry();
            if (e instanceof IterationDone d) {
                n.proposals = Math.max(n.proposals, d.iteration());
            } else if (e instanceof CandidateRecord) {
                n.candidates++;
            } else if (e instanceof Duplicate) {
                n.duplicates++;
            } else if (e instanceof Rejection) {
                n.rejected++;
            } else if (e instanceof Promotion p) {
                n.promotions++;
                n.accepted += p.accepted() ? 1 : 0;
            }
        }
        return n;
    }

    /** Wall time from the first to the last journal record, or null when it cannot be read. */
    private String took() {
        if (history.lines().size() < 2) {
            return null;
        }
        try {
            Duration d = Duration.between(Instant.parse(history.firstTimestamp()), Instant.parse(history.lastTimestamp()));
            long s = d.toSeconds();
            return s >= 3600 ? String.format(Locale.ROOT, "%d h %02d min", s / 3600, s % 3600 / 60)
                    : s >= 60 ? String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60) : s + " s";
        } catch (DateTimeParseException | NullPointerException e) {
            return null;
        }
    }

    private static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

    private static final class Counts {
        int proposals;
        int candidates;
        int duplicates;
        int rejected;
        int promotions;
        int accepted;
    }
}
