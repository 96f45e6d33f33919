package io.nous.cli;

import io.nous.codegen.Contract;
import io.nous.evaluator.Evaluation;
import io.nous.evaluator.EvaluationReport;
import io.nous.evaluator.objective.Objective;
import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixCatalog;
import io.nous.evaluator.scenario.MatrixException;
import io.nous.evaluator.scenario.PromotionRule;
import io.nous.evaluator.scenario.Split;
import io.nous.evaluator.scenario.Variant;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.policy.PolicyRegistry;
import io.nous.report.EvaluationJson;
import io.nous.report.EvaluationTable;
import io.nous.report.JsonReport;
import io.nous.sandbox.Sandbox;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code nous evaluate}: a candidate against a baseline on a scenario matrix, with paired
 * statistics, the objective's score and the constraints. Exit 0 when evaluated (promotable or
 * not), 3 when the candidate failed inside a simulation.
 */
@Command(name = "evaluate", mixinStandardHelpOptions = true,
        description = "Compare a policy with a baseline on a scenario matrix: per-scenario change with intervals, score, constraints.")
public final class EvaluateCommand implements Callable<Integer> {

    @Option(names = "--policy", required = true, paramLabel = "NAME|FILE.java", description = "The candidate usage-limit policy.")
    String policy;

    @Option(names = "--baseline", defaultValue = PolicyRegistry.BASELINE, paramLabel = "NAME|FILE.java",
            description = "The baseline (default: ${DEFAULT-VALUE}).")
    String baseline;

    @Option(names = "--admission", defaultValue = "none", paramLabel = "NAME", description = "Candidate's admission: none, legacy, a policy or FILE.java.")
    String admission;

    @Option(names = "--baseline-admission", defaultValue = "none", paramLabel = "NAME", description = "Baseline's admission (default: ${DEFAULT-VALUE}).")
    String baselineAdmission;

    @Option(names = "--epp-config", paramLabel = "NAME|FILE.yaml", description = "Route the candidate's scenarios by this router "
            + "config (a shipped one, see 'nous simulate --help', or an EndpointPickerConfig file); its flowControl gate decides flow control.")
    String eppConfig;

    @Option(names = "--scorer", paramLabel = "NAME|FILE.java", description = "A routing scorer (built-in or a .java RoutingScorer) "
            + "in place of the candidate config's scorers; needs --epp-config (lab-scorer: the scorer alone picks the endpoint).")
    String scorer;

    @Option(names = "--baseline-epp-config", paramLabel = "NAME|FILE.yaml", description = "Route the baseline's scenarios by this "
            + "router config.")
    String baselineEppConfig;

    @Option(names = "--objective", defaultValue = "critical-ttft", paramLabel = "NAME",
            description = "critical-ttft, critical-e2e, goodput or ms-saved-per-shed (default: ${DEFAULT-VALUE}).")
    String objective;

    @Option(names = "--matrix", defaultValue = "default", paramLabel = "default|study-2xh100|admission|FILE.yaml",
            description = "Scenario matrix (default: ${DEFAULT-VALUE}).")
    String matrix;

    @Option(names = "--variants", paramLabel = "all|nominal|NAME[,NAME...]",
            description = "Simulator variants to evaluate under (default: all of the matrix's).")
    String variants;

    @Option(names = "--promote-when", paramLabel = "all|quorum:K",
            description = "How many variants must say better (default: the matrix's promote_when, usually all).")
    String promoteWhen;

    @Option(names = "--split", defaultValue = "all", paramLabel = "NAME", description = "search, validation, test or all (default: ${DEFAULT-VALUE}).")
    String split;

    @Option(names = "--seeds", paramLabel = "N", description = "Seeds per scenario (default: the matrix's).")
    Integer seeds;

    @Option(names = "--duration", paramLabel = "SECONDS", description = "Simulated seconds per scenario (default: the matrix's).")
    Double duration;

    @Option(names = "--threads", paramLabel = "N", description = "Parallel simulations (default: the number of cores).")
    Integer threads;

    @Option(names = "--confidence", defaultValue = "0.95", paramLabel = "C", description = "Confidence of intervals and verdicts (default: ${DEFAULT-VALUE}).")
    double confidence;

    @Option(names = "--replicates", defaultValue = "2000", paramLabel = "B", description = "Bootstrap replicates (default: ${DEFAULT-VALUE}).")
    int replicates;

    @picocli.CommandLine.Mixin
    SandboxOptions sandboxOptions;

    @picocli.CommandLine.Mixin
    ExecutorOptions executorOptions;

    @Option(names = "--simulation-only",
            description = "Accept .java policies the router could not run (e.g. more state than one counter), for study in the simulator.")
    boolean simulationOnly;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Spec
    CommandSpec spec;

    /** What a routed policy is called in the report: the router config, and the scorer in its profile. */
    private static String routedName(String policy, String config, String scorer) {
        String where = "router config " + java.nio.file.Path.of(config).getFileName();
        String who = scorer != null ? "scorer " + java.nio.file.Path.of(scorer).getFileName() + " in " + where : where;
        return policy.equals("static-usage-limit") ? who : who + " with " + policy;
    }

    @Override
    public Integer call() {
        Objective obj;
        Split sp;
        PairedBootstrap stats;
        Matrix m;
        try {
            obj = Objectives.byName(objective);
            sp = Split.byId(split);
            stats = new PairedBootstrap(replicates, confidence);
            m = MatrixCatalog.load(matrix);
        } catch (IllegalArgumentException | MatrixException e) {
            throw new UserError(e.getMessage());
        }
        m = selectVariants(m, variants);
        if (promoteWhen != null) {
            try {
                m = m.withPromotion(PromotionRule.parse(promoteWhen));
            } catch (IllegalArgumentException e) {
                throw new UserError("--promote-when: " + e.getMessage());
            }
        }
        if (seeds != null) {
            if (seeds < 1) {
                throw new UserError("--seeds must be at least 1, got " + seeds);
            }
            m = m.withSeeds(seeds);
        }
        if (duration != null) {
            if (!(duration > 0) || duration.isInfinite()) {
                throw new UserError("--duration must be a positive number of seconds, got " + duration);
            }
            m = m.withDuration(duration);
        }
        int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (n < 1) {
            throw new UserError("--threads must be at least 1, got " + n);
        }
        EvaluationReport report;
        boolean untrusted = CandidateFiles.isSourceReference(policy) || CandidateFiles.isSourceReference(admission.replace("direct:", ""))
                || CandidateFiles.isSourceReference(baseline) || CandidateFiles.isSourceReference(baselineAdmission.replace("direct:", ""))
                || scorer != null && CandidateFiles.isSourceReference(scorer);
        executorOptions.validate(sandboxOptions);
        try (Sandbox sandbox = executorOptions.apply(untrusted ? sandboxOptions.open(n) : Sandbox.inProcess(), sandboxOptions)) {
            Contract contract = simulationOnly ? Contract.SIMULATION_ONLY : Contract.ROUTER;
            PolicyUnderTest cand = RoutingRefs.routed(PolicyRefs.resolve(policy, admission, sandbox, contract), eppConfig, scorer, sandbox,
                    contract, "--epp-config");
            PolicyUnderTest base = RoutingRefs.routed(PolicyRefs.resolve(baseline, baselineAdmission, sandbox, contract), baselineEppConfig,
                    null, sandbox, contract, "--baseline-epp-config");
            if (eppConfig != null) {
                cand = cand.named(routedName(policy, eppConfig, scorer));
            }
            if (baselineEppConfig != null) {
                base = base.named(routedName(baseline, baselineEppConfig, null));
            }
            if (sp == Split.SEARCH) {
                // once every setting is valid, before the simulations: what the search split never shows that held-out splits judge
                io.nous.evaluator.scenario.RegimeCoverage.gaps(m).forEach(g -> spec.commandLine().getErr().println("nous: warning: " + g));
            }
            try (PairedRunner runner = sandbox.runner(base, n)) {
                report = new Evaluation(runner, obj, stats).evaluate(cand, m, sp);
            } catch (IllegalArgumentException e) {
                throw new UserError(e.getMessage());
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? JsonReport.write(EvaluationJson.toJson(report)) + System.lineSeparator() : EvaluationTable.render(report));
        out.flush();
        if (report.failure() != null) {
            spec.commandLine().getErr().println("nous: the candidate failed: " + report.failure());
            return ExitCodes.POLICY_FAILED;
        }
        return 0;
    }

    /** The matrix restricted to the named variants ({@code all}: unchanged; {@code nominal}: the first). */
    static Matrix selectVariants(Matrix m, String names) {
        if (names == null || names.equals("all")) {
            return m;
        }
        if (names.equals("nominal") && m.variants().stream().noneMatch(v -> v.name().equals("nominal"))) {
            return m.nominalOnly();
        }
        java.util.List<Variant> keep = new java.util.ArrayList<>();
        for (String n : names.split(",")) {
            String name = n.trim();
            keep.add(m.variants().stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow(() -> new UserError(
                    "--variants: matrix " + m.name() + " has no variant '" + name + "'; it has: "
                            + String.join(", ", m.variants().stream().map(Variant::name).toList()))));
        }
        PromotionRule rule = m.promotion().quorum() > keep.size()
                ? PromotionRule.ALL : m.promotion();
        return m.withVariants(keep, rule);
    }
}
