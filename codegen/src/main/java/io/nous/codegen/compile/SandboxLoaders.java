package io.nous.codegen.compile;

import io.nous.codegen.plug.PlugPoints;
import java.util.Set;

/**
 * The class-loader walls around candidate code.
 *
 * <p>{@link #compileTime()} is what Janino may resolve names against: the JDK types Janino's own
 * type system requires, the SPI, the guard, the math helpers, and the types that appear in those
 * classes' public signatures (Janino reflects over them, e.g. {@code Long.describeConstable()}
 * returns {@code java.util.Optional}). Threads, files, sockets, reflection, class loaders and
 * processes cannot be named at all.
 *
 * <p>{@link #runtime()} is the parent of every loaded candidate and is stricter still: only
 * {@code Object}, the math helpers, the SPI and the guard. The bytecode check
 * ({@link ConstantPoolCheck}) rejects any other reference before a class is loaded.
 */
public final class SandboxLoaders {
    /** Types Janino needs to exist (org.codehaus.janino.IClassLoader#postConstruct, and @Override). */
    private static final Set<String> JANINO_REQUIRED = Set.of(
            "java.io.Serializable", "java.lang.AssertionError", "java.lang.Boolean", "java.lang.Byte", "java.lang.Character",
            "java.lang.Class", "java.lang.Cloneable", "java.lang.Double", "java.lang.Enum", "java.lang.Error",
            "java.lang.Exception", "java.lang.Float", "java.lang.Integer", "java.lang.Iterable", "java.lang.Long",
            "java.lang.Object", "java.lang.Override", "java.lang.RuntimeException", "java.lang.Short", "java.lang.String",
            "java.lang.StringBuilder", "java.lang.System", "java.lang.Throwable", "java.lang.Void",
            "java.lang.annotation.Retention", "java.util.Iterator",
            // read when compiling @Override
            "java.lang.annotation.Target", "java.lang.annotation.ElementType", "java.lang.annotation.RetentionPolicy",
            "java.lang.annotation.Annotation", "java.lang.annotation.Documented");

    /**
     * What a loaded candidate class may link against. {@code Throwable} is there only as the catch
     * type of the guard's own try/finally; the bytecode check forbids using any of its members.
     */
    static final Set<String> RUNTIME_ALLOWED = runtimeAllowed();

    private static Set<String> runtimeAllowed() {
        Set<String> s = new java.util.TreeSet<>(Set.of(
                "java.lang.Object", "java.lang.Throwable", "java.lang.Math", "java.lang.StrictMath", "java.lang.Double", "java.lang.Integer",
                "java.lang.Long", "io.nous.codegen.guard.Budget", "io.nous.codegen.guard.$nousGuard"));
        PlugPoints.all().forEach(d -> s.add(d.point().spi().getName())); // the interfaces candidates implement
        return Set.copyOf(s);
    }

    private static final Set<String> COMPILE_ALLOWED;

    /** Never nameable, even when a signature mentions them. */
    private static final Set<String> NEVER = Set.of("java.lang.Thread", "java.lang.Runtime", "java.lang.ClassLoader",
            "java.lang.ProcessBuilder", "java.lang.Process", "java.lang.ThreadLocal", "java.lang.reflect.Method",
            "java.lang.reflect.Field", "java.lang.reflect.Constructor", "java.lang.invoke.MethodHandle",
            "java.lang.invoke.MethodHandles", "java.io.File", "java.nio.file.Path", "java.net.Socket", "java.net.URL");

    static {
        java.util.Set<String> s = new java.util.TreeSet<>(JANINO_REQUIRED);
        s.addAll(RUNTIME_ALLOWED);
        for (String name : java.util.List.copyOf(s)) {
            try {
                Class<?> c = Class.forName(name, false, SandboxLoaders.class.getClassLoader());
                for (java.lang.reflect.Method m : c.getMethods()) {
                    addType(s, m.getReturnType());
                    for (Class<?> p : m.getParameterTypes()) {
                        addType(s, p);
                    }
                }
                for (java.lang.reflect.Constructor<?> k : c.getConstructors()) {
                    for (Class<?> p : k.getParameterTypes()) {
                        addType(s, p);
                    }
                }
                for (java.lang.reflect.Field f : c.getFields()) {
                    addType(s, f.getType());
                }
                for (Class<?> i : c.getInterfaces()) {
                    addType(s, i);
                }
                if (c.getSuperclass() != null) {
                    addType(s, c.getSuperclass());
                }
            } catch (ClassNotFoundException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
        s.removeAll(NEVER);
        COMPILE_ALLOWED = Set.copyOf(s);
    }

    private static void addType(java.util.Set<String> s, Class<?> t) {
        while (t.isArray()) {
            t = t.getComponentType();
        }
        if (!t.isPrimitive()) {
            s.add(t.getName());
        }
    }

    private static final ClassLoader COMPILE_TIME = new Filter("nous-compile-sandbox", COMPILE_ALLOWED);
    private static final ClassLoader RUNTIME = new Filter("nous-runtime-sandbox", RUNTIME_ALLOWED);

    private SandboxLoaders() {
    }

    public static ClassLoader compileTime() {
        return COMPILE_TIME;
    }

    public static ClassLoader runtime() {
        return RUNTIME;
    }

    /** Delegates an exact allow-list of names to Nous's own loader and refuses everything else. */
    private static final class Filter extends ClassLoader {
        private final Set<String> allowed;
        private final ClassLoader app = SandboxLoaders.class.getClassLoader();

        Filter(String name, Set<String> allowed) {
            super(name, null);
            this.allowed = allowed;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (allowed.contains(name)) {
                return app.loadClass(name);
            }
            throw new ClassNotFoundException(name + " is not available to candidate code");
        }

        @Override
        public java.net.URL getResource(String name) {
            return null;
        }

        @Override
        public java.util.Enumeration<java.net.URL> getResources(String name) {
            return java.util.Collections.emptyEnumeration();
        }
    }
}
