package io.nous.discover;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.evaluator.Evaluation;
import io.nous.evaluator.EvaluationReport;
import io.nous.evaluator.Racing;
import io.nous.evaluator.ScenarioReport;
import io.nous.evaluator.VariantReport;
import io.nous.evaluator.objective.ConstraintResult;
import io.nous.evaluator.objective.Objective;
import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixCatalog;
import io.nous.evaluator.scenario.PromotionRule;
import io.nous.evaluator.scenario.Split;
import io.nous.evaluator.stats.Comparison;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.stats.Verdict;
import io.nous.policy.PolicyRegistry;
import io.nous.sandbox.Sandbox;
import io.nous.store.JournalContents;
import io.nous.store.JournalRecord;
import io.nous.store.Run;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.random.Well19937c;

/**
 * The discovery loop (docs/discovery.md): observe the seed policies, then repeatedly ask the proposer for a
 * hypothesis bundle, verify and compile it, skip duplicates by canonical hash, evaluate it against
 * the baseline on the search split, classify its predictions, record everything, distil principles,
 * and promote it only if it beats the incumbent on the search split with confidence and is
 * confirmed on the validation split. At the end the incumbent meets the test split once.
 *
 * <p>The loop only orchestrates, and decides only from what it journals, so a resumed run (which
 * reuses journaled records) and an uninterrupted one make the same decisions.
 */
public final class DiscoveryLoop {
    /** The policy the router ships that discovery must also beat. */
    /** What a promotion is over before there is an incumbent, by problem class (as journaled). */
    private static final Map<String, String> BASELINE_NAMES = Map.of(Problems.FLOW_CONTROL, "static-usage-limit",
            Problems.ADMISSION, "legacy");

    private final Problem problem;
    private static final ObjectMapper JSON = new ObjectMapper();
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
    private final List<String> principles = new ArrayList<>();
    /** What happened to recent proposals (search split only), for proposers that read history. */
    private final List<String> history = new ArrayList<>();
    private Evaluated incumbent;
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
        this.sandbox = sandbox;
        this.config = config;
        this.run = run;
        this.proposer = proposer;
        this.listener = listener;
        this.replay = replay;
    }

    public ObjectNode run() {
        Objective objective = Objectives.byName(config.objective());
        Matrix matrix = MatrixCatalog.load(config.matrix()).withSeeds(config.seeds()).withDuration(config.durationSeconds());
        if (config.promoteWhen() != null) {
            matrix = matrix.withPromotion(PromotionRule.parse(config.promoteWhen()));
        }
        PairedBootstrap stats = new PairedBootstrap(config.replicates(), 0.95);
        JournalContents existing = Files.exists(run.journalFile()) ? run.journal() : new JournalContents(List.of(), false, 0);
        long start = System.nanoTime();
        try (var journal = replay ? null : run.openJournal();
             PairedRunner baseRunner = new PairedRunner(problem.baseline(), config.threads(), sandbox.pool())) {
            JournalFollower jf = new JournalFollower(journal, existing.records(), replay);
            Evaluation vsBaseline = new Evaluation(baseRunner, objective, stats);
            jf.record("run-started", config.toJson());
            for (String ref : config.seedPolicies()) {
                String source = PolicyRegistry.builtin().template(ref).source();
                consider(jf, vsBaseline, objective, stats, matrix, 0, source, "seed", List.of(), List.of(),
                        "the built-in " + ref + " policy, observed before any proposal", PolicyRegistry.builtin().template(ref).description());
            }
            for (int it = 1; it <= config.budget(); it++) {
                JournalRecord stoppedBefore = jf.peek("run-stopped");
                if (stoppedBefore != null) {
                    stop = StopReason.fromJson(stoppedBefore.body());
                    break;
                }
                if (jf.stoppedHere()) {
                    break; // a journal from before stop reasons were recorded
                }
                if (!jf.following() && config.timeLimitSeconds() > 0 && (System.nanoTime() - start) / 1e9 > config.timeLimitSeconds()) {
                    stop = StopReason.timeLimit(config.timeLimitSeconds(), it - 1, config.budget());
                    break;
                }
                if (!Double.isNaN(config.target()) && incumbent != null && incumbent.change() <= config.target() && !jf.following()) {
                    stop = StopReason.target(config.target(), incumbent.candidateId(), incumbent.change());
                    break;
                }
                List<String> feedback = List.of();
                                for (int attempt = 0; attempt <= MAX_REPAIRS; attempt++) {
                Proposal p;
                try {
                    p = proposer.propose(new ProposalContext(it, attempt, List.copyOf(evaluated), incumbent, List.copyOf(principles),
                            feedback, List.copyOf(history), config.objective(),
                            new Well19937c(new int[] {(int) config.seed(), (int) (config.seed() >>> 32), it, attempt})));
                } catch (ProposalUnavailable u) {
                    ObjectNode f = JSON.createObjectNode();
                    f.put("iteration", it);
                    f.put("attempt", attempt);
                    f.put("reason", u.getMessage());
                    jf.record(u.kind().journalType(), f);
                    listener.event(it, config.budget(), (u.kind().stopsRun() ? "stopping: " : "no proposal: ") + u.getMessage(), incumbent);
                    if (u.kind().stopsRun()) {
                        stopped = u;
                    }
                    break;
                }
                ObjectNode h = JSON.createObjectNode();
                h.put("iteration", it);
                h.put("attempt", attempt);
                h.put("statement", p.statement());
                h.put("mechanism", p.mechanism());
                ArrayNode preds = h.putArray("predictions");
                for (Prediction pr : p.predictions()) {
                    preds.addObject().put("regime", pr.regime()).put("direction", pr.direction()).put("magnitude", pr.magnitude());
                }
                ArrayNode parents = h.putArray("parents");
                p.parents().forEach(parents::add);
                h.put("operator", p.operator());
                h.put("source", p.source());
                if (!p.arms().isEmpty()) {
                    ArrayNode arms = h.putArray("arms");
                    p.arms().forEach(a -> arms.addObject().put("role", a.role()).put("purpose", a.purpose()).put("source", a.source()));
                }
                jf.record("hypothesis", h);
                feedback = consider(jf, vsBaseline, objective, stats, matrix, it, p.source(), p.operator(), p.parents(), p.predictions(),
                        p.statement(), p.mechanism());
                if (feedback.isEmpty()) {
                    for (Arm arm : p.arms()) {
                        // an arm is evidence about the mechanism, not a repair target: its rejection is journaled and remembered
                        consider(jf, vsBaseline, objective, stats, matrix, it, arm.source(), p.operator() + ":" + arm.role(), p.parents(),
                                List.of(), arm.purpose(), p.mechanism());
                    }
                    break;
                }
                }
                if (stopped != null) {
                    stop = StopReason.proposer(stopped);
                    break;
                }
                iterations = it;
                ObjectNode done = JSON.createObjectNode();
                done.put("iteration", it);
                done.put("incumbent", incumbent == null ? null : incumbent.candidateId());
                jf.record("iteration-done", done);
                listener.event(it, config.budget(), "iteration", incumbent);
            }
            JournalRecord stoppedRecord = jf.peek("run-stopped");
            if (stoppedRecord != null) {
                stop = StopReason.fromJson(stoppedRecord.body());
            } else if (stop == null && !jf.stoppedHere()) {
                stop = StopReason.budget(config.budget());
            }
            if (stop != null) {
                ObjectNode st = stop.toJson();
                st.put("iterations", iterations);
                jf.record("run-stopped", st);
            }
            ObjectNode test = null;
            ObjectNode upstream = null;
            if (incumbent != null) {
                JournalRecord prev = jf.peek("test-evaluation");
                test = prev != null && !replay ? prev.body()
                        : evaluationJson(incumbent.candidateId(), vsBaseline.evaluate(put(incumbent), matrix, Split.TEST), Double.NaN, Double.NaN);
                jf.record("test-evaluation", test);
                JournalRecord prevU = jf.peek("upstream-comparison");
                upstream = prevU != null && !replay ? prevU.body() : upstreamComparison(incumbent, objective, stats, matrix);
                jf.record("upstream-comparison", upstream);
            }
            ObjectNode finished = JSON.createObjectNode();
            finished.put("iterations", iterations);
            finished.put("evaluations", candidates);
            finished.put("duplicates", duplicates);
            finished.put("rejected", rejected);
            finished.put("best", incumbent == null ? null : incumbent.candidateId());
            jf.record("run-finished", finished);
            ObjectNode summary = summary(test, upstream);
            if (!replay) {
                run.writeSummary(summary);
            }
            return summary;
        }
    }

    /**
     * The winner against the upstream policy of its problem class (soft-reflective-ceiling,
     * probabilistic-admitter) instead of the baseline, on the test split of the same matrix: whether discovery beat what the router already
     * ships, not only the baseline. A winner that is the upstream policy is not simulated again.
     */
    private ObjectNode upstreamComparison(Evaluated winner, Objective objective, PairedBootstrap stats, Matrix matrix) {
        ObjectNode u = JSON.createObjectNode();
        u.put("candidate", winner.candidateId());
        u.put("policy", problem.upstream());
        u.put("split", Split.TEST.id());
        String upstreamHash = Candidates.compileOnly(PolicyRegistry.builtin().source(problem.upstream()), "upstream.java").canonicalHash();
        if (upstreamHash != null && upstreamHash.equals(compiled.computeIfAbsent(winner.candidateId(),
                k -> Candidates.compileOnly(winner.source(), k + ".java")).canonicalHash())) {
            u.put("same_policy", true);
            return u;
        }
        try (PairedRunner runner = new PairedRunner(problem.upstreamUnderTest(), config.threads(), sandbox.pool())) {
            EvaluationReport r = new Evaluation(runner, objective, stats).evaluate(put(winner), matrix, Split.TEST);
            u.put("same_policy", false);
            if (r.score() != null) {
                u.put("change", r.score().change());
                u.put("ci_low", r.score().ciLow());
                u.put("ci_high", r.score().ciHigh());
                u.put("verdict", r.score().verdict().id());
            }
            if (r.failure() != null) {
                u.put("failure", r.failure());
            }
        }
        return u;
    }

    private final Map<String, CheckResult> compiled = new HashMap<>();

    private PolicyUnderTest put(Evaluated e) {
        CheckResult r = compiled.computeIfAbsent(e.candidateId(), k -> Candidates.compileOnly(e.source(), k + ".java"));
        return problem.candidate(sandbox, e.candidateId(), r, e.source());
    }

    /** Verifies, dedupes, evaluates and maybe promotes one proposal; returns the problems if it was rejected. */
    private List<String> consider(JournalFollower jf, Evaluation vsBaseline, Objective objective, PairedBootstrap stats, Matrix matrix,
                                  int iteration, String proposed, String operator, List<String> parents, List<Prediction> predictions,
                                  String statement, String mechanism) {
        String source = proposed;
        CheckResult check = Candidates.compileOnly(source, "candidate.java");
        if (!check.accepted()) {
            return reject(jf, iteration, operator, check.problems());
        }
        String dup = idByHash.get(check.canonicalHash());
        if (dup != null) {
            duplicates++;
            ObjectNode d = JSON.createObjectNode();
            d.put("iteration", iteration);
            d.put("of", dup);
            d.put("sha256", check.canonicalHash());
            jf.record("duplicate", d);
            remember("a proposal (" + operator + ") duplicated " + dup + " and was not simulated: propose something different");
            return List.of();
        }
        // run it for the first time, where candidates run: the exercise grid and the behaviour probe
        Sandbox.Checked exercised = sandbox.exercise(check, source, "candidate.java", true);
        if (!exercised.accepted()) {
            return reject(jf, iteration, operator, exercised.problems());
        }
        String id = String.format("c%04d", ++candidates);
        idByHash.put(check.canonicalHash(), id);
        // its own name and doc comment, from its hypothesis (behaviour and hash unchanged)
        source = CandidateNaming.apply(source, id, statement, mechanism, operator, parents);
        compiled.put(id, check);
        if (!replay) {
            run.writeCandidate(id, source);
        }
        ObjectNode c = JSON.createObjectNode();
        c.put("id", id);
        c.put("iteration", iteration);
        c.put("operator", operator);
        ArrayNode ps = c.putArray("parents");
        parents.forEach(ps::add);
        c.put("sha256", check.canonicalHash());
        c.put("path", "candidates/" + id + ".java");
        jf.record("candidate", c);

        double[] feat = exercised.behaviour();
        PolicyUnderTest candidate = problem.candidate(sandbox, id, check, source);
        JournalRecord prev = jf.peek("evaluation");
        ObjectNode ev = prev != null && !replay && prev.body().path("candidate").asText().equals(id) ? prev.body()
                : evaluationJson(id, vsBaseline.evaluate(candidate, matrix, Split.SEARCH, racing(objective)), feat[0], feat[1]);
        jf.record("evaluation", ev);
        Evaluated e = fromJson(ev, source);
        if (config.racingAudit() && e.racedOut() != null) {
            JournalRecord prevA = jf.peek("racing-audit");
            ObjectNode audit = prevA != null && !replay && prevA.body().path("candidate").asText().equals(id) ? prevA.body()
                    : racingAudit(e, candidate, vsBaseline, objective, stats, matrix);
            jf.record("racing-audit", audit);
        }
        evaluated.add(e);
        listener.event(iteration, config.budget(), id + " " + operator + ": " + fmtChange(e), incumbent);

        if (!predictions.isEmpty()) {
            ObjectNode verdict = classify(id, predictions, e);
            jf.record("verdict", verdict);
            List<String> outcomes = new ArrayList<>();
            verdict.get("predictions").forEach(pr -> outcomes.add(pr.get("regime").asText() + " " + pr.get("outcome").asText()));
            remember(id + " (" + operator + "): " + fmtChange(e) + "; predictions " + String.join(", ", outcomes));
        } else {
            remember(id + " (" + operator + "): " + fmtChange(e));
        }
        distil(jf, e);

        boolean promising = e.promotable() && (incumbent == null || e.fitness() < incumbent.fitness());
        if (promising) {
            JournalRecord prevP = jf.peek("promotion");
            ObjectNode promo = prevP != null && !replay && prevP.body().path("candidate").asText().equals(id) ? prevP.body()
                    : promotion(e, candidate, vsBaseline, objective, stats, matrix);
            jf.record("promotion", promo);
            if (promo.get("accepted").asBoolean()) {
                incumbent = e;
                listener.event(iteration, config.budget(), "promoted " + id, incumbent);
            }
        }
        return List.of();
    }

    /** Journals a proposal rejected before simulation and returns its problems, for a repair. */
    private List<String> reject(JournalFollower jf, int iteration, String operator, List<String> problems) {
        rejected++;
        ObjectNode v = JSON.createObjectNode();
        v.put("iteration", iteration);
        v.put("ok", false);
        ArrayNode probs = v.putArray("problems");
        problems.forEach(probs::add);
        jf.record("verification", v);
        remember("a proposal (" + operator + ") was rejected before simulation: " + problems.get(0));
        listener.event(iteration, config.budget(), "rejected: " + problems.get(0), incumbent);
        return problems;
    }

    private ObjectNode promotion(Evaluated e, PolicyUnderTest candidate, Evaluation vsBaseline, Objective objective,
                                 PairedBootstrap stats, Matrix matrix) {
        ObjectNode p = JSON.createObjectNode();
        p.put("candidate", e.candidateId());
        p.put("over", incumbent == null ? BASELINE_NAMES.getOrDefault(problem.id(), "baseline") : incumbent.candidateId());
        boolean beatsIncumbent = true;
        if (incumbent != null) {
            try (PairedRunner r = new PairedRunner(put(incumbent), config.threads(), sandbox.pool())) {
                EvaluationReport vs = new Evaluation(r, objective, stats).evaluate(candidate, matrix, Split.SEARCH, Racing.HOPELESS_VERDICT);
                p.set("search_vs_incumbent", evaluationJson(e.candidateId(), vs, Double.NaN, Double.NaN));
                beatsIncumbent = vs.failure() == null && vs.verdictHolds();
            }
        }
        boolean confirmed = false;
        if (beatsIncumbent) {
            EvaluationReport val = vsBaseline.evaluate(candidate, matrix, Split.VALIDATION, Racing.HOPELESS);
            p.set("validation", evaluationJson(e.candidateId(), val, Double.NaN, Double.NaN));
            confirmed = val.promotable();
        }
        p.put("accepted", beatsIncumbent && confirmed);
        p.put("reason", !beatsIncumbent ? "not better than the incumbent on the search split with confidence"
                + (matrix.variants().size() > 1 ? " under the variants' rule (" + matrix.promotion() + ")" : "")
                : !confirmed ? "not confirmed on the validation split" : "better than the incumbent and confirmed on validation");
        return p;
    }

    /** Racing for a search evaluation: exact (hopeless) until there is an incumbent, then also against it. */
    private Racing racing(Objective objective) {
        if (!config.racing()) {
            return Racing.NONE;
        }
        if (incumbent == null || incumbent.variantScores().isEmpty()) {
            return Racing.HOPELESS;
        }
        Map<String, io.nous.evaluator.Score> scores = new LinkedHashMap<>();
        incumbent.variantScores().forEach((v, x) -> scores.put(v, new io.nous.evaluator.Score(objective.name(), x[0], x[1], x[2],
                io.nous.evaluator.stats.Verdict.NO_DIFFERENCE, 0)));
        return Racing.againstIncumbent(scores, objective.lowerIsBetter());
    }

    /** What the full evaluation says about a raced-out candidate: would it have been promoted? */
    private ObjectNode racingAudit(Evaluated raced, PolicyUnderTest candidate, Evaluation vsBaseline, Objective objective,
                                   PairedBootstrap stats, Matrix matrix) {
        EvaluationReport full = vsBaseline.evaluate(candidate, matrix, Split.SEARCH);
        Evaluated e = fromJson(evaluationJson(raced.candidateId(), full, raced.onset(), raced.dutyAt08()), raced.source());
        boolean promising = e.promotable() && (incumbent == null || e.fitness() < incumbent.fitness());
        ObjectNode a = JSON.createObjectNode();
        a.put("candidate", raced.candidateId());
        a.put("raced_out", raced.racedOut());
        a.put("full_change", e.change());
        a.put("full_promotable", e.promotable());
        boolean promoted = false;
        if (promising) {
            promoted = promotion(e, candidate, vsBaseline, objective, stats, matrix).get("accepted").asBoolean();
        }
        a.put("would_have_been_promoted", promoted);
        return a;
    }

    /** An evaluation as journaled: deterministic fields only (no wall time, no cache-dependent counts). */
    static ObjectNode evaluationJson(String id, EvaluationReport r, double onset, double duty) {
        ObjectNode o = JSON.createObjectNode();
        o.put("candidate", id);
        o.put("split", r.split());
        if (r.failure() != null) {
            o.put("failure", r.failure());
        }
        if (r.score() != null) {
            ObjectNode s = o.putObject("score");
            s.put("objective", r.score().objective());
            s.put("change", r.score().change());
            s.put("ci_low", r.score().ciLow());
            s.put("ci_high", r.score().ciHigh());
            s.put("verdict", r.score().verdict().id());
        }
        ObjectNode cons = o.putObject("constraints");
        for (ConstraintResult c : r.constraints()) {
            cons.put(c.name(), c.pass());
            if (!c.pass()) {
                cons.put(c.name() + "_detail", c.detail());
            }
        }
        ArrayNode vs = o.putArray("variants");
        for (VariantReport v : r.variants()) {
            ObjectNode n = vs.addObject();
            n.put("variant", v.variant());
            if (v.score() != null) {
                n.put("change", v.score().change());
                n.put("ci_low", v.score().ciLow());
                n.put("ci_high", v.score().ciHigh());
                n.put("verdict", v.score().verdict().id());
            }
            n.put("constraints_hold", v.constraintsHold());
        }
        o.put("variants_in_matrix", r.variantsInMatrix());
        o.put("promotion_rule", r.promotion().toString());
        if (r.racedOut() != null) {
            o.put("raced_out", r.racedOut());
        }
        o.put("promotable", r.promotable());
        ArrayNode sc = o.putArray("scenarios");
        for (ScenarioReport s : r.scenarios()) {
            ObjectNode n = sc.addObject();
            n.put("scenario", s.entry().label());
            if (!"nominal".equals(s.variant())) {
                n.put("variant", s.variant());
            }
            n.put("regime", s.entry().regime().id());
            n.put("change", s.objective().change());
            n.put("ci_low", s.objective().ciLow());
            n.put("ci_high", s.objective().ciHigh());
            n.put("verdict", s.objective().verdict().id());
            n.put("baseline_dropped", s.baselineDropped());
            n.put("candidate_dropped", s.candidateDropped());
            // every standard metric that got worse with confidence, so reviews need not re-simulate to list them
            ArrayNode worse = null;
            for (Map.Entry<String, Comparison> m : s.metrics().entrySet()) {
                if (m.getValue().verdict() == Verdict.WORSE) {
                    worse = worse == null ? n.putArray("worse") : worse;
                    worse.addObject().put("metric", m.getKey()).put("change", m.getValue().change()).put("ci_low", m.getValue().ciLow())
                            .put("ci_high", m.getValue().ciHigh());
                }
            }
        }
        ArrayNode sanity = o.putArray("sanity");
        r.sanity().forEach(sanity::add);
        if (!Double.isNaN(onset)) {
            o.put("onset", onset);
            o.put("duty_at_0_8", duty);
        }
        return o;
    }

    static Evaluated fromJson(JsonNode o, String source) {
        String failure = o.hasNonNull("failure") ? o.get("failure").asText() : null;
        JsonNode score = o.path("score");
        boolean hold = failure == null && o.path("sanity").isEmpty();
        String failed = null;
        var it = o.path("constraints").fields();
        while (it.hasNext()) {
            var f = it.next();
            if (f.getValue().isBoolean() && !f.getValue().asBoolean()) {
                hold = false;
                failed = failed == null ? f.getKey() : failed;
            }
        }
        Map<String, Double> byRegime = new LinkedHashMap<>();
        Map<String, Double> byScenario = new LinkedHashMap<>();
        Map<String, Integer> counts = new HashMap<>();
        for (JsonNode s : o.path("scenarios")) {
            byScenario.put(s.get("scenario").asText() + (s.hasNonNull("variant") ? " [" + s.get("variant").asText() + "]" : ""),
                    s.get("change").asDouble());
            String regime = s.get("regime").asText().equals("under") ? "under" : "near";
            double ch = s.get("change").asDouble();
            if (!Double.isNaN(ch)) {
                byRegime.merge(regime, ch, Double::sum);
                counts.merge(regime, 1, Integer::sum);
            }
        }
        byRegime.replaceAll((k, v) -> v / counts.get(k));
        Map<String, double[]> variants = new LinkedHashMap<>();
        for (JsonNode v : o.path("variants")) {
            variants.put(v.get("variant").asText(), new double[] {v.path("change").asDouble(Double.NaN),
                    v.path("ci_low").asDouble(Double.NaN), v.path("ci_high").asDouble(Double.NaN)});
        }
        String verdict = score.path("verdict").asText("no-difference");
        // journals from before variants: promotable meant better and every constraint held
        boolean promotable = o.has("promotable") ? o.get("promotable").asBoolean() : hold && "better".equals(verdict);
        return new Evaluated(o.get("candidate").asText(), source, score.path("change").asDouble(Double.NaN),
                score.path("ci_low").asDouble(Double.NaN), score.path("ci_high").asDouble(Double.NaN),
                verdict, hold, failed, byRegime, byScenario, o.path("onset").asDouble(Double.NaN),
                o.path("duty_at_0_8").asDouble(Double.NaN), failure, variants, promotable,
                o.hasNonNull("raced_out") ? o.get("raced_out").asText() : null);
    }

    /** Compares each prediction with the evidence: confirmed, or wrong in direction, magnitude or regime. */
    static ObjectNode classify(String id, List<Prediction> predictions, Evaluated e) {
        ObjectNode v = JSON.createObjectNode();
        v.put("candidate", id);
        ArrayNode out = v.putArray("predictions");
        boolean all = true;
        for (Prediction p : predictions) {
            Double observed = e.changeByRegime().get(p.regime());
            ObjectNode n = out.addObject();
            n.put("regime", p.regime());
            n.put("predicted_direction", p.direction());
            n.put("predicted_magnitude", p.magnitude());
            String outcome;
            if (observed == null) {
                outcome = "untested";
            } else {
                n.put("observed", observed);
                String dir = observed < -0.02 ? "decrease" : observed > 0.02 ? "increase" : "none";
                if (!dir.equals(p.direction())) {
                    outcome = p.regime().equals("under") ? "wrong-regime" : "wrong-direction";
                } else if (!dir.equals("none") && Math.abs(observed - p.magnitude()) > Math.max(0.15, 0.5 * Math.abs(p.magnitude()))) {
                    outcome = "wrong-magnitude";
                } else {
                    outcome = "confirmed";
                }
            }
            all &= outcome.equals("confirmed");
            n.put("outcome", outcome);
        }
        v.put("confirmed", all);
        return v;
    }

    private void remember(String line) {
        history.add(line);
        if (history.size() > 12) {
            history.remove(0);
        }
    }

    /** Principles distilled from evidence; each constrains later proposals. */
    private void distil(JournalFollower jf, Evaluated e) {
        List<String[]> found = new ArrayList<>();
        if ("no-harm-under-capacity".equals(e.failedConstraint()) && e.onset() < 0.5) {
            found.add(new String[] {"Gating below saturation 0.5 harms under-capacity traffic (min-gate=0.5)", e.candidateId()});
        }
        if ("no-starvation".equals(e.failedConstraint()) && e.dutyAt08() == 0.0) {
            found.add(new String[] {"Closing the lowest band completely at saturation 0.8 starves sheddable traffic", e.candidateId()});
        }
        for (String[] f : found) {
            if (!principles.contains(f[0])) {
                principles.add(f[0]);
                ObjectNode p = JSON.createObjectNode();
                p.put("principle", f[0]);
                p.put("evidence", f[1]);
                jf.record("principle", p);
            }
        }
    }

    private ObjectNode summary(ObjectNode test, ObjectNode upstream) {
        ObjectNode s = JSON.createObjectNode();
        s.put("run_id", run.id());
        s.put("objective", config.objective());
        s.put("proposer", config.proposer());
        s.put("iterations", iterations);
        s.put("evaluations", candidates);
        s.put("duplicates", duplicates);
        s.put("rejected", rejected);
        if (stop != null) {
            s.set("stopped", stop.toJson());
        }
        ArrayNode pr = s.putArray("principles");
        principles.forEach(pr::add);
        if (incumbent == null) {
            s.putNull("best");
        } else {
            ObjectNode b = s.putObject("best");
            b.put("candidate_id", incumbent.candidateId());
            b.put("source_path", run.candidateFile(incumbent.candidateId()).toString());
            b.put("objective", config.objective());
            ObjectNode search = b.putObject("search");
            search.put("change", incumbent.change());
            search.put("ci_low", incumbent.ciLow());
            search.put("ci_high", incumbent.ciHigh());
            search.put("verdict", incumbent.verdict());
            if (test != null && test.has("score")) {
                ObjectNode t = b.putObject("test");
                JsonNode ts = test.get("score");
                t.put("change", ts.get("change").asDouble());
                t.put("ci_low", ts.get("ci_low").asDouble());
                t.put("ci_high", ts.get("ci_high").asDouble());
                t.put("verdict", ts.get("verdict").asText());
                // held: better with confidence on scenarios nobody tuned on, and every constraint kept
                boolean constraints = true;
                for (var it = test.path("constraints").fields(); it.hasNext(); ) {
                    var f = it.next();
                    constraints &= !f.getValue().isBoolean() || f.getValue().asBoolean();
                }
                t.put("held", "better".equals(ts.get("verdict").asText()) && constraints);
            }
            if (upstream != null) {
                ObjectNode u = upstream.deepCopy();
                u.remove("candidate");
                b.set("vs_upstream", u);
            }
        }
        return s;
    }

    private static String fmtChange(Evaluated e) {
        if (e.failure() != null) {
            return "failed: " + e.failure();
        }
        return String.format(java.util.Locale.ROOT, "%+.1f%% %s%s%s", 100 * e.change(), e.verdict(),
                e.constraintsHold() ? "" : " (" + e.failedConstraint() + " failed)",
                e.racedOut() == null ? "" : " (raced out: " + e.racedOut() + ")");
    }
}
