package io.nous.codegen.verify;

import java.util.Map;
import java.util.Set;

/**
 * What candidate code may reference beyond its own members: static methods and constants of
 * {@code Math}, {@code StrictMath} and a few pure helpers of {@code Double}, {@code Integer} and
 * {@code Long}. Everything else is denied. {@code Math.random()} is deliberately absent, and so is
 * {@code Math.fma}, whose cost without hardware support depends on its operands without bound.
 */
public final class AllowList {
    private AllowList() {
    }

    private static final Set<String> MATH_METHODS = Set.of(
            "abs", "max", "min", "sqrt", "cbrt", "pow", "exp", "expm1", "log", "log10", "log1p", "floor", "ceil",
            "rint", "round", "signum", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
            "hypot", "toRadians", "toDegrees", "floorDiv", "floorMod", "copySign", "nextUp", "nextDown", "nextAfter",
            "ulp", "scalb", "getExponent", "IEEEremainder", "addExact", "subtractExact", "multiplyExact",
            "negateExact", "incrementExact", "decrementExact", "toIntExact", "absExact");

    /** Static methods callable on each allowed class. */
    public static final Map<String, Set<String>> STATIC_METHODS = Map.of(
            "Math", MATH_METHODS,
            "StrictMath", MATH_METHODS,
            "Double", Set.of("isNaN", "isInfinite", "isFinite", "compare", "max", "min", "sum"),
            "Integer", Set.of("compare", "max", "min", "sum", "signum", "bitCount", "numberOfLeadingZeros",
                    "numberOfTrailingZeros", "highestOneBit", "lowestOneBit"),
            "Long", Set.of("compare", "max", "min", "sum", "signum", "bitCount", "numberOfLeadingZeros",
                    "numberOfTrailingZeros", "highestOneBit", "lowestOneBit"));

    /** Static constants readable on each allowed class. */
    public static final Map<String, Set<String>> STATIC_FIELDS = Map.of(
            "Math", Set.of("PI", "E"),
            "StrictMath", Set.of("PI", "E"),
            "Double", Set.of("MAX_VALUE", "MIN_VALUE", "MIN_NORMAL", "POSITIVE_INFINITY", "NEGATIVE_INFINITY", "NaN"),
            "Integer", Set.of("MAX_VALUE", "MIN_VALUE"),
            "Long", Set.of("MAX_VALUE", "MIN_VALUE"));

    /** Names that must never appear as a scope, with the reason given to the author. */
    public static final Map<String, String> FORBIDDEN_SCOPES = Map.ofEntries(
            Map.entry("System", "System gives access to the process, the clock and I/O"),
            Map.entry("Runtime", "Runtime can run programs and exit the JVM"),
            Map.entry("Thread", "threads are not allowed; the simulator calls the policy on one thread"),
            Map.entry("Class", "reflection and class loading are not allowed"),
            Map.entry("ClassLoader", "class loading is not allowed"),
            Map.entry("ProcessBuilder", "running programs is not allowed"),
            Map.entry("Files", "file access is not allowed"),
            Map.entry("Paths", "file access is not allowed"),
            Map.entry("Instant", "wall-clock time makes results non-deterministic"),
            Map.entry("LocalDateTime", "wall-clock time makes results non-deterministic"),
            Map.entry("ThreadLocalRandom", "randomness must come from the simulator's seeded streams"));
}
