package io.nous.discover;

import io.nous.store.journal.Prediction;
import io.nous.store.journal.PredictionVerdict;
import java.util.ArrayList;
import java.util.List;

/**
 * Compares each prediction of a hypothesis with the evidence: confirmed, or wrong in direction,
 * magnitude or regime. A change within ±2% counts as none; a magnitude is wrong when it misses by
 * more than 15 points and by more than half of what was predicted.
 */
final class PredictionJudge {
    private PredictionJudge() {
    }

    static PredictionVerdict judge(String id, List<Prediction> predictions, Evaluated e) {
        List<PredictionVerdict.Outcome> out = new ArrayList<>();
        boolean all = true;
        for (Prediction p : predictions) {
            Double observed = e.changeByRegime().get(p.regime());
            String outcome;
            if (observed == null) {
                outcome = "untested";
            } else {
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
            out.add(new PredictionVerdict.Outcome(p.regime(), p.direction(), p.magnitude(), observed, outcome));
        }
        return new PredictionVerdict(id, List.copyOf(out), all);
    }
}
