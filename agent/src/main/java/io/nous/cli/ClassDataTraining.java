package io.nous.cli;

import io.nous.policy.PolicyRegistry;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The training run for the CLI's class-data-sharing archive: the build runs this once with
 * {@code -XX:DumpLoadedClassList}, and the classes the everyday commands load (help, a one-off
 * simulation in both output formats, a candidate check, the catalogues) go into
 * {@code agent/target/nous.jsa}, which the {@code ./nous} launcher maps at start-up instead of
 * loading and verifying those classes again. Not a user command; it prints nothing and fails the
 * build if a command it trains on fails.
 */
public final class ClassDataTraining {
    private ClassDataTraining() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("nous-cds");
        Path policy = dir.resolve("Soft.java");
        Files.writeString(policy, PolicyRegistry.builtin().source("soft-reflective-ceiling"));
        List<String[]> commands = List.of(
                new String[] {"--help"},
                new String[] {"--version"},
                new String[] {"simulate", "--help"},
                new String[] {"simulate", "--workload", "code-generation", "--qps", "16", "--duration", "60"},
                new String[] {"simulate", "--workload", "interactive-chat", "--qps", "20", "--duration", "30", "--json",
                    "--policy", "static-usage-limit", "--policy", "soft-reflective-ceiling"},
                new String[] {"check", policy.toString()},
                new String[] {"policies"},
                new String[] {"profiles"},
                new String[] {"workloads"});
        PrintWriter quiet = new PrintWriter(OutputStream.nullOutputStream());
        for (String[] c : commands) {
            int code = Nous.execute(c, quiet, quiet);
            if (code != 0) {
                throw new IllegalStateException("training command " + String.join(" ", c) + " exited " + code);
            }
        }
        Files.delete(policy);
        Files.delete(dir);
    }
}
