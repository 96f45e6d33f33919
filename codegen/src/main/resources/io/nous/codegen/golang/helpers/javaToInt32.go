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
