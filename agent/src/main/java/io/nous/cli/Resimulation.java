package io.nous.cli;

import io.nous.discover.Problem;
import io.nous.discover.Problems;
import io.nous.discover.SeedPlans;
import io.nous.evaluator.Evaluation;
import io.nous.evaluator.EvaluationReport;
import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixCatalog;
import io.nous.evaluator.scenario.Split;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.policy.PolicyRegistry;
import io.nous.sandbox.Sandbox;
import io.nous.store.Run;
import io.nous.store.journal.DiscoveryConfig;
import java.util.ArrayList;
import java.util.List;

/**
 * Re-simulates one candidate of a run against the baseline on every split with the run's own
 * matrix, seeds and duration (on the held-out splits, the seeds its sequential comparisons took). Deterministic, so the objective's numbers equal the journal's; the
 * other standard metrics (E2E, sheddable class, throughput), which the journal does not keep, come
 * with them.
 */
final class Resimulation {
    private Resimulation() {
    }

    static List<EvaluationReport> allSplits(DiscoveryConfig config, String id, String source, Integer threads) {
        Matrix matrix = config.loadMatrix();
        int n = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        List<EvaluationReport> out = new ArrayList<>();
        // deployed as the run's problem class deploys candidates, against its baseline
        Problem problem = Problems.byId(config.problem());
        PolicyUnderTest candidate;
        try (Sandbox here = Sandbox.inProcess()) {
            candidate = problem.candidate(here, id, problem.compile(source));
        }
        try (PairedRunner runner = new PairedRunner(problem.baseline(), n)) {
            Evaluation evaluation = new Evaluation(runner, Objectives.byName(config.objective()), new PairedBootstrap(config.replicates(), 0.95));
            // the search split on its seeds, as the search saw it; the held-out splits as the run decided on them
            out.add(evaluation.evaluate(candidate, matrix, Split.SEARCH));
            for (Split split : List.of(Split.VALIDATION, Split.TEST)) {
                out.add(evaluation.evaluate(candidate, matrix, split, io.nous.evaluator.Racing.NONE,
                        SeedPlans.forSplit(config.seedsUpTo(), 0.95, matrix, split)));
            }
        }
        return out;
    }
}
