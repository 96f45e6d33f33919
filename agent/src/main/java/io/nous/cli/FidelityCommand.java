package io.nous.cli;

import io.nous.codegen.Contract;
import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.study.FidelityCheck;
import io.nous.evaluator.study.FidelityReport;
import io.nous.evaluator.study.Study;
import io.nous.evaluator.study.StudyException;
import io.nous.evaluator.study.StudyReader;
import io.nous.report.FidelityHtml;
import io.nous.report.FidelityJson;
import io.nous.report.FidelityTable;
import io.nous.sandbox.Sandbox;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code nous fidelity}: checks the simulator against a published or observed A/B table. Every
 * point runs under every declared setting of the study's unknowns; each figure gets the settings that
 * reproduce it and a verdict. Exit 0 whatever the verdicts: they are findings, not failures.
 */
@Command(name = "fidelity", mixinStandardHelpOptions = true,
        description = "Check the simulator against a study's published A/B figures under every declared unknown: which settings "
                + "reproduce each figure, and whether the unknowns bracket it.")
public final class FidelityCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "STUDY", description = "A study file (YAML, see docs/fidelity.md) or a shipped study: "
            + "soft-reflective-2xh100.")
    String study;

    @Option(names = "--fit", paramLabel = "baseline", description = "Choose the setting from the baseline arm's published figures "
            + "alone, then report how well it predicts the treatment arm.")
    String fit;

    @Option(names = "--settings", paramLabel = "NAME[,NAME...]", description = "Run only these settings (default: all; nominal is always run).")
    String settings;

    @Option(names = "--points", paramLabel = "LABEL[,LABEL...]", description = "Run only these points, e.g. code-generation@16 "
            + "(default: all).")
    String points;

    @Option(names = "--seeds", paramLabel = "N", description = "Seeds per point and setting (default: the study's).")
    Integer seeds;

    @Option(names = "--duration", paramLabel = "SECONDS", description = "Seconds of arrivals per run, where a setting does not "
            + "set its own (default: the study's).")
    Double duration;

    @Option(names = "--threads", paramLabel = "N", description = "Parallel simulations (default: the number of cores).")
    Integer threads;

    @Option(names = "--confidence", defaultValue = "0.95", paramLabel = "C", description = "Confidence of the change's interval (default: ${DEFAULT-VALUE}).")
    double confidence;

    @Option(names = "--json", description = "Print one JSON object instead of the tables.")
    boolean json;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write an HTML page of the check.")
    Path html;

    @picocli.CommandLine.Mixin
    SandboxOptions sandboxOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Study s;
        PairedBootstrap stats;
        try {
            s = StudyReader.load(study);
            stats = new PairedBootstrap(2000, confidence);
        } catch (StudyException | IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        if (fit != null && !fit.equals("baseline")) {
            throw new UserError("--fit: only 'baseline' is supported (fit on the baseline arm, predict the treatment), got '" + fit + "'");
        }
        try {
            if (settings != null) {
                s = s.withSettings(java.util.Arrays.stream(settings.split(",")).map(String::trim).filter(x -> !x.isEmpty())
                        .filter(x -> !x.equals("nominal")).toList());
            }
            if (points != null) {
                s = s.withPoints(java.util.Arrays.stream(points.split(",")).map(String::trim).filter(x -> !x.isEmpty()).toList());
            }
            if (seeds != null) {
                s = s.withSeeds(seeds);
            }
            if (duration != null) {
                s = s.withDuration(duration);
            }
        } catch (IllegalArgumentException e) {
            String flag = e.getMessage().contains("no setting") ? "--settings: " : e.getMessage().contains("no point") ? "--points: "
                    : e.getMessage().startsWith("seeds") ? "--seeds: " : "--duration: ";
            throw new UserError(flag + e.getMessage());
        }
        int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (n < 1) {
            throw new UserError("--threads must be at least 1, got " + n);
        }
        if (html != null && html.getParent() != null && !Files.isDirectory(html.getParent())) {
            throw new UserError("--html: no directory " + html.getParent());
        }
        FidelityReport report;
        boolean untrusted = CandidateFiles.isSourceReference(s.baseline()) || CandidateFiles.isSourceReference(s.treatment());
        try (Sandbox sandbox = untrusted ? sandboxOptions.open(n) : Sandbox.inProcess()) {
            PolicyUnderTest base = PolicyRefs.resolve(s.baseline(), "none", sandbox, Contract.ROUTER);
            PolicyUnderTest treat = PolicyRefs.resolve(s.treatment(), "none", sandbox, Contract.ROUTER);
            try (PairedRunner runner = sandbox.runner(base, n)) {
                report = new FidelityCheck(runner, stats).run(s, treat, fit != null);
            } catch (StudyException e) {
                throw new UserError(e.getMessage());
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? FidelityJson.write(report) + System.lineSeparator() : FidelityTable.render(report));
        out.flush();
        if (html != null) {
            write(html, FidelityHtml.render(report));
            spec.commandLine().getErr().println("nous: wrote " + html);
        }
        return 0;
    }

    /** Writes through a temporary file, so an interrupted write never leaves half a page where a whole one was. */
    private static void write(Path target, String text) {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        try {
            Files.writeString(tmp, text);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UserError("--html: cannot write " + target + ": " + e.getMessage());
        }
    }
}
