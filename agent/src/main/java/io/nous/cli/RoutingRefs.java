package io.nous.cli;

import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.Contract;
import io.nous.evaluator.run.PolicyIdentity;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.policy.PolicyRegistry;
import io.nous.sandbox.Sandbox;
import io.nous.sim.InputError;
import io.nous.sim.routing.RoutingConfig;
import io.nous.sim.spi.PlugPoint;
import java.nio.file.Path;

/**
 * A policy under test behind a router config and, optionally, a routing scorer in its profile, from
 * {@code --epp-config} and {@code --scorer} references: a shipped config or a YAML file, a built-in
 * scorer or a {@code .java} one (verified here, simulated in a worker when the sandbox isolates).
 */
final class RoutingRefs {
    private RoutingRefs() {
    }

    /** {@code p} routed by {@code config} (null: unchanged) and scored by {@code scorer} (null: the config's own scorers). */
    static PolicyUnderTest routed(PolicyUnderTest p, String config, String scorer, Sandbox sandbox, Contract contract, String flag) {
        if (config == null) {
            if (scorer != null) {
                throw new UserError("--scorer needs --epp-config: the router config whose profile it scores in (lab-scorer runs it alone, "
                        + "without a filter)");
            }
            return p;
        }
        RoutingConfig cfg;
        try {
            cfg = RoutingConfig.byNameOrFile(config);
        } catch (InputError e) {
            throw new UserError(flag + ": " + e.getMessage());
        }
        if (scorer == null) {
            return p.routedBy(cfg, null, null);
        }
        if (!CandidateFiles.isSourceReference(scorer)) {
            try {
                PolicyRegistry.builtin().routing(scorer);
            } catch (RuntimeException e) {
                throw new UserError("--scorer: " + e.getMessage());
            }
            return p.routedBy(cfg, () -> PolicyRegistry.builtin().routing(scorer), PolicyIdentity.builtin(scorer));
        }
        if (p.sources() != null) {
            throw new UserError("--scorer FILE.java runs with a built-in --policy and --admission (one candidate source at a time)");
        }
        Path file = Path.of(scorer);
        String source = CandidateFiles.read(file);
        String origin = file.getFileName().toString();
        CheckResult check = Candidates.compileOnly(source, origin, contract);
        if (!check.accepted()) {
            throw new UserError(origin + " does not pass verification: " + String.join("; ", check.problems()));
        }
        if (check.kind() != PlugPoint.ROUTING) {
            throw new UserError("--scorer: " + origin + " implements " + check.kind().spi().getSimpleName() + ", not RoutingScorer");
        }
        PolicyUnderTest routed = p.routedBy(cfg, check.candidate()::newRoutingScorer,
                PolicyIdentity.source(check.canonicalHash()));
        if (!sandbox.isolated()) {
            return routed;
        }
        String usage = p.builtins() == null ? null : p.builtins().usageLimit();
        if (usage == null || p.builtins().admission() != null) {
            throw new UserError("--scorer FILE.java with isolation runs with a built-in --policy and no --admission");
        }
        return routed.withSources(new PolicyUnderTest.Sources(PolicyRegistry.builtin().source(usage), usage + ".java", null, null, contract,
                source, origin));
    }
}
