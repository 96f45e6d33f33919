package io.nous.policy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * One known policy: its public name, the router plugin type it mirrors, what it implements, its
 * parameters, a factory, and the path of its Java source shipped as a resource (so later stages can
 * show, mutate and export it).
 */
public record PolicyTemplate(
        String name,
        String routerType,
        PolicyKind kind,
        String description,
        Set<String> parameters,
        Class<?> implementation,
        Function<PolicyParameters, Object> factory) {

    /** Resource path of this policy's Java source. */
    public String sourceResource() {
        return "/templates/" + implementation.getSimpleName() + ".java";
    }

    /** The Java source of this policy, exactly as compiled into Nous. */
    public String source() {
        try (InputStream in = PolicyTemplate.class.getResourceAsStream(sourceResource())) {
            if (in == null) {
                throw new IllegalStateException("missing source resource " + sourceResource());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Names this policy answers to: its Nous name and the router plugin type. */
    public List<String> aliases() {
        return List.of(name, routerType);
    }
}
