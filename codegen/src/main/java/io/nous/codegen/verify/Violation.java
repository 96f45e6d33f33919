package io.nous.codegen.verify;

/**
 * One reason a candidate is rejected before compilation: where (1-based line and column), which
 * rule, what is wrong, and a sentence saying how to fix it.
 */
public record Violation(int line, int column, String rule, String message, String fixIt) {

    @Override
    public String toString() {
        return line + ":" + column + " [" + rule + "] " + message + (fixIt == null ? "" : " Fix: " + fixIt);
    }
}
