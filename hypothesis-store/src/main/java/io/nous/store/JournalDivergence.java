package io.nous.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.store.journal.Evidence;
import io.nous.store.journal.FrontEvaluation;
import io.nous.store.journal.NoveltyAudit;
import io.nous.store.journal.PredictionVerdict;
import io.nous.store.journal.Promotion;
import io.nous.store.journal.RacingAudit;
import io.nous.store.journal.UpstreamComparison;
import java.util.Iterator;
import java.util.Map;

/** The run re-derived a record that differs from the journal's: names the record and the first differing field. */
public final class JournalDivergence extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The record types that hold what a simulation measured (as opposed to what was proposed or decided before measuring). */
    private static final java.util.Set<String> MEASURED = java.util.Set.of(Evidence.EVALUATION,
            Evidence.TEST_EVALUATION, RacingAudit.TYPE, NoveltyAudit.TYPE, Promotion.TYPE,
            UpstreamComparison.TYPE, PredictionVerdict.TYPE, FrontEvaluation.TYPE);

    private final boolean measurement;

    JournalDivergence(JournalRecord journaled, String type, ObjectNode derived) {
        super(describe(journaled, type, derived));
        this.measurement = journaled != null && journaled.type().equals(type) && MEASURED.contains(type);
    }

    /** A difference that is not in one record (a run file that no longer matches what the run wrote). */
    public JournalDivergence(String message) {
        super(message);
        this.measurement = false;
    }

    /**
     * Whether the first difference is in a measured value (an evaluation, a promotion trial, ...) with
     * every record before it reproduced: what a simulator that measures differently produces (a newer
     * Nous), as opposed to proposals or candidates that no longer match (a changed or broken run).
     */
    public boolean inMeasurement() {
        return measurement;
    }

    private static String describe(JournalRecord j, String type, ObjectNode derived) {
        if (j == null) {
            return "the journal ends before the run does (the run goes on with a '" + type + "' record): it was cut short, by an "
                    + "interrupted run or a truncated file";
        }
        if (!j.type().equals(type)) {
            return "record " + j.seq() + ": the journal has '" + j.type() + "' where the run produced '" + type + "'";
        }
        return "record " + j.seq() + " (" + type + "): " + firstDifference("", j.body(), derived);
    }

    /** Where two JSON values first differ, as a path and both values. */
    public static String firstDifference(String path, JsonNode a, JsonNode b) {
        if (a.isObject() && b.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = a.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                JsonNode other = b.get(f.getKey());
                if (other == null) {
                    return path + "." + f.getKey() + " is journaled but was not produced";
                }
                if (!f.getValue().equals(other)) {
                    return firstDifference(path + "." + f.getKey(), f.getValue(), other);
                }
            }
            for (Iterator<String> it = b.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                if (!a.has(k)) {
                    return path + "." + k + " was produced but is not journaled";
                }
            }
        } else if (a.isArray() && b.isArray() && a.size() == b.size()) {
            for (int i = 0; i < a.size(); i++) {
                if (!a.get(i).equals(b.get(i))) {
                    return firstDifference(path + "[" + i + "]", a.get(i), b.get(i));
                }
            }
        }
        return (path.isEmpty() ? "the body" : path) + " is " + a + " in the journal but " + b + " now";
    }
}
