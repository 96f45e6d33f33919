package io.nous.codegen.compile;

import java.util.Map;

/** Defines one candidate's compiled classes; its parent is the strict run-time sandbox. */
final class CandidateClassLoader extends ClassLoader {
    private final Map<String, byte[]> classes;

    CandidateClassLoader(Map<String, byte[]> classes) {
        super("nous-candidate", SandboxLoaders.runtime());
        this.classes = classes;
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        byte[] b = classes.get(name);
        if (b == null) {
            throw new ClassNotFoundException(name);
        }
        return defineClass(name, b, 0, b.length);
    }
}
