package io.nous.cli;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The exit codes of every {@code nous} command, one list for all of them, shown at the end of each
 * command's {@code --help} and in docs/cli.md.
 */
final class ExitCodes {
    static final int OK = 0;
    /** A bug in Nous: the message and a stack trace go to stderr. */
    static final int INTERNAL = 1;
    /** Bad input: a flag, file, run id or policy; the message names it. */
    static final int BAD_INPUT = 2;
    /** A policy under test failed while being simulated (threw, broke its contract, ran out of budget). */
    static final int POLICY_FAILED = 3;
    /** {@code nous check} rejected the candidate. */
    static final int REJECTED = 4;
    /** {@code nous replay} found a record that did not reproduce. */
    static final int REPLAY_DIFFERS = 5;
    /** A service the command needs could not be used (the LLM endpoint of a discovery run, the endpoint observe measures, a Spark cluster). */
    static final int SERVICE_UNUSABLE = 6;
    /**
     * The evidence does not support what was asked, and nothing was written: a calibration that came out
     * worse than its start, an export of a candidate that was not promoted or is worse than the upstream
     * policy. {@code --force} does it anyway.
     */
    static final int UNSUPPORTED = 7;
    /** Interrupted by Ctrl-C (SIGINT); what was finished is kept. */
    static final int INTERRUPTED = 130;

    private ExitCodes() {
    }

    /** For picocli's usage help. */
    static Map<String, String> forHelp() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("0", "success");
        m.put("1", "internal error in Nous (please report it with the stack trace)");
        m.put("2", "bad input: a flag, file, run id or policy (the message names it)");
        m.put("3", "a policy under test failed during simulation");
        m.put("4", "nous check rejected the candidate");
        m.put("5", "nous replay found a record that does not reproduce");
        m.put("6", "a service could not be used (discover's LLM endpoint, the endpoint observe measures, a Spark cluster)");
        m.put("7", "the evidence does not support it (a calibration worse than its start, an export of an unpromoted or worse candidate); --force does it anyway");
        m.put("130", "interrupted (Ctrl-C); finished work is kept, discover prints how to resume");
        return m;
    }
}
