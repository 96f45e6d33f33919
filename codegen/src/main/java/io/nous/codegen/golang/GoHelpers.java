package io.nous.codegen.golang;

import java.util.Map;

/** Go functions that reproduce Java semantics the Go standard library does not share exactly. */
final class GoHelpers {
    private GoHelpers() {
    }

    private static final Map<String, String> SOURCES = Map.of(
            "javaRound", """
                    // javaRound is Java's Math.round(double): half rounds up (toward +Inf, unlike math.Round for
                    // negative halves), NaN gives 0, and out-of-range values saturate.
                    func javaRound(x float64) int64 {
                    	if math.IsNaN(x) {
                    		return 0
                    	}
                    	r := math.Floor(x)
                    	if x-r >= 0.5 {
                    		r++
                    	}
                    	return javaToInt64(r)
                    }
                    """,
            "javaToInt64", """
                    // javaToInt64 is Java's (long) cast of a double: truncation, NaN gives 0, saturation at the ends.
                    func javaToInt64(x float64) int64 {
                    	switch {
                    	case math.IsNaN(x):
                    		return 0
                    	case x >= 9.223372036854775807e18:
                    		return math.MaxInt64
                    	case x <= -9.223372036854775808e18:
                    		return math.MinInt64
                    	}
                    	return int64(x)
                    }
                    """,
            "javaToInt32", """
                    // javaToInt32 is Java's (int) cast of a double: truncation, NaN gives 0, saturation at the ends.
                    func javaToInt32(x float64) int32 {
                    	switch {
                    	case math.IsNaN(x):
                    		return 0
                    	case x >= math.MaxInt32:
                    		return math.MaxInt32
                    	case x <= math.MinInt32:
                    		return math.MinInt32
                    	}
                    	return int32(x)
                    }
                    """,
            "javaSignum", """
                    // javaSignum is Java's Math.signum(double).
                    func javaSignum(x float64) float64 {
                    	if x > 0 {
                    		return 1
                    	}
                    	if x < 0 {
                    		return -1
                    	}
                    	return x
                    }
                    """,
            "maxInt32", "func maxInt32(a, b int32) int32 {\n\tif a > b {\n\t\treturn a\n\t}\n\treturn b\n}\n",
            "maxInt64", "func maxInt64(a, b int64) int64 {\n\tif a > b {\n\t\treturn a\n\t}\n\treturn b\n}\n",
            "minInt32", "func minInt32(a, b int32) int32 {\n\tif a < b {\n\t\treturn a\n\t}\n\treturn b\n}\n",
            "minInt64", "func minInt64(a, b int64) int64 {\n\tif a < b {\n\t\treturn a\n\t}\n\treturn b\n}\n",
            "absInt32", "func absInt32(a int32) int32 {\n\tif a < 0 {\n\t\treturn -a\n\t}\n\treturn a\n}\n",
            "absInt64", "func absInt64(a int64) int64 {\n\tif a < 0 {\n\t\treturn -a\n\t}\n\treturn a\n}\n");

    /** The helper's Go source. */
    static String source(String name) {
        String s = SOURCES.get(name);
        if (s == null) {
            throw new IllegalStateException("no Go helper " + name);
        }
        return s;
    }

    /** Helpers a helper calls itself. */
    static java.util.Set<String> needs(String name) {
        return name.equals("javaRound") ? java.util.Set.of("javaToInt64") : java.util.Set.of();
    }
}
