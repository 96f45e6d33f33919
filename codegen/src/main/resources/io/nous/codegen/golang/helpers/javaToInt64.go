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
