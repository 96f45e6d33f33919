package io.nous.policy;

import io.nous.sim.spi.PlugPoint;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * One known policy: its public name, the router plugin type it mirrors, what it implements, its
 * parameters, and the path of its Java source shipped as a resource (so later stages can show,
 * mutate and export it). {@code arguments} validates a reference's parameters into the arguments of
 * the implementation's constructor; the same arguments build an instance and, written into the
 * source's no-argument constructor, a source that behaves exactly like that instance.
 */
public record PolicyTemplate(
        String name,
        String routerType,
        PlugPoint<?> kind,
        String description,
        Set<String> parameters,
        Class<?> implementation,
        Function<PolicyParameters, List<Object>> arguments) {

    /** A fresh instance for these parameters (validated; a bad value is a {@link PolicyReferenceException}). */
    public Object instantiate(PolicyParameters params) {
        params.allowOnly(parameters);
        List<Object> args = arguments.apply(params);
        for (Constructor<?> k : implementation.getConstructors()) {
            if (k.getParameterCount() == args.size()) {
                try {
                    return k.newInstance(args.toArray());
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("cannot build " + name + " from " + args, e);
                }
            }
        }
        throw new IllegalStateException(implementation.getSimpleName() + " has no constructor taking " + args.size() + " arguments");
    }

    /**
     * The source with these parameters as its defaults: the no-argument constructor delegates to
     * the full one with them, so the source compiled alone behaves like {@link #instantiate}.
     */
    public String source(PolicyParameters params) {
        params.allowOnly(parameters);
        List<Object> args = arguments.apply(params);
        String src = source();
        if (params.asMap().isEmpty() || args.isEmpty()) {
            return src;
        }
        String ctor = "public " + implementation.getSimpleName() + "() {";
        int at = src.indexOf(ctor);
        int call = at < 0 ? -1 : src.indexOf("this(", at);
        int end = call < 0 ? -1 : src.indexOf(");", call);
        if (end < 0) {
            throw new IllegalStateException(implementation.getSimpleName() + " has no no-argument constructor delegating with this(...)");
        }
        StringBuilder literals = new StringBuilder();
        for (Object a : args) {
            literals.append(literals.length() == 0 ? "" : ", ").append(a instanceof Double d ? javaLiteral(d)
                    : a instanceof Long l && (l > Integer.MAX_VALUE || l < Integer.MIN_VALUE) ? l + "L" : String.valueOf(a));
        }
        return src.substring(0, call + "this(".length()) + literals + src.substring(end);
    }

    private static String javaLiteral(double d) {
        String s = BigDecimal.valueOf(d).toPlainString();
        return s.contains(".") ? s : s + ".0";
    }

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
