package io.nous.codegen.compile;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.codehaus.commons.compiler.CompileException;
import org.codehaus.commons.compiler.Location;
import org.codehaus.janino.SimpleCompiler;

/**
 * Compiles (instrumented) candidate source in memory with Janino against the compile-time
 * sandbox, checks the bytecode's references, and loads the class behind the run-time sandbox.
 * Every error comes back as a {@link CompileDiagnostic}; nothing is written to disk.
 */
public final class CandidateCompiler {

    /** A successful compilation: the loaded policy class. */
    public record Compiled(Class<?> policyClass, Map<String, byte[]> bytecode) {
    }

    /** The outcome: a class, or the diagnostics that prevented one. */
    public record Result(Compiled compiled, List<CompileDiagnostic> diagnostics) {
        public boolean ok() {
            return compiled != null;
        }
    }

    public Result compile(String source, String className, String fileName) {
        List<CompileDiagnostic> diagnostics = new ArrayList<>();
        SimpleCompiler janino = new SimpleCompiler();
        janino.setParentClassLoader(SandboxLoaders.compileTime());
        janino.setDebuggingInformation(true, true, false);
        janino.setCompileErrorHandler((message, location) -> diagnostics.add(diagnostic(message, location)));
        try {
            janino.cook(fileName, new StringReader(source));
        } catch (CompileException e) {
            if (diagnostics.isEmpty()) {
                diagnostics.add(diagnostic(e.getMessage(), e.getLocation()));
            }
        } catch (IOException e) {
            diagnostics.add(new CompileDiagnostic(0, 0, "cannot read source: " + e.getMessage()));
        } catch (RuntimeException | StackOverflowError e) {
            diagnostics.add(internal(e));
        }
        if (!diagnostics.isEmpty()) {
            return new Result(null, rootCauses(diagnostics));
        }
        Map<String, byte[]> bytecode = janino.getBytecodes();
        for (String problem : ConstantPoolCheck.check(bytecode)) {
            diagnostics.add(new CompileDiagnostic(0, 0, "bytecode " + problem));
        }
        if (!diagnostics.isEmpty()) {
            return new Result(null, List.copyOf(diagnostics));
        }
        try {
            Class<?> cls = Class.forName(className, false, new CandidateClassLoader(bytecode));
            return new Result(new Compiled(cls, bytecode), List.of());
        } catch (ClassNotFoundException | LinkageError e) {
            String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            return new Result(null, List.of(new CompileDiagnostic(0, 0, "the compiled class cannot be loaded ("
                    + (e instanceof VerifyError ? "the JVM's bytecode verifier refused it" : msg) + ")")));
        }
    }

    /**
     * A failure inside the compiler (Janino's InternalCompilerException and the like), as a
     * diagnostic in the author's terms: where, and what to change, never the compiler's own text.
     */
    /**
     * The diagnostics a person needs: duplicates dropped, and after an unknown name the compiler's
     * follow-on complaints about that name on its line (not an rvalue, a conversion from Object).
     */
    static List<CompileDiagnostic> rootCauses(List<CompileDiagnostic> all) {
        java.util.Set<Integer> unknownOnLine = new java.util.HashSet<>();
        for (CompileDiagnostic d : all) {
            if (d.message().startsWith("Unknown variable or type")) {
                unknownOnLine.add(d.line());
            }
        }
        java.util.LinkedHashSet<CompileDiagnostic> kept = new java.util.LinkedHashSet<>();
        for (CompileDiagnostic d : all) {
            boolean followOn = unknownOnLine.contains(d.line()) && (d.message().endsWith("is not an rvalue")
                    || d.message().contains("from type \"java.lang.Object\""));
            if (!followOn) {
                kept.add(d);
            }
        }
        return List.copyOf(kept);
    }

    static CompileDiagnostic internal(Throwable e) {
        String text = e.getMessage() == null ? "" : e.getMessage();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("Line (\\d+), Column (\\d+)").matcher(text);
        int line = 0;
        int col = 0;
        if (m.find()) {
            line = Integer.parseInt(m.group(1));
            col = Integer.parseInt(m.group(2));
        }
        String lower = text.toLowerCase(java.util.Locale.ROOT);
        String what;
        if (lower.contains("64 kb") || lower.contains("too large") || lower.contains("too long") || lower.contains("grows beyond")) {
            what = "a method is too large for the JVM (over 64 KB of bytecode); split it into smaller private methods";
        } else if (e instanceof StackOverflowError) {
            what = "the code nests too deeply for the compiler; split long expressions into local variables";
        } else {
            what = "the in-memory compiler cannot compile this construct; write it more plainly (simple statements, explicit casts)";
        }
        return new CompileDiagnostic(line, col, what);
    }

    private static CompileDiagnostic diagnostic(String message, Location loc) {
        String m = message;
        // Janino prefixes messages with "File x, Line n, Column m: "; the location is reported separately.
        int colon = m.indexOf(": ");
        if (m.startsWith("File ") || m.startsWith("Line ")) {
            m = colon >= 0 ? m.substring(colon + 2) : m;
        }
        return loc == null ? new CompileDiagnostic(0, 0, m) : new CompileDiagnostic(loc.getLineNumber(), loc.getColumnNumber(), m);
    }
}
