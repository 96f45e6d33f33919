package io.nous.codegen.golang;

import java.util.ArrayList;
import java.util.List;

/**
 * Lays out the Go the translator writes exactly as {@code gofmt} would, so an export is
 * gofmt-clean and byte-identical whether or not a Go toolchain is installed. The translator emits
 * statements one per line, already indented, with fully spaced expressions; this class re-spaces the
 * expressions inside each line by gofmt's rule (go/printer's {@code binaryExpr}: whether an operator
 * gets blanks depends on the precedences mixed in the expression and on how deeply it is nested in
 * calls, indexes and parentheses). It understands the subset the translator produces: identifiers,
 * numbers, selectors, calls and conversions, index expressions, slice types and composite literals,
 * unary and binary operators, and parentheses.
 */
public final class GoFormat {
    private GoFormat() {
    }

    /** Every line of a translated body or method, re-spaced. */
    public static String lines(String code) {
        StringBuilder out = new StringBuilder(code.length());
        for (String line : code.split("\n", -1)) {
            out.append(line(line)).append('\n');
        }
        out.setLength(out.length() - 1);
        return out.toString();
    }

    /** One statement line, keeping its indentation. */
    static String line(String line) {
        int ind = 0;
        while (ind < line.length() && line.charAt(ind) == '\t') {
            ind++;
        }
        String indent = line.substring(0, ind);
        String s = line.substring(ind);
        return indent + statement(s, indent);
    }

    private static String statement(String s, String indent) {
        if (s.isEmpty() || s.equals("}") || s.equals("{") || s.equals("} else {") || s.equals("break") || s.equals("continue")
                || s.equals("return") || s.equals("default:") || s.equals("switch {") || s.equals("for {") || s.startsWith("//")
                || s.startsWith("func ")) {
            return s;
        }
        if (s.startsWith("if ") && s.endsWith(" {")) {
            return "if " + expr(s.substring(3, s.length() - 2), 1, indent) + " {";
        }
        if (s.startsWith("} else if ") && s.endsWith(" {")) {
            return "} else if " + expr(s.substring(10, s.length() - 2), 1, indent) + " {";
        }
        if (s.startsWith("case ") && s.endsWith(":")) {
            return "case " + expr(s.substring(5, s.length() - 1), 1, indent) + ":";
        }
        if (s.startsWith("return ")) {
            return "return " + expr(s.substring(7), 1, indent);
        }
        if (s.startsWith("for ") && s.endsWith(" {")) {
            String head = s.substring(4, s.length() - 2);
            if (head.startsWith("range ")) {
                return "for range " + expr(head.substring(6), 1, indent) + " {";
            }
            if (head.startsWith("_, ") && head.contains(" := range ")) {
                int at = head.indexOf(" := range ");
                return "for " + head.substring(0, at) + " := range " + expr(head.substring(at + 10), 1, indent) + " {";
            }
            List<String> parts = splitTopLevel(head, ';');
            if (parts.size() == 3) {
                String cond = parts.get(1).strip();
                return "for " + simpleStatement(parts.get(0).strip(), indent) + "; " + (cond.isEmpty() ? "" : expr(cond, 1, indent)) + "; "
                        + simpleStatement(parts.get(2).strip(), indent) + " {";
            }
            return "for " + expr(head, 1, indent) + " {";
        }
        if (s.startsWith("var ")) {
            int eq = topLevelIndex(s, " = ");
            return eq < 0 ? s : s.substring(0, eq) + " = " + expr(s.substring(eq + 3), 1, indent);
        }
        return simpleStatement(s, indent);
    }

    /** An assignment, a short declaration, an increment or an expression statement. */
    private static String simpleStatement(String s, String indent) {
        if (s.isEmpty()) {
            return s;
        }
        for (String op : new String[] {" := ", " = "}) {
            int at = topLevelIndex(s, op);
            if (at >= 0) {
                return expr(s.substring(0, at), 1, indent) + op + expr(s.substring(at + op.length()), 1, indent);
            }
        }
        if (s.endsWith("++") || s.endsWith("--")) {
            return expr(s.substring(0, s.length() - 2), 2, indent) + s.substring(s.length() - 2);
        }
        return expr(s, 1, indent);
    }

    /** An expression laid out by gofmt's rules at the given depth (1 at statement level). */
    public static String expr(String goExpr, int depth) {
        return expr(goExpr, depth, "");
    }

    /**
     * The same inside a statement indented by {@code indent}: a function literal in the expression
     * (the translator's form of a nested ternary) spreads over lines indented from there.
     */
    static String expr(String goExpr, int depth, String indent) {
        Parser p = new Parser(tokenize(goExpr));
        Node n = p.expression(0);
        if (p.at < p.tokens.size()) {
            throw new IllegalArgumentException("cannot lay out Go expression '" + goExpr + "' at token " + p.tokens.get(p.at));
        }
        StringBuilder sb = new StringBuilder();
        new Printer(indent).print(n, 0, depth, sb);
        return sb.toString();
    }

    // ---- the printer: go/printer's expr1, binaryExpr, cutoff, walkBinary ----

    private static final class Printer {
        private final String indent;

        Printer(String indent) {
            this.indent = indent;
        }

        /** The operator token printed last, when nothing came after it yet (go/printer's lastTok). */
        private String lastOp;

        /**
         * Prints an operator token, with a blank before it where it would otherwise combine with the
         * operator before it into another token ({@code x- -1}, not {@code x--1}: go/printer's mayCombine).
         */
        private void op(String op, StringBuilder sb) {
            if (lastOp != null && mayCombine(lastOp, op.charAt(0))) {
                sb.append(' ');
            }
            sb.append(op);
            lastOp = op;
        }

        private static boolean mayCombine(String prev, char next) {
            return switch (prev) {
                case "+" -> next == '+';
                case "-" -> next == '-';
                case "/" -> next == '*';
                case "<" -> next == '-' || next == '<';
                case "&" -> next == '&' || next == '^';
                default -> false;
            };
        }

        void print(Node n, int prec1, int depth, StringBuilder sb) {
            if (!(n instanceof Unary) && !(n instanceof Binary)) {
                lastOp = null; // whatever this prints starts with an operand or a bracket, which combines with nothing
            }
            if (n instanceof Atom a) {
                sb.append(a.text());
                lastOp = null;
            } else if (n instanceof Paren p) {
                if (p.inner() instanceof Paren) {
                    print(p.inner(), 0, depth, sb);
                } else {
                    sb.append('(');
                    print(p.inner(), 0, reduceDepth(depth), sb);
                    sb.append(')');
                }
            } else if (n instanceof Unary u) {
                op(u.op(), sb);
                print(u.operand(), UNARY_PREC, depth, sb);
            } else if (n instanceof Selector s) {
                print(s.x(), HIGHEST, depth, sb);
                sb.append('.').append(s.name());
            } else if (n instanceof Index i) {
                print(i.x(), HIGHEST, 1, sb);
                sb.append('[');
                print(i.index(), 0, depth + 1, sb);
                sb.append(']');
            } else if (n instanceof Call c) {
                int d = c.args().size() > 1 ? depth + 1 : depth;
                print(c.fun(), HIGHEST, d, sb);
                sb.append('(');
                list(c.args(), d, sb);
                sb.append(')');
            } else if (n instanceof Composite c) {
                sb.append(c.type()).append('{');
                list(c.elements(), 1, sb);
                sb.append('}');
            } else if (n instanceof Binary b) {
                binary(b, prec1, cutoff(b, depth), depth, sb);
            } else if (n instanceof FuncLit f) {
                // gofmt spreads a function literal whose body holds an if over lines, indented from the statement
                String in = indent + "\t";
                sb.append("func() ").append(f.type()).append(" {\n");
                sb.append(in).append("if ").append(expr(f.cond(), 1, in)).append(" {\n");
                sb.append(in).append("\treturn ").append(expr(f.then(), 1, in + "\t")).append('\n');
                sb.append(in).append("}\n");
                sb.append(in).append("return ").append(expr(f.otherwise(), 1, in)).append('\n');
                sb.append(indent).append('}');
            }
        }

        void list(List<Node> items, int depth, StringBuilder sb) {
            for (int i = 0; i < items.size(); i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                print(items.get(i), 0, depth, sb);
            }
        }

        void binary(Binary b, int prec1, int cutoff, int depth, StringBuilder sb) {
            int prec = precedence(b.op());
            if (prec < prec1) {
                // the parser keeps explicit parentheses, so this only happens for trees built by hand
                sb.append('(');
                print(b, 0, reduceDepth(depth), sb);
                sb.append(')');
                return;
            }
            boolean blank = prec < cutoff;
            print(b.x(), prec, depth + diffPrec(b.x(), prec), sb);
            if (blank) {
                sb.append(' ');
                lastOp = null;
            }
            op(b.op(), sb);
            if (blank) {
                sb.append(' ');
                lastOp = null;
            }
            print(b.y(), prec + 1, depth + 1, sb);
        }
    }

    private static int cutoff(Binary e, int depth) {
        int[] w = walk(e);
        boolean has4 = w[0] == 1;
        boolean has5 = w[1] == 1;
        int maxProblem = w[2];
        if (maxProblem > 0) {
            return maxProblem + 1;
        }
        if (has4 && has5) {
            return depth == 1 ? 5 : 4;
        }
        return depth == 1 ? 6 : 4;
    }

    /** {has4, has5, maxProblem} of go/printer's walkBinary. */
    private static int[] walk(Binary e) {
        int prec = precedence(e.op());
        boolean has4 = prec == 4;
        boolean has5 = prec == 5;
        int maxProblem = 0;
        if (e.x() instanceof Binary l && precedence(l.op()) >= prec) {
            int[] w = walk(l);
            has4 |= w[0] == 1;
            has5 |= w[1] == 1;
            maxProblem = Math.max(maxProblem, w[2]);
        }
        if (e.y() instanceof Binary r) {
            if (precedence(r.op()) > prec) {
                int[] w = walk(r);
                has4 |= w[0] == 1;
                has5 |= w[1] == 1;
                maxProblem = Math.max(maxProblem, w[2]);
            }
        } else if (e.y() instanceof Unary u) {
            switch (e.op() + u.op()) {
                case "/*", "&&", "&^" -> maxProblem = 5;
                case "++", "--" -> maxProblem = Math.max(maxProblem, 4);
                default -> {
                }
            }
        }
        return new int[] {has4 ? 1 : 0, has5 ? 1 : 0, maxProblem};
    }

    private static int diffPrec(Node x, int prec) {
        return x instanceof Binary b && precedence(b.op()) == prec ? 0 : 1;
    }

    private static int reduceDepth(int depth) {
        return Math.max(1, depth - 1);
    }

    private static final int UNARY_PREC = 6;
    private static final int HIGHEST = 7;

    private static int precedence(String op) {
        return switch (op) {
            case "||" -> 1;
            case "&&" -> 2;
            case "==", "!=", "<", "<=", ">", ">=" -> 3;
            case "+", "-", "|", "^" -> 4;
            case "*", "/", "%", "<<", ">>", "&", "&^" -> 5;
            default -> throw new IllegalArgumentException("not a binary operator: " + op);
        };
    }

    // ---- the tree ----

    private interface Node {
    }

    private record Atom(String text) implements Node {
    }

    private record Paren(Node inner) implements Node {
    }

    private record Unary(String op, Node operand) implements Node {
    }

    private record Selector(Node x, String name) implements Node {
    }

    private record Index(Node x, Node index) implements Node {
    }

    private record Call(Node fun, List<Node> args) implements Node {
    }

    private record Composite(String type, List<Node> elements) implements Node {
    }

    private record Binary(Node x, String op, Node y) implements Node {
    }

    /** {@code func() T { if cond { return then }; return otherwise }}, kept as source text of its parts. */
    private record FuncLit(String type, String cond, String then, String otherwise) implements Node {
    }

    // ---- tokens and parser ----

    private static final String[] OPERATORS = {"&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "&^", "+", "-", "*", "/", "%", "<", ">",
        "&", "|", "^", "!", "(", ")", "[", "]", "{", "}", ",", ".", ";"};

    static List<String> tokenize(String s) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t') {
                i++;
            } else if (c == '"') {
                int j = i + 1;
                while (j < s.length() && s.charAt(j) != '"') {
                    j += s.charAt(j) == '\\' ? 2 : 1;
                }
                out.add(s.substring(i, Math.min(j + 1, s.length())));
                i = j + 1;
            } else if (Character.isLetter(c) || c == '_') {
                int j = i;
                while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
                    j++;
                }
                out.add(s.substring(i, j));
                i = j;
            } else if (Character.isDigit(c) || c == '.' && i + 1 < s.length() && Character.isDigit(s.charAt(i + 1))) {
                int j = i;
                while (j < s.length()) {
                    char d = s.charAt(j);
                    boolean hex = s.startsWith("0x", i) || s.startsWith("0X", i);
                    char prev = j > i ? s.charAt(j - 1) : ' ';
                    boolean exponentSign = (d == '+' || d == '-') && j > i && (hex ? prev == 'p' || prev == 'P' : prev == 'e' || prev == 'E');
                    if (Character.isLetterOrDigit(d) || d == '.' || d == '_' || exponentSign) {
                        j++;
                    } else {
                        break;
                    }
                }
                out.add(s.substring(i, j));
                i = j;
            } else {
                String op = null;
                for (String o : OPERATORS) {
                    if (s.startsWith(o, i)) {
                        op = o;
                        break;
                    }
                }
                if (op == null) {
                    throw new IllegalArgumentException("cannot lay out Go expression '" + s + "': unexpected '" + c + "'");
                }
                out.add(op);
                i += op.length();
            }
        }
        return out;
    }

    private static final class Parser {
        final List<String> tokens;
        int at;

        Parser(List<String> tokens) {
            this.tokens = tokens;
        }

        String peek() {
            return at < tokens.size() ? tokens.get(at) : "";
        }

        String next() {
            if (at >= tokens.size()) {
                throw new IllegalArgumentException("cannot lay out Go expression: it ends early");
            }
            return tokens.get(at++);
        }

        void expect(String t) {
            String got = next();
            if (!got.equals(t)) {
                throw new IllegalArgumentException("cannot lay out Go expression: expected '" + t + "', got '" + got + "'");
            }
        }

        /** Precedence climbing; Go's binary operators are all left-associative. */
        Node expression(int minPrec) {
            Node left = unary();
            while (true) {
                String op = peek();
                int prec = binaryPrecedence(op);
                if (prec == 0 || prec <= minPrec) {
                    return left;
                }
                next();
                Node right = expression(prec);
                left = new Binary(left, op, right);
            }
        }

        private static int binaryPrecedence(String op) {
            try {
                return precedence(op);
            } catch (IllegalArgumentException e) {
                return 0;
            }
        }

        Node unary() {
            String t = peek();
            if (t.equals("-") || t.equals("+") || t.equals("!") || t.equals("^")) {
                next();
                return new Unary(t, unary());
            }
            return postfix(primary());
        }

        Node primary() {
            String t = next();
            if (t.equals("func")) {
                return funcLit();
            }
            if (t.equals("(")) {
                Node inner = expression(0);
                expect(")");
                return new Paren(inner);
            }
            if (t.equals("[")) {
                // a slice type, e.g. []float64{...} or the first argument of make([]float64, n)
                expect("]");
                String type = "[]" + next();
                if (peek().equals("{")) {
                    next();
                    List<Node> elements = new ArrayList<>();
                    while (!peek().equals("}")) {
                        elements.add(expression(0));
                        if (peek().equals(",")) {
                            next();
                        }
                    }
                    expect("}");
                    return new Composite(type, elements);
                }
                return new Atom(type);
            }
            return new Atom(t);
        }

        /** After {@code func}: {@code () T { if COND { return A }; return B }}, the translator's one shape. */
        Node funcLit() {
            expect("(");
            expect(")");
            String type = next();
            expect("{");
            expect("if");
            String cond = until("{");
            expect("return");
            String then = until("}");
            expect(";");
            expect("return");
            String otherwise = until("}");
            return new FuncLit(type, cond, then, otherwise);
        }

        /** The tokens up to the matching closer at this nesting level, as text; the closer is consumed. */
        private String until(String closer) {
            StringBuilder sb = new StringBuilder();
            int depth = 0;
            while (true) {
                String t = next();
                if (depth == 0 && t.equals(closer)) {
                    return sb.toString().strip();
                }
                depth += t.equals("(") || t.equals("[") || t.equals("{") ? 1 : t.equals(")") || t.equals("]") || t.equals("}") ? -1 : 0;
                sb.append(t).append(' ');
            }
        }

        Node postfix(Node x) {
            while (true) {
                String t = peek();
                if (t.equals(".")) {
                    next();
                    x = new Selector(x, next());
                } else if (t.equals("(")) {
                    next();
                    List<Node> args = new ArrayList<>();
                    while (!peek().equals(")")) {
                        args.add(expression(0));
                        if (peek().equals(",")) {
                            next();
                        }
                    }
                    expect(")");
                    x = new Call(x, args);
                } else if (t.equals("[")) {
                    next();
                    Node index = expression(0);
                    expect("]");
                    x = new Index(x, index);
                } else {
                    return x;
                }
            }
        }
    }

    // ---- splitting statement text outside parentheses ----

    private static List<String> splitTopLevel(String s, char sep) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            depth += c == '(' || c == '[' || c == '{' ? 1 : c == ')' || c == ']' || c == '}' ? -1 : 0;
            if (c == sep && depth == 0) {
                out.add(s.substring(start, i));
                start = i + 1;
            }
        }
        out.add(s.substring(start));
        return out;
    }

    private static int topLevelIndex(String s, String needle) {
        int depth = 0;
        for (int i = 0; i + needle.length() <= s.length(); i++) {
            char c = s.charAt(i);
            depth += c == '(' || c == '[' || c == '{' ? 1 : c == ')' || c == ']' || c == '}' ? -1 : 0;
            if (depth == 0 && s.startsWith(needle, i)) {
                // " = " must not be part of "==", "!=", "<=", ">=" (those have no space before the '=')
                return i;
            }
        }
        return -1;
    }
}
