package io.nous.codegen.golang;

import java.util.List;

/**
 * Lays out an if / else-if / else chain the way Go linters want it: {@code if} and {@code else if}
 * for up to two branches after the first, an expressionless {@code switch} for more (gocritic's
 * ifElseChain). A condition after the first that needs statements of its own (a temporary that fixes
 * Java's evaluation order) cannot sit in an {@code else if}: the chain continues in a nested
 * {@code else} that runs those statements first, exactly when Java would evaluate that condition.
 */
final class Chain {
    private Chain() {
    }

    /** One branch: the statements its condition needs, the condition, the body. */
    record Link(GoLines pre, String cond, GoLines body) {
    }

    /**
     * Writes the chain into {@code out}.
     *
     * @param otherwise   the final else body, or null for none
     * @param allowSwitch false when a body holds a {@code break} meant for an enclosing loop (a Go switch would capture it)
     */
    static void layout(List<Link> links, GoLines otherwise, boolean allowSwitch, GoLines out) {
        out.addAll(links.get(0).pre());
        int split = 1;
        while (split < links.size() && links.get(split).pre().isEmpty()) {
            split++;
        }
        GoLines tail = otherwise;
        if (split < links.size()) {
            tail = new GoLines();
            layout(links.subList(split, links.size()), otherwise, allowSwitch, tail);
        }
        List<Link> head = links.subList(0, split);
        boolean asSwitch = allowSwitch && head.size() - 1 + (tail != null ? 1 : 0) >= 2;
        if (asSwitch) {
            out.add("switch {");
            for (Link l : head) {
                out.add("case " + l.cond() + ":");
                out.addIndented(l.body());
            }
            if (tail != null) {
                out.add("default:");
                out.addIndented(tail);
            }
        } else {
            for (int k = 0; k < head.size(); k++) {
                out.add((k == 0 ? "if " : "} else if ") + head.get(k).cond() + " {");
                out.addIndented(head.get(k).body());
            }
            if (tail != null) {
                out.add("} else {");
                out.addIndented(tail);
            }
        }
        out.add("}");
    }
}
