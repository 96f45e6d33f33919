package io.nous.cli;

import io.nous.evaluator.run.BackendFailure;
import io.nous.observe.EndpointError;
import io.nous.sim.InputError;
import io.nous.sim.PolicyFailure;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code nous} command line. Exit codes are one list for every command ({@link ExitCodes}),
 * printed at the end of each command's help.
 */
@Command(name = "nous", mixinStandardHelpOptions = true, version = "nous " + Nous.VERSION,
        description = "Discovers traffic-control policies for llm-d inference clusters by simulation.")
public final class Nous implements Runnable {
    /** The Nous release, recorded in exports' provenance. */
    public static final String VERSION = "0.1.0";

    @picocli.CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /**
     * The subcommands by name, in the order help lists them. They are built only when needed:
     * picocli reflects over a command's options (and the JVM verifies its code) when it is added, so
     * a command line that names one subcommand builds that one alone.
     */
    private static final Map<String, Supplier<Object>> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("discover", DiscoverCommand::new);
        COMMANDS.put("runs", RunsCommand::new);
        COMMANDS.put("replay", ReplayCommand::new);
        COMMANDS.put("rescore", RescoreCommand::new);
        COMMANDS.put("principles", PrinciplesCommand::new);
        COMMANDS.put("export", ExportCommand::new);
        COMMANDS.put("review", ReviewCommand::new);
        COMMANDS.put("report", ReportCommand::new);
        COMMANDS.put("simulate", SimulateCommand::new);
        COMMANDS.put("evaluate", EvaluateCommand::new);
        COMMANDS.put("fidelity", FidelityCommand::new);
        COMMANDS.put("capacity", CapacityCommand::new);
        COMMANDS.put("observe", ObserveCommand::new);
        COMMANDS.put("compare", CompareCommand::new);
        COMMANDS.put("calibrate", CalibrateCommand::new);
        COMMANDS.put("check", CheckCommand::new);
        COMMANDS.put("bench", BenchCommand::new);
        COMMANDS.put("policies", PoliciesCommand::new);
        COMMANDS.put("profiles", ProfilesCommand::new);
        COMMANDS.put("workloads", WorkloadsCommand::new);
        COMMANDS.put("fake-server", FakeServerCommand::new);
    }

    /** The whole command tree, every subcommand built (for help and tests). */
    static CommandLine commandLine() {
        return commandLine(COMMANDS.keySet());
    }

    private static CommandLine commandLine(Iterable<String> names) {
        CommandLine cl = new CommandLine(new Nous());
        for (String name : names) {
            cl.addSubcommand(name, COMMANDS.get(name).get());
        }
        cl.setResourceBundle(java.util.ResourceBundle.getBundle(HelpLists.class.getName()));
        cl.addSubcommand("help", new CommandLine.HelpCommand());
        withExitCodes(cl);
        return cl;
    }

    /** Only what these arguments need: the named subcommand, or every one for help, --version or a mistake. */
    private static CommandLine commandLineFor(String[] args) {
        if (args.length > 0 && COMMANDS.containsKey(args[0])) {
            return commandLine(List.of(args[0]));
        }
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            return commandLine(List.of()); // main() answers this without picocli; execute() (tests) still goes through it
        }
        return commandLine();
    }

    public static void main(String[] args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            // the one answer that needs no command model: skip building it (picocli prints the same line)
            System.out.println("nous " + VERSION);
            return;
        }
        if (args.length > 0 && SIMULATING.contains(args[0])) {
            warmUpCatalogs();
        }
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Commands that build scenarios, and so read the shipped catalogs first thing. */
    private static final java.util.Set<String> SIMULATING = java.util.Set.of("simulate", "evaluate", "fidelity", "discover", "bench", "capacity",
            "compare", "calibrate", "observe", "replay", "rescore", "workloads", "profiles");

    /**
     * Reads the shipped cost profiles, workloads and router config on a second thread while this one
     * builds the command's model and parses its options: a one-off command spends a fifth of its life
     * on each (measured on 2 cores). Whoever asks for a catalog first reads it; a second caller waits.
     * A failure here is left to the command, which reads the catalog again and reports it.
     */
    private static void warmUpCatalogs() {
        Thread t = new Thread(() -> {
            try {
                // in the order a command asks for them
                io.nous.sim.workload.WorkloadCatalog.builtin();
                io.nous.sim.cost.CostCatalog.builtin();
                io.nous.sim.routing.RoutingConfig.defaults();
            } catch (RuntimeException ignored) {
                // the command meets the same problem and says what it is
            }
        }, "nous-catalogs");
        t.setDaemon(true);
        t.start();
    }

    /** Runs the CLI with the given streams and returns the exit code (for tests). */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = commandLineFor(args);
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("nous: " + ex.getMessage() + " (see '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help')");
            return ExitCodes.BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (ex instanceof InputError) {
                err.println("nous: " + ex.getMessage());
                return ExitCodes.BAD_INPUT;
            }
            if (ex instanceof Unsupported) {
                err.println("nous: " + ex.getMessage());
                return ExitCodes.UNSUPPORTED;
            }
            if (ex instanceof BackendFailure) {
                err.println("nous: " + ex.getMessage() + " (finished work is kept; run the command again, or with --executor local)");
                return ExitCodes.SERVICE_UNUSABLE;
            }
            if (ex instanceof EndpointError) {
                err.println("nous: " + ex.getMessage());
                return ExitCodes.SERVICE_UNUSABLE;
            }
            if (ex instanceof PolicyFailure) {
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
