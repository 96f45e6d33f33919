package io.nous.codegen.compile;

/** A compiler or bytecode-check error at a line and column of the candidate's source (1-based; 0 when unknown). */
public record CompileDiagnostic(int line, int column, String message) {

    @Override
    public String toString() {
        return line + ":" + column + " " + message;
    }
}
