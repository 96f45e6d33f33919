package io.nous.discover;

import io.nous.codegen.CheckResult;
import java.util.List;

/**
 * A proposal verified and compiled as a candidate of its problem class, not yet run: one part per
 * SPI it implements (one, or two for a joint candidate), each with the source it was compiled from.
 *
 * @param problems      every problem found, empty when accepted
 * @param canonicalHash the identity of its behaviour (duplicates share it); null when rejected
 */
public record Compiled(List<CheckResult> parts, List<String> sources, List<String> origins, List<String> problems, String canonicalHash) {
    public boolean accepted() {
        return problems.isEmpty();
    }

    /** A rejection. */
    static Compiled rejected(List<String> problems) {
        return new Compiled(List.of(), List.of(), List.of(), List.copyOf(problems), null);
    }

    /** The part implementing one SPI (the first and only one unless joint). */
    public CheckResult part(int i) {
        return parts.get(i);
    }
}
