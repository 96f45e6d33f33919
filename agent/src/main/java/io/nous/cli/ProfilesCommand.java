package io.nous.cli;

import io.nous.sim.cost.CostCatalog;
import io.nous.sim.cost.CostProfile;
import io.nous.sim.cost.ProfileWriter;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code nous profiles}: lists cost profiles, or shows one with the source of every number. */
@Command(name = "profiles", mixinStandardHelpOptions = true, description = "List cost profiles, or show one with its sources.")
public final class ProfilesCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "NAME")
    String name;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        CostCatalog catalog = CostCatalog.builtin();
        if (name == null) {
            for (CostProfile p : catalog.profiles().values()) {
                out.printf(Locale.ROOT, "%-28s %-9s %s x%d, %s, %,d KV tokens%s%n", p.name(), p.kind(), p.hardware(), p.tensorParallel(),
                        p.model(), p.kvTokens(), p.name().equals(CostCatalog.DEFAULT_PROFILE) ? "  (default)" : "");
            }
        } else {
            CostProfile p = catalog.profile(name);
            out.printf(Locale.ROOT, "%s: %s%n", p.name(), p.description());
            out.printf(Locale.ROOT, "kind %s, hardware %s x%d, model %s, KV %d blocks x %d tokens%n", p.kind(), p.hardware(),
                    p.tensorParallel(), p.model(), p.kvBlocks(), p.blockSize());
            // the parameters as the profile file spells them
            String yaml = ProfileWriter.yaml(p);
            int at = yaml.indexOf(p.kind().equals("roofline") ? "    roofline:" : "    linear:");
            int end = yaml.indexOf("    sources:", at);
            if (at >= 0 && end > at) {
                out.println("parameters:");
                for (String line : yaml.substring(at, end).split("\\R")) {
                    if (!line.isBlank() && !line.trim().equals("roofline:") && !line.trim().equals("linear:")) {
                        out.println(line.substring(Math.min(4, line.length())));
                    }
                }
            }
            out.println("sources:");
            p.sources().forEach((k, v) -> out.printf(Locale.ROOT, "  %s: %s%n", k, v));
        }
        out.flush();
        return 0;
    }
}
