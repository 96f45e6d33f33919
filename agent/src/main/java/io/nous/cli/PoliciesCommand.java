package io.nous.cli;

import io.nous.policy.PolicyRegistry;
import io.nous.policy.PolicyTemplate;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code nous policies}: lists known policies, or prints one's Java source. */
@Command(name = "policies", mixinStandardHelpOptions = true, description = "List known policies, or show one's source.")
public final class PoliciesCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "NAME", description = "Show this policy's Java source.")
    String name;

    @Option(names = "--source", description = "With NAME: print only the source.")
    boolean sourceOnly;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PolicyRegistry registry = PolicyRegistry.builtin();
        if (name == null) {
            for (PolicyTemplate t : registry.templates().values()) {
                out.printf(Locale.ROOT, "%-26s %-12s %s%n", t.name(), t.kind().id(), t.description());
            }
        } else {
            PolicyTemplate t = registry.template(name);
            if (!sourceOnly) {
                out.printf(Locale.ROOT, "%s (router type %s, %s)%nparameters: %s%n%n", t.name(), t.routerType(),
                        t.kind().id().replace('-', '_'), t.parameters().isEmpty() ? "none" : String.join(", ", t.parameters()));
            }
            out.print(t.source());
        }
        out.flush();
        return 0;
    }
}
