package io.nous.cli;

import io.nous.policy.PolicyException;
import io.nous.sim.cost.ProfileException;
import io.nous.sim.workload.WorkloadException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code nous} command line. Exit codes are one list for every command ({@link ExitCodes}),
 * printed at the end of each command's help.
 */
@Command(name = "nous", mixinStandardHelpOptions = true, version = "nous " + Nous.VERSION,
        description = "Discovers traffic-control policies for llm-d inference clusters by simulation.",
        subcommands = {DiscoverCommand.class, RunsCommand.class, ReplayCommand.class, ExportCommand.class, ReviewCommand.class, ReportCommand.class, SimulateCommand.class, EvaluateCommand.class,
                CapacityCommand.class, CalibrateCommand.class, CheckCommand.class, BenchCommand.class, PoliciesCommand.class, ProfilesCommand.class,
                WorkloadsCommand.class, CommandLine.HelpCommand.class})
public final class Nous implements Runnable {
    /** The Nous release, recorded in exports' provenance. */
    public static final String VERSION = "0.1.0";

    @picocli.CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the CLI with the given streams and returns the exit code (for tests). */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new Nous());
        withExitCodes(cl);
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("nous: " + ex.getMessage() + " (see '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help')");
            return ExitCodes.BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (ex instanceof UserError || ex instanceof WorkloadException || ex instanceof ProfileException
                    || ex instanceof PolicyException || ex instanceof io.nous.store.StoreException
                    || ex instanceof io.nous.evaluator.scenario.MatrixException
                    || ex instanceof io.nous.sim.workload.trace.TraceException) {
                err.println("nous: " + ex.getMessage());
                return ExitCodes.BAD_INPUT;
            }
            if (ex instanceof io.nous.sim.epp.PolicyException || ex instanceof io.nous.codegen.guard.CandidateFault) {
                err.println("nous: policy failed: " + ex.getMessage());
                return ExitCodes.POLICY_FAILED;
            }
            err.println("nous: internal error: " + ex);
            ex.printStackTrace(err);
            return ExitCodes.INTERNAL;
        });
        return cl.execute(args);
    }

    /** Every command's help ends with the same list of exit codes. */
    private static void withExitCodes(CommandLine cl) {
        cl.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(ExitCodes.forHelp());
        cl.getSubcommands().values().forEach(Nous::withExitCodes);
    }
}
