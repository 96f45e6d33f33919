package io.nous.evaluator;

import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.run.RunData;
import io.nous.sim.metrics.ClassSummary;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks that catch a broken or cheating evaluation: the candidate's policy was actually called,
 * every request is accounted for in every run, no metric is NaN where requests completed, and the
 * baseline saw exactly the candidate's arrivals (so neither the scenario nor the baseline changed).
 */
final class SanityChecks {
    private SanityChecks() {
    }

    static List<String> check(List<PairedScenario> scenarios, PolicyUnderTest candidate) {
        List<String> problems = new ArrayList<>();
        boolean flowControl = candidate.flowControlOn();
        for (PairedScenario p : scenarios) {
            String label = p.label();
            for (int s = 0; s < p.seeds(); s++) {
                RunData c = p.candidate().get(s);
                RunData b = p.baseline().get(s);
                String where = label + " seed " + (s + 1);
                if (flowControl && c.result().policy().calls() == 0) {
                    problems.add(where + ": the candidate's usage-limit policy was never called");
                }
                if (candidate.admission() != null && c.result().policy().admissionCalls() == 0) {
                    problems.add(where + ": the candidate's admission policy was never called");
                }
                conservation(c, where + " (candidate)", problems);
                conservation(b, where + " (baseline)", problems);
                for (String cls : b.result().classes().keySet()) {
                    long ba = b.result().classes().get(cls).arrived();
                    ClassSummary cc = c.result().classes().get(cls);
                    if (cc == null || cc.arrived() != ba) {
                        problems.add(where + ": " + cls + " arrivals differ between candidate and baseline; the runs are not paired");
                    }
                }
            }
        }
        return problems;
    }

    private static void conservation(RunData r, String where, List<String> problems) {
        for (ClassSummary c : r.result().classes().values()) {
            if (c.completed() + c.dropped() + c.inFlight() != c.arrived()) {
                problems.add(where + ": " + c.name() + " requests are not conserved");
            }
            if (c.completed() > 0 && (Double.isNaN(c.ttft().p99Ms()) || Double.isNaN(c.e2e().p99Ms()))) {
                problems.add(where + ": " + c.name() + " latency is NaN although requests completed");
            }
        }
    }
}
