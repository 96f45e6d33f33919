package io.nous.codegen.golang;

import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.UnaryExpr;

/**
 * A value of the exported subset computed as Java computes it: {@code int} arithmetic wraps at 32
 * bits, {@code long} at 64, {@code double} rounds after every operation, casts saturate. Go folds
 * constant expressions exactly ({@code 0.1 + 0.2} is 0.3 in a Go {@code const}) and rejects what
 * overflows, so every constant expression of a candidate is evaluated here, in Java, and only its
 * value reaches the Go source.
 */
record Constant(JavaType type, long bits) {
    static Constant ofInt(int v) {
        return new Constant(JavaType.INT, v);
    }

    static Constant ofLong(long v) {
        return new Constant(JavaType.LONG, v);
    }

    static Constant ofDouble(double v) {
        return new Constant(JavaType.DOUBLE, Double.doubleToRawLongBits(v));
    }

    static Constant ofBool(boolean v) {
        return new Constant(JavaType.BOOL, v ? 1 : 0);
    }

    int asInt() {
        return (int) bits;
    }

    long asLong() {
        return bits;
    }

    double asDouble() {
        return Double.longBitsToDouble(bits);
    }

    boolean asBool() {
        return bits != 0;
    }

    /** The value converted to {@code to} as a Java cast or widening conversion does (JLS 5.1.2, 5.1.3). */
    Constant to(JavaType to) {
        if (to == type) {
            return this;
        }
        return switch (to) {
            case INT -> ofInt(switch (type) {
                case LONG -> (int) asLong();
                case DOUBLE -> (int) asDouble();
                default -> throw new IllegalArgumentException("cannot convert " + type + " to int");
            });
            case LONG -> ofLong(switch (type) {
                case INT -> asInt();
                case DOUBLE -> (long) asDouble();
                default -> throw new IllegalArgumentException("cannot convert " + type + " to long");
            });
            case DOUBLE -> ofDouble(switch (type) {
                case INT -> asInt();
                case LONG -> (double) asLong();
                default -> throw new IllegalArgumentException("cannot convert " + type + " to double");
            });
            default -> throw new IllegalArgumentException("cannot convert " + type + " to " + to);
        };
    }

    /** A unary operator applied with Java's semantics; null when it does not apply to this type. */
    Constant unary(UnaryExpr.Operator op) {
        return switch (op) {
            case PLUS -> type.numeric() ? this : null;
            case MINUS -> switch (type) {
                case INT -> ofInt(-asInt());
                case LONG -> ofLong(-asLong());
                case DOUBLE -> ofDouble(-asDouble());
                default -> null;
            };
            case BITWISE_COMPLEMENT -> switch (type) {
                case INT -> ofInt(~asInt());
                case LONG -> ofLong(~asLong());
                default -> null;
            };
            case LOGICAL_COMPLEMENT -> type == JavaType.BOOL ? ofBool(!asBool()) : null;
            default -> null;
        };
    }

    /**
     * A binary operator applied with Java's semantics (promotion, wrapping, shift-count masking);
     * null when the expression is not a constant in Java (an integer division by zero throws).
     */
    static Constant binary(BinaryExpr.Operator op, Constant l, Constant r) {
        switch (op) {
            case AND:
                return l.type == JavaType.BOOL && r.type == JavaType.BOOL ? ofBool(l.asBool() && r.asBool()) : null;
            case OR:
                return l.type == JavaType.BOOL && r.type == JavaType.BOOL ? ofBool(l.asBool() || r.asBool()) : null;
            case LEFT_SHIFT:
            case SIGNED_RIGHT_SHIFT:
            case UNSIGNED_RIGHT_SHIFT:
                return shift(op, l, r);
            default:
                break;
        }
        if (l.type == JavaType.BOOL || r.type == JavaType.BOOL) {
            if (l.type != r.type) {
                return null;
            }
            boolean a = l.asBool();
            boolean b = r.asBool();
            return switch (op) {
                case EQUALS -> ofBool(a == b);
                case NOT_EQUALS, XOR -> ofBool(a != b);
                case BINARY_AND -> ofBool(a & b);
                case BINARY_OR -> ofBool(a | b);
                default -> null;
            };
        }
        if (!l.type.numeric() || !r.type.numeric()) {
            return null;
        }
        JavaType t = l.type == JavaType.DOUBLE || r.type == JavaType.DOUBLE ? JavaType.DOUBLE
                : l.type == JavaType.LONG || r.type == JavaType.LONG ? JavaType.LONG : JavaType.INT;
        Constant a = l.to(t);
        Constant b = r.to(t);
        return switch (t) {
            case INT -> intOp(op, a.asInt(), b.asInt());
            case LONG -> longOp(op, a.asLong(), b.asLong());
            default -> doubleOp(op, a.asDouble(), b.asDouble());
        };
    }

    private static Constant intOp(BinaryExpr.Operator op, int a, int b) {
        return switch (op) {
            case PLUS -> ofInt(a + b);
            case MINUS -> ofInt(a - b);
            case MULTIPLY -> ofInt(a * b);
            case DIVIDE -> b == 0 ? null : ofInt(a / b);
            case REMAINDER -> b == 0 ? null : ofInt(a % b);
            case BINARY_AND -> ofInt(a & b);
            case BINARY_OR -> ofInt(a | b);
            case XOR -> ofInt(a ^ b);
            case EQUALS -> ofBool(a == b);
            case NOT_EQUALS -> ofBool(a != b);
            case LESS -> ofBool(a < b);
            case LESS_EQUALS -> ofBool(a <= b);
            case GREATER -> ofBool(a > b);
            case GREATER_EQUALS -> ofBool(a >= b);
            default -> null;
        };
    }

    private static Constant longOp(BinaryExpr.Operator op, long a, long b) {
        return switch (op) {
            case PLUS -> ofLong(a + b);
            case MINUS -> ofLong(a - b);
            case MULTIPLY -> ofLong(a * b);
            case DIVIDE -> b == 0 ? null : ofLong(a / b);
            case REMAINDER -> b == 0 ? null : ofLong(a % b);
            case BINARY_AND -> ofLong(a & b);
            case BINARY_OR -> ofLong(a | b);
            case XOR -> ofLong(a ^ b);
            case EQUALS -> ofBool(a == b);
            case NOT_EQUALS -> ofBool(a != b);
            case LESS -> ofBool(a < b);
            case LESS_EQUALS -> ofBool(a <= b);
            case GREATER -> ofBool(a > b);
            case GREATER_EQUALS -> ofBool(a >= b);
            default -> null;
        };
    }

    private static Constant doubleOp(BinaryExpr.Operator op, double a, double b) {
        return switch (op) {
            case PLUS -> ofDouble(a + b);
            case MINUS -> ofDouble(a - b);
            case MULTIPLY -> ofDouble(a * b);
            case DIVIDE -> ofDouble(a / b);
            case REMAINDER -> ofDouble(a % b);
            case EQUALS -> ofBool(a == b);
            case NOT_EQUALS -> ofBool(a != b);
            case LESS -> ofBool(a < b);
            case LESS_EQUALS -> ofBool(a <= b);
            case GREATER -> ofBool(a > b);
            case GREATER_EQUALS -> ofBool(a >= b);
            default -> null;
        };
    }

    /** Java's shifts: each operand promoted on its own, the count masked to the left operand's width. */
    private static Constant shift(BinaryExpr.Operator op, Constant l, Constant r) {
        if (!l.type.integral() || !r.type.integral()) {
            return null;
        }
        long count = r.asLong();
        if (l.type == JavaType.INT) {
            int a = l.asInt();
            int n = (int) (count & 31);
            return ofInt(op == BinaryExpr.Operator.LEFT_SHIFT ? a << n : op == BinaryExpr.Operator.SIGNED_RIGHT_SHIFT ? a >> n : a >>> n);
        }
        long a = l.asLong();
        int n = (int) (count & 63);
        return ofLong(op == BinaryExpr.Operator.LEFT_SHIFT ? a << n : op == BinaryExpr.Operator.SIGNED_RIGHT_SHIFT ? a >> n : a >>> n);
    }

    @Override
    public String toString() {
        return switch (type) {
            case INT -> Integer.toString(asInt());
            case LONG -> asLong() + "L";
            case DOUBLE -> Double.toString(asDouble());
            default -> Boolean.toString(asBool());
        };
    }
}
