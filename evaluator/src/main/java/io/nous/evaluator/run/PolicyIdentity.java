package io.nous.evaluator.run;

import java.util.ArrayList;
import java.util.List;

/**
 * What a policy under test is, for caching its simulations: the same identity must mean the same
 * behaviour. Made of parts (a built-in reference, a canonical source hash, the deployment when it is
 * not the default) with one printed form, the parts joined by {@code +}, e.g.
 * {@code builtin:static-usage-limit+direct+sha256:…}.
 */
public record PolicyIdentity(List<String> parts) {
    public PolicyIdentity {
        parts = List.copyOf(parts);
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("a policy identity needs at least one part");
        }
        for (String p : parts) {
            if (p.isBlank()) {
                throw new IllegalArgumentException("a policy identity part is blank: " + parts);
            }
        }
    }

    /** A built-in policy by its registry reference (with its parameters). */
    public static PolicyIdentity builtin(String ref) {
        return new PolicyIdentity(List.of("builtin:" + ref));
    }

    /** A candidate by the hash of its canonical source. */
    public static PolicyIdentity source(String canonicalHash) {
        return new PolicyIdentity(List.of("sha256:" + canonicalHash));
    }

    /** An identity chosen by hand (tests, one-off evaluations); it is one part. */
    public static PolicyIdentity named(String name) {
        return new PolicyIdentity(List.of(name));
    }

    /** This policy followed by another (a usage-limit policy, then its admitter). */
    public PolicyIdentity plus(PolicyIdentity next) {
        List<String> all = new ArrayList<>(parts);
        all.addAll(next.parts);
        return new PolicyIdentity(all);
    }

    /** This policy run in a deployment; the default deployment adds nothing. */
    public PolicyIdentity in(Deployment d) {
        return d.marker() == null ? this : plus(named(d.marker()));
    }

    @Override
    public String toString() {
        return String.join("+", parts);
    }
}
