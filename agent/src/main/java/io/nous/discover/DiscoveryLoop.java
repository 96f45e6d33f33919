package io.nous.discover;

import io.nous.codegen.Candidates;
import io.nous.evaluator.Evaluation;
import io.nous.evaluator.Racing;
import io.nous.evaluator.Score;
import io.nous.evaluator.objective.Objective;
import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixCatalog;
import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.PromotionRule;
import io.nous.evaluator.scenario.Split;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.stats.Verdict;
import io.nous.export.Percent;
import io.nous.export.Provenance;
import io.nous.sandbox.Sandbox;
import io.nous.sim.workload.RequestClass;
import io.nous.store.JournalContents;
import io.nous.store.JournalDivergence;
import io.nous.store.JournalFollower;
import io.nous.store.Run;
import io.nous.store.journal.Arm;
import io.nous.store.journal.CandidateRecord;
import io.nous.store.journal.DiscoveryConfig;
import io.nous.store.journal.Duplicate;
import io.nous.store.journal.Evidence;
import io.nous.store.journal.FrontEvaluation;
import io.nous.store.journal.IterationDone;
import io.nous.store.journal.JournalEntry;
import io.nous.store.journal.JournalSchema;
import io.nous.store.journal.NoveltyAudit;
import io.nous.store.journal.Prediction;
import io.nous.store.journal.PredictionVerdict;
import io.nous.store.journal.Promotion;
import io.nous.store.journal.ProposalFailure;
import io.nous.store.journal.RacingAudit;
import io.nous.store.journal.Rejection;
import io.nous.store.journal.RunFinished;
import io.nous.store.journal.RunStopped;
import io.nous.store.journal.RunSummary;
import io.nous.store.journal.UpstreamComparison;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.apache.commons.math3.random.Well19937c;

/**
 * The discovery loop (docs/discovery.md): observe the seed policies, then repeatedly ask the proposer for a
 * hypothesis bundle, verify and compile it, skip duplicates by canonical hash, evaluate it against
 * the baseline on the search split, classify its predictions, record everything, distil principles,
 * and promote it only if it beats the incumbent on the search split with confidence and is
 * confirmed on the validation split. At the end the incumbent meets the test split once.
 *
 * <p>The loop only orchestrates; each step is a collaborator: the {@link Proposer} proposes,
 * {@link Candidates} verifies and compiles, the canonical hash dedupes, an {@link Evaluation}
 * evaluates, {@link PredictionJudge} judges predictions, {@link JournalFollower} records (the typed
 * records of {@code io.nous.store.journal}), {@link PrincipleDistiller} distils and {@link Promoter}
 * promotes. It decides only from what it journals, so a resumed run (which reuses journaled
 * records) and an uninterrupted one make the same decisions.
 */
public final class DiscoveryLoop {
    private final Problem problem;
    /** Repair attempts after a proposal is rejected by verification or compilation. */
    static final int MAX_REPAIRS = 2;

    /** Progress notifications for a console. */
    public interface Listener {
        void event(int iteration, int budget, String what, Evaluated incumbent);
    }

    private final DiscoveryConfig config;
    private final Run run;
    private final Proposer proposer;
    private final Listener listener;
    private final boolean replay;
    private final Sandbox sandbox;

    private final List<Evaluated> evaluated = new ArrayList<>();
    private final Map<String, String> idByHash = new HashMap<>();
    /** Evaluated candidates by behaviour fingerprint: a proposal answering the probe grid as one of them did is not simulated again. */
    private final Map<String, String> idByFingerprint = new HashMap<>();
    /** Evaluated candidates' behaviour signatures, in order, for the novelty filter's tolerance. */
    private final Novelty novelty;
    /** The priority arrays the matrix's workloads pass a usage-limit policy, for the fingerprint. */
    private List<int[]> probePriorities;
    private final PrincipleDistiller distiller;
    private Promoter promoter;
    /** What happened to recent proposals (search split only), for proposers that read history. */
    private final List<String> history = new ArrayList<>();
    private Evaluated incumbent;
    /** The run's objective and its front's ({@code --front}); empty without a front. */
    private List<String> frontObjectives = List.of();
    /** Evaluated candidates that can be placed on the trade-off front, by id, in evaluation order. */
    private final Map<String, TradeOffFront.Point> placed = new LinkedHashMap<>();
    /** The stated preference among trade-offs ({@code --prefer}), or null. */
    private Preference prefer;
    /** At most this many search-front members are placed against the upstream policy on validation and test at the end. */
    static final int FRONT_CONFIRMED = 12;
    private int candidates;
    private int duplicates;
    private int rejected;
    private int iterations;
    /** Why the proposer ended the run early, if it did. */
    private ProposalUnavailable stopped;
    /** Why the run stopped proposing; set once the loop ends. */
    private StopReason stop;

    /**
     * @param replay re-derive every evaluation instead of reusing journaled ones (for replay --verify);
     *               the journal must already hold the whole run and is never written
     */
    public DiscoveryLoop(DiscoveryConfig config, Run run, Proposer proposer, Listener listener, boolean replay) {
        this(config, run, proposer, listener, replay, Sandbox.inProcess());
    }

    /** @param sandbox where candidate code runs (worker JVMs by default in the CLI) */
    public DiscoveryLoop(DiscoveryConfig config, Run run, Proposer proposer, Listener listener, boolean replay, Sandbox sandbox) {
        this.problem = Problems.byId(config.problem());
        this.distiller = new PrincipleDistiller(config.principles(), problem);
        this.sandbox = sandbox;
        this.config = config;
        this.run = run;
        this.proposer = proposer;
        this.listener = listener;
        this.replay = replay;
        this.novelty = new Novelty(config.noveltyTolerance());
    }

    public RunSummary run() {
        Objective objective = Objectives.byName(config.objective());
        Matrix matrix = config.loadMatrix();
        if (config.promoteWhen() != null) {
            matrix = matrix.withPromotion(PromotionRule.parse(config.promoteWhen()));
        }
        PairedBootstrap stats = new PairedBootstrap(config.replicates(), 0.95);
        JournalContents existing = Files.exists(run.journalFile()) ? run.journal() : new JournalContents(List.of(), false, 0);
        long start = System.nanoTime();
        try (var journal = replay ? null : run.openJournal();
             PairedRunner baseRunner = sandbox.runner(problem.baseline(), config.threads())) {
            JournalFollower jf = new JournalFollower(journal, existing.records(), replay);
            frontObjectives = config.tradeOffObjectives();
            List<Objective> front = frontObjectives.stream().skip(1).map(Objectives::byName).toList();
            Evaluation vsBaseline = new Evaluation(baseRunner, objective, stats, front);
            prefer = config.prefer() == null ? null : Preference.parse(config.prefer(), frontObjectives);
            promoter = new Promoter(problem, sandbox, config.threads(), objective, stats, matrix, this::put, front, prefer,
                    config.headToHeadSeeds(), config.seedsUpTo());
            jf.record(config);
            List<String> seedProblems = new ArrayList<>();
            for (String ref : config.seedPolicies()) {
                List<String> problems = consider(jf, vsBaseline, objective, matrix, 0, problem.seedSource(ref), "seed", List.of(), List.of(),
                        "the built-in " + ref + " policy, observed before any proposal", problem.seedDescription(ref));
                if (!problems.isEmpty()) {
                    seedProblems.add(ref + ": " + problems.get(0));
                }
            }
            if (evaluated.isEmpty()) {
                // the search breeds from evaluated candidates: with none there is nothing to vary
                throw new DiscoveryException("no seed policy could be evaluated, so there is nothing to search from ("
                        + String.join("; ", seedProblems) + ")");
            }
            for (int it = 1; it <= config.budget(); it++) {
                Optional<RunStopped> stoppedBefore = jf.peek(RunStopped.TYPE, RunStopped.class);
                if (stoppedBefore.isPresent()) {
                    stop = StopReason.of(stoppedBefore.get());
                    break;
                }
                if (jf.stoppedHere()) {
                    break; // a journal from before stop reasons were recorded
                }
                if (!jf.following() && config.timeLimitSeconds() > 0 && (System.nanoTime() - start) / 1e9 > config.timeLimitSeconds()) {
                    stop = StopReason.timeLimit(config.timeLimitSeconds(), it - 1, config.budget());
                    break;
                }
                if (!Double.isNaN(config.target()) && incumbent != null
                        && objective.direction().reached(incumbent.change(), config.target()) && !jf.following()) {
                    stop = StopReason.target(config.target(), incumbent.candidateId(), incumbent.change(), objective.direction());
                    break;
                }
                proposeAndTry(jf, vsBaseline, objective, matrix, it);
                if (stopped != null) {
                    stop = StopReason.proposer(stopped);
                    break;
                }
                iterations = it;
                jf.record(new IterationDone(it, incumbent == null ? null : incumbent.candidateId()));
                listener.event(it, config.budget(), "iteration", incumbent);
            }
            Optional<RunStopped> stoppedRecord = jf.peek(RunStopped.TYPE, RunStopped.class);
            if (stoppedRecord.isPresent()) {
                stop = StopReason.of(stoppedRecord.get());
            } else if (stop == null && !jf.stoppedHere()) {
                stop = StopReason.budget(config.budget());
            }
            if (stop != null) {
                jf.record(stop.record(iterations));
            }
            Evidence test = null;
            UpstreamComparison upstream = null;
            List<UpstreamComparison> upstreams = List.of();
            boolean everyUpstream = config.schema() >= JournalSchema.EVERY_UPSTREAM;
            if (incumbent != null) {
                Optional<Evidence> prev = replay ? Optional.empty() : jf.peek(Evidence.TEST_EVALUATION, Evidence.class);
                test = prev.isPresent() ? prev.get()
                        : Evidence.of(incumbent.candidateId(), vsBaseline.evaluate(put(incumbent), matrix, Split.TEST, Racing.NONE,
                                promoter.plan(matrix, Split.TEST)), Double.NaN, Double.NaN);
                jf.record(test);
                // runs before schema 3 met the first upstream policy only
                upstreams = meet(jf, everyUpstream ? problem.upstreams() : problem.upstreams().subList(0, 1),
                        u -> promoter.upstream(incumbent, hashOf(incumbent), u));
                upstream = UpstreamComparison.strongest(upstreams, objective.lowerIsBetter());
            }
            // nothing won: which upstream policy to keep is measured too, the baseline against each on test
            List<UpstreamComparison> baselineVsUpstream = incumbent == null && everyUpstream
                    ? meet(jf, problem.upstreams(), promoter::baselineAgainst) : List.of();
            if (!frontObjectives.isEmpty()) {
                placeFront(jf, vsBaseline);
            }
            jf.record(new RunFinished(iterations, candidates, duplicates, rejected, incumbent == null ? null : incumbent.candidateId()));
            RunSummary summary = summary(test, upstream, upstreams).withBar(baselineVsUpstream);
            if (!replay) {
                run.writeSummary(summary);
            } else {
                // what runs show, list and report print: it must still be what the run concluded
                run.verifySummary(summary);
            }
            return summary;
        } finally {
            if (promoter != null) {
                promoter.close();
            }
        }
    }

    /**
     * One iteration: a proposal, its candidate and arms tried; a rejected candidate goes back to the
     * proposer with its problems, up to {@link #MAX_REPAIRS} times.
     */
    private void proposeAndTry(JournalFollower jf, Evaluation vsBaseline, Objective objective, Matrix matrix, int it) {
        List<String> feedback = List.of();
        for (int attempt = 0; attempt <= MAX_REPAIRS; attempt++) {
            Proposal p;
            try {
                p = proposer.propose(new ProposalContext(it, attempt, List.copyOf(evaluated), incumbent, distiller.principles(),
                        feedback, List.copyOf(history), config.objective(),
                        new Well19937c(new int[] {(int) config.seed(), (int) (config.seed() >>> 32), it, attempt}), problem.id(),
                        frontMembers()));
            } catch (ProposalUnavailable u) {
                jf.record(new ProposalFailure(u.kind().journalType(), it, attempt, u.getMessage()));
                listener.event(it, config.budget(), (u.kind().stopsRun() ? "stopping: " : "no proposal: ") + u.getMessage(), incumbent);
                if (u.kind().stopsRun()) {
                    stopped = u;
                }
                return;
            }
            jf.record(p.hypothesis(it, attempt));
            feedback = consider(jf, vsBaseline, objective, matrix, it, p.source(), p.operator(), p.parents(), p.predictions(),
                    p.statement(), p.mechanism());
            if (feedback.isEmpty()) {
                for (Arm arm : p.arms()) {
                    // an arm is evidence about the mechanism, not a repair target: its rejection is journaled and remembered
                    consider(jf, vsBaseline, objective, matrix, it, arm.source(), p.operator() + ":" + arm.role(), p.parents(),
                            List.of(), arm.purpose(), p.mechanism());
                }
                return;
            }
        }
    }

    private final Map<String, Compiled> compiled = new HashMap<>();

    /** A named candidate compiled again from its named source (its identity is the same; its class name is its own). */
    private Compiled compiledAs(String id, String source) {
        Compiled c = problem.compile(source);
        compiled.put(id, c);
        return c;
    }

    /** The distinct class-priority arrays of every workload in the matrix, in the order the simulator passes them. */
    private List<int[]> probePriorities(Matrix matrix) {
        if (probePriorities == null) {
            java.util.LinkedHashMap<String, int[]> sets = new java.util.LinkedHashMap<>();
            for (Split split : Split.values()) {
                for (MatrixEntry e : matrix.entries(split)) {
                    int[] p = e.scenario(0, 1).workload().classes().stream().mapToInt(RequestClass::priority).toArray();
                    sets.putIfAbsent(java.util.Arrays.toString(p), p);
                }
            }
            probePriorities = List.copyOf(sets.values());
        }
        return probePriorities;
    }

    private String hashOf(Evaluated e) {
        return compiled.computeIfAbsent(e.candidateId(), k -> problem.compile(e.source())).canonicalHash();
    }

    private PolicyUnderTest put(Evaluated e) {
        return problem.candidate(sandbox, e.candidateId(), compiled.computeIfAbsent(e.candidateId(), k -> problem.compile(e.source())));
    }

    /** Verifies, dedupes, evaluates and maybe promotes one proposal; returns the problems if it was rejected. */
    private List<String> consider(JournalFollower jf, Evaluation vsBaseline, Objective objective, Matrix matrix,
                                  int iteration, String proposed, String operator, List<String> parents, List<Prediction> predictions,
                                  String statement, String mechanism) {
        String source = proposed;
        Compiled check = problem.compile(source);
        if (!check.accepted()) {
            return reject(jf, iteration, operator, check.problems());
        }
        String dup = idByHash.get(check.canonicalHash());
        if (dup != null) {
            duplicates++;
            jf.record(new Duplicate(iteration, dup, check.canonicalHash()));
            remember("a proposal (" + operator + ") duplicated " + dup + " and was not simulated: propose something different");
            return List.of();
        }
        // run it for the first time, where candidates run: the exercise grid, the behaviour probe and its fingerprint
        Exercised exercised = problem.exercise(sandbox, check, probePriorities(matrix));
        if (!exercised.accepted()) {
            return reject(jf, iteration, operator, exercised.problems());
        }
        String same = exercised.fingerprint() == null ? null : idByFingerprint.get(exercised.fingerprint());
        Novelty.Near near = same != null ? null : novelty.nearest(exercised.signature());
        if (same != null || near != null) {
            duplicates++;
            Duplicate d = Duplicate.behavioural(iteration, same != null ? same : near.of(), check.canonicalHash(), exercised.fingerprint(),
                    same != null ? null : near.distance());
            jf.record(d);
            remember(same != null
                    ? "a proposal (" + operator + ") is written differently from " + same + " but answers every probed input as it does, "
                    + "so it was not simulated: change what the policy does, not how it is written"
                    : String.format(java.util.Locale.ROOT, "a proposal (%s) decides within %.3f of %s at every probed input, so it was not "
                    + "simulated: change what the policy does by more than a nudge", operator, near.distance(), near.of()));
            if (config.noveltyAudit()) {
                NoveltyAudit audit = reusable(jf, NoveltyAudit.TYPE, NoveltyAudit.class,
                                a -> a.iteration() == iteration && a.of().equals(d.of()) && a.sha256().equals(d.sha256()))
                        .orElseGet(() -> promoter.auditNovelty(d, check, vsBaseline, racing(objective), byId(d.of()), incumbent));
                jf.record(audit);
            }
            return List.of();
        }
        String id = String.format("c%04d", ++candidates);
        idByHash.put(check.canonicalHash(), id);
        if (exercised.fingerprint() != null) {
            idByFingerprint.putIfAbsent(exercised.fingerprint(), id);
        }
        novelty.add(id, exercised.signature());
        // its own name and doc comment, from its hypothesis (behaviour and hash unchanged)
        source = CandidateNaming.apply(source, id, statement, mechanism, operator, parents);
        if (!replay) {
            run.writeCandidate(id, source);
        } else if (!run.candidateSource(id).equals(source)) {
            // the file is what export, review and report ship: it must still be the source this run wrote and measured
            throw new JournalDivergence("candidates/" + id + ".java differs from the source the run wrote for " + id
                    + " (it was edited or replaced after the run); the journal's evidence is for the original");
        }
        jf.record(new CandidateRecord(id, iteration, operator, List.copyOf(parents), check.canonicalHash(), "candidates/" + id + ".java",
                Provenance.sha256(source)));

        double[] feat = exercised.behaviour();
        PolicyUnderTest candidate = problem.candidate(sandbox, id, compiledAs(id, source));
        Evidence ev = reusable(jf, Evidence.EVALUATION, Evidence.class, id, Evidence::candidate)
                .orElseGet(() -> Evidence.of(id, vsBaseline.evaluate(candidate, matrix, Split.SEARCH, racing(objective)), feat[0], feat[1]));
        jf.record(ev);
        Evaluated e = Evaluated.of(ev, source, objective.direction()).at(iteration);
        if (config.racingAudit() && e.racedOut() != null) {
            RacingAudit audit = reusable(jf, RacingAudit.TYPE, RacingAudit.class, id, RacingAudit::candidate)
                    .orElseGet(() -> promoter.audit(e, candidate, vsBaseline, incumbent));
            jf.record(audit);
        }
        evaluated.add(e);
        if (!frontObjectives.isEmpty()) {
            TradeOffFront.Point point = TradeOffFront.of(ev, frontObjectives, TradeOffFront.worstPlace(config.schema()));
            if (point != null) {
                placed.put(id, point);
            }
        }
        listener.event(iteration, config.budget(), id + " " + operator + ": " + fmtChange(e), incumbent);

        if (!predictions.isEmpty()) {
            PredictionVerdict verdict = PredictionJudge.judge(id, predictions, e);
            jf.record(verdict);
            List<String> outcomes = new ArrayList<>();
            verdict.predictions().forEach(pr -> outcomes.add(pr.regime() + " " + pr.outcome()));
            remember(id + " (" + operator + "): " + fmtChange(e) + "; predictions " + String.join(", ", outcomes));
        } else {
            remember(id + " (" + operator + "): " + fmtChange(e));
        }
        distiller.distil(e).forEach(jf::record);

        boolean promising = e.promotable() && (frontObjectives.isEmpty() ? e.fitterThan(incumbent) : tradesBetter(e));
        if (promising) {
            Promotion promo = reusable(jf, Promotion.TYPE, Promotion.class, id, Promotion::candidate)
                    .orElseGet(() -> promoter.trial(e, candidate, vsBaseline, incumbent));
            jf.record(promo);
            if (promo.accepted()) {
                incumbent = e;
                listener.event(iteration, config.budget(), "promoted " + id, incumbent);
            }
        }
        return List.of();
    }

    /**
     * The journaled record about candidate {@code id} that comes next when resuming, so that what was
     * already measured is reused, not simulated again (replay re-derives everything instead).
     */
    private <T extends JournalEntry> Optional<T> reusable(JournalFollower jf, String type, Class<T> kind, String id,
                                                          Function<T, String> candidateOf) {
        return reusable(jf, type, kind, r -> id.equals(candidateOf.apply(r)));
    }

    /** {@link #reusable(JournalFollower, String, Class, String, Function)} for a record that is about what {@code mine} accepts. */
    private <T extends JournalEntry> Optional<T> reusable(JournalFollower jf, String type, Class<T> kind, java.util.function.Predicate<T> mine) {
        return replay ? Optional.empty() : jf.peek(type, kind).filter(mine);
    }

    private Evaluated byId(String id) {
        return evaluated.stream().filter(e -> e.candidateId().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no evaluated candidate " + id));
    }

    /** Journals a proposal rejected before simulation and returns its problems, for a repair. */
    private List<String> reject(JournalFollower jf, int iteration, String operator, List<String> problems) {
        rejected++;
        jf.record(new Rejection(iteration, List.copyOf(problems)));
        remember("a proposal (" + operator + ") was rejected before simulation: " + problems.get(0));
        listener.event(iteration, config.budget(), "rejected: " + problems.get(0), incumbent);
        return problems;
    }

    /**
     * With a front: whether {@code e}'s search evidence is worth a promotion trial against the incumbent,
     * i.e. it dominates the incumbent's (or is preferred to it, with {@code --prefer}). A candidate or an
     * incumbent that cannot be placed is ranked by the objective alone.
     */
    private boolean tradesBetter(Evaluated e) {
        if (incumbent == null) {
            return true;
        }
        TradeOffFront.Point mine = placed.get(e.candidateId());
        TradeOffFront.Point theirs = placed.get(incumbent.candidateId());
        if (mine == null || theirs == null) {
            return e.fitterThan(incumbent);
        }
        return prefer != null ? prefer.prefers(mine, theirs) : TradeOffFront.dominates(mine, theirs);
    }

    /** The candidates on the search split's trade-off front so far, in evaluation order (empty without a front). */
    private List<Evaluated> frontMembers() {
        if (placed.isEmpty()) {
            return List.of();
        }
        List<Evaluated> out = new ArrayList<>();
        for (TradeOffFront.Point p : TradeOffFront.front(List.copyOf(placed.values()))) {
            out.add(byId(p.candidate()));
        }
        return out;
    }

    /**
     * The end of a run with a front: the upstream policy placed on the search front (unless it was a
     * candidate), and the search front's members, best on the objective first (at most
     * {@link #FRONT_CONFIRMED}), each paired with the upstream policy on validation and on test.
     */
    private void placeFront(JournalFollower jf, Evaluation vsBaseline) {
        String upstreamHash = problem.compile(problem.upstreamSource()).canonicalHash();
        String upstreamId = upstreamHash == null ? null : idByHash.get(upstreamHash);
        if (upstreamId == null) {
            jf.record(reusable(jf, FrontEvaluation.TYPE, FrontEvaluation.class,
                    f -> f.split().equals(Split.SEARCH.id()) && f.candidate().equals(problem.upstream()))
                    .orElseGet(() -> promoter.upstreamOnSearch(vsBaseline)));
        }
        List<Evaluated> members = new ArrayList<>(frontMembers());
        members.removeIf(m -> m.candidateId().equals(upstreamId));
        members.sort(java.util.Comparator.comparingDouble(Evaluated::fitness).thenComparing(Evaluated::candidateId));
        List<Evaluated> confirmed = members.subList(0, Math.min(FRONT_CONFIRMED, members.size()));
        if (confirmed.isEmpty()) {
            return;
        }
        try (PairedRunner upstream = promoter.upstreamRunner()) {
            for (Split split : List.of(Split.VALIDATION, Split.TEST)) {
                for (Evaluated m : confirmed) {
                    jf.record(reusable(jf, FrontEvaluation.TYPE, FrontEvaluation.class,
                            f -> f.split().equals(split.id()) && f.candidate().equals(m.candidateId()))
                            .orElseGet(() -> promoter.againstUpstream(m, split, upstream)));
                }
            }
        }
    }

    /** Racing for a search evaluation: exact (hopeless) until there is an incumbent, then also against it. */
    private Racing racing(Objective objective) {
        if (!config.racing()) {
            return Racing.NONE;
        }
        if (incumbent == null || incumbent.variantScores().isEmpty()) {
            return Racing.HOPELESS;
        }
        Map<String, Score> scores = new LinkedHashMap<>();
        incumbent.variantScores().forEach((v, x) -> scores.put(v, new Score(objective.name(), x[0], x[1], x[2], Verdict.NO_DIFFERENCE, 0)));
        return Racing.againstIncumbent(scores, objective.lowerIsBetter());
    }

    private void remember(String line) {
        history.add(line);
        if (history.size() > 12) {
            history.remove(0);
        }
    }

    /**
     * One arm (the winner, or the baseline when nothing won) against each upstream policy of {@code bar}
     * on test, each comparison reused from the journal when resuming; returned as journaled, so that a
     * run from before a field was added summarises without it.
     */
    private List<UpstreamComparison> meet(JournalFollower jf, List<UpstreamPolicy> bar, Function<UpstreamPolicy, UpstreamComparison> compare) {
        List<UpstreamComparison> out = new ArrayList<>();
        for (UpstreamPolicy u : bar) {
            UpstreamComparison c = reusable(jf, UpstreamComparison.TYPE, UpstreamComparison.class, x -> x.policy().equals(u.name()))
                    .orElseGet(() -> compare.apply(u));
            out.add(jf.record(c).as(UpstreamComparison.class));
        }
        return out;
    }

    private RunSummary summary(Evidence test, UpstreamComparison upstream, List<UpstreamComparison> upstreams) {
        RunSummary.Best best = null;
        if (incumbent != null) {
            RunSummary.Result search = new RunSummary.Result(incumbent.change(), incumbent.ciLow(), incumbent.ciHigh(), incumbent.verdict(), null);
            RunSummary.Result onTest = null;
            if (test != null && test.score() != null) {
                Evidence.ScoreEvidence ts = test.score();
                // held: the rule that promoted it, applied to scenarios nobody tuned on (better with confidence under the
                // variants the promotion rule asks for, every constraint kept), not the pooled score alone
                boolean held = "better".equals(ts.verdict()) && test.failedConstraint() == null && test.promotable();
                onTest = new RunSummary.Result(ts.change(), ts.ciLow(), ts.ciHigh(), ts.verdict(), held);
            }
            best = new RunSummary.Best(incumbent.candidateId(), run.candidateFile(incumbent.candidateId()).toString(), config.objective(),
                    search, onTest, upstream == null ? null : upstream.withoutCandidate(),
                    upstreams.size() < 2 ? null : upstreams.stream().map(UpstreamComparison::withoutCandidate).toList());
        }
        return new RunSummary(run.id(), config.objective(), config.proposer(), iterations, candidates, duplicates, rejected,
                stop == null ? null : stop.record(null), distiller.principles(), best, null);
    }

    private static String fmtChange(Evaluated e) {
        if (e.failure() != null) {
            return "failed: " + e.failure();
        }
        return String.format(java.util.Locale.ROOT, "%s %s%s%s", Percent.of(e.change()), e.verdict(),
                e.constraintsHold() ? "" : e.failedConstraint() == null ? " (a sanity check failed)" : " (" + e.failedConstraint() + " failed)",
                e.racedOut() == null ? "" : " (raced out: " + e.racedOut() + ")");
    }
}
