// javaMax is Java's Math.max(double, double): NaN if either is NaN (math.Max gives +Inf for
// NaN and +Inf), and +0 is larger than -0.
func javaMax(a, b float64) float64 {
	switch {
	case math.IsNaN(a) || math.IsNaN(b):
		return math.NaN()
	case a == 0 && b == 0:
		if math.Signbit(a) {
			return b
		}
		return a
	case a >= b:
		return a
	}
	return b
}
