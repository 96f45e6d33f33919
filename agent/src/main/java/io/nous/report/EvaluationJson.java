package io.nous.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.evaluator.EvaluationReport;
import io.nous.evaluator.ScenarioReport;
import io.nous.evaluator.VariantReport;
import io.nous.evaluator.objective.ConstraintResult;
import io.nous.evaluator.stats.Comparison;
import java.util.Map;

/**
 * Renders an evaluation as JSON: {@code scenarios[]} (each with its objective and its standard
 * metrics), {@code score}, {@code variants[]}, constraints and sanity, in the naming scheme of
 * every Nous JSON file (see docs/cli.md): a relative change is {@code change} with
 * {@code ci_low}, {@code ci_high} and {@code verdict}.
 */
public final class EvaluationJson {
    private EvaluationJson() {
    }

    public static ObjectNode toJson(EvaluationReport r) {
        ObjectNode o = new ObjectMapper().createObjectNode();
        o.put("candidate", r.candidate());
        o.put("baseline", r.baseline());
        o.put("objective", r.objective());
        o.put("matrix", r.matrix());
        o.put("split", r.split());
        o.put("seeds", r.seeds());
        JsonReport.num(o, "confidence", r.confidence());
        if (r.failure() != null) {
            o.put("failure", r.failure());
        }
        ArrayNode scenarios = o.putArray("scenarios");
        for (ScenarioReport s : r.scenarios()) {
            ObjectNode n = scenarios.addObject();
            n.put("scenario", s.entry().label());
            n.put("variant", s.variant());
            n.put("workload", s.entry().workload());
            JsonReport.num(n, "qps", s.entry().qps());
            if (s.entry().arrivalCv() != null) {
                JsonReport.num(n, "arrival_cv", s.entry().arrivalCv());
            }
            n.put("split", s.entry().split().id());
            n.put("regime", s.entry().regime().id());
            n.put("arrived", s.arrived());
            n.put("baseline_dropped", s.baselineDropped());
            n.put("candidate_dropped", s.candidateDropped());
            if (s.seedRegimes() != null) {
                n.put("seed_regimes", s.seedRegimes());
            }
            change(n.putObject("objective"), s.objective());
            ObjectNode metrics = n.putObject("metrics");
            for (Map.Entry<String, Comparison> m : s.metrics().entrySet()) {
                ObjectNode mn = metrics.putObject(m.getKey());
                mn.put("unit", m.getKey().endsWith("_per_s") ? "tokens/s" : "ms");
                JsonReport.num(mn, "baseline", m.getValue().baseline());
                JsonReport.num(mn, "candidate", m.getValue().candidate());
                change(mn, m.getValue());
                JsonReport.num(mn, "paired_p", m.getValue().pValue());
            }
        }
        if (r.score() != null) {
            ObjectNode score = o.putObject("score");
            score.put("objective", r.score().objective());
            changeFields(score, r.score().change(), r.score().ciLow(), r.score().ciHigh(), r.score().verdict().id());
            score.put("scenarios", r.score().scenarios());
            ObjectNode cons = score.putObject("constraints");
            for (ConstraintResult c : r.constraints()) {
                ObjectNode cn = cons.putObject(c.name());
                cn.put("pass", c.pass());
                cn.put("detail", c.detail());
            }
        }
        ArrayNode variants = o.putArray("variants");
        for (VariantReport v : r.variants()) {
            ObjectNode vn = variants.addObject();
            vn.put("variant", v.variant());
            vn.put("description", v.description());
            if (v.score() != null) {
                changeFields(vn, v.score().change(), v.score().ciLow(), v.score().ciHigh(), v.score().verdict().id());
            }
            vn.put("constraints_hold", v.constraintsHold());
            vn.put("holds", v.holds());
        }
        o.put("promotion_rule", r.promotion().toString());
        if (r.racedOut() != null) {
            o.put("raced_out", r.racedOut());
        }
        ArrayNode sanity = o.putArray("sanity");
        r.sanity().forEach(sanity::add);
        o.put("promotable", r.promotable());
        o.put("simulations", r.simulations());
        JsonReport.num(o, "wall_seconds", r.wallSeconds());
        return o;
    }

    private static void change(ObjectNode n, Comparison c) {
        changeFields(n, c.change(), c.ciLow(), c.ciHigh(), c.verdict().id());
    }

    /** A relative change is always {@code change}, {@code ci_low}, {@code ci_high} and {@code verdict}. */
    static void changeFields(ObjectNode n, double change, double low, double high, String verdict) {
        JsonReport.num(n, "change", change);
        JsonReport.num(n, "ci_low", low);
        JsonReport.num(n, "ci_high", high);
        n.put("verdict", verdict);
    }
}
