package io.nous.codegen.golang;

import com.github.javaparser.ast.Node;

/** A candidate cannot be exported: the line and column of the construct outside the translatable subset, and why. */
public final class Untranslatable extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int line;
    private final int column;
    private final String construct;

    public Untranslatable(int line, String construct, String why) {
        this(line, 0, construct, why);
    }

    public Untranslatable(int line, int column, String construct, String why) {
        super((line > 0 ? "line " + line + (column > 0 ? ":" + column : "") + ": " : "") + construct + ": " + why);
        this.line = line;
        this.column = column;
        this.construct = construct;
    }

    /** Refuses the construct at this node's position. */
    static Untranslatable at(Node at, String construct, String why) {
        return new Untranslatable(at.getBegin().map(p -> p.line).orElse(0), at.getBegin().map(p -> p.column).orElse(0), construct, why);
    }

    public int line() {
        return line;
    }

    /** The 1-based column, or 0 when unknown. */
    public int column() {
        return column;
    }

    public String construct() {
        return construct;
    }
}
