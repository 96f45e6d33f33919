package io.nous.codegen.golang;

/** A candidate cannot be exported: the line and the construct outside the translatable subset, and why. */
public final class Untranslatable extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int line;
    private final String construct;

    public Untranslatable(int line, String construct, String why) {
        super((line > 0 ? "line " + line + ": " : "") + construct + ": " + why);
        this.line = line;
        this.construct = construct;
    }

    public int line() {
        return line;
    }

    public String construct() {
        return construct;
    }
}
