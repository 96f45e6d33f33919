package io.nous.discover.evolve;

import io.nous.discover.Evaluated;
import io.nous.discover.Problems;
import io.nous.discover.Proposal;
import io.nous.discover.ProposalContext;
import io.nous.discover.ProposalUnavailable;
import io.nous.discover.Proposer;
import io.nous.store.journal.Prediction;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * The offline proposer: a MAP-Elites search over Java source, in the search space of the run's
 * problem class ({@link SearchSpace}: its operators, crossover and behaviour cells). Elites are the best candidates per
 * cell of a 5 x 5 grid of behaviour (the saturation at which the lowest band first closes, and the
 * share of calls it stays open at saturation 0.8; for admitters their analogues, and which form of
 * {@code admit} it implements), so the population stays diverse. Each proposal
 * mutates a parent drawn uniformly from the elites or by a tournament of two (or crosses two); with a
 * trade-off front, a third of the parents are drawn uniformly from the front instead. Each proposal
 * carries a mechanical
 * hypothesis and per-regime predictions derived from the parent's evidence. Principles learned so
 * far bound the mutations (e.g. no gate below a saturation that was shown to harm).
 */
public final class EvolutionaryProposer implements Proposer {
    private static final Pattern MIN_GATE = Pattern.compile("\\(min-gate=([0-9.]+)\\)");

    @Override
    public String name() {
        return "evolve";
    }

    @Override
    public Proposal propose(ProposalContext ctx) {
        SearchSpace space = Problems.byId(ctx.problem()).search();
        List<Evaluated> elites = elites(ctx.evaluated(), space);
        RandomGenerator rng = ctx.rng();
        double minGate = minGate(ctx.principles());
        SearchSpace.Elites pool = new SearchSpace.Elites() {
            @Override
            public int size() {
                return elites.size();
            }

            @Override
            public Evaluated draw() {
                return tournament(elites, rng);
            }
        };
        for (int attempt = 0; attempt < 20; attempt++) {
            // with a trade-off front, a third of the parents come from it: a trade-off breeds even where one objective ranks it low
            Evaluated parent = !ctx.front().isEmpty() && rng.nextInt(3) == 0 ? ctx.front().get(rng.nextInt(ctx.front().size()))
                    : tournament(elites, rng);
            List<String> parents = new ArrayList<>(List.of(parent.candidateId()));
            Mutations.Result r = space.vary(parent, pool, rng, minGate, parents);
            if (r != null) {
                return hypothesis(r, parent, parents);
            }
        }
        // Nothing applied: a small change to the incumbent.
        Evaluated base = ctx.incumbent() != null ? ctx.incumbent() : elites.get(0);
        Mutations.Result r = space.fallback(base, rng, minGate);
        if (r == null) {
            throw new ProposalUnavailable("the offline search has no change to make: none of " + ctx.problem()
                    + "'s operators applies to " + base.candidateId() + " or the archive's " + elites.size() + " elites",
                    ProposalUnavailable.Kind.FAILED);
        }
        return hypothesis(r, base, List.of(base.candidateId()));
    }

    /** The best candidate of each behaviour cell of the search space, in a stable order. */
    static List<Evaluated> elites(List<Evaluated> all, SearchSpace space) {
        Map<String, Evaluated> cells = new TreeMap<>();
        for (Evaluated e : all) {
            if (e.source() == null) {
                continue;
            }
            String cell = space.cell(e);
            Evaluated best = cells.get(cell);
            if (e.fitterThan(best)) {
                cells.put(cell, e);
            }
        }
        List<Evaluated> out = new ArrayList<>(cells.values());
        out.sort(Comparator.comparing(Evaluated::candidateId));
        return out;
    }

    /** Half the time uniformly over the archive (MAP-Elites' exploration), else a tournament of two. */
    private static Evaluated tournament(List<Evaluated> elites, RandomGenerator rng) {
        Evaluated a = elites.get(rng.nextInt(elites.size()));
        if (rng.nextBoolean()) {
            return a;
        }
        Evaluated b = elites.get(rng.nextInt(elites.size()));
        return b.fitterThan(a) ? b : a;
    }

    static double minGate(List<String> principles) {
        double min = 0;
        for (String p : principles) {
            Matcher m = MIN_GATE.matcher(p);
            if (m.find()) {
                min = Math.max(min, Double.parseDouble(m.group(1)));
            }
        }
        return min;
    }

    private static Proposal hypothesis(Mutations.Result r, Evaluated parent, List<String> parents) {
        double near = parent.changeByRegime().getOrDefault("near", 0.0);
        String statement;
        String mechanism;
        double expectNear;
        switch (r.operator()) {
            case "insert-gate" -> {
                statement = "Closing lower bands when " + r.change().replace("bands below the first close at ", "") + " protects critical TTFT near capacity";
                mechanism = "sheddable dispatches stop while the pool is close to saturation, so critical requests meet shorter pod queues";
                expectNear = Math.max(-0.95, Math.min(near, 0) - 0.2);
            }
            case "scale-period" -> {
                statement = "A duty cycle that opens less often as saturation rises (" + r.change() + ") trades less critical latency for sheddable throughput";
                mechanism = "near saturation 1 almost nothing sheddable is dispatched; at moderate saturation most of it is";
                expectNear = Math.min(near, 0) - 0.1;
            }
            case "add-duty-cycle" -> {
                statement = "Letting gated bands through now and then (" + r.change() + ") keeps sheddable traffic alive at little cost";
                mechanism = "a small share of sheddable dispatches drains the band before TTL expiry without refilling the pods";
                expectNear = near * 0.9;
            }
            case "reshape-threshold", "reshape-ramp", "reshape-power" -> {
                statement = "Shedding sheddable requests with a " + r.operator().substring("reshape-".length()) + " ("
                        + r.change() + ") protects critical TTFT near capacity";
                mechanism = "fewer sheddable requests reach the pods as saturation builds, so critical requests queue behind less work";
                expectNear = Math.min(near, 0) - 0.1;
            }
            case "smooth-saturation" -> {
                statement = "Deciding on the saturation averaged over recent calls (" + r.change() + ") sheds in sustained overload, "
                        + "not in brief spikes";
                mechanism = "under capacity saturation spikes for a few hundred milliseconds and falls back; in overload it stays high, "
                        + "so an average separates the two where the latest scrape cannot";
                expectNear = Math.min(near, 0) - 0.1;
            }
            case "shift-curve" -> {
                statement = "The same refusal curve at another operating point (" + r.change() + ") sheds "
                        + (r.change().contains("moved to 0.") ? "earlier" : "later") + " without changing how it ramps";
                mechanism = "where shedding starts decides how much sheddable work reaches the pods as load builds; the curve's shape "
                        + "decides how sharply it then rises";
                expectNear = r.change().contains("moved to 0.") ? Math.min(near, 0) - 0.1 : near * 0.8;
            }
            case "separate-terms" -> {
                statement = "Shedding on the queue term, and on the KV term only from its onset (" + r.change() + "), sheds in "
                        + "overload without shedding long-context traffic under capacity";
                mechanism = "pods that fall behind build queues; long contexts fill the KV cache under capacity without queueing, and a "
                        + "full cache (preemption) is overload whatever the queue says";
                expectNear = Math.min(near, 0) - 0.05;
            }
            case "cross-admitters" -> {
                statement = "Combining one admitter's refusal curve with another's reading of the pool (" + r.change() + ") keeps what "
                        + "each did well";
                mechanism = "the curve decides how much to shed as the signal rises, the signal (averaged, queue and KV apart) decides "
                        + "when the pool is really overloaded; the two were tuned in different lineages";
                expectNear = Math.min(near, 0) - 0.05;
            }
            case "cross-halves" -> {
                if (r.change().contains("scaling policy")) {
                    statement = "Pairing " + r.change() + " combines ceilings and a pool size that each did well";
                    mechanism = "the ceilings decide what waits in the router, the scaling policy how many pods serve it; both read the "
                            + "same saturation, and each half's effect was seen with a different partner";
                } else {
                    // the words of the first joint class (usage limit + admitter), kept so that earlier runs replay byte for byte
                    statement = "Pairing " + r.change() + " combines a dispatch gate and an admission curve that each did well";
                    mechanism = "the admitter bounds what enters, the usage-limit policy orders what waits; each half's effect was seen "
                            + "with a different partner";
                }
                expectNear = Math.min(near, 0) - 0.05;
            }
            case "regate" -> {
                statement = "Keeping a tenant on the endpoint that holds its prompt " + r.change().replace("affinity ", "")
                        + " keeps cache hits without piling the tenant onto one pod";
                mechanism = "stickiness saves prefill only while the sticky pod is not the bottleneck; past the limit the request goes"
                        + " where the load term says, and its prompt is cached there too";
                expectNear = Math.min(near, 0) - 0.05;
            }
            case "reform-affinity" -> {
                statement = "With " + r.change() + ", the share of the prompt an endpoint holds weighs as the saved prefill does";
                mechanism = "a cache hit saves the prefill of the matched blocks only, so an endpoint holding half the prompt saves half";
                expectNear = near;
            }
            case "reload", "cross-scorers" -> {
                statement = "Judging load by " + r.change().replaceFirst("^(load judged by|this affinity with the other parent's) ", "")
                        + " sends the non-sticky requests where they finish soonest";
                mechanism = "prompt tokens in flight see only prefill backlog; requests in flight and the queue see decode work too, which"
                        + " a hot tenant's pod accumulates";
                expectNear = Math.min(near, 0) - 0.05;
            }
            case "reweight" -> {
                statement = "With " + r.change() + ", the scorer trades cache hits against balance at another point";
                mechanism = "the heavier the load term, the sooner a loaded sticky endpoint loses a request to an idle cold one";
                expectNear = near;
            }
            case "reflective-ceiling" -> {
                statement = "Ceilings that fall with saturation (" + r.change() + ") gate gradually instead of abruptly";
                mechanism = "each band closes at its own saturation, lowest first";
                expectNear = Math.min(near, -0.3);
            }
            default -> {
                statement = "Adjusting the parent (" + r.change() + ") shifts its trade-off";
                mechanism = "the same mechanism as the parent, tuned";
                expectNear = near;
            }
        }
        List<Prediction> predictions = List.of(
                new Prediction("under", "none", 0.0),
                new Prediction("near", expectNear < -0.02 ? "decrease" : expectNear > 0.02 ? "increase" : "none", expectNear));
        return new Proposal(statement, mechanism, predictions, r.source(), List.copyOf(parents), r.operator());
    }
}
