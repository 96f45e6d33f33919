package io.nous.codegen.verify;

import java.util.ArrayList;
import java.util.List;

/**
 * A linear scan of candidate source that runs before any parser sees it, so that no input can
 * crash or stall the front end: a size limit, a character set the parser and the compiler read
 * alike (ASCII outside comments; no line terminators that only one of them knows anywhere),
 * and limits on bracket nesting, on operators per statement and on conditional chains, which
 * bound how deep the parser and every later tree walk can recurse.
 *
 * <p>Every limit is far above what a policy needs (the shipped templates use a tenth of each).
 */
public final class SourceLimits {
    /** Characters of source. */
    public static final int MAX_CHARS = 64 * 1024;
    /** Tokens-ish: words, numbers and operators. */
    public static final int MAX_TOKENS = 20_000;
    /** Nested ( [ { at once. */
    public static final int MAX_NESTING = 48;
    /** Operators between two statement boundaries (';', '{', '}'). */
    public static final int MAX_OPERATORS_PER_STATEMENT = 400;
    /** '?' between two statement boundaries (a chain of conditionals nests). */
    public static final int MAX_CONDITIONALS_PER_STATEMENT = 32;

    private SourceLimits() {
    }

    /** The source without a leading UTF-8 byte-order mark (editors write one; it means nothing). */
    public static String withoutBom(String source) {
        return source.startsWith("\uFEFF") ? source.substring(1) : source;
    }

    /** The violations, at most one per rule, in source order; empty when the source may be parsed. */
    public static List<Violation> check(String source) {
        List<Violation> out = new ArrayList<>();
        if (source.length() > MAX_CHARS) {
            out.add(new Violation(1, 1, "size", "the source has " + source.length() + " characters; the limit is " + MAX_CHARS,
                    "a policy is a small class: keep it under " + MAX_CHARS / 1024 + " KB."));
            return out;
        }
        int line = 1;
        int col = 1;
        int depth = 0;
        int operators = 0;
        int conditionals = 0;
        int tokens = 0;
        boolean charset = false;
        boolean nesting = false;
        boolean chain = false;
        boolean ternaries = false;
        boolean tooMany = false;
        boolean inWord = false;
        int n = source.length();
        for (int i = 0; i < n; i++) {
            char c = source.charAt(i);
            // comments: their text is ignored, but no exotic line terminator may hide in them
            if (c == '/' && i + 1 < n && (source.charAt(i + 1) == '/' || source.charAt(i + 1) == '*')) {
                boolean block = source.charAt(i + 1) == '*';
                int j = i + 2;
                col += 2;
                while (j < n) {
                    char d = source.charAt(j);
                    if (d == '\u0085' || d == '\u2028' || d == '\u2029') {
                        if (!charset) {
                            out.add(new Violation(line, col, "charset", String.format("character U+%04X is a line break to some Java "
                                    + "tools and not to others", (int) d), "use a plain line break."));
                            charset = true;
                        }
                    }
                    if (!block && (d == '\n' || d == '\r')) {
                        break;
                    }
                    if (block && d == '*' && j + 1 < n && source.charAt(j + 1) == '/') {
                        j += 2;
                        col += 2;
                        break;
                    }
                    if (d == '\n' || (d == '\r' && !(j + 1 < n && source.charAt(j + 1) == '\n'))) {
                        line++;
                        col = 1;
                    } else {
                        col++;
                    }
                    j++;
                }
                i = j - 1;
                inWord = false;
                continue;
            }
            if (c == '\n' || (c == '\r' && !(i + 1 < n && source.charAt(i + 1) == '\n'))) {
                line++;
                col = 1;
                inWord = false;
                continue;
            }
            if (c == '\r') {
                col++;
                continue;
            }
            if ((c == '\'' || c == '"') && i + 1 < n) {
                // a char or string literal: its brackets and operators are not syntax
                int j = i + 1;
                while (j < n && source.charAt(j) != c && source.charAt(j) != '\n' && source.charAt(j) != '\r') {
                    j += source.charAt(j) == '\\' ? 2 : 1;
                }
                for (int k = i; k <= Math.min(j, n - 1); k++) {
                    char d = source.charAt(k);
                    if ((d < 0x20 && d != '\t') || d > 0x7E) {
                        if (!charset) {
                            out.add(new Violation(line, col, "charset", String.format("character U+%04X is not allowed outside comments",
                                    (int) d), "write names and code in ASCII; comments may use any text."));
                            charset = true;
                        }
                    }
                }
                col += Math.min(j, n - 1) - i + 1;
                i = Math.min(j, n - 1);
                tokens++;
                inWord = false;
                continue;
            }
            if ((c < 0x20 && c != '\t' && c != '\f') || c > 0x7E) {
                if (!charset) {
                    out.add(new Violation(line, col, "charset", String.format("character U+%04X is not allowed outside comments", (int) c),
                            "write names and code in ASCII; comments may use any text."));
                    charset = true;
                }
                col++;
                continue;
            }
            boolean word = Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.';
            if (word && !inWord) {
                tokens++;
            }
            inWord = word;
            switch (c) {
                case '(', '[', '{' -> {
                    tokens++;
                    if (++depth > MAX_NESTING && !nesting) {
                        out.add(new Violation(line, col, "nesting", "brackets nest more than " + MAX_NESTING + " deep",
                                "split the expression into local variables or private methods."));
                        nesting = true;
                    }
                    if (c == '{') {
                        operators = 0;
                        conditionals = 0;
                    }
                }
                case ')', ']', '}' -> {
                    tokens++;
                    depth = Math.max(0, depth - 1);
                    if (c == '}') {
                        operators = 0;
                        conditionals = 0;
                    }
                }
                case ';' -> {
                    tokens++;
                    operators = 0;
                    conditionals = 0;
                }
                case '+', '-', '*', '/', '%', '&', '|', '^', '<', '>', '=', '!', '~', ':', ',' -> {
                    tokens++;
                    if (++operators > MAX_OPERATORS_PER_STATEMENT && !chain) {
                        out.add(new Violation(line, col, "expression-size", "a statement has more than " + MAX_OPERATORS_PER_STATEMENT
                                + " operators", "split it into several statements."));
                        chain = true;
                    }
                }
                case '?' -> {
                    tokens++;
                    if (++conditionals > MAX_CONDITIONALS_PER_STATEMENT && !ternaries) {
                        out.add(new Violation(line, col, "nesting", "a statement chains more than " + MAX_CONDITIONALS_PER_STATEMENT
                                + " conditional (?:) expressions", "use if/else statements."));
                        ternaries = true;
                    }
                }
                default -> { }
            }
            if (tokens > MAX_TOKENS && !tooMany) {
                out.add(new Violation(line, col, "size", "the source has more than " + MAX_TOKENS + " tokens",
                        "a policy is a small class: simplify it."));
                tooMany = true;
            }
            col++;
        }
        return out;
    }
}
