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

/** Renders an evaluation as JSON: {@code scenarios[]}, {@code score}, constraints and sanity. */
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
            ObjectNode pol = n.putObject("policy");
            ObjectNode base = n.putObject("baseline");
            ObjectNode delta = n.putObject("delta");
            for (Map.Entry<String, Comparison> m : s.metrics().entrySet()) {
                String[] parts = m.getKey().split("_", 2); // critical_ttft_p99 -> critical, ttft_p99
                ObjectNode pc = pol.has(parts[0]) ? (ObjectNode) pol.get(parts[0]) : pol.putObject(parts[0]);
                ObjectNode bc = base.has(parts[0]) ? (ObjectNode) base.get(parts[0]) : base.putObject(parts[0]);
                JsonReport.num(pc, parts[1] + "_ms", m.getValue().candidate());
                JsonReport.num(bc, parts[1] + "_ms", m.getValue().baseline());
                JsonReport.num(delta, m.getKey(), m.getValue().change());
                ArrayNode ci = delta.putArray(m.getKey() + "_ci");
                addNum(ci, m.getValue().ciLow());
                addNum(ci, m.getValue().ciHigh());
                delta.put(m.getKey() + "_verdict", m.getValue().verdict().id());
                JsonReport.num(delta, m.getKey() + "_paired_p", m.getValue().pValue());
            }
            pol.put("dropped", s.candidateDropped());
            base.put("dropped", s.baselineDropped());
            n.put("arrived", s.arrived());
            n.put("verdict", s.objective().verdict().id());
            JsonReport.num(n, "objective_change", s.objective().change());
        }
        if (r.score() != null) {
            ObjectNode score = o.putObject("score");
            score.put("objective", r.score().objective());
            JsonReport.num(score, "value", r.score().change());
            ArrayNode ci = score.putArray("ci");
            addNum(ci, r.score().ciLow());
            addNum(ci, r.score().ciHigh());
            score.put("verdict", r.score().verdict().id());
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
            vn.put("changes", v.description());
            if (v.score() != null) {
                JsonReport.num(vn, "value", v.score().change());
                ArrayNode ci = vn.putArray("ci");
                addNum(ci, v.score().ciLow());
                addNum(ci, v.score().ciHigh());
                vn.put("verdict", v.score().verdict().id());
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

    private static void addNum(ArrayNode a, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            a.addNull();
        } else {
            a.add(java.math.BigDecimal.valueOf(v).setScale(4, java.math.RoundingMode.HALF_EVEN).stripTrailingZeros());
        }
    }
}
