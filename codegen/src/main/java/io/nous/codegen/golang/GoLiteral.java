package io.nous.codegen.golang;

/**
 * A Java-evaluated {@link Constant} as Go source that denotes exactly that value. Integers are
 * written in decimal (Java's {@code 0xFFFFFFFF} is the int -1, and Go would read the hex as
 * 4294967295); a double is written in the shortest decimal that parses back to the same bits, or in
 * hexadecimal when that is not certain; the values a Go constant cannot hold (negative zero, NaN,
 * the infinities) become the run-time expressions that produce them.
 */
final class GoLiteral {
    private GoLiteral() {
    }

    /** Untyped Go source for the value: it takes its type from the typed operand beside it. */
    static String of(Constant c) {
        return switch (c.type()) {
            case INT -> Integer.toString(c.asInt());
            case LONG -> Long.toString(c.asLong());
            case BOOL -> Boolean.toString(c.asBool());
            case DOUBLE -> ofDouble(c.asDouble());
            default -> throw new IllegalArgumentException("no literal of type " + c.type());
        };
    }

    /** Source that has the Java type by itself, for a short declaration or the left operand of a shift. */
    static String typed(Constant c) {
        return switch (c.type()) {
            case INT -> "int32(" + c.asInt() + ")";
            case LONG -> "int64(" + c.asLong() + ")";
            default -> of(c); // an untyped floating constant defaults to float64; booleans are bool
        };
    }

    /** Whether the value needs a run-time expression (and the math import): negative zero, NaN or an infinity. */
    static boolean needsMath(Constant c) {
        if (c.type() != JavaType.DOUBLE) {
            return false;
        }
        double d = c.asDouble();
        return Double.isNaN(d) || Double.isInfinite(d) || d == 0 && Double.doubleToRawLongBits(d) != 0;
    }

    /** Whether the value can be a Go {@code const}. */
    static boolean constantInGo(Constant c) {
        return !needsMath(c);
    }

    static String ofDouble(double d) {
        if (Double.isNaN(d)) {
            return "math.NaN()";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "math.Inf(1)" : "math.Inf(-1)";
        }
        if (d == 0) {
            return Double.doubleToRawLongBits(d) == 0 ? "0.0" : "math.Copysign(0, -1)";
        }
        String s = Double.toString(d).replace('E', 'e');
        if (Math.abs(d) >= Double.MIN_NORMAL && Double.doubleToRawLongBits(Double.parseDouble(s)) == Double.doubleToRawLongBits(d)) {
            return s;
        }
        // subnormals, and anything whose decimal form is not certain to round back: Go reads hex floats exactly
        return Double.toHexString(d);
    }
}
