package io.nous.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the CLI in-process and captures what it prints. */
record CliHarness(int exit, String out, String err) {

    static CliHarness run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Nous.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CliHarness(code, out.toString(), err.toString());
    }

    /** The id of the one run a test's discovery wrote under {@code runs}. */
    static String onlyRun(java.nio.file.Path runs) throws java.io.IOException {
        try (java.util.stream.Stream<java.nio.file.Path> s = java.nio.file.Files.list(runs)) {
            return s.map(p -> p.getFileName().toString()).findFirst().orElseThrow();
        }
    }
}
