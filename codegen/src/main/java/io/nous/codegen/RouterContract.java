package io.nous.codegen;

import io.nous.codegen.golang.Untranslatable;
import io.nous.codegen.plug.PlugPoints;
import io.nous.codegen.verify.Violation;
import io.nous.sim.spi.PlugPoint;
import java.util.List;

/**
 * What llm-d-router accepts of a usage-limit policy, checked before a candidate is compiled: no
 * state but one long counter (the router calls a policy from its dispatch loop and expects it safe
 * for concurrent use; the counter becomes an {@code atomic.Int64}), and nothing the Go export
 * cannot translate exactly. The rule list is the translator itself, so what verification accepts
 * and what exports are one and the same; a candidate discovery promotes can always leave as a Go
 * plugin.
 */
public final class RouterContract {
    private RouterContract() {
    }

    /** The reasons a usage-limit {@code source} cannot become a router plugin; empty when it can. */
    public static List<Violation> check(String source) {
        return check(source, PlugPoint.USAGE_LIMIT);
    }

    /** The reasons {@code source} of this plug point cannot become a router plugin. */
    public static List<Violation> check(String source, PlugPoint<?> kind) {
        try {
            PlugPoints.of(kind).translate(source);
            return List.of();
        } catch (Untranslatable u) {
            String why = u.getMessage().replaceFirst("^line \\d+: ", "");
            return List.of(new Violation(Math.max(1, u.line()), 1, "router-contract", "the router plugin cannot express this: " + why,
                    "keep to the exported subset: one long counter as the only mutable state, primitives, one-dimensional arrays, "
                            + "if/else and loops, Math helpers (see docs/discovery.md)."));
        } catch (RuntimeException e) {
            return List.of(new Violation(1, 1, "router-contract", "the Go export could not read this policy ("
                    + e.getClass().getSimpleName() + ")", "simplify the policy."));
        }
    }
}
