package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import picocli.CommandLine;

/** What every command shares: help without warnings, the same exit codes, and the same answer to bad input. */
@Isolated("it replaces System.err to catch what picocli prints there")
class CliConsistencyTest {

    private static List<String> commands() {
        List<String> names = new ArrayList<>();
        CommandLine root = Nous.commandLine();
        root.getSubcommands().forEach((name, sub) -> {
            if (!name.equals("help")) {
                names.add(name);
                sub.getSubcommands().keySet().forEach(child -> names.add(name + " " + child));
            }
        });
        return names;
    }

    @Test
    void everyHelpIsFreeOfPicocliWarningsAndListsTheExitCodes() {
        PrintStream saved = System.err;
        ByteArrayOutputStream stray = new ByteArrayOutputStream();
        System.setErr(new PrintStream(stray, true, StandardCharsets.UTF_8));
        try {
            for (String command : commands()) {
                List<String> args = new ArrayList<>(List.of(command.split(" ")));
                args.add("--help");
                CliHarness h = CliHarness.run(args.toArray(String[]::new));
                assertThat(h.exit()).as(command).isZero();
                assertThat(h.out()).as(command).contains("Exit codes:").containsPattern("\\n  5 +nous replay found a record")
                        .containsPattern("\\n  130 +interrupted").doesNotContain("%n");
                assertThat(h.err()).as(command).isEmpty();
            }
        } finally {
            System.setErr(saved);
        }
        assertThat(stray.toString(StandardCharsets.UTF_8)).as("picocli warnings").doesNotContain("WARN");
    }

    @Test
    void everyOptionOfEveryCommandSaysWhatItDoes() {
        List<String> bare = new ArrayList<>();
        CommandLine root = Nous.commandLine();
        List<CommandLine> all = new ArrayList<>();
        root.getSubcommands().values().forEach(sub -> {
            all.add(sub);
            all.addAll(sub.getSubcommands().values());
        });
        for (CommandLine c : all) {
            for (CommandLine.Model.OptionSpec o : c.getCommandSpec().options()) {
                if (!o.usageHelp() && !o.versionHelp() && !o.hidden() && String.join("", o.description()).isBlank()) {
                    bare.add(c.getCommandSpec().qualifiedName() + " " + o.longestName());
                }
            }
        }
        assertThat(bare).as("options whose help says nothing").isEmpty();
    }

    @Test
    void anUnknownFlagIsExit2WithAPointerToHelpOnEveryCommand() {
        for (String command : commands()) {
            List<String> args = new ArrayList<>(List.of(command.split(" ")));
            args.add("--no-such-flag");
            CliHarness h = CliHarness.run(args.toArray(String[]::new));
            assertThat(h.exit()).as(command).isEqualTo(ExitCodes.BAD_INPUT);
            assertThat(h.err()).as(command).containsAnyOf("--no-such-flag", "Missing required").contains(command + " --help")
                    .doesNotContain("\tat ");
        }
    }
}
