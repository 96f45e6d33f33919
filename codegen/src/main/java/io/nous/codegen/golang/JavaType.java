package io.nous.codegen.golang;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.type.ArrayType;
import com.github.javaparser.ast.type.PrimitiveType;
import com.github.javaparser.ast.type.Type;
import java.util.Locale;

/**
 * The Java types of the exported subset and the Go type each becomes: {@code int} stays 32-bit
 * ({@code int32}), {@code long} is {@code int64}, and the router's {@code priorities} (a Go
 * {@code []int}) is its own type so that every read converts it to Java's {@code int}.
 */
enum JavaType {
    INT("int32"), LONG("int64"), DOUBLE("float64"), BOOL("bool"), INT_ARRAY("[]int32"), LONG_ARRAY("[]int64"),
    DOUBLE_ARRAY("[]float64"), BOOL_ARRAY("[]bool"), PRIORITIES("[]int"), VOID("");

    final String go;

    JavaType(String go) {
        this.go = go;
    }

    boolean numeric() {
        return this == INT || this == LONG || this == DOUBLE;
    }

    boolean integral() {
        return this == INT || this == LONG;
    }

    /** The element type of an array type, or null. */
    JavaType element() {
        return switch (this) {
            case INT_ARRAY, PRIORITIES -> INT;
            case LONG_ARRAY -> LONG;
            case DOUBLE_ARRAY -> DOUBLE;
            case BOOL_ARRAY -> BOOL;
            default -> null;
        };
    }

    String javaName() {
        return switch (this) {
            case INT_ARRAY, PRIORITIES -> "int[]";
            case LONG_ARRAY -> "long[]";
            case DOUBLE_ARRAY -> "double[]";
            case BOOL_ARRAY -> "boolean[]";
            case BOOL -> "boolean";
            default -> name().toLowerCase(Locale.ROOT);
        };
    }

    /** Java's binary numeric promotion (JLS 5.6.2), or an {@link Untranslatable} naming the types. */
    static JavaType promote(JavaType a, JavaType b, Node at) {
        if (!a.numeric() || !b.numeric()) {
            throw Untranslatable.at(at, "types", "arithmetic or comparison on " + a.javaName() + " and " + b.javaName());
        }
        if (a == DOUBLE || b == DOUBLE) {
            return DOUBLE;
        }
        return a == LONG || b == LONG ? LONG : INT;
    }

    /** The translated type of a declared Java type, or an {@link Untranslatable}. */
    static JavaType of(Type t, Node at) {
        if (t instanceof PrimitiveType p) {
            return switch (p.getType()) {
                case INT -> INT;
                case LONG -> LONG;
                case DOUBLE -> DOUBLE;
                case BOOLEAN -> BOOL;
                default -> throw Untranslatable.at(at, p.asString(), "only int, long, double and boolean are exported");
            };
        }
        if (t instanceof ArrayType a && a.getComponentType() instanceof PrimitiveType p && a.getArrayLevel() == 1) {
            return switch (of(p, at)) {
                case INT -> INT_ARRAY;
                case LONG -> LONG_ARRAY;
                case DOUBLE -> DOUBLE_ARRAY;
                default -> BOOL_ARRAY;
            };
        }
        if (t.isVoidType()) {
            return VOID;
        }
        if (t.isVarType()) {
            throw Untranslatable.at(at, "var", "write the type instead of var");
        }
        throw Untranslatable.at(at, t.asString(), "only primitives and one-dimensional arrays of them are exported");
    }
}
