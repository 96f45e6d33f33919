package io.nous.codegen.golang;

import java.util.ArrayList;
import java.util.List;

/**
 * Lines of Go statements with indentation relative to where they will be placed, so that a
 * statement's preparation (temporaries that fix Java's evaluation order, a lowered conditional) can
 * be built before the translator knows how deep it lands.
 */
final class GoLines {
    private final List<String> lines = new ArrayList<>();

    /** Adds a statement; an empty one (a store that turned out to do nothing) is left out. */
    void add(String line) {
        if (!line.isEmpty()) {
            lines.add(line);
        }
    }

    /** Appends {@code inner} one level deeper (the body of a block). */
    void addIndented(GoLines inner) {
        for (String l : inner.lines) {
            lines.add("\t" + l);
        }
    }

    /** Appends {@code other} at this level. */
    void addAll(GoLines other) {
        lines.addAll(other.lines);
    }

    boolean isEmpty() {
        return lines.isEmpty();
    }

    /** The lines, each indented by {@code depth} tabs and ended by a newline. */
    String render(int depth) {
        String ind = "\t".repeat(depth);
        StringBuilder sb = new StringBuilder();
        for (String l : lines) {
            sb.append(ind).append(l).append('\n');
        }
        return sb.toString();
    }
}
