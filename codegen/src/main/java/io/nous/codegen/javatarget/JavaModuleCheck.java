package io.nous.codegen.javatarget;

import io.nous.codegen.compile.JavacCheck;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Compiles a written {@link JavaModule}'s main sources with javac before the module is handed
 * over: a module that fails {@code mvn test} at its first step is not an export.
 */
public final class JavaModuleCheck {
    private JavaModuleCheck() {
    }

    /** The first javac error of the module under {@code module}, as "File.java:LINE: message", or null when it compiles. */
    public static String compile(Path module) {
        List<Path> sources;
        try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
            sources = files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            return "cannot read the module's sources: " + e.getMessage();
        }
        return JavacCheck.files(sources);
    }
}
