package io.nous.cli;

import io.nous.evaluator.run.ExecutionBackend;
import io.nous.evaluator.run.ExecutionBackendProvider;
import io.nous.sandbox.Sandbox;
import io.nous.store.Shell;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * Where an evaluation's simulations run: this machine ({@code local}, the default) or a cluster
 * engine found on the class path ({@code spark}: {@code ./nous} adds it when asked, or the jar that
 * {@code spark-submit} runs). The answer is the same wherever they run.
 */
public final class ExecutorOptions {

    @Option(names = "--executor", paramLabel = "local|spark", defaultValue = "local",
            description = "Where simulations run: this machine, or a Spark cluster (default: ${DEFAULT-VALUE}).")
    String executor;

    @Option(names = "--spark-master", paramLabel = "URL",
            description = "With --executor spark: local[N], spark://HOST:7077, k8s://https://HOST:443, yarn (default: what spark-submit says).")
    String sparkMaster;

    @Option(names = "--conf", paramLabel = "KEY=VALUE",
            description = "With --executor spark: a Spark setting, e.g. spark.executor.memory=4g (repeatable).")
    List<String> conf = List.of();

    /** These options as flags for a printed command: none for the local executor. */
    String flags() {
        if (local()) {
            return "";
        }
        StringBuilder f = new StringBuilder(" --executor ").append(executor);
        if (sparkMaster != null) {
            f.append(" --spark-master ").append(Shell.quote(sparkMaster));
        }
        conf.forEach(c -> f.append(" --conf ").append(Shell.quote(c)));
        return f.toString();
    }

    boolean local() {
        return executor.equals("local");
    }

    /** Refuses what cannot work before anything starts. */
    void validate(SandboxOptions sandbox) {
        if (!executor.equals("local") && !executor.equals("spark")) {
            throw new UserError("--executor must be local or spark, got '" + executor + "'");
        }
        if (local() && (sparkMaster != null || !conf.isEmpty())) {
            throw new UserError((sparkMaster != null ? "--spark-master" : "--conf") + " needs --executor spark");
        }
        if (!local() && sandbox.inProcess) {
            throw new UserError("--in-process and --executor spark do not go together: executors compile candidates from "
                    + "their source in their own worker JVMs");
        }
        settings();
    }

    private Map<String, String> settings() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String kv : conf) {
            int eq = kv.indexOf('=');
            if (eq <= 0) {
                throw new UserError("--conf takes KEY=VALUE, got '" + kv + "'");
            }
            String key = kv.substring(0, eq).trim();
            if (key.equals("spark.master")) {
                // two masters would leave which one ran to Spark's order of reading them
                throw new UserError("--conf spark.master: give the master as --spark-master");
            }
            if (out.containsKey(key)) {
                throw new UserError("--conf " + key + " is given twice");
            }
            out.put(key, kv.substring(eq + 1).trim());
        }
        return out;
    }

    /** Puts the sandbox's simulations on the cluster when {@code --executor spark}; a no-op for local. */
    Sandbox apply(Sandbox sandbox, SandboxOptions options) {
        if (local()) {
            return sandbox;
        }
        ExecutionBackendProvider provider = ExecutionBackendProvider.find(executor).orElseThrow(() -> new UserError(
                "--executor " + executor + ": the " + executor + " module is not on the class path; run nous through ./nous, which adds "
                        + "it for --executor " + executor + ", or spark-submit the nous-spark jar"));
        ExecutionBackend backend;
        try {
            backend = provider.open(new ExecutionBackendProvider.Settings(sparkMaster, settings(), options.workerOptions(1), System.err));
        } catch (RuntimeException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
            throw new UserError("--executor " + executor + ": cannot start" + (sparkMaster == null ? "" : " on " + sparkMaster) + ": " + why
                    + (sparkMaster == null ? " (give --spark-master, or run it with spark-submit)" : ""));
        }
        return sandbox.simulateOn(backend);
    }
}
