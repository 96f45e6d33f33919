package io.nous.codegen.compile;

import io.nous.codegen.verify.SourceLimits;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * javac, in this JVM and in memory, as the authority on what is Java: the in-memory compiler that
 * runs candidates (Janino) accepts a few programs javac rejects, and what leaves Nous (an exported
 * module, a source in a router PR) must compile with javac. Annotation processing is off and the
 * classes javac writes are discarded; nothing is loaded or run.
 */
public final class JavacCheck {
    private JavacCheck() {
    }

    /**
     * The first javac error of a candidate's source compiled against the policy interfaces on this
     * JVM's class path, as "line L: message", or null when javac accepts it (or no javac is present:
     * then {@link #available()} is false). A leading byte-order mark is an encoding mark, not source
     * (Nous reads and writes candidates without it), so javac sees the text after it.
     */
    public static String candidate(String source) {
        source = SourceLimits.withoutBom(source);
        Matcher m = Pattern.compile("\\bclass\\s+([A-Za-z_$][A-Za-z0-9_$]*)").matcher(source);
        String name = m.find() ? m.group(1) : "Candidate";
        return compile(List.of(memory(name + ".java", source)), List.of("-classpath", System.getProperty("java.class.path", "")), false);
    }

    /** Whether this Java runtime has javac (a JDK, not a JRE). */
    public static boolean available() {
        return ToolProvider.getSystemJavaCompiler() != null;
    }

    /** The first javac error of source files on disk, as "File.java:L: message", or null. */
    public static String files(List<Path> sources) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            return null;
        }
        try (StandardJavaFileManager std = javac.getStandardFileManager(null, Locale.ROOT, null)) {
            List<JavaFileObject> units = new ArrayList<>();
            std.getJavaFileObjectsFromPaths(sources).forEach(units::add);
            return compile(units, List.of(), true);
        } catch (IOException e) {
            return "javac could not read the sources: " + e.getMessage();
        }
    }

    private static String compile(List<JavaFileObject> units, List<String> extra, boolean withFile) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            return null;
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager std = javac.getStandardFileManager(diagnostics, Locale.ROOT, null);
             JavaFileManager discard = new ForwardingJavaFileManager<>(std) {
                 @Override
                 public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind, FileObject sibling) {
                     return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + kind.extension), kind) {
                         @Override
                         public OutputStream openOutputStream() {
                             return new ByteArrayOutputStream();
                         }
                     };
                 }
             }) {
            List<String> options = new ArrayList<>(List.of("--release", "17", "-proc:none", "-implicit:none", "-Xlint:none", "-nowarn"));
            options.addAll(extra);
            if (javac.getTask(new StringWriter(), discard, diagnostics, options, null, units).call()) {
                return null;
            }
        } catch (IOException | RuntimeException e) {
            return "javac could not run: " + e.getMessage();
        }
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                String message = d.getMessage(Locale.ROOT).lines().findFirst().orElse("");
                String file = withFile && d.getSource() != null ? Path.of(d.getSource().toUri()).getFileName() + ":" : "line ";
                return file + d.getLineNumber() + ": " + message;
            }
        }
        return "javac failed without a diagnostic";
    }

    private static JavaFileObject memory(String name, String text) {
        return new SimpleJavaFileObject(URI.create("string:///" + name), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return text;
            }
        };
    }
}
