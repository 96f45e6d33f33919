package io.nous.codegen.golang;

/**
 * A translated expression: its Go source, its Java type, the Go precedence of its top operator
 * ({@link #ATOM} for an operand, {@link #UNARY} for a unary expression, 1–5 for Go's binary levels)
 * and, when Java evaluates it at compile time, its value.
 */
record GoExpr(String go, JavaType type, int prec, Constant constant) {
    static final int ATOM = 7;
    /** Above every binary level: {@code ^(a & b)} keeps its parentheses (Go's {@code &} is level 5). */
    static final int UNARY = 6;

    GoExpr(String go, JavaType type) {
        this(go, type, ATOM, null);
    }

    GoExpr(String go, JavaType type, int prec) {
        this(go, type, prec, null);
    }

    /** A Java-evaluated value as an untyped Go literal (a negative one is a unary expression). */
    static GoExpr literal(Constant c) {
        String go = GoLiteral.of(c);
        return new GoExpr(go, c.type(), go.startsWith("-") ? UNARY : ATOM, c);
    }

    boolean isConstant() {
        return constant != null;
    }

    /** The source with its outer parentheses, if any, removed (a condition or a statement does not need them). */
    String bare() {
        return strip(go);
    }

    static String strip(String s) {
        if (s.startsWith("(") && s.endsWith(")")) {
            int depth = 0;
            for (int i = 0; i < s.length(); i++) {
                depth += s.charAt(i) == '(' ? 1 : s.charAt(i) == ')' ? -1 : 0;
                if (depth == 0 && i < s.length() - 1) {
                    return s;
                }
            }
            return s.substring(1, s.length() - 1);
        }
        return s;
    }
}
