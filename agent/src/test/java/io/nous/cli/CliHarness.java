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
}
