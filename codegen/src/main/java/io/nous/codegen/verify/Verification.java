package io.nous.codegen.verify;

import com.github.javaparser.ast.CompilationUnit;
import io.nous.sim.spi.PlugPoint;
import java.util.List;

/**
 * The outcome of verifying a candidate: its violations (empty when accepted), and what was
 * learned about it.
 *
 * @param unit      the parsed source, or null when it did not parse
 * @param className fully qualified name of the policy class, or null
 * @param kind      the SPI it implements, or null
 */
public record Verification(List<Violation> violations, CompilationUnit unit, String className, PlugPoint<?> kind) {

    public boolean accepted() {
        return violations.isEmpty();
    }
}
